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
 * pulled from, so a task waiting for its own CPU's wake-up IPI is left alone.
 */
final class Balancer {
    static final int BUSY_BALANCE_TICKS = 4;

    private final Kernel k;
    private final long[] idleMask;
    /** CPUs running a task with at least one more queued: the only ones worth pulling from. */
    private final long[] pullableMask;
    /** nr_running per CPU as of its last {@link #refreshIdle}: the busiest-CPU scan reads one array. */
    private final int[] nrRunning;

    Balancer(Kernel kernel) {
        this.k = kernel;
        int n = kernel.cpus.length;
        this.idleMask = new long[(n + 63) >>> 6];
        this.pullableMask = new long[(n + 63) >>> 6];
        this.nrRunning = new int[n];
        for (int i = 0; i < n; i++) {
            idleMask[i >>> 6] |= 1L << i;
        }
    }

    /** Call after every change of what a CPU runs or queues. */
    void refreshIdle(Cpu c) {
        nrRunning[c.id] = c.nrRunning();
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
        if (idle(prev)) {
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
                k.irq.reschedCurr(c, false);
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
                    int n = nrRunning[id];
                    if (n > most) {
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
        if (pick == null) {
            int best = 0;
            for (int i = 1; i < busiest.fair.size(); i++) {
                if (busiest.fair.waitSinceNs(i) < busiest.fair.waitSinceNs(best)) {
                    best = i;
                }
            }
            pick = busiest.fair.get(best);
        }
        k.sched.dequeueQueued(busiest, pick);
        long relDeadline = pick.deadline - pick.vruntime;
        k.sched.enqueue(dst, pick, false);
        if (pick.schedClass == SchedClass.FAIR) {
            dst.fair.setDeadline(pick, pick.vruntime + relDeadline); // PLACE_REL_DEADLINE on migration
        }
        return pick;
    }
}
