package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * Paints one CPU lane of one frame with level of detail. Slices wider than a pixel column are
 * drawn as rectangles snapped to whole columns; the partial columns at their edges and every
 * slice narrower than a pixel fold into a per-column bucket that is drawn in the color of the
 * task that covered most of that column, more transparent the less of the column was busy.
 * Neighbouring columns of the same color merge into one rectangle, so a lane costs at most one
 * rectangle per pixel column however many slices fall into the window. While walking the
 * visible slices it also adds up run time per task for the legend.
 */
final class CpuLanePainter {
    /** Bucket key for stolen time (task keys are task ids >= 0). */
    static final int KEY_STOLEN = -2;
    private static final int NO_KEY = Integer.MIN_VALUE;
    private static final double HATCH_SPACING_PX = 6;

    private final DrawSurface surface;
    private final TimelineLayout layout;
    private final TimelineStyle style;
    private final int[] taskColors;
    private final String[] taskComms;
    private final String[] taskLabels;
    private final long[] runNsByTask;
    private long stolenNs;
    private long slicesVisited;
    private int rectCount;

    // the column bucket being filled: cover per key (tasks, then stolen in the last slot),
    // and which slots are non-zero, so adding a slice and clearing a column are O(1) per slice
    private int bucketCol = -1;
    private final double[] coverBySlot;
    private final int[] touchedSlots;
    private int touchedCount;

    // the run of equal columns not yet drawn
    private int runFrom;
    private int runTo;
    private int runKey = NO_KEY;
    private int runAlpha;

    // the lane being painted
    private double laneTopPx;
    private double laneHeightPx;
    private final List<Runnable> sliceLabels = new ArrayList<>();

    CpuLanePainter(DrawSurface surface, TimelineLayout layout, TimelineStyle style, int[] taskColors,
                   String[] taskComms, String[] taskLabels) {
        this.surface = surface;
        this.layout = layout;
        this.style = style;
        this.taskColors = taskColors;
        this.taskComms = taskComms;
        this.taskLabels = taskLabels;
        this.runNsByTask = new long[taskColors.length];
        this.coverBySlot = new double[taskColors.length + 1];
        this.touchedSlots = new int[taskColors.length + 1];
    }

    /**
     * Walks the slices of {@code slices} inside the viewport's window; draws them into
     * {@code row} when {@code draw}, otherwise only counts run time (a lane scrolled out of view
     * still counts for the legend).
     */
    void paint(Intervals slices, LaneRow row, boolean draw) {
        Viewport v = layout.viewport();
        long windowStart = v.startNs();
        long windowEnd = v.endNs();
        double nsPerPx = layout.nsPerPx();
        double widthPx = layout.plotWidthPx();
        laneTopPx = row.topPx();
        laneHeightPx = row.heightPx();
        byte idle = SliceState.IDLE.code();
        byte stolen = SliceState.STOLEN.code();
        int n = slices.size();
        for (int i = slices.firstVisibleAt(windowStart); i < n; i++) {
            long s = slices.startNs(i);
            if (s >= windowEnd) {
                break;
            }
            slicesVisited++;
            byte code = slices.code(i);
            if (code == idle) {
                continue;
            }
            long e = slices.endNs(i);
            long visibleNs = Math.min(e, windowEnd) - Math.max(s, windowStart);
            int key = code == stolen ? KEY_STOLEN : slices.task(i);
            if (key == KEY_STOLEN) {
                stolenNs += visibleNs;
            } else if (key >= 0) {
                runNsByTask[key] += visibleNs;
            } else {
                continue; // the model allows a task-less slice only for idle and stolen
            }
            if (draw && widthPx > 0) {
                double x0 = Math.max(0, (s - windowStart) / nsPerPx);
                double x1 = Math.min(widthPx, (e - windowStart) / nsPerPx);
                add(x0, x1, key);
            }
        }
        if (draw) {
            flushBucket();
            emitRun();
            for (Runnable label : sliceLabels) {
                label.run();
            }
            sliceLabels.clear();
        }
        bucketCol = -1;
    }

    long[] runNsByTask() {
        return runNsByTask;
    }

    long stolenNs() {
        return stolenNs;
    }

    long slicesVisited() {
        return slicesVisited;
    }

    int rectCount() {
        return rectCount;
    }

