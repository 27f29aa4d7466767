package org.schedlab.sim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.sync.LockTestRig.MS;
import static org.schedlab.sim.sync.LockTestRig.US;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.SpinDelay;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskRunState;

class FutexMutexTest {
    /** Takes the mutex once after startNs, holds it holdNs, releases (FUTEX_WAKE if contended), exits. */
    static final class FutexUser implements Program {
        private final FutexMutex m;
        private final Site site;
        private final long startNs;
        private final long holdNs;
        private int state;
        Task self;
        long acquiredAtNs = -1;
        int blocks;

        FutexUser(FutexMutex m, Site site, long startNs, long holdNs) {
            this.m = m;
            this.site = site;
            this.startNs = startNs;
            this.holdNs = holdNs;
        }

        @Override
        public void step(TaskContext ctx) {
            switch (state) {
                case 0:
                    state = 1;
                    ctx.user(startNs, site);
                    return;
                case 1:
                    if (m.tryAcquire(self)) {
                        hold(ctx);
                    } else {
                        outcome(ctx, m.beginWait(self));
                    }
                    return;
                case 2:
                    outcome(ctx, m.afterSpin(self));
                    return;
                case 3:
                    outcome(ctx, m.afterWake(self));
                    return;
                case 4:
                    state = 5;
                    if (m.release(self, ctx)) {
                        ctx.syscall(1 * US, org.schedlab.sim.kernel.KernelCode.preemptible(site));
                    } else {
                        ctx.user(1, site);
                    }
                    return;
                default:
                    ctx.exit();
            }
        }

        private void outcome(TaskContext ctx, FutexMutex.Outcome o) {
            switch (o) {
                case ACQUIRED:
                    hold(ctx);
                    return;
                case SPIN:
                    state = 2;
                    ctx.spin(m, m.spinBudgetNs(), site, false);
                    return;
                default:
                    blocks++;
                    state = 3;
                    ctx.block(site);
            }
        }

        private void hold(TaskContext ctx) {
            acquiredAtNs = ctx.nowNs();
            state = 4;
            ctx.user(holdNs, site);
        }
    }

    private static FutexUser user(LockTestRig rig, FutexMutex m, int cpu, long start, long hold) {
        FutexUser u = new FutexUser(m, rig.kernel.site("futex (test)"), start, hold);
        u.self = rig.spawn(cpu, u);
        return u;
    }

    @Test
    void releaseWakesExactlyOneBlockedWaiterThroughTheKernel() {
        LockTestRig rig = new LockTestRig(4, SpinDelay.ISB, 50);
        FutexMutex m = new FutexMutex(rig.kernel, "futex_lock", 0, SpinDelay.ISB, 50);
        FutexUser holder = user(rig, m, 0, 1, 5 * MS);
        FutexUser first = user(rig, m, 1, 100 * US, 100 * US);
        FutexUser second = user(rig, m, 2, 200 * US, 100 * US);
        rig.runUntil(4 * MS);
        assertEquals(TaskRunState.BLOCKED, first.self.state(), "FUTEX_WAIT sleeps in the kernel");
        assertEquals(TaskRunState.BLOCKED, second.self.state());
        long wakeupsBefore = rig.kernel.stats().wakeups();
        rig.runUntil(5 * MS + 50 * US);
        assertEquals(wakeupsBefore + 1, rig.kernel.stats().wakeups(), "FUTEX_WAKE(1) wakes one task");
        assertTrue(first.acquiredAtNs > holder.acquiredAtNs + 5 * MS, "the oldest waiter is woken first");
        assertTrue(first.acquiredAtNs < holder.acquiredAtNs + 5 * MS + 20 * US, "within the wake-up cost");
        assertEquals(TaskRunState.BLOCKED, second.self.state(), "the second still waits");
        rig.runUntil(20 * MS);
        assertTrue(second.acquiredAtNs > first.acquiredAtNs + 100 * US);
        assertEquals(3, m.stats().acquisitions());
        assertEquals(2, m.stats().contended());
        assertEquals(1, first.blocks);
    }

    @Test
    void adaptiveSpinnerTakesAShortHeldLockWithoutSleeping() {
        LockTestRig rig = new LockTestRig(2, SpinDelay.ISB, 50);
        FutexMutex m = new FutexMutex(rig.kernel, "futex_lock", 100, SpinDelay.ISB, 50);
        user(rig, m, 0, 1, 500);
        FutexUser spinner = user(rig, m, 1, 200, 100);
        rig.runUntil(1 * MS);
        assertTrue(spinner.acquiredAtNs > 0);
        assertEquals(0, spinner.blocks, "acquired during the spin, no FUTEX_WAIT");
    }
}
