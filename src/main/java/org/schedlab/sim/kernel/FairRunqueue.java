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
 *
 * <p>With {@link #useCfs} the queue is v5.10's CFS instead (see the CFS section below): the pick
 * is the smallest vruntime, with the skip and last buddies; {@code min_vruntime} is kept
 * per queue and a waking task is placed at no less than min_vruntime - latency / 2.
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
    /** CFS's tunables; null while this queue runs EEVDF. */
    private CfsTunables cfs;
    /** CFS: cfs_rq->min_vruntime, which never goes back. */
    private long minVruntime;
    /**
     * CFS buddies: the woken task that preempted ({@code next}), the task it preempted
     * (LAST_BUDDY) and the one that yielded ({@code skip}).
     */
    private Task next;
    private Task last;
    private Task skip;

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
        int i = find(t);
        if (i < 0) {
            throw notQueued(t);
        }
        return i;
    }

    /** The task's index in the queue, -1 if it is not queued. */
    private int find(Task t) {
        for (int i = 0; i < size; i++) {
            if (queued[i] == t) {
                return i;
            }
        }
        return -1;
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
        clearBuddies(t);
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
        if (cfs != null) {
            return pickCfs(curr);
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

    // ------------------------------------------------------------------ CFS (v5.10)

    /** Runs this queue as v5.10's CFS with these tunables. */
    void useCfs(CfsTunables tunables) {
        this.cfs = tunables;
    }

    boolean cfs() {
        return cfs != null;
    }

    CfsTunables cfsTunables() {
        return cfs;
    }

    /** The smallest queued vruntime (the queue is not empty). */
    long leftmostVruntime() {
        return vruntime[leftmost(null)];
    }

    /** cfs_rq->min_vruntime. */
    long minVruntime() {
        return minVruntime;
    }

    /** Index of the queued task with the smallest vruntime (the first of equals), -1 if none. */
    private int leftmost(Task except) {
        int best = -1;
        for (int i = 0; i < size; i++) {
            if (queued[i] != except && (best < 0 || vruntime[i] < vruntime[best])) {
                best = i;
            }
        }
        return best;
    }

    /**
     * update_min_vruntime(): the smaller of {@code curr}'s vruntime (a running fair task, null
     * if none or if it is leaving) and the leftmost queued one; min_vruntime only moves forward.
     */
    void updateMinVruntime(Task curr) {
        int left = leftmost(null);
        if (curr == null && left < 0) {
            return;
        }
        long v = curr != null ? curr.vruntime : vruntime[left];
        if (left >= 0) {
            v = Math.min(v, vruntime[left]);
        }
        minVruntime = Math.max(minVruntime, v);
    }

    /**
     * wakeup_preempt_entity(curr, se): 1 when {@code curr} is more than the wake-up granularity
     * (scaled to {@code se}'s weight) ahead of {@code se} in vruntime, -1 when it is not ahead.
     */
    int wakeupPreemptEntity(Task curr, Task se) {
        long vdiff = curr.vruntime - se.vruntime;
        if (vdiff <= 0) {
            return -1;
        }
        return vdiff > calcDeltaFair(cfs.wakeupGranularityNs(), se.weight) ? 1 : 0;
    }

    /**
     * sched_slice(): {@code t}'s share of the period by weight, counting {@code curr} (the
     * running fair task, or null) and {@code t} itself if it is not queued yet.
     */
    long sliceNs(Task t, Task curr) {
        boolean onRq = t == curr || find(t) >= 0;
        int nr = size + (curr != null ? 1 : 0) + (onRq ? 0 : 1);
        long load = sumLoad + (curr != null ? curr.weight : 0) + (onRq ? 0 : t.weight);
        long period = cfs.periodNs(nr);
        return load == t.weight ? period : period * t.weight / load;
    }

    /**
     * place_entity() and the vruntime normalisation of enqueue_entity(): a new task starts one
     * virtual slice after min_vruntime (START_DEBIT); a waking one at no less than
     * min_vruntime - latency / 2 (GENTLE_FAIR_SLEEPERS), keeping its own vruntime when that is
     * larger (a sleeper never gains by sleeping).
     */
    void placeCfs(Task t, Task curr, boolean initial) {
        if (initial) {
            t.vruntime = minVruntime + calcDeltaFair(sliceNs(t, curr), t.weight);
        } else {
            t.vruntime = Math.max(t.vruntime, minVruntime - cfs.latencyNs() / 2);
        }
    }

    /** The woken task whose wake-up preempted (set_next_buddy). */
    void setNext(Task t) {
        next = t;
    }

    /** The preempted task of a wake-up (set_last_buddy). */
    void setLast(Task t) {
        last = t;
    }

    /** A yielding task (set_skip_buddy): the pick passes it over if another is close enough. */
    void setSkip(Task t) {
        skip = t;
    }

    /** clear_buddies() for {@code t}. */
    void clearBuddies(Task t) {
        if (next == t) {
            next = null;
        }
        if (last == t) {
            last = null;
        }
        if (skip == t) {
            skip = null;
        }
    }

    /**
     * pick_next_entity() of v5.10: the leftmost of the queue and {@code curr}; a skip buddy
     * there gives way to the second if that is within the wake-up granularity; the last buddy
     * runs instead when it is, and the next buddy before either. The picked task's buddy marks
     * are cleared.
     */
    private Task pickCfs(Task curr) {
        int li = leftmost(null);
        Task left = li < 0 ? null : queued[li];
        if (left == null || (curr != null && curr.vruntime < vruntime[li])) {
            left = curr;
        }
        Task se = left;
        if (skip == se) {
            Task second;
            if (se == curr) {
                second = li < 0 ? null : queued[li];
            } else {
                int si = leftmost(se);
                second = si < 0 ? null : queued[si];
                if (curr != null && (second == null || curr.vruntime < second.vruntime)) {
                    second = curr;
                }
            }
            if (second != null && wakeupPreemptEntity(second, left) < 1) {
                se = second;
            }
        }
        if (last != null && wakeupPreemptEntity(last, left) < 1) {
            se = last; // give the CPU back to a task a wake-up preempted
        }
        if (next != null && wakeupPreemptEntity(next, left) < 1) {
            se = next; // the woken task that asked for the switch, when that is not unfair
        }
        clearBuddies(se);
        return se;
    }
}
