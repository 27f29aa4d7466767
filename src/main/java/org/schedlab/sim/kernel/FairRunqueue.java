package org.schedlab.sim.kernel;

import java.util.Arrays;

/**
 * One CPU's fair-class run queue, EEVDF as in kernel/sched/fair.c (KERNEL-FACTS section 2):
 * vruntime advances by delta*1024/weight, the virtual deadline is vruntime + slice*1024/weight,
 * the pick is the eligible entity (vruntime <= the load-weighted average) with the earliest
 * deadline, and RUN_TO_PARITY keeps a current task that is still eligible until its protected
 * vruntime ({@code vprot}, set to its deadline when picked). Queued tasks sit in a plain array:
 * queues are short (a dozen tasks), so a linear scan beats a tree here. Their vruntime, deadline
 * and wake-up time are copied into parallel arrays, so a scan reads a few contiguous cache
 * lines instead of one per task (a queued task's vruntime never changes; its deadline only
 * through {@link #setDeadline}).
 *
 * <p>Placement keeps lag (PLACE_LAG): leaving a queue stores lag = avg - vruntime (clamped to
 * the kernel's limit of max(2 slices, 1 tick)), joining one sets vruntime = avg - lag scaled by
 * (W + w)/W. A new task starts at the average with half a slice to its deadline
 * (PLACE_DEADLINE_INITIAL). Not modelled: DELAY_DEQUEUE, PREEMPT_SHORT (all tasks have the base
 * slice), cgroup hierarchy.
 */
final class FairRunqueue {
    /** Re-base the relative keys before they can overflow when multiplied by a load. */
    private static final long REBASE_AT = 1L << 32;

    private Task[] queued = new Task[8];
    private long[] vruntime = new long[8];
    private long[] deadline = new long[8];
    private long[] waitSince = new long[8];
    private int size;
    // the kernel's avg_vruntime bookkeeping over the queued tasks (curr is added at query time):
    // sumKey = sum of w * (v - v0), sumLoad = sum of w
    private long v0;
    private long sumKey;
    private long sumLoad;

    int size() {
        return size;
    }

    Task get(int i) {
        return queued[i];
    }

    /** When the i-th queued task became runnable (its {@code waitSinceNs}). */
    long waitSinceNs(int i) {
        return waitSince[i];
    }

    void add(Task t) {
        if (size == queued.length) {
            int cap = size * 2;
            queued = Arrays.copyOf(queued, cap);
            vruntime = Arrays.copyOf(vruntime, cap);
            deadline = Arrays.copyOf(deadline, cap);
            waitSince = Arrays.copyOf(waitSince, cap);
        }
        if (size == 0) {
            v0 = t.vruntime;
            sumKey = 0;
            sumLoad = 0;
        } else if (Math.abs(t.vruntime - v0) >= REBASE_AT) {
            rebase(t.vruntime);
        }
        sumKey += (t.vruntime - v0) * t.weight;
        sumLoad += t.weight;
        vruntime[size] = t.vruntime;
        deadline[size] = t.deadline;
        waitSince[size] = t.waitSinceNs;
        queued[size++] = t;
    }

    /** Changes a queued task's deadline (PLACE_REL_DEADLINE after a migration). */
    void setDeadline(Task t, long deadlineNs) {
        t.deadline = deadlineNs;
        deadline[indexOf(t)] = deadlineNs;
    }

    private int indexOf(Task t) {
        for (int i = 0; i < size; i++) {
            if (queued[i] == t) {
                return i;
            }
        }
        throw notQueued(t);
    }

    private static IllegalStateException notQueued(Task t) {
        return new IllegalStateException(t + " is not on this run queue");
    }

    /** Moves the reference point to {@code nv0}: sum w (v - nv0) = sumKey - (nv0 - v0) * sumLoad. */
    private void rebase(long nv0) {
        sumKey -= (nv0 - v0) * sumLoad;
        v0 = nv0;
    }

