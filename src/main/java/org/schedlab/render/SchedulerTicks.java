package org.schedlab.render;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.schedlab.model.Dataset;
import org.schedlab.model.SchedulerTick;

/**
 * A simulated run's scheduler ticks, as short notches along the bottom of the time axis, right
 * above the CPU lanes' preemption marks: a preemption that waited for the tick (a lazy request,
 * a slice expiry) sits under a notch, one that did not (a wake-up under full) between them. The
 * simulator ticks every CPU at once at each multiple of {@link SchedulerTick#periodNs(int)} from
 * time 0, so one notch per tick covers all the lanes. Recordings have none (their kernel's HZ and
 * tick phase are unknown). Pointing at a caret reads its tick and the preemptions it found
 * ({@link #at}, {@link TrackHit.SchedulerTickHit}).
 *
 * <p>The notches are drawn only while at least {@value #MIN_GAP_PX} px apart: closer they merge
 * into a band that says nothing. There is no note then (unlike "preemptions: zoom in to see"):
 * a run always ticks, so the note would stand in every zoomed-out view's key, and push the key's
 * task states into "+N more" on a narrow live timeline, without telling of anything in view.
 */
final class SchedulerTicks {
    /** The least distance between two drawn notches, in pixels: their shoulders stay apart. */
    static final double MIN_GAP_PX = 8;
    /** A notch's height, up from the axis' bottom edge (the axis' own ticks are 7 px). */
    static final double NOTCH_PX = 6;
    /** A notch's tip's width, as a preemption mark's: the one under it lines up. */
    static final double NOTCH_WIDTH_PX = 2;
    /** How far a caret's head reaches past its tip on either side. */
    static final double SHOULDER_PX = 2;

    private final int hz;
    private final long periodNs;

    private SchedulerTicks(int hz) {
        this.hz = hz;
        this.periodNs = SchedulerTick.periodNs(hz);
    }

    /** {@code d}'s ticks: a simulated run's that names its HZ; empty for anything else. */
    static Optional<SchedulerTicks> of(Dataset d) {
        OptionalInt hz = SchedulerTick.hz(d.metadata());
        return hz.isPresent() ? Optional.of(new SchedulerTicks(hz.getAsInt())) : Optional.empty();
    }

    long periodNs() {
        return periodNs;
    }

    int hz() {
        return hz;
    }

    /** How far past a caret's drawn shoulders, in pixels, the pointer still finds it. */
    static final double REACH_PX = 1;

    /**
     * The tick whose caret {@link #paint} draws under canvas point ({@code xPx}, {@code yPx}) of
     * {@code layout}: its instant; empty off the carets, and where none are drawn. The carets are
     * at least {@value #MIN_GAP_PX} px apart, so at most one is that near. A caret on the plot's
     * first column has its left shoulders drawn over the label column's edge ({@link #paint}):
     * pointing there finds it too, where it read nothing.
     */
    OptionalLong at(TimelineLayout layout, double xPx, double yPx) {
        Viewport v = layout.viewport();
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        double bottom = layout.lanesTopPx() - 1;
        if (xPx < left - SHOULDER_PX - REACH_PX || xPx >= right || yPx < bottom - NOTCH_PX - REACH_PX || yPx >= layout.lanesTopPx()
                || !shown(v.startNs(), v.endNs(), (int) Math.floor(layout.plotWidthPx()))) {
            return OptionalLong.empty();
        }
        long near = Math.floorDiv(layout.timeAt(xPx), periodNs);
        for (long k = near - 1; k <= near + 1; k++) {
            long t = k * periodNs;
            if (t < v.startNs() || t >= v.endNs()) {
                continue;
            }
            double x = Math.floor(layout.xOf(t)); // the tip's left edge, as paint draws it
            if (x < right && xPx >= x - SHOULDER_PX - REACH_PX && xPx < x + NOTCH_WIDTH_PX + SHOULDER_PX + REACH_PX) {
                return OptionalLong.of(t);
            }
        }
        return OptionalLong.empty();
    }

    /**
     * Whether the ticks are far enough apart to draw in a window of {@code columns} whole pixel
     * columns: the lanes and the key decide by the same columns ({@link FrameRequest#columns}).
     */
    boolean shown(long startNs, long endNs, int columns) {
        return endNs > startNs && (double) periodNs * columns / (endNs - startNs) >= MIN_GAP_PX;
    }

    /** The key's entry, "scheduler tick (HZ=250)", when the columns {@code r} asks for show the ticks. */
    Optional<LegendEntry> key(FrameRequest r, TimelineStyle style) {
        return shown(r.startNs(), r.endNs(), r.columns())
                ? Optional.of(new LegendEntry(LegendEntry.Kind.TICK, "scheduler tick (HZ=" + hz + ")",
                        style.schedulerTickArgb(), 0))
                : Optional.empty();
    }

    /**
     * The notches of the ticks in the layout's window, on the axis strip (drawn after it): a small
     * caret whose 2 px tip is where a preemption mark at the tick's instant is drawn; at most
     * one per tick in view and none when they would be closer than {@value #MIN_GAP_PX} px.
     * Returns how many were drawn.
     */
    int paint(TimelineLayout layout, TimelineStyle style, DrawSurface s) {
        Viewport v = layout.viewport();
        if (!shown(v.startNs(), v.endNs(), (int) Math.floor(layout.plotWidthPx()))) {
            return 0;
        }
        double bottom = layout.lanesTopPx() - 1; // above the axis' bottom rule
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        long first = Math.floorDiv(v.startNs(), periodNs) + (Math.floorMod(v.startNs(), periodNs) == 0 ? 0 : 1);
        int drawn = 0;
        // a caret's shoulders reach SHOULDER_PX left of its tip: one at the window's first column
        // (a run's recording starts on a tick, its first preemption often found there) is drawn
        // whole over the label column's edge, not cut in half by it
        s.pushClip(left - SHOULDER_PX, 0, layout.plotWidthPx() + SHOULDER_PX, layout.lanesTopPx());
        s.setColor(style.schedulerTickArgb());
        for (long k = first; k * periodNs < v.endNs(); k++) {
            double x = Math.floor(layout.xOf(k * periodNs));
            if (x >= right) {
                break;
            }
            caret(s, x, bottom - NOTCH_PX);
            drawn++;
        }
        s.popClip();
        return drawn;
    }

    /**
     * One notch, with its tip's left edge at {@code x} and its top at {@code top} (the key's
     * swatch draws the same): a caret pointing down at the lanes, as a plain 2 px line read as one
     * more of the axis' own ticks.
     */
    static void caret(DrawSurface s, double x, double top) {
        s.fillRect(x, top, NOTCH_WIDTH_PX, NOTCH_PX);
        s.fillRect(x - SHOULDER_PX / 2, top, NOTCH_WIDTH_PX + SHOULDER_PX, NOTCH_PX - 2);
        s.fillRect(x - SHOULDER_PX, top, NOTCH_WIDTH_PX + 2 * SHOULDER_PX, 2);
    }
}
