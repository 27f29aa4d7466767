package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** rseq time-slice extension (KERNEL-FACTS section 3), with a FIFO waker B as the pressure. */
class RseqSliceExtensionTest {

    /** A runs {@code criticalSection} between rseqBegin/rseqEnd, then 200 us outside; B wakes every ~1 ms. */
    private static Harness run(long extNs, Consumer<TaskContext> criticalSection) {
        Harness h = harness(1, PreemptionModel.FULL, extNs);
        Site s = h.kernel.site("a");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> {
            c.rseqBegin();
            criticalSection.accept(c);
        }, c -> {
            c.rseqEnd();
            c.user(200 * US, s);
        }));
        sleepingB(h, s);
        h.runUntil(300 * MS);
        return h;
    }

    /** {@code cpus} CPUs under {@code model} at HZ 250, extensions of {@code extNs}, for 300 ms. */
    private static Harness harness(int cpus, PreemptionModel model, long extNs) {
        return new Harness(MachineConfig.defaults(cpus, model).withHz(250).withRseqSliceExtNs(extNs), 300 * MS);
    }

    /** B: a FIFO task that sleeps ~0.9-1.05 ms and runs 5 us, whose wake-ups ask A's CPU to reschedule. */
    private static void sleepingB(Harness h, Site s) {
        h.spawn(TaskSpec.fifo(2, 2, "B", 10), loop(c -> c.sleep(900 * US + c.random().nextLong(150 * US), s), c -> c.user(5 * US, s)));
    }

    private static Histogram b(Harness h) {
        SimStats st = h.kernel.stats();
        return st.groupRunqlat(st.groups().indexOf("B"));
    }

    @Test
    void withoutTheFeatureUserCodeIsPreemptedAtOnce() {
        Harness h = run(0, c -> c.user(20 * US, c.kernel().site("cs")));
        assertEquals(0, h.kernel.stats().rseqGrants());
        assertTrue(b(h).getMaxValue() <= 3 * US, "max " + b(h).getMaxValue());
    }

    @Test
    void grantLetsTheCriticalSectionFinishThenTheTaskYields() {
        Harness h = run(50 * US, c -> c.user(20 * US, c.kernel().site("cs")));
        assertTrue(h.kernel.stats().rseqGrants() > 10, "grants " + h.kernel.stats().rseqGrants());
        assertTrue(b(h).getMaxValue() <= 20 * US + 3 * US, "B waits at most the section: " + b(h).getMaxValue());
        assertTrue(b(h).getMaxValue() > 10 * US, "and does wait for it: " + b(h).getMaxValue());
        assertTrue(PreemptionRulesTest.countMarks(h.finish(), "rseq slice yield") > 10);
    }

    @Test
    void timerEnforcesTheExtensionLimit() {
        Harness h = run(10 * US, c -> c.user(150 * US, c.kernel().site("cs")));
        assertTrue(h.kernel.stats().rseqGrants() > 10);
        assertTrue(b(h).getMaxValue() <= 10 * US + 3 * US, "no longer than the extension: " + b(h).getMaxValue());
        assertTrue(b(h).getMean() > 5 * US);
    }

    @Test
    void anySyscallRevokesTheGrant() {
        KernelCode sys = KernelCode.preemptible(new Sites().site("sys"));
        // the same 60 us of user work inside the section, without and with a syscall in its middle
        Harness h = run(50 * US, c -> c.user(60 * US, c.kernel().site("cs")));
        Harness revoked = runWithSyscall(50 * US, sys);
        assertTrue(b(revoked).getMaxValue() < b(h).getMaxValue(), "revoked " + b(revoked).getMaxValue() + " vs "
                + b(h).getMaxValue());
        assertTrue(b(revoked).getMaxValue() <= 31 * US + 3 * US);
    }

    private static Harness runWithSyscall(long extNs, KernelCode sys) {
        Harness h = harness(1, PreemptionModel.FULL, extNs);
        Site s = h.kernel.site("a");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> {
            c.rseqBegin();
            c.user(30 * US, s);
        }, c -> c.syscall(1 * US, sys), c -> c.user(30 * US, s), c -> {
            c.rseqEnd();
            c.user(200 * US, s);
        }));
        sleepingB(h, s);
        h.runUntil(300 * MS);
        return h;
    }

    @Test
    void inKernelPreemptionIsNotExtended() {
        // a page fault inside the critical section: the IRQ returns to kernel code, where a
        // grant does not apply, so full preempts A in the fault at once
        Harness h = run(50 * US, c -> c.fault(100 * US, 0, c.kernel().site("fault")));
        assertTrue(b(h).getMaxValue() <= 3 * US, "max " + b(h).getMaxValue());
        assertEquals(0, h.kernel.stats().rseqGrants());
    }

    @Test
    void grantedAtTheReturnFromAPageFaultToo() {
        // exceptions enter the kernel like interrupts (irqentry_enter_from_user_mode notes
        // user_irq), so a request raised during a non-preemptible fault is extended at the
        // fault's return to user; nothing in the 1 us of user code after it is long enough for an
        // interrupt's own grant
        Harness h = harness(1, PreemptionModel.FULL, 50 * US);
        Site s = h.kernel.site("a");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> {
            c.rseqBegin();
            c.fault(0, 30 * US, s);
        }, c -> c.user(1 * US, s), c -> {
            c.rseqEnd();
            c.user(200 * US, s);
        }));
        sleepingB(h, s);
        h.runUntil(300 * MS);
        assertTrue(h.kernel.stats().rseqGrants() > 10, "grants " + h.kernel.stats().rseqGrants());
        assertTrue(PreemptionRulesTest.countMarks(h.finish(), "rseq slice yield") > 10);
    }

    @Test
    void aLaterRequestEndsTheExtension() {
        // the grant clears the resched flags; a second request (C's FIFO wake-up, 20 us after
        // B's) interrupts A again, and that return to user revokes the grant and schedules
        Harness h = harness(2, PreemptionModel.FULL, 50 * US);
        Site s = h.kernel.site("a");
        h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "A").onCpu(0), loop(c -> {
            c.rseqBegin();
            c.user(100 * US, s);
        }, c -> {
            c.rseqEnd();
            c.user(20 * US, s);
        }));
        Task b = h.kernel.createPinnedTask(TaskSpec.fifo(2, 2, "B", 10).onCpu(0), loop(c -> c.block(s), c -> c.user(5 * US, s)));
        Task cc = h.kernel.createPinnedTask(TaskSpec.fifo(3, 3, "C", 10).onCpu(0), loop(c -> c.block(s), c -> c.user(5 * US, s)));
        h.kernel.createPinnedTask(TaskSpec.fair(4, 4, "W").onCpu(1), loop(c -> c.user(1000 * US, s), c -> {
            c.wake(b);
            c.user(20 * US, s);
        }, c -> {
            c.wake(cc);
            c.user(1 * US, s);
        }));
        h.runUntil(300 * MS);
        assertTrue(h.kernel.stats().rseqGrants() > 10, "grants " + h.kernel.stats().rseqGrants());
        assertTrue(b(h).getMaxValue() <= 30 * US, "B waits until C's request, not the timer: " + b(h).getMaxValue());
    }

    @Test
    void aSyscallInTheExtensionSchedulesAtItsEntryUnderNone() {
        // rseq_syscall_enter_work(): NEED_RESCHED and cond_resched() before the syscall's body,
        // so under none the 20 us syscall is not run first
        Harness h = harness(1, PreemptionModel.NONE, 50 * US);
        Site s = h.kernel.site("a");
        KernelCode sys = KernelCode.preemptible(h.kernel.site("sys"));
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> {
            c.rseqBegin();
            c.user(30 * US, s);
        }, c -> c.syscall(20 * US, sys), c -> c.user(30 * US, s), c -> {
            c.rseqEnd();
            c.user(200 * US, s);
        }));
        sleepingB(h, s);
        h.runUntil(300 * MS);
        assertTrue(h.kernel.stats().rseqGrants() > 10, "grants " + h.kernel.stats().rseqGrants());
        assertTrue(b(h).getMaxValue() <= 30 * US + 3 * US, "max " + b(h).getMaxValue());
    }

    @Test
    void aSwitchInsideTheSectionDropsItsRequest() {
        // every section is preempted inside its 1.2 ms preemptible fault (B wakes at least every
        // ~1.06 ms); the exit to user after that switch clears slice_ctrl, so the user part that
        // follows is never extended
        Harness h = harness(1, PreemptionModel.FULL, 50 * US);
        Site s = h.kernel.site("a");
        h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> {
            c.rseqBegin();
            c.fault(1200 * US, 0, s);
        }, c -> c.user(300 * US, s), c -> {
            c.rseqEnd();
            c.user(200 * US, s);
        }));
        sleepingB(h, s);
        h.runUntil(300 * MS);
        assertTrue(PreemptionRulesTest.countMarks(h.finish(), "irq exit to kernel") > 50);
        assertEquals(0, h.kernel.stats().rseqGrants());
    }

    @Test
    void aWakeUpInTheExtensionComesWhenTheTaskRunsAgain() {
        // A's extended section ends in a futex release: FUTEX_WAKE of B. rseq_syscall_enter_work()
        // schedules at that syscall's entry, so W (whose wake-up A's extension held off) runs
        // first and B is only woken when A runs again and executes the syscall's body
        for (PreemptionModel m : PreemptionModel.values()) {
            Harness h = harness(2, m, 200 * US);
            Site s = h.kernel.site("a");
            KernelCode futexWake = KernelCode.preemptible(h.kernel.site("futex_wake"));
            int[] wRuns = new int[2]; // runs of W, and those that ended with B already woken
            Task b = h.kernel.createPinnedTask(TaskSpec.fifo(2, 2, "B", 5).onCpu(0),
                    loop(c -> c.block(s), c -> c.user(5 * US, s)));
            Task w = h.kernel.createPinnedTask(TaskSpec.fifo(3, 3, "W", 10).onCpu(0), loop(c -> c.block(s),
                    c -> c.user(50 * US, s), c -> {
                        wRuns[0]++;
                        if (b.state() != TaskRunState.BLOCKED) {
                            wRuns[1]++;
                        }
                        c.user(1 * US, s);
                    }));
            // D, on the other CPU, wakes W 20 us into each of A's sections
            Task d = h.kernel.createPinnedTask(TaskSpec.fair(4, 4, "D").onCpu(1), loop(c -> c.block(s),
                    c -> c.user(20 * US, s), c -> {
                        c.wake(w);
                        c.user(1 * US, s);
                    }));
            h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "A").onCpu(0), loop(c -> {
                c.wake(d);
                c.user(1 * US, s);
            }, c -> {
                c.rseqBegin();
                c.user(100 * US, s);
            }, c -> {
                c.wake(b);
                c.syscall(1 * US, futexWake);
                c.rseqEnd();
            }, c -> c.user(300 * US, s)));
            h.runUntil(300 * MS);
            assertTrue(h.kernel.stats().rseqGrants() > 100, m + ": grants " + h.kernel.stats().rseqGrants());
            assertTrue(wRuns[0] > 100, m + ": W ran " + wRuns[0]);
            assertEquals(0, wRuns[1], m + ": B woken before W ran, in " + wRuns[1] + " of " + wRuns[0]);
            assertTrue(b(h).getMaxValue() < 50 * US, m + ": B waited behind W: " + b(h).getMaxValue());
        }
    }

    @Test
    void aHeldWakeUpRunsAtOnceWhenThePickKeepsTheTask() {
        // W, which A's extension held off, is pulled to the other CPU by its newidle balance
        // (D blocks 5 us after waking it); at A's release nothing else is left to run, so the
        // schedule at the syscall's entry keeps A and the syscall's body wakes B right there
        for (PreemptionModel m : PreemptionModel.values()) {
            Harness h = harness(2, m, 200 * US);
            Site s = h.kernel.site("a");
            KernelCode futexWake = KernelCode.preemptible(h.kernel.site("futex_wake"));
            // the last release, releases, B's runs, the longest time from a release to B's run
            long[] release = new long[4];
            Task b = h.kernel.createPinnedTask(TaskSpec.fifo(2, 2, "B", 5).onCpu(0), loop(c -> c.block(s), c -> {
                release[2]++;
                release[3] = Math.max(release[3], c.nowNs() - release[0]);
                c.user(5 * US, s);
            }));
            Task w = h.spawn(TaskSpec.fifo(3, 3, "W", 10), loop(c -> c.block(s), c -> c.user(50 * US, s)));
            // D (FIFO above W, so W is placed on A's CPU) wakes W 20 us into each of A's sections
            Task d = h.kernel.createPinnedTask(TaskSpec.fifo(4, 4, "D", 20).onCpu(1), loop(c -> c.block(s),
                    c -> c.user(20 * US, s), c -> {
                        c.wake(w);
                        c.user(5 * US, s);
                    }));
            h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "A").onCpu(0), loop(c -> {
                c.wake(d);
                c.user(1 * US, s);
            }, c -> {
                c.rseqBegin();
                c.user(100 * US, s);
            }, c -> {
                release[0] = c.nowNs();
                release[1]++;
                c.wake(b);
                c.syscall(1 * US, futexWake);
                c.rseqEnd();
            }, c -> c.user(300 * US, s)));
            h.runUntil(300 * MS);
            SimStats st = h.kernel.stats();
            assertTrue(st.rseqGrants() > 100, m + ": grants " + st.rseqGrants());
            assertTrue(release[1] > 100, m + ": releases " + release[1]);
            assertEquals(release[1], release[2], m + ": B runs once per release");
            assertTrue(release[3] < 10 * US, m + ": B ran " + release[3] + " ns after a release");
        }
    }
}
