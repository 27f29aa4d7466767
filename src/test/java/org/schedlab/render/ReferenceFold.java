package org.schedlab.render;

import java.util.List;

import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;

/**
 * The straightforward fold and resample as they were before they were tuned for speed, kept
 * as the oracle the tuned ones must match column for column ({@code FoldEquivalenceTest}).
 * Deliberately plain: per slice a cover into a per-column tally, per column a full scan of
 * the tally.
 */
final class ReferenceFold {
    private final RefTally tally;
    private int bucketCol = -1;
    private double bucketBusy;
    private long slicesVisited;

    ReferenceFold(int taskCount) {
        this.tally = new RefTally(taskCount);
    }

    long slicesVisited() {
        return slicesVisited;
    }

    void fold(int cpu, Intervals slices, long startNs, double nsPerCol, CpuColumns out, long[] runNsByTask,
              long[] nsByState, List<CpuFolder.LabelRun> labels) {
        int columns = out.columns;
        long endNs = startNs + (long) Math.ceil(columns * nsPerCol);
        byte idle = SliceState.IDLE.code();
        byte stolen = SliceState.STOLEN.code();
        int n = slices.size();
        bucketCol = -1;
        for (int i = slices.firstVisibleAt(startNs); i < n; i++) {
            long s = slices.startNs(i);
            if (s >= endNs) {
                break;
            }
            slicesVisited++;
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
                runNsByTask[key] += visibleNs;
            }
            double x0 = Math.max(0, (s - startNs) / nsPerCol);
            double x1 = Math.min(columns, (e - startNs) / nsPerCol);
            if (x1 <= x0) {
                continue;
            }
            int c0 = (int) x0;
            int c1 = (int) x1;
            if (c0 == c1) {
                cover(out, c0, x1 - x0, key, code);
                continue;
            }
            cover(out, c0, c0 + 1 - x0, key, code);
            if (c1 > c0 + 1) {
                flush(out);
                for (int c = c0 + 1; c < c1; c++) {
                    out.key[c] = key;
                    out.keyShare[c] = (byte) 255;
                    out.state[c] = code;
                    out.stateShare[c] = (byte) 255;
                    out.busy[c] = (byte) 255;
                }
                if (labels != null && key >= 0 && c1 - (c0 + 1) >= CpuFolder.LABEL_MIN_COLUMNS) {
                    labels.add(new CpuFolder.LabelRun(cpu, c0 + 1, c1, key));
                }
            }
            if (x1 > c1 && c1 < columns) {
                cover(out, c1, x1 - c1, key, code);
            }
        }
        flush(out);
    }

    private void cover(CpuColumns out, int col, double amount, int key, byte state) {
        if (col != bucketCol) {
            flush(out);
            bucketCol = col;
            bucketBusy = 0;
        }
        tally.addKey(key, amount);
        tally.addState(state, amount);
        bucketBusy += amount;
    }

    private void flush(CpuColumns out) {
        if (bucketCol >= 0) {
            tally.writeTo(out, bucketCol, bucketBusy, 1.0);
        }
        bucketCol = -1;
        bucketBusy = 0;
    }

    static long resample(CpuColumns src, long srcStartNs, double srcNsPerCol, CpuColumns dst, long dstStartNs,
                         double dstNsPerCol, RefTally tally) {
        long read = 0;
        for (int c = 0; c < dst.columns; c++) {
            double t0 = dstStartNs + c * dstNsPerCol;
            double t1 = t0 + dstNsPerCol;
            double f0 = (t0 - srcStartNs) / srcNsPerCol;
            double f1 = (t1 - srcStartNs) / srcNsPerCol;
            int j0 = (int) Math.max(0, Math.floor(f0));
            int j1 = (int) Math.min(src.columns - 1, Math.ceil(f1) - 1);
            if (j1 < j0) {
                continue;
            }
            double busySum = 0;
            for (int j = j0; j <= j1; j++) {
                double w = Math.min(f1, j + 1) - Math.max(f0, j);
                if (w <= 0) {
                    continue;
                }
                read++;
                int b = src.busy[j] & 0xFF;
                if (b == 0) {
                    continue;
                }
                busySum += w * b / 255.0;
                tally.addKey(src.key[j], w * (src.keyShare[j] & 0xFF) / 255.0);
                if (src.state[j] >= 0) {
                    tally.addState(src.state[j], w * (src.stateShare[j] & 0xFF) / 255.0);
                }
                dst.flags[c] |= src.flags[j];
            }
            double span = f1 - f0;
            tally.writeTo(dst, c, busySum / span, span);
        }
        return read;
    }

    /** Cover per key and per state for the column being folded, cleared in O(keys touched). */
    /** The original rounding of a share to 0..255. */
    static byte level(double fraction) {
        return (byte) Math.round(Math.max(0, Math.min(1, fraction)) * 255);
    }

    static final class RefTally {
        private final double[] keyCover;
        private final int[] touched;
        private int touchedCount;
        private final double[] stateCover = new double[8];

        RefTally(int taskCount) {
            keyCover = new double[taskCount + 1];
            touched = new int[taskCount + 1];
        }

        void addKey(int key, double cover) {
            if (key == CpuColumns.KEY_NONE || cover <= 0) {
                return;
            }
            int slot = key == CpuColumns.KEY_STOLEN ? keyCover.length - 1 : key;
            if (keyCover[slot] == 0) {
                touched[touchedCount++] = slot;
            }
            keyCover[slot] += cover;
        }

        void addState(int state, double cover) {
            stateCover[state] += cover;
        }

        boolean isEmpty() {
            return touchedCount == 0;
        }

        /**
         * Writes the dominant key and state into column {@code c} of {@code dst} with shares of
         * {@code span} (the column's width in the units the covers were added in), then clears.
         */
        void writeTo(CpuColumns dst, int c, double busyFraction, double span) {
            if (touchedCount == 0) {
                java.util.Arrays.fill(stateCover, 0);
                return;
            }
            int best = touched[0];
            for (int k = 1; k < touchedCount; k++) {
                int slot = touched[k];
                if (keyCover[slot] > keyCover[best] || (keyCover[slot] == keyCover[best] && slot < best)) {
                    best = slot;
                }
            }
            dst.key[c] = best == keyCover.length - 1 ? CpuColumns.KEY_STOLEN : best;
            dst.keyShare[c] = level(keyCover[best] / span);
            int bestState = -1;
            for (int s = 0; s < stateCover.length; s++) {
                if (stateCover[s] > 0 && (bestState < 0 || stateCover[s] > stateCover[bestState])) {
                    bestState = s;
                }
            }
            if (bestState >= 0) {
                dst.state[c] = (byte) bestState;
                dst.stateShare[c] = level(stateCover[bestState] / span);
            }
            dst.busy[c] = level(busyFraction);
            if ((dst.busy[c] & 0xFF) == 0) {
                dst.busy[c] = 1; // something ran: never let rounding make it vanish
            }
            for (int k = 0; k < touchedCount; k++) {
                keyCover[touched[k]] = 0;
            }
            touchedCount = 0;
            java.util.Arrays.fill(stateCover, 0);
        }
    }
}
