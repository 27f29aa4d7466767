package org.schedlab.sim.workload.ycsb;

import java.util.random.RandomGenerator;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.mem.FaultCost;
import org.schedlab.sim.mem.FaultCostModel;
import org.schedlab.sim.sync.Rwsem;

/**
 * One mongod connection thread ("connN", thread per connection) serving one YCSB client.
 * Per operation: recv; the user work split into pieces with the operation's page faults in
 * between (each: {@code down_read(mmap_lock)}, the fault, {@code up_read}); for a read that
 * misses the cache a pread and the disk wait; with probability {@code unmapsPerOp} an unmap
 * ({@code down_write}, VMA detach, {@code downgrade_write}, zap and TLB flush, {@code up_read}),
 * or, for a share {@code growthFraction} of them, heap growth by mmap() ({@code down_write}, the
 * new VMA, {@code up_write}); send; then the wait for the client's next request.
 */
final class ConnProgram implements Program {
    /** What every connection thread shares. */
    record Shared(YcsbConfig cfg, Rwsem mmapLock, FaultCostModel faults, Site user, KernelCode recv,
                  KernelCode send, Site fault, Site faultSpin, Site unmapSpin, Site growthSpin, Site lockSleep,
                  KernelCode unmapWrite, KernelCode unmapZap, KernelCode growthWrite, KernelCode lockWake,
                  KernelCode pread, Site disk, Site clientGap, int readOp, int updateOp) {
    }

    private static final int WAIT_REQUEST = 0;
    private static final int RECV = 1;
    private static final int WORK = 2;
    private static final int LOCK_SPUN = 3;
    private static final int LOCK_SLEPT = 4;
    private static final int FAULT_DONE = 5;
    private static final int DISK = 6;
    private static final int AFTER_DISK = 7;
    private static final int UNMAP_WRITE_DONE = 8;
    private static final int UNMAP_ZAP_DONE = 9;

    private final Shared sh;
    private int state = WAIT_REQUEST;
    private boolean firstRequest = true;
    /** When the current request arrived (the client's round trip ended), for its latency. */
    private long requestAtNs;
    private boolean read;
    private Task self;

    // the current operation
    private long pieceNs;
    private int piecesLeft;
    private int faultsLeft;
    private boolean diskRead;
    private boolean unmap;
    /** The write section is mmap() growth rather than munmap. */
    private boolean growth;
    /** The section waiting for mmap_lock: a fault (read) or an unmap (write). */
    private boolean wantWrite;

    ConnProgram(Shared sh) {
        this.sh = sh;
    }

    @Override
    public void step(TaskContext ctx) {
        if (self == null) {
            self = (Task) ctx;
        }
        switch (state) {
            case WAIT_REQUEST:
                waitForRequest(ctx);
                return;
            case RECV:
                planOperation(ctx.random());
                state = WORK;
                ctx.syscall(sh.cfg().recvNs(), sh.recv());
                return;
            case WORK:
                work(ctx);
                return;
            case LOCK_SPUN:
                locked(ctx, sh.mmapLock().afterSpin(self));
                return;
            case LOCK_SLEPT:
                locked(ctx, sh.mmapLock().afterWake(self));
                return;
            case FAULT_DONE:
                sh.mmapLock().upRead(self);
                faultsLeft--;
                state = WORK;
                if (!payLockExtra(ctx)) {
                    work(ctx);
                }
                return;
            case DISK:
                state = AFTER_DISK;
                ctx.ioWait(sh.cfg().diskNs(), sh.disk());
                return;
            case AFTER_DISK:
                diskRead = false;
                work(ctx);
                return;
            case UNMAP_WRITE_DONE:
                if (growth) {
                    // vm_mmap_pgoff(): do_mmap() under mmap_write_lock_killable(), then
                    // mmap_write_unlock() = up_write(): the lock goes free (owner word cleared),
                    // the front waiters are woken, nothing is held for read afterwards
                    sh.mmapLock().upWrite(self);
                    unmap = false;
                    growth = false;
                    state = WORK;
                    if (!payLockExtra(ctx)) {
                        work(ctx);
                    }
                    return;
                }
                // __vm_munmap(downgrade = true): __do_munmap() detaches the VMAs, then
                // mmap_write_downgrade() before unmap_region()'s zap and TLB flush
                sh.mmapLock().downgradeWrite(self);
                state = UNMAP_ZAP_DONE;
                ctx.kernel(expSample(ctx.random(), sh.cfg().unmapZapNs()) + sh.mmapLock().takeExtraNs(self)
                        + sh.mmapLock().releaseAtomicNs(), sh.unmapZap());
                return;
            case UNMAP_ZAP_DONE:
                sh.mmapLock().upRead(self);
                unmap = false;
                state = WORK;
                if (!payLockExtra(ctx)) {
                    work(ctx);
                }
                return;
            default:
                throw new IllegalStateException("connection program in unknown state " + state);
        }
    }

