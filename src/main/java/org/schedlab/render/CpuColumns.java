package org.schedlab.render;

/**
 * One CPU lane folded into columns of equal time: per column the dominant key (task id,
 * {@link #KEY_STOLEN} or {@link #KEY_NONE}) and its share of the column, the dominant non-idle
 * state and its share, how busy the column was, and flags (search hit, marks). Shares and busy
 * are 0..255. The same structure is a frame's picture of a lane and a level of the
 * {@link LodPyramid}, and {@link #resample} turns one resolution into another.
 */
final class CpuColumns {
    static final int KEY_NONE = -1;
    static final int KEY_STOLEN = -2;
    static final byte NO_STATE = -1;

    static final byte FLAG_HIGHLIGHT = 1;
    static final byte FLAG_PREEMPTION = 2;
    static final byte FLAG_LHP = 4;
    static final byte FLAG_HANDOFF = 8;
    /** In a lock lane's holder columns: a hold taken for write ({@code LockLane.HOLD_WRITE}) touches the column. */
    static final byte FLAG_WRITE_HOLD = 16;
    /**
     * A wake-up mark on the CPU, flagged only for a recording without slices (wake-ups alone, no
     * sched_switch): there it is all the lane has to show; beside slices the woken task's runnable
     * span on its task lane shows it.
     */
    static final byte FLAG_WAKEUP = 32;

    final int columns;
    final int[] key;
    final byte[] keyShare;
    final byte[] state;
    final byte[] stateShare;
    final byte[] busy;
    final byte[] flags;

    CpuColumns(int columns) {
        this.columns = columns;
        key = new int[columns];
        keyShare = new byte[columns];
        state = new byte[columns];
        stateShare = new byte[columns];
        busy = new byte[columns];
        flags = new byte[columns];
        java.util.Arrays.fill(key, KEY_NONE);
        java.util.Arrays.fill(state, NO_STATE);
    }

    int busy(int c) {
        return busy[c] & 0xFF;
    }

    /**
     * {@code fraction} clamped to 0..1 as 0..255, rounded half up: what
     * {@code Math.round(Math.max(0, Math.min(1, fraction)) * 255)} gives, NaN included, without
     * its bit fiddling (this runs three times per column). Adding one half and truncating is
     * exact for every value from 0.5 to 255.5; below 0.5 the answer is 0 (the one value the
     * addition would round up, 0.49999999999999994, is below it).
     */
    static byte level(double fraction) {
        double x = fraction >= 1 ? 255 : fraction * 255;
        return x < 0.5 ? 0 : (byte) (int) (x + 0.5);
    }

    /** {@code x / 255.0} for every share: a whole source column's weight without a division. */
    private static final double[] OF_255 = new double[256];

    static {
        for (int x = 0; x < 256; x++) {
            OF_255[x] = x / 255.0;
        }
    }