    private void add(double x0, double x1, int key) {
        if (x1 <= x0) {
            return;
        }
        int c0 = (int) Math.floor(x0);
        int c1 = (int) Math.floor(x1);
        if (c0 == c1) {
            cover(c0, x1 - x0, key);
            return;
        }
        cover(c0, c0 + 1 - x0, key);
        if (c1 > c0 + 1) {
            flushBucket();
            appendRun(c0 + 1, c1, key, 255);
            if (key >= 0) {
                queueLabel(c0 + 1, c1, key);
            }
        }
        if (x1 > c1) {
            cover(c1, x1 - c1, key);
        }
    }

    private void cover(int col, double amount, int key) {
        if (col != bucketCol) {
            flushBucket();
            bucketCol = col;
        }
        int slot = key == KEY_STOLEN ? coverBySlot.length - 1 : key;
        if (coverBySlot[slot] == 0) {
            touchedSlots[touchedCount++] = slot;
        }
        coverBySlot[slot] += amount;
    }

    private void flushBucket() {
        if (bucketCol < 0 || touchedCount == 0) {
            bucketCol = -1;
            return;
        }
        int best = touchedSlots[0];
        double busy = 0;
        for (int k = 0; k < touchedCount; k++) {
            int slot = touchedSlots[k];
            busy += coverBySlot[slot];
            if (coverBySlot[slot] > coverBySlot[best]) {
                best = slot;
            }
        }
        for (int k = 0; k < touchedCount; k++) {
            coverBySlot[touchedSlots[k]] = 0;
        }
        touchedCount = 0;
        int key = best == coverBySlot.length - 1 ? KEY_STOLEN : best;
        appendRun(bucketCol, bucketCol + 1, key, alphaForBusy(busy));
        bucketCol = -1;
    }

    /**
     * Opacity of a folded column: opaque when the CPU was busy all of it, fainter when mostly
     * idle, in four steps so neighbouring columns of a steady load still merge into one rectangle.
     */
    static int alphaForBusy(double busyFraction) {
        double level = Math.ceil(Math.min(1, busyFraction) * 4 - 1e-9) / 4;
        return (int) Math.round(255 * Math.max(0.4, level));
    }

    private void appendRun(int from, int to, int key, int alpha) {
        if (runKey == key && runAlpha == alpha && runTo == from) {
            runTo = to;
            return;
        }
        emitRun();
        runFrom = from;
        runTo = to;
        runKey = key;
        runAlpha = alpha;
    }

    private void emitRun() {
        if (runKey == NO_KEY) {
            return;
        }
        double x = layout.plotLeftPx() + runFrom;
        double w = runTo - runFrom;
        int color = runKey == KEY_STOLEN ? Palette.STOLEN : taskColors[runKey];
        surface.setColor(Argb.withAlpha(color, runAlpha));
        surface.fillRect(x, laneTopPx, w, laneHeightPx);
        rectCount++;
        if (runKey == KEY_STOLEN && w >= HATCH_SPACING_PX) {
            hatch(x, w);
        }
        runKey = NO_KEY;
    }

    private void hatch(double x, double w) {
        surface.pushClip(x, laneTopPx, w, laneHeightPx);
        surface.setColor(Palette.STOLEN_HATCH);
        double bottom = laneTopPx + laneHeightPx;
        for (double k = x - laneHeightPx; k < x + w; k += HATCH_SPACING_PX) {
            surface.strokeLine(k, bottom, k + laneHeightPx, laneTopPx);
        }
        surface.popClip();
    }

    private void queueLabel(int fromCol, int toCol, int task) {
        double widthPx = toCol - fromCol;
        double font = style.sliceFontPx();
        if (widthPx < 24 || laneHeightPx < font + 4) {
            return;
        }
        String text = taskLabels[task];
        if (surface.textWidthPx(text, font) + 8 > widthPx) {
            text = taskComms[task];
            if (surface.textWidthPx(text, font) + 8 > widthPx) {
                return;
            }
        }
        String chosen = text;
        double x = layout.plotLeftPx() + fromCol + 4;
        double baseline = laneTopPx + laneHeightPx / 2 + font * 0.36;
        int color = Palette.textOn(taskColors[task]);
        sliceLabels.add(() -> {
            surface.setColor(color);
            surface.fillText(chosen, x, baseline, font);
        });
    }
}