    void remove(Task t) {
        int i = indexOf(t);
        sumKey -= (t.vruntime - v0) * t.weight;
        sumLoad -= t.weight;
        // keep order (determinism does not need it, but ties resolve by queue age this way)
        int n = size - i - 1;
        System.arraycopy(queued, i + 1, queued, i, n);
        System.arraycopy(vruntime, i + 1, vruntime, i, n);
        System.arraycopy(deadline, i + 1, deadline, i, n);
        System.arraycopy(waitSince, i + 1, waitSince, i, n);
        queued[--size] = null;
    }

    static long vslice(long sliceNs, int weight) {
        return weight == 1024 ? sliceNs : sliceNs * 1024 / weight;
    }

    static long calcDeltaFair(long deltaNs, int weight) {
        return weight == 1024 ? deltaNs : deltaNs * 1024 / weight;
    }

    /** Load-weighted key of queued tasks plus {@code curr}, relative to v0. */
    private long key(Task curr) {
        if (curr == null) {
            return sumKey;
        }
        long d = curr.vruntime - v0;
        if (Math.abs(d) >= REBASE_AT) {
            rebase(curr.vruntime);
            d = 0;
        }
        return sumKey + d * curr.weight;
    }

    private long load(Task curr) {
        return sumLoad + (curr == null ? 0 : curr.weight);
    }

    /** avg_vruntime: the load-weighted mean vruntime of the queued tasks and {@code curr}. */
    long avgVruntime(Task curr) {
        if (size == 0) {
            return curr == null ? 0 : curr.vruntime;
        }
        long key = key(curr);
        long load = load(curr);
        // the kernel rounds toward the left (floor) for negative sums
        long avg = key < 0 ? (key - (load - 1)) / load : key / load;
        return v0 + avg;
    }

    /** entity_eligible(): sum w_i (v_i - v0) >= (v - v0) * sum w_i, exact in integers. */
    private boolean eligible(Task t, long key, long load) {
        return eligible(t.vruntime, key, load);
    }

    private boolean eligible(long v, long key, long load) {
        return key >= (v - v0) * load;
    }

    /**
     * pick_eevdf(): the eligible entity with the earliest deadline; a still-eligible
     * {@code curr} whose slice is protected wins outright (RUN_TO_PARITY).
     */
    Task pick(Task curr, boolean protect) {
        if (size == 0) {
            return curr;
        }
        long key = key(curr);
        long load = load(curr);
        Task c = curr;
        if (c != null && !eligible(c, key, load)) {
            c = null;
        }
        if (c != null && protect && c.vruntime < c.vprot) {
            return c;
        }
        int bestIndex = -1;
        long bestDeadline = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            long d = deadline[i];
            if ((bestIndex < 0 || d < bestDeadline) && eligible(vruntime[i], key, load)) {
                bestIndex = i;
                bestDeadline = d;
            }
        }
        Task best = bestIndex < 0 ? null : queued[bestIndex];
        if (best == null || (c != null && c.deadline < bestDeadline)) {
            best = c;
        }
        if (best == null) {
            // cannot happen with exact arithmetic (someone is at or below the mean); stay safe
            best = queued[0];
        }
        return best;
    }

    /** Lag limit: calc_delta_fair(max(2 * slice, TICK_NSEC), se). */
    private static long lagLimit(Task t, long sliceNs, long tickNs) {
        return calcDeltaFair(Math.max(2 * sliceNs, tickNs), t.weight);
    }

    /** Stores the task's lag as it leaves (sleep, migration); call before removing it. */
    void saveLag(Task t, Task curr, long sliceNs, long tickNs) {
        long avg = avgVruntime(curr);
        long limit = lagLimit(t, sliceNs, tickNs);
        t.lag = Math.max(-limit, Math.min(limit, avg - t.vruntime));
    }

    /** place_entity(): position a joining task by its lag; call before adding it. */
    void place(Task t, Task curr, long sliceNs, boolean initial) {
        long avg = avgVruntime(curr);
        long vs = vslice(sliceNs, t.weight);
        long lag = t.lag;
        long load = size == 0 ? (curr != null ? curr.weight : 0) : load(curr);
        if (lag != 0 && load > 0) {
            lag = lag * (load + t.weight) / load;
        }
        t.vruntime = avg - lag;
        t.deadline = t.vruntime + (initial ? vs / 2 : vs);
        t.lag = 0;
    }
}