    /**
     * Folds {@code src} (columns of {@code srcNsPerCol} from {@code srcStartNs}) into {@code dst}
     * (columns of {@code dstNsPerCol} from {@code dstStartNs}), each source column weighted by how
     * much of it falls into the destination column: dominant key and state by summed share, busy
     * by average. {@code tally} is scratch space sized for the task count. Returns the number of
     * source columns read.
     */
    static long resample(CpuColumns src, long srcStartNs, double srcNsPerCol, CpuColumns dst, long dstStartNs,
                         double dstNsPerCol, Tally tally) {
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
            // the edge columns j0 and j1 are partly inside; every one between is wholly inside,
            // weight exactly 1, so w * x / 255.0 is OF_255[x] there (same sums, same order)
            double busySum = 0;
            byte flags = 0;
            double w0 = Math.min(f1, j0 + 1) - Math.max(f0, j0);
            if (w0 > 0) {
                read++;
                int b = src.busy[j0] & 0xFF;
                if (b != 0) {
                    busySum += w0 * b / 255.0;
                    tally.addKey(src.key[j0], w0 * (src.keyShare[j0] & 0xFF) / 255.0);
                    if (src.state[j0] >= 0) {
                        tally.addState(src.state[j0], w0 * (src.stateShare[j0] & 0xFF) / 255.0);
                    }
                    flags |= src.flags[j0];
                }
            }
            for (int j = j0 + 1; j < j1; j++) {
                read++;
                int b = src.busy[j] & 0xFF;
                if (b == 0) {
                    continue;
                }
                busySum += OF_255[b];
                tally.addKey(src.key[j], OF_255[src.keyShare[j] & 0xFF]);
                if (src.state[j] >= 0) {
                    tally.addState(src.state[j], OF_255[src.stateShare[j] & 0xFF]);
                }
                flags |= src.flags[j];
            }
            double w1 = Math.min(f1, j1 + 1) - Math.max(f0, j1);
            if (j1 > j0 && w1 > 0) {
                read++;
                int b = src.busy[j1] & 0xFF;
                if (b != 0) {
                    busySum += w1 * b / 255.0;
                    tally.addKey(src.key[j1], w1 * (src.keyShare[j1] & 0xFF) / 255.0);
                    if (src.state[j1] >= 0) {
                        tally.addState(src.state[j1], w1 * (src.stateShare[j1] & 0xFF) / 255.0);
                    }
                    flags |= src.flags[j1];
                }
            }
            dst.flags[c] |= flags;
            double span = f1 - f0;
            tally.writeTo(dst, c, busySum / span, span);
        }
        return read;
    }

    /**
     * Cover per key and per state for the column being folded, cleared in O(keys touched): the
     * keys and states met are remembered (a list, a bit mask), so writing a column out reads
     * and clears only those.
     */
    static final class Tally {
        private final double[] keyCover;
        private final int[] touched;
        private int touchedCount;
        private final double[] stateCover = new double[8];
        private int stateMask;

        Tally(int taskCount) {
            keyCover = new double[taskCount + 1];
            touched = new int[taskCount + 1];
        }

        void addKey(int key, double cover) {
            if (key == KEY_NONE || cover <= 0) {
                return;
            }
            int slot = key == KEY_STOLEN ? keyCover.length - 1 : key;
            if (keyCover[slot] == 0) {
                touched[touchedCount++] = slot;
            }
            keyCover[slot] += cover;
        }

        /** The tally slot of a key other than {@link #KEY_NONE}. */
        int slotOf(int key) {
            return key == KEY_STOLEN ? keyCover.length - 1 : key;
        }

        /**
         * {@link #addKey} and {@link #addState} in one, for the fold of raw slices, whose slot is
         * worked out once per slice and whose covers are always positive.
         */
        void addCover(int slot, int state, double cover) {
            double had = keyCover[slot];
            if (had == 0) {
                touched[touchedCount++] = slot;
            }
            keyCover[slot] = had + cover;
            stateCover[state] += cover;
            stateMask |= 1 << state;
        }

        void addState(int state, double cover) {
            stateCover[state] += cover;
            stateMask |= 1 << state;
        }

        boolean isEmpty() {
            return touchedCount == 0;
        }

        /**
         * Writes the dominant key (the most cover, the lower slot on a tie) and state (the most
         * cover, the lower code on a tie) into column {@code c} of {@code dst} with shares of
         * {@code span} (the column's width in the units the covers were added in), then clears.
         */
        void writeTo(CpuColumns dst, int c, double busyFraction, double span) {
            int n = touchedCount;
            if (n == 0) {
                clearStates();
                return;
            }
            // Covers are positive, so their bit patterns order like their values: the winner is
            // picked with integer compares the compiler can turn into conditional moves (which
            // key wins is a coin toss per column, a branch on it mispredicts half the time)
            int best = touched[0];
            long bestBits = Double.doubleToRawLongBits(keyCover[best]);
            keyCover[best] = 0;
            for (int k = 1; k < n; k++) {
                int slot = touched[k];
                long bits = Double.doubleToRawLongBits(keyCover[slot]);
                keyCover[slot] = 0;
                boolean better = bits > bestBits | (bits == bestBits & slot < best);
                best = better ? slot : best;
                bestBits = better ? bits : bestBits;
            }
            touchedCount = 0;
            dst.key[c] = best == keyCover.length - 1 ? KEY_STOLEN : best;
            dst.keyShare[c] = level(Double.longBitsToDouble(bestBits) / span);
            // the first state with the most cover, if any has some (covers are >= +0.0)
            int bestState = -1;
            long bestStateBits = 0;
            for (int st = 0; st < stateCover.length; st++) {
                long bits = Double.doubleToRawLongBits(stateCover[st]);
                boolean better = bits > bestStateBits;
                bestState = better ? st : bestState;
                bestStateBits = better ? bits : bestStateBits;
            }
            if (stateMask != 0) {
                java.util.Arrays.fill(stateCover, 0);
                stateMask = 0;
            }
            if (bestState >= 0) {
                dst.state[c] = (byte) bestState;
                dst.stateShare[c] = level(Double.longBitsToDouble(bestStateBits) / span);
            }
            byte b = level(busyFraction);
            dst.busy[c] = b == 0 ? 1 : b; // something ran: never let rounding make it vanish
        }

        private void clearStates() {
            for (int m = stateMask; m != 0; m &= m - 1) {
                stateCover[Integer.numberOfTrailingZeros(m)] = 0;
            }
            stateMask = 0;
        }
    }
}
