package org.schedlab.render;

/**
 * One legend item: a swatch color, a label and, for tasks, stolen time and states, how long it
 * lasted in the window. {@code kind} says how the swatch is drawn.
 */
public record LegendEntry(Kind kind, String label, int argb, long runNs) {
    /** The side of a swatch, in pixels. */
    public static final double SWATCH_PX = 10;

    /**
     * Draws this entry's swatch with its top left at {@code xPx}, {@code yPx}, as the legend strip
     * does: the hover readout listing what the strip cut to "+N more" shows the same colors.
     */
    public void drawSwatch(DrawSurface s, double xPx, double yPx, TimelineStyle style) {
        Legend.swatch(s, this, xPx, yPx, style);
    }

    /** How the swatch looks. */
    public enum Kind {
        /** A task's color, with its run time. */
        TASK,
        /** Grey hatched stolen time. */
        STOLEN,
        /** A mark's tick. */
        MARK,
        /** A simulated run's scheduler tick: the caret on the time axis ({@link SchedulerTicks}). */
        TICK,
        /** A CPU state's color, with its time. */
        STATE,
        /** A plain color with a meaning (task states, waiters, the state strip). */
        SWATCH,
        /** A color hatched in crimson: a lock holder off its CPU. */
        HATCHED,
        /** A holder's segment with a cap of this color along its top: a hold taken for write. */
        CAPPED,
        /** Text only (what a search matched). */
        NOTE
    }
}
