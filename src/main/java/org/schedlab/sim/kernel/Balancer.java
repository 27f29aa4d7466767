package org.schedlab.sim.kernel;

/**
 * Where tasks go: wake-up placement and a simple load balancer.
 *
 * <p>Placement (select_task_rq, simplified): a fair task goes to its previous CPU if that is
 * idle, else to the first idle CPU found scanning upward from it (wrapping), else back to its
 * previous CPU. A FIFO task does the same but, with no idle CPU, prefers a CPU running a fair
 * task (its previous one first), as RT's find_lowest_rq would. No wake-affine pull toward the
 * waker, no cache-topology domains.
 *
 * <p>Balancing: a CPU about to go idle pulls one task (newidle balance); an idle CPU pulls at
 * each tick; a busy CPU every {@value #BUSY_BALANCE_TICKS} ticks pulls one task if the busiest
 * CPU has at least two more tasks (nr_running) than it. The pulled task is the one that has
 * waited longest (FIFO tasks first: a stand-in for the kernel's RT push/pull, which moves RT
 * tasks outside load balancing); on a busy CPU it may preempt the running task by the wake-up
 * rule (attach_task's check_preempt_curr; a FIFO task over a fair one always). Only CPUs
 * running a task and holding a queued one are pulled from, so a task waiting for its own CPU's wake-up IPI is left alone. A task bound to its
 * CPU ({@link Kernel#createPinnedTask}, a per-CPU kworker) is placed on that CPU and never pulled;
 * a CPU whose queued tasks are all bound is not a source.
 */
final class Balancer {
    static final int BUSY_BALANCE_TICKS = 4;

    private final Kernel k;
    private final int words;
    private final long[] idleMask;
    /**
     * CPUs running a task with at least one more queued - the only ones worth pulling from - by
     * nr_running: {@code byLevel[n]} holds those with nr_running n. The busiest is then the
     * first CPU of the highest non-empty level, not a scan of every CPU (newidle balance runs
     * whenever a CPU is about to go idle).
     */
    private long[][] byLevel = new long[8][];
    /** Each CPU's level in {@link #byLevel}, -1 when it is not pullable. */
    private final int[] levelOf;
    /** No level above this one holds a CPU. */
    private int topLevel;

    Balancer(Kernel kernel) {
        this.k = kernel;
        int n = kernel.cpus.length;
        this.words = (n + 63) >>> 6;
        this.idleMask = new long[words];
        this.levelOf = new int[n];
        java.util.Arrays.fill(levelOf, -1);
        for (int i = 0; i < n; i++) {
            idleMask[i >>> 6] |= 1L << i;
        }
    }

    /** Call after every change of what a CPU runs or queues. */
    void refreshIdle(Cpu c) {
        int id = c.id;
        if (c.idleForPlacement()) {
            idleMask[id >>> 6] |= 1L << id;
        } else {
            idleMask[id >>> 6] &= ~(1L << id);
        }
        int level = c.curr != null && c.queued() > 0 ? c.nrRunning() : -1;
        int old = levelOf[id];
        if (level != old) {
            if (old >= 0) {
                byLevel[old][id >>> 6] &= ~(1L << id);
            }
            if (level >= 0) {
                if (level >= byLevel.length) {
                    byLevel = java.util.Arrays.copyOf(byLevel, Math.max(level + 1, byLevel.length * 2));
                }
                if (byLevel[level] == null) {
                    byLevel[level] = new long[words];
                }
                byLevel[level][id >>> 6] |= 1L << id;
                topLevel = Math.max(topLevel, level);
            }
            levelOf[id] = level;
        }
    }

    private boolean idle(int cpu) {
        return (idleMask[cpu >>> 6] & (1L << cpu)) != 0;
    }

    /** First idle CPU after {@code from} (wrapping, {@code from} itself last), or -1. */
    private int nextIdle(int from) {
        int n = k.cpus.length;
        int start = from + 1 == n ? 0 : from + 1;
        int found = scan(start, n);
        if (found < 0 && start > 0) {
            found = scan(0, start);
        }
        return found;
    }

    private int scan(int fromInclusive, int toExclusive) {
        return scan(idleMask, fromInclusive, toExclusive);
    }

    /** First CPU of {@code mask} in [from, to), or -1. */
    private int scan(long[] mask, int fromInclusive, int toExclusive) {
        if (fromInclusive >= toExclusive) {
            return -1;
        }
        int w = fromInclusive >>> 6;
        long word = mask[w] & (-1L << (fromInclusive & 63));
        while (true) {
            if (word != 0) {
                int cpu = (w << 6) + Long.numberOfTrailingZeros(word);
                return cpu < toExclusive ? cpu : -1;
            }
            w++;
            if ((w << 6) >= toExclusive || w >= mask.length) {
                return -1;
            }
            word = mask[w];
        }
    }

