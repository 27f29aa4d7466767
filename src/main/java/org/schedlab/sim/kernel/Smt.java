package org.schedlab.sim.kernel;

/**
 * Simultaneous multithreading: two vCPUs that are hyperthreads of one physical core share its
 * execution resources. A hyperthread whose sibling executes instructions runs at the calibrated
 * rate (program costs are what a loaded vCPU takes, with its sibling busy too); one whose sibling
 * is idle, or spinning in a loop of {@code PAUSE} (which, since Skylake, holds a thread for ~140
 * cycles precisely so that the sibling gets the core), runs {@code soloSpeedup} times faster.
 * A stolen vCPU counts as busy: the host runs something on that hyperthread.
 *
 * <p>Only the progress of compute steps (user, kernel, fault) scales; context switches and
 * spin-loop iterations are not scaled separately (their cost is a small share of a run). The
 * scheduler does not know the topology (no select_idle_core()), as in a guest whose vCPU pairs
 * the host does not expose as siblings.
 */
public final class Smt {
    private Smt() {
    }

    /**
     * Pairs vCPU {@code i} with {@code i + cpus/2}, as Linux numbers an AWS m5 guest's threads
     * (cores first, then their second threads); an odd last vCPU stays alone.
     *
     * @param soloSpeedup how much faster a hyperthread runs with an idle or spinning sibling
     *                    than with a busy one: 2 / (core throughput with both threads busy,
     *                    relative to one thread alone)
     */
    public static void pairSiblings(Kernel k, double soloSpeedup) {
        if (!(soloSpeedup >= 1.0 && soloSpeedup <= 2.0)) {
            throw new IllegalArgumentException("SMT solo speed-up must be in [1, 2], was " + soloSpeedup);
        }
        long solo = speedNum(soloSpeedup);
        int half = k.cpus.length / 2;
        for (int i = 0; i < half; i++) {
            Cpu a = k.cpus[i];
            Cpu b = k.cpus[i + half];
            a.sibling = b;
            b.sibling = a;
            a.smtBusy = busy(a);
            b.smtBusy = busy(b);
            a.speedNum = b.smtBusy ? ONE : solo;
            b.speedNum = a.smtBusy ? ONE : solo;
        }
        k.smtSoloNum = solo;
    }

    /** Whether {@code c} competes with its sibling for the core right now. */
    static boolean busy(Cpu c) {
        if (c.stolen) {
            return true;
        }
        if (c.phase == Cpu.IDLE) {
            return false;
        }
        return c.phase == Cpu.SWITCH || c.curr.stepKind != Step.SPIN;
    }

    /**
     * Speeds are rationals {@code num / ONE}: progress is counted in 1/ONE ns with the remainder
     * carried by the task ({@link Task#smtCarry}), so it does not depend on where accounting
     * splits a stretch of running - a tick, an interrupt or the recording's close may account
     * a CPU at any instant, and the run must come out the same (floating point rounding per
     * piece did not).
     */
    static final long ONE = 1L << 16;
    /** Steps this long (about 9.7 hours of work) or longer are unbounded: not scaled. */
    private static final long UNBOUNDED_NS = Long.MAX_VALUE / 4 / ONE;

    /** {@code speed} as the numerator over {@link #ONE}. */
    static long speedNum(double speed) {
        return Math.round(speed * ONE);
    }

    /**
     * Wall time to make {@code work} ns of progress at {@code num}/ONE with {@code carry}/ONE ns
     * already made: the least {@code w} with {@code w * num + carry >= work * ONE}.
     */
    static long wallFor(long work, long num, long carry) {
        if (num == ONE || work <= 0 || work >= UNBOUNDED_NS) {
            return work;
        }
        long need = work * ONE - carry;
        return need <= 0 ? 0 : (need + num - 1) / num;
    }
}
