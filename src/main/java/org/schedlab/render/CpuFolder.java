package org.schedlab.render;

import java.util.List;

import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * Folds the raw slices of one CPU lane into {@link CpuColumns}: a slice covering whole columns
 * writes them directly; the partial columns at its edges and every slice narrower than a column
 * go through a per-column tally, where the task (and state) that covered most of the column wins
 * and the column's busy share is the sum of the covers. Idle slices add nothing, so a half-idle
 * column comes out half busy. Also adds up run time per task and time per state for the legend,
 * and notes slices wide enough to carry their task's name.
 */
final class CpuFolder {
    /** A slice at least this many columns wide gets a label (if the text fits). */
    static final int LABEL_MIN_COLUMNS = 24;

    /** A stretch of whole columns run by one task: where a slice label may go. */
    record LabelRun(int cpu, int fromCol, int toCol, int task) {
    }

    private final CpuColumns.Tally tally;
    private long slicesVisited;
    /** The tasks whose {@code runNsByTask} entry went from 0 to more since the last {@link #takeTouched}. */
    private int[] touched = new int[16];
    private int touchedCount;

    CpuFolder(int taskCount) {
        this.tally = new CpuColumns.Tally(taskCount);
    }

    long slicesVisited() {
        return slicesVisited;
    }

    /**
     * The tasks {@link #fold} gave run time to that had none in its {@code runNsByTask} before,
     * since the last call: with an array zeroed per lane, the tasks that ran on the lane, found
     * without reading the whole array.
     */
    int[] takeTouched() {
        int[] out = java.util.Arrays.copyOf(touched, touchedCount);
        touchedCount = 0;
        return out;
    }

    /** Adds {@code ns} (when more than 0) to {@code task}'s run time, noting the task as {@link #fold} does. */
    void addRun(long[] runNsByTask, int task, long ns) {
        if (ns > 0) {
            if (runNsByTask[task] == 0) {
                touch(task);
            }
            runNsByTask[task] += ns;
        }
    }

    private void touch(int task) {
        if (touchedCount == touched.length) {
            touched = java.util.Arrays.copyOf(touched, touchedCount * 2);
        }
        touched[touchedCount++] = task;
    }

    /**
     * Folds the slices of {@code slices} inside {@code [startNs, startNs + columns * nsPerCol)}
     * into {@code out}; adds to {@code runNsByTask} and {@code nsByState} (either may be null)
     * and appends label runs to {@code labels} (may be null).
     */
    void fold(int cpu, Intervals slices, long startNs, double nsPerCol, CpuColumns out, long[] runNsByTask,
              long[] nsByState, List<LabelRun> labels) {
        int columns = out.columns;
        long endNs = startNs + (long) Math.ceil(columns * nsPerCol);
        byte idle = SliceState.IDLE.code();
        byte stolen = SliceState.STOLEN.code();
        CpuColumns.Tally t = tally;
        int n = slices.size();
        // the column being tallied and its busy cover: locals, so the loop keeps them in registers
        int bucket = -1;
        double bucketBusy = 0;
        long visited = 0;
        for (int i = slices.firstVisibleAt(startNs); i < n; i++) {
            long s = slices.startNs(i);
            if (s >= endNs) {
                break;
            }
            visited++;
            long e = slices.endNs(i);
            long visibleNs = Math.min(e, endNs) - Math.max(s, startNs);
            byte code = slices.code(i);
            if (nsByState != null && visibleNs > 0) {
                nsByState[code] += visibleNs;
            }
            if (code == idle) {
                continue;
            }
            int task = slices.task(i);
            int key = code == stolen ? CpuColumns.KEY_STOLEN : task;
            if (key == CpuColumns.KEY_NONE) {
                continue; // the model allows a task-less slice only for idle and stolen
            }
            if (runNsByTask != null && key >= 0 && visibleNs > 0) {
                if (runNsByTask[key] == 0) {
                    touch(key);
                }
                runNsByTask[key] += visibleNs;
            }
            double startX = (s - startNs) / nsPerCol;
            double endX = (e - startNs) / nsPerCol;
            double x0 = Math.max(0, startX);
            double x1 = Math.min(columns, endX);
            if (x1 <= x0) {
                continue;
            }
            int c0 = (int) x0;
            int c1 = (int) x1;
            double first = c0 == c1 ? x1 - x0 : c0 + 1 - x0;
            if (c0 != bucket) {
                if (bucket >= 0) {
                    t.writeTo(out, bucket, bucketBusy, 1.0);
                }
                bucket = c0;
                bucketBusy = 0;
            }
            int slot = t.slotOf(key);
            t.addCover(slot, code, first);
            bucketBusy += first;
            if (c0 == c1) {
                continue;
            }
            if (c1 > c0 + 1) {
                t.writeTo(out, bucket, bucketBusy, 1.0);
                bucket = -1;
                bucketBusy = 0;
                for (int c = c0 + 1; c < c1; c++) {
                    out.key[c] = key;
                    out.keyShare[c] = (byte) 255;
                    out.state[c] = code;
                    out.stateShare[c] = (byte) 255;
                    out.busy[c] = (byte) 255;
                }
                if (labels != null && key >= 0 && c1 - (c0 + 1) >= LABEL_MIN_COLUMNS) {
                    labels.add(new LabelRun(cpu, c0 + 1, c1, key));
                }
            }
            if (x1 > c1 && c1 < columns) {
                if (bucket >= 0) {
                    t.writeTo(out, bucket, bucketBusy, 1.0);
                }
                bucket = c1;
                bucketBusy = x1 - c1;
                t.addCover(slot, code, bucketBusy);
            }
        }
        if (bucket >= 0) {
            t.writeTo(out, bucket, bucketBusy, 1.0);
        }
        slicesVisited += visited;
    }
}
