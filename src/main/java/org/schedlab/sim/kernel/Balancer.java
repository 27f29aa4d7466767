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
 * waited longest (FIFO tasks first). Only CPUs running a task and holding a queued one are
 * pulled from, so a task waiting for its own CPU's wake-up IPI is left alone. A task bound to its
 * CPU ({@link Kernel#createPinnedTask}, a per-CPU kworker) is placed on that CPU and never pulled;
 * a CPU whose queued tasks are all bound is not a source.
 */
final class Balancer {
    static final int BUSY_BALANCE_TICKS = 4;

    private final Kernel k;
    private final long[] idleMask;
    /** CPUs running a task with at least one more queued: the only ones worth pulling from. */
    private final long[] pullableMask;

    Balancer(Kernel kernel) {
        this.k = kernel;
        int n = kernel.cpus.length;
        this.idleMask = new long[(n + 63) >>> 6];
        this.pullableMask = new long[(n + 63) >>> 6];
        for (int i = 0; i < n; i++) {
            idleMask[i >>> 6] |= 1L << i;
        }
    }

    void refreshIdle(Cpu c) {
        if (c.idleForPlacement()) {
            idleMask[c.id >>> 6] |= 1L << c.id;
        } else {
            idleMask[c.id >>> 6] &= ~(1L << c.id);
        }
        if (c.curr != null && c.queued() > 0) {
            pullableMask[c.id >>> 6] |= 1L << c.id;
        } else {
            pullableMask[c.id >>> 6] &= ~(1L << c.id);
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
        int w = fromInclusive >>> 6;
        long word = idleMask[w] & (-1L << (fromInclusive & 63));
        while (true) {
            if (word != 0) {
                int cpu = (w << 6) + Long.numberOfTrailingZeros(word);
                return cpu < toExclusive ? cpu : -1;
            }
            w++;
            if ((w << 6) >= toExclusive || w >= idleMask.length) {
                return -1;
            }
            word = idleMask[w];
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

    void onTick(Cpu c) {
        if (k.queuedTasks == 0) {
            return;
        }
        if (c.phase == Cpu.IDLE) {
            if (pullOne(c, 1) != null) {
                k.irq.reschedCurr(c, false, org.schedlab.model.ReschedCause.IDLE_PULL);
            }
        } else if (c.ticks % BUSY_BALANCE_TICKS == 0) {
            pullOne(c, c.nrRunning() + 2);
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
    private static boolean hasMovable(Cpu c) {
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

    /** Pulls the longest-waiting task from the busiest CPU whose nr_running >= {@code minBusiest}. */
    private Task pullOne(Cpu dst, int minBusiest) {
        Cpu busiest = null;
        int most = Math.max(minBusiest, 2) - 1;
        Cpu[] cpus = k.cpus;
        // pullable CPUs in scan order dst+1 .. n-1, 0 .. dst-1 (ties go to the first found)
        for (int pass = 0; pass < 2; pass++) {
            int from = pass == 0 ? dst.id + 1 : 0;
            int to = pass == 0 ? cpus.length : dst.id;
            for (int w = from >>> 6; w < pullableMask.length && (w << 6) < to; w++) {
                long word = pullableMask[w];
                if (w == (from >>> 6)) {
                    word &= -1L << (from & 63);
                }
                while (word != 0) {
                    int id = (w << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    if (id >= to) {
                        break;
                    }
                    int n = cpus[id].nrRunning();
                    if (n > most && hasMovable(cpus[id])) {
                        busiest = cpus[id];
                        most = n;
                    }
                }
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
            for (int i = 0; i < busiest.fair.size(); i++) {
                Task t = busiest.fair.get(i);
                if (!t.pinned && (pick == null || t.waitSinceNs < pick.waitSinceNs)) {
                    pick = t;
                }
            }
        }
        if (pick == null) {
            return null; // only bound tasks wait there (can_migrate_task fails for each)
        }
        k.sched.dequeueQueued(busiest, pick);
        long relDeadline = pick.deadline - pick.vruntime;
        k.sched.enqueue(dst, pick, false);
        if (pick.schedClass == SchedClass.FAIR) {
            pick.deadline = pick.vruntime + relDeadline; // PLACE_REL_DEADLINE on migration
        }
        return pick;
    }
}
