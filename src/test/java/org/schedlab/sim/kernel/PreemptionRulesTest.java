package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;

/** The preemption rules of KERNEL-FACTS section 1, one behaviour per test. */
class PreemptionRulesTest {

    private static MachineConfig oneCpu(PreemptionModel m) {
        return MachineConfig.defaults(1, m).withHz(250);
    }

    /** A in an endless preemptible syscall; B (fair or FIFO) sleeps 2.5 ms and works 10 us. */
    private static Harness sectionAndSleeper(MachineConfig cfg, boolean bFifo, long condReschedNs) {
        Harness h = new Harness(cfg, 400 * MS);
        Site s = h.kernel.site("section");
        KernelCode code = KernelCode.preemptible(s).withCondReschedEvery(condReschedNs);
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.syscall(1000 * MS, code), c -> c.user(10 * US, s)));
        TaskSpec b = bFifo ? TaskSpec.fifo(2, 2, "B", 10) : TaskSpec.fair(2, 2, "B");
        h.spawn(b, loop(c -> c.sleep(2500 * US, s), c -> c.user(10 * US, s)));
        h.runUntil(400 * MS);
        return h;
    }

    private static Histogram latencyOfB(Harness h) {
        SimStats st = h.kernel.stats();
        return st.groupRunqlat(st.groups().indexOf("B"));
    }

    @Test
    void lazyPreemptsKernelSectionAtNextTick() {
        Harness lazy = sectionAndSleeper(oneCpu(PreemptionModel.LAZY), false, 0);
        Histogram b = latencyOfB(lazy);
        assertTrue(b.getTotalCount() > 50, "B ran " + b.getTotalCount() + " times");
        long tick = 4 * MS;
        // the request is made at the wake-up (or at the tick ending A's protected slice) and
        // upgraded at the tick after it
        assertTrue(b.getMaxValue() <= 2 * tick + 20 * US, "lazy waits at most two ticks: " + b.getMaxValue());
        assertTrue(b.getMean() > 300 * US, "lazy does wait for the tick: mean " + b.getMean());
        // the preemptions of A happened at tick instants (multiples of 4 ms)
        Dataset d = lazy.finish();
        Marks m = d.marks();
        int inKernel = 0;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.PREEMPTION && m.note(i).startsWith("irq exit to kernel")) {
                inKernel++;
                assertEquals(0, m.tNs(i) % tick, "in-kernel preemption off the tick at " + m.tNs(i));
            }
        }
        assertTrue(inKernel > 50, "A was preempted in the kernel " + inKernel + " times");
    }

    @Test
    void fullPreemptsKernelSectionAtTheWakeupInterrupt() {
        Harness full = sectionAndSleeper(oneCpu(PreemptionModel.FULL), false, 0);
        Histogram b = latencyOfB(full);
        assertTrue(b.getTotalCount() > 50);
        assertTrue(b.getMean() < 50 * US, "full switches at the wake-up interrupt: mean " + b.getMean());
    }

    @Test
    void noneWaitsForTheReturnToUser() {
        Harness none = sectionAndSleeper(oneCpu(PreemptionModel.NONE), true, 0);
        Histogram b = latencyOfB(none);
        // A's syscall lasts a second: B ran at most at the start and after A's sections end
        assertTrue(b.getTotalCount() < 5, "B ran " + b.getTotalCount() + " times");
        assertEquals(0, none.kernel.stats().inKernel());
    }

    @Test
    void fifoWakeupAlwaysSetsNeedResched() {
        for (PreemptionModel m : new PreemptionModel[] {PreemptionModel.FULL, PreemptionModel.LAZY}) {
            Harness h = sectionAndSleeper(oneCpu(m), true, 0);
            Histogram b = latencyOfB(h);
            assertTrue(b.getTotalCount() > 100);
            assertTrue(b.getMaxValue() <= 10 * US, m + ": FIFO B waits " + b.getMaxValue() + " ns at most");
        }
    }

    @Test
    void condReschedHonouredUnderNoneAndVoluntary() {
        for (PreemptionModel m : new PreemptionModel[] {PreemptionModel.NONE, PreemptionModel.VOLUNTARY}) {
            Harness h = sectionAndSleeper(oneCpu(m), true, 1 * MS);
            Histogram b = latencyOfB(h);
            assertTrue(b.getTotalCount() > 100);
            assertTrue(b.getMaxValue() <= 1 * MS + 10 * US, m + ": max " + b.getMaxValue());
            assertTrue(countMarks(h.finish(), "cond_resched") > 50);
        }
    }

    @Test
    void condReschedIgnoredUnderFull() {
        Harness h = sectionAndSleeper(oneCpu(PreemptionModel.FULL), true, 1 * MS);
        Dataset d = h.finish();
        assertEquals(0, countMarks(d, "cond_resched"));
        assertTrue(countMarks(d, "irq exit to kernel") > 50);
    }

    @Test
    void mightReschedHonouredUnderVoluntaryOnly() {
        for (PreemptionModel m : PreemptionModel.values()) {
            Harness h = new Harness(oneCpu(m), 200 * MS);
            Site s = h.kernel.site("section");
            KernelCode code = KernelCode.atomic(s);
            KernelCode might = KernelCode.preemptible(s).withMightReschedEvery(500 * US);
            // atomic sections stop full/lazy from preempting: only might_resched points remain
            h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.syscall(1000 * MS, might)));
            h.spawn(TaskSpec.fifo(2, 2, "B", 10), loop(c -> c.sleep(2500 * US, s), c -> c.user(10 * US, s)));
            h.runUntil(200 * MS);
            int marks = countMarks(h.finish(), "cond_resched");
            if (m == PreemptionModel.VOLUNTARY) {
                assertTrue(marks > 20, "voluntary honours might_resched: " + marks);
            } else {
                assertEquals(0, marks, m + " ignores might_resched");
            }
            assertTrue(code.atomic());
        }
    }

    @Test
    void atomicKernelCodeIsNotPreemptedUntilPreemptEnable() {
        Harness h = new Harness(oneCpu(PreemptionModel.FULL), 100 * MS);
        Site s = h.kernel.site("spinlocked");
        KernelCode atomic = KernelCode.atomic(s);
        KernelCode after = KernelCode.preemptible(s);
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.syscall(3 * MS, atomic), c -> c.kernel(5 * MS, after),
                c -> c.user(10 * US, s)));
        h.spawn(TaskSpec.fifo(2, 2, "B", 10), loop(c -> c.sleep(2100 * US, s), c -> c.user(10 * US, s)));
        h.runUntil(100 * MS);
        Histogram b = latencyOfB(h);
        assertTrue(b.getMaxValue() <= 3 * MS + 10 * US, "never longer than the atomic part: " + b.getMaxValue());
        assertTrue(countMarks(h.finish(), "preempt_enable") > 3, "preempted right at preempt_enable");
    }

    @Test
    void remoteLazyRequestSendsNoIpi() {
        for (PreemptionModel m : new PreemptionModel[] {PreemptionModel.LAZY, PreemptionModel.FULL}) {
            Harness h = new Harness(MachineConfig.defaults(2, m), 10 * MS);
            Site s = h.kernel.site("user");
            h.spawn(TaskSpec.fair(1, 1, "A").onCpu(0), loop(c -> c.user(100 * MS, s)));
            h.spawn(TaskSpec.fair(2, 2, "C").onCpu(1), loop(c -> c.user(100 * MS, s)));
            h.runUntil(1 * MS);
            Cpu cpu1 = h.kernel.cpu(1);
            long ipis = h.kernel.stats().ipis();
            h.kernel.currentCpu = 0;
            h.kernel.irq.reschedCurr(cpu1, true);
            h.kernel.currentCpu = -1;
            if (m == PreemptionModel.LAZY) {
                assertTrue(cpu1.lazy);
                assertFalse(cpu1.nr);
                assertEquals(ipis, h.kernel.stats().ipis(), "a remote LAZY sends no IPI");
            } else {
                assertTrue(cpu1.nr);
                assertEquals(ipis + 1, h.kernel.stats().ipis(), "a remote NR sends an IPI");
            }
        }
    }

    @Test
    void idleCpuGetsNeedReschedEvenForLazyRequests() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.LAZY), 10 * MS);
        Site s = h.kernel.site("user");
        h.spawn(TaskSpec.fair(1, 1, "A").onCpu(0), loop(c -> c.user(100 * MS, s)));
        h.runUntil(1 * MS);
        Cpu idle = h.kernel.cpu(1);
        assertTrue(idle.curr == null);
        h.kernel.currentCpu = 0;
        h.kernel.irq.reschedCurr(idle, true);
        assertTrue(idle.nr);
        assertFalse(idle.lazy);
    }

    @Test
    void lazyTickUpgradesPendingLazyToNeedResched() {
        Harness h = new Harness(oneCpu(PreemptionModel.LAZY), 10 * MS);
        Site s = h.kernel.site("k");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.syscall(100 * MS, KernelCode.preemptible(s))));
        h.runUntil(1 * MS);
        Cpu c = h.kernel.cpu(0);
        h.kernel.currentCpu = 0;
        h.kernel.irq.reschedCurr(c, true);
        h.kernel.currentCpu = -1;
        assertTrue(c.lazy && !c.nr);
        // only A is runnable: the tick upgrades the flag, schedule() keeps A and clears both
        h.runUntil(4 * MS + 1);
        assertFalse(c.lazy || c.nr);
        assertEquals(0, h.kernel.stats().involuntary(), "nobody else to run: no switch");
    }

    @Test
    void userModeTasksArePreemptedAtInterruptReturnInEveryModel() {
        for (PreemptionModel m : PreemptionModel.values()) {
            Harness h = new Harness(oneCpu(m), 200 * MS);
            Site s = h.kernel.site("user");
            h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.user(1000 * MS, s)));
            h.spawn(TaskSpec.fifo(2, 2, "B", 10), loop(c -> c.sleep(2500 * US, s), c -> c.user(10 * US, s)));
            h.runUntil(200 * MS);
            assertTrue(latencyOfB(h).getMaxValue() <= 10 * US, m + ": " + latencyOfB(h).getMaxValue());
        }
    }

    static int countMarks(Dataset d, String notePrefix) {
        int n = 0;
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.PREEMPTION && m.note(i).startsWith(notePrefix)) {
                n++;
            }
        }
        return n;
    }
}
