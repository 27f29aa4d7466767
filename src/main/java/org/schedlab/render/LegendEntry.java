package org.schedlab.render;

/**
 * One legend item: a swatch color, a label and, for tasks and stolen time, how long it ran in
 * the window. {@code kind} says how the swatch is drawn.
 */
public record LegendEntry(Kind kind, String label, int argb, long runNs) {
    /** How the swatch looks: a task color, hatched stolen time, or a mark tick. */
    public enum Kind { TASK, STOLEN, MARK }
}