    int selectCpu(Task t) {
        int prev = t.cpu;
        if (t.pinned || idle(prev)) {
            return prev;
        }
        int other = nextIdle(prev);
        if (other >= 0) {
            return other;
        }
        if (t.schedClass == SchedClass.FAIR) {
            return prev;
        }
        Cpu[] cpus = k.cpus;
        if (runsLower(cpus[prev], t)) {
            return prev;
        }
        for (int i = 1; i < cpus.length; i++) {
            int c = (prev + i) % cpus.length;
            if (runsLower(cpus[c], t)) {
                return c;
            }
        }
        return prev;
    }

    private static boolean runsLower(Cpu c, Task fifo) {
        Task curr = c.curr;
        return curr == null || curr.schedClass == SchedClass.FAIR || curr.rtPriority < fifo.rtPriority;
    }

    /** First CPU of {@code mask} in [from, to) with a queued task that may migrate, or null. */
    private Cpu firstMovable(long[] mask, int fromInclusive, int toExclusive) {
        int from = fromInclusive;
        while (true) {
            int id = scan(mask, from, toExclusive);
            if (id < 0) {
                return null;
            }
            if (hasMovable(k.cpus[id])) {
                return k.cpus[id];
            }
            from = id + 1;
        }
    }

    private static boolean isEmpty(long[] mask) {
        for (long word : mask) {
            if (word != 0) {
                return false;
            }
        }
        return true;
    }

    void onTick(Cpu c) {
        if (k.queuedTasks == 0) {
            return;
        }
        if (c.phase == Cpu.IDLE) {
            if (pullOne(c, 1) != null) {
                k.irq.reschedCurr(c, false, org.schedlab.model.ReschedCause.IDLE_PULL);
            }
        } else if (c.ticks % BUSY_BALANCE_TICKS == 0) {
            Task pulled = pullOne(c, c.nrRunning() + 2);
            if (pulled != null) {
                k.sched.checkPreemptPulled(c, pulled); // attach_task(): check_preempt_curr()
            }
        }
    }

    /** newidle balance: called by schedule() when nothing is left to run here. */
    Task newIdlePull(Cpu c) {
        if (k.queuedTasks == 0) {
            return null;
        }
        return pullOne(c, 1);
    }

    /** Some queued task of {@code c} may migrate (not every one is bound to the CPU). */
    private boolean hasMovable(Cpu c) {
        if (!k.anyPinned) {
            return c.queued() > 0; // no task is bound: no need to visit each (a cache miss apiece)
        }
        for (int i = 0; i < c.fifo.size(); i++) {
            if (!c.fifo.get(i).pinned) {
                return true;
            }
        }
        for (int i = 0; i < c.fair.size(); i++) {
            if (!c.fair.get(i).pinned) {
                return true;
            }
        }
        return false;
    }

    /**
     * Pulls the longest-waiting movable task from the busiest CPU whose nr_running >=
     * {@code minBusiest} and which queues a task not bound to it (ties: the first after
     * {@code dst} in CPU order, wrapping).
     */
    private Task pullOne(Cpu dst, int minBusiest) {
        Cpu busiest = null;
        int min = Math.max(minBusiest, 2);
        int n = k.cpus.length;
        for (int level = topLevel; level >= min && busiest == null; level--) {
            long[] mask = byLevel[level];
            if (mask == null) {
                continue;
            }
            busiest = firstMovable(mask, dst.id + 1, n);
            if (busiest == null) {
                busiest = firstMovable(mask, 0, dst.id);
            }
            if (busiest == null && level == topLevel && isEmpty(mask)) {
                topLevel--;
            }
        }
        if (busiest == null) {
            return null;
        }
        Task pick = busiest.fifo.peek();
        if (pick != null && pick.pinned) {
            pick = null;
            for (int i = 0; i < busiest.fifo.size(); i++) {
                Task t = busiest.fifo.get(i);
                if (!t.pinned) {
                    pick = t;
                    break;
                }
            }
        }
        if (pick == null) {
            int best = -1;
            boolean anyPinned = k.anyPinned; // else the wait times (one array) decide alone
            for (int i = 0; i < busiest.fair.size(); i++) {
                if ((!anyPinned || !busiest.fair.get(i).pinned)
                        && (best < 0 || busiest.fair.waitSinceNs(i) < busiest.fair.waitSinceNs(best))) {
                    best = i;
                }
            }
            if (best >= 0) {
                pick = busiest.fair.get(best);
            }
        }
        if (pick == null) {
            return null; // only bound tasks wait there (can_migrate_task fails for each)
        }
        k.sched.migrateQueued(busiest, dst, pick);
        return pick;
    }
}