    private void waitForRequest(TaskContext ctx) {
        state = RECV;
        if (!firstRequest) {
            // the reply is sent: the operation took from its request's arrival to here
            ctx.operationDone(read ? sh.readOp() : sh.updateOp(), requestAtNs);
        }
        long gap = expSample(ctx.random(), sh.cfg().clientGapNs());
        if (firstRequest) {
            // clients start spread over one round trip, not in lockstep
            firstRequest = false;
            gap = ctx.random().nextLong(sh.cfg().clientGapNs() + 1);
        }
        requestAtNs = ctx.nowNs() + gap;
        ctx.sleep(gap, sh.clientGap());
    }

    /** Draws the operation: kind, user CPU, number of faults, cache miss, unmap. */
    private void planOperation(RandomGenerator rng) {
        YcsbConfig c = sh.cfg();
        read = rng.nextDouble() < c.readFraction();
        long cpu = Math.round((read ? c.readNs() : c.updateNs()) * (0.5 + rng.nextDouble()));
        faultsLeft = poisson(rng, c.faultsPerOp());
        piecesLeft = faultsLeft + 1;
        pieceNs = Math.max(1, cpu / piecesLeft);
        diskRead = read && rng.nextDouble() < c.cacheMissFraction();
        unmap = rng.nextDouble() < c.unmapsPerOp();
        // drawn only when some writers are growth, so the default's random stream is unchanged
        growth = unmap && c.growthFraction() > 0 && rng.nextDouble() < c.growthFraction();
    }

    /** The next piece of the operation: user work, a fault, the disk, the unmap, or the reply. */
    private void work(TaskContext ctx) {
        state = WORK;
        if (piecesLeft > faultsLeft) {
            piecesLeft--;
            ctx.user(pieceNs, sh.user());
            return;
        }
        if (faultsLeft > 0) {
            wantWrite = false;
            locked(ctx, sh.mmapLock().downRead(self));
            return;
        }
        if (diskRead) {
            state = DISK;
            ctx.syscall(sh.cfg().preadNs(), sh.pread());
            return;
        }
        if (unmap) {
            wantWrite = true;
            locked(ctx, sh.mmapLock().downWrite(self));
            return;
        }
        send(ctx);
    }

    /** Continues after a lock attempt: the section if acquired, else spin or sleep. */
    private void locked(TaskContext ctx, Rwsem.Outcome o) {
        switch (o) {
            case ACQUIRED:
                section(ctx);
                return;
            case SPIN:
                state = LOCK_SPUN;
                ctx.spin(sh.mmapLock().spinTarget(), sh.mmapLock().spinBudgetNs(),
                        !wantWrite ? sh.faultSpin() : growth ? sh.growthSpin() : sh.unmapSpin(), true);
                return;
            default:
                state = LOCK_SLEPT;
                ctx.blockUninterruptible(sh.lockSleep()); // rwsem_down_*_slowpath: TASK_UNINTERRUPTIBLE
        }
    }

    private void section(TaskContext ctx) {
        Rwsem lock = sh.mmapLock();
        // the section ends with the release's atomic on the lock's line
        long extra = lock.takeExtraNs(self) + lock.releaseAtomicNs();
        if (wantWrite) {
            state = UNMAP_WRITE_DONE;
            ctx.syscall(expSample(ctx.random(), sh.cfg().unmapWriteNs()) + extra,
                    growth ? sh.growthWrite() : sh.unmapWrite());
            return;
        }
        FaultCost c = sh.faults().sample(ctx.random());
        state = FAULT_DONE;
        ctx.fault(c.preemptibleNs() + extra, c.ptlNs(), sh.fault());
    }

    /** Wake-ups the release did are kernel work of this thread; true if that is the step. */
    private boolean payLockExtra(TaskContext ctx) {
        long extra = sh.mmapLock().takeExtraNs(self);
        if (extra <= 0) {
            return false;
        }
        ctx.kernel(extra, sh.lockWake());
        return true;
    }

    private void send(TaskContext ctx) {
        ctx.completed(1);
        state = WAIT_REQUEST;
        ctx.syscall(sh.cfg().sendNs(), sh.send());
    }

    private static long expSample(RandomGenerator rng, long meanNs) {
        return meanNs <= 0 ? 0 : Math.max(1, Math.round(rng.nextExponential() * meanNs));
    }

    /** Knuth's method: fine for the small means used here. */
    static int poisson(RandomGenerator rng, double mean) {
        if (mean <= 0) {
            return 0;
        }
        double limit = Math.exp(-mean);
        double p = rng.nextDouble();
        int k = 0;
        while (p > limit) {
            k++;
            p *= rng.nextDouble();
        }
        return k;
    }
}
