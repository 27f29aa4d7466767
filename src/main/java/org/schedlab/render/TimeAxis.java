package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Chooses the ticks of a time axis: the smallest 1-2-5 step whose labels, measured in the font
 * they are drawn with, fit between neighbouring ticks with room to spare. Labels count from an
 * origin (the dataset start) because absolute kernel timestamps ("329.519877 s since boot") make
 * long labels that say little; the status bar shows absolute times.
 */
public final class TimeAxis {
    /** Pixels of air between two labels, and the least spacing that still reads as a scale. */
    static final double LABEL_GAP_PX = 16;
    static final double MIN_SPACING_PX = 50;

    /** One major tick: where it is in time and on the canvas, and what it says. */
    public record Tick(long tNs, double xPx, String label) {
    }

    private TimeAxis() {
    }

    /**
     * Ticks inside the plot area of {@code layout}, labelled relative to {@code originNs};
     * {@code labelWidthPx} measures a label as it will be drawn. Empty if the plot has no width.
     */
    public static List<Tick> ticks(TimelineLayout layout, long originNs, ToDoubleFunction<String> labelWidthPx) {
        double plotWidth = layout.plotWidthPx();
        if (plotWidth < 1) {
            return List.of();
        }
        double nsPerPx = layout.nsPerPx();
        for (long decade = 1; decade > 0 && decade <= 1_000_000_000_000_000_000L; decade *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                long step = decade * m;
                double spacing = step / nsPerPx;
                if (spacing < MIN_SPACING_PX) {
                    continue;
                }
                List<Tick> ticks = ticksAt(layout, originNs, step);
                double widest = 0;
                for (Tick t : ticks) {
                    widest = Math.max(widest, labelWidthPx.applyAsDouble(t.label()));
                }
                if (spacing >= widest + LABEL_GAP_PX) {
                    return ticks;
                }
            }
        }
        return List.of();
    }

    /** The step (ns) between the ticks, or 0 when there are fewer than two. */
    public static long stepNs(List<Tick> ticks) {
        return ticks.size() < 2 ? 0 : ticks.get(1).tNs() - ticks.get(0).tNs();
    }

    private static List<Tick> ticksAt(TimelineLayout layout, long originNs, long step) {
        Viewport v = layout.viewport();
        List<Tick> ticks = new ArrayList<>();
        // near Long.MAX_VALUE (a slice ending at 2^63 - 1 ns) the next tick wrapped to a negative
        // time, still "before the end": ticks were added until the heap ran out
        long offset = v.startNs() - originNs;
        long k = Math.floorDiv(offset, step);
        if (k * step < offset) {
            k++;
        }
        long first;
        try {
            first = Math.addExact(originNs, Math.multiplyExact(k, step));
        } catch (ArithmeticException pastTheLargestTime) {
            return ticks;
        }
        List<Long> times = new ArrayList<>();
        for (long t = first; t < v.endNs(); t += step) {
            times.add(t);
            if (t > Long.MAX_VALUE - step) {
                break;
            }
        }
        // one unit for every label in view: the one the cursor readout uses for the largest of them
        long widest = 0;
        for (long t : times) {
            widest = Math.max(widest, Math.abs(t - originNs) == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(t - originNs));
        }
        for (long t : times) {
            ticks.add(new Tick(t, layout.xOf(t), TimeFormat.tickLabel(t - originNs, step, widest)));
        }
        return ticks;
    }
}
