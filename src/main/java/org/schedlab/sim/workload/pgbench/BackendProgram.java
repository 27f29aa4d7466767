package org.schedlab.sim.workload.pgbench;

import java.util.random.RandomGenerator;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.sync.FutexMutex;
import org.schedlab.sim.sync.SLock;

/**
 * One PostgreSQL backend serving one pgbench connection through simple-update
 * (BEGIN; UPDATE accounts; SELECT accounts; INSERT history; END), statement by statement:
 * wait for the query (recv), execute, send the result (which wakes the pgbench thread).
 *
 * <p>Buffer access: a random accounts leaf and heap page per transaction. A hit touches the
 * buffer-mapping hash (bucket, element), pins the descriptor and reads the block. A miss goes
 * through BufferAlloc / GetVictimBuffer / StrategyGetBuffer: while the freelist has buffers,
 * SpinLockAcquire(buffer_strategy_lock), read the head's descriptor ({@code buf->freeNext}),
 * unlink it, SpinLockRelease - then LockBufHdr, insert the hash entry and pread() the block
 * into the buffer. The descriptor read under the lock is, with 4k pages, often the backend's
 * first touch of that descriptor page: a minor fault while holding the spinlock (Andres
 * Freund's diagnosis in the seed thread). With an empty freelist the clock sweep picks the
 * victim without the lock. COMMIT inserts a commit record and flushes WAL by group commit.
 */
final class BackendProgram implements Program, StepPlan.Actions {
    private static final int WAIT_QUERY = 0;
    private static final int EXEC = 1;
    private static final int ACCESS = 2;
    private static final int ALLOC = 3;
    private static final int LOCK = 4;
    private static final int SPINNING = 5;
    private static final int SLEEPING = 6;
    private static final int FUTEX_SPINNING = 7;
    private static final int FUTEX_BLOCKED = 8;
    private static final int READ_BLOCK = 9;
    private static final int COMMIT = 10;
    private static final int FLUSHED = 11;
    private static final int SEND = 12;

    private static final int ACCESS_LEAF = 0;
    private static final int ACCESS_HEAP = 1;
    private static final int ACCESS_EXTEND = 2;

    private static final int ACT_RELEASE = 1;
    private static final int ACT_RESULT = 2;
    private static final int ACT_COMMIT_RECORD = 3;
    private static final int ACT_FLUSH_DONE = 4;
    private static final int ACT_RELEASE_VISIBLE = 5;

    /** Touches of hot pages (index root and inner pages, history tail) per UPDATE/SELECT/INSERT. */
    private static final int HOT_TOUCHES_PER_STATEMENT = 4;
    /** Clock-sweep buffers inspected per victim once the freelist is empty [U]. */
    private static final int SWEEP_INSPECTED = 2;

    private final PgbenchShared sh;
    private final int conn;
    private final StepPlan plan = new StepPlan();
    private final BackendMemory mem;
    private Task self;
    private int state = WAIT_QUERY;
    private int statement;
    private final int[] accesses = new int[2];
    private int accessCount;
    private int accessIndex;
    private long buffer;
    private boolean freshBuffer;
    private long lsn;

    BackendProgram(PgbenchShared shared, int conn) {
        this.sh = shared;
        this.conn = conn;
        this.mem = new BackendMemory(shared, conn, plan);
    }

    void bind(Task task) {
        this.self = task;
    }

    @Override
    public void step(TaskContext ctx) {
        sh.backendSteps++;
        while (true) {
            if (plan.issue(ctx, this)) {
                return;
            }
            if (advance(ctx)) {
                return;
            }
        }
    }

    /** Moves the state machine on: plans steps (false) or issues one directly (true). */
    private boolean advance(TaskContext ctx) {
        switch (state) {
            case WAIT_QUERY:
                if (!sh.queryPending[conn]) {
                    ctx.block(sh.clientRead);
                    return true;
                }
                sh.queryPending[conn] = false;
                plan.kernel(sh.cfg.recvNs(), sh.recv);
                state = EXEC;
                return false;
            case EXEC:
                execute(ctx.random());
                return false;
            case ACCESS:
                access(ctx.random());
                return false;
            case ALLOC:
                if (sh.spinLock != null) {
                    // pg_atomic_fetch_add(&StrategyControl->numBufferAllocs): same line as the lock
                    plan.extend(sh.spinLock.sharedLineWrite(self), sh.strategy);
                }
                if (sh.pool.freelistNonEmpty()) {
                    state = LOCK;
                } else {
                    clockSweep(ctx.random());
                }
                return false;
            case LOCK:
                return lock(ctx);
            case SPINNING:
                return spinOutcome(ctx, sh.spinLock.afterSpin(self));
            case SLEEPING:
                return spinOutcome(ctx, sh.spinLock.afterSleep(self));
            case FUTEX_SPINNING:
                return futexOutcome(ctx, sh.futexLock.afterSpin(self));
            case FUTEX_BLOCKED:
                return futexOutcome(ctx, sh.futexLock.afterWake(self));
            case READ_BLOCK:
                readBlock(ctx);
                return false;
            case COMMIT:
                return commit(ctx);
            case FLUSHED:
                state = SEND;
                return false;
            case SEND:
                plan.action(ACT_RESULT, 0);
                plan.syscall(sh.cfg.sendNs(), sh.send);
                statement = (statement + 1) % PgbenchConfig.STATEMENTS;
                state = WAIT_QUERY;
                return false;
            default:
                throw new IllegalStateException("backend state " + state);
        }
    }

    private void execute(RandomGenerator rng) {
        long cpu = sh.cfg.statementCpuNs(statement);
        accessCount = 0;
        accessIndex = 0;
        switch (statement) {
            case 0: // BEGIN
                plan.user(cpu, sh.exec);
                state = SEND;
                return;
            case 1: // UPDATE: index descent to a random leaf, then the heap page
                plan.user(cpu / 2, sh.exec);
                hotTouches();
                accesses[accessCount++] = ACCESS_LEAF;
                accesses[accessCount++] = ACCESS_HEAP;
                state = ACCESS;
                return;
            case 2: // SELECT the same row: leaf and heap are pinned and mapped now
                plan.user(cpu, sh.exec);
                hotTouches();
                plan.extend(2 * 4 * sh.tlbNs, sh.exec);
                state = SEND;
                return;
            case 3: // INSERT into history: the tail page, now and then a new one
                plan.user(cpu / 2, sh.exec);
                hotTouches();
                if (rng.nextInt(sh.pool.sizing().historyRowsPerPage()) == 0) {
                    accesses[accessCount++] = ACCESS_EXTEND;
                    state = ACCESS;
                } else {
                    plan.user(cpu - cpu / 2, sh.exec);
                    state = SEND;
                }
                return;
            default: // END: commit record, then XLogFlush
                plan.user(cpu, sh.exec);
                plan.action(ACT_COMMIT_RECORD, 0);
                state = COMMIT;
        }
    }

    private void hotTouches() {
        plan.extend(HOT_TOUCHES_PER_STATEMENT * sh.tlbNs, sh.exec);
    }

    private void access(RandomGenerator rng) {
        if (accessIndex == accessCount) {
            long cpu = sh.cfg.statementCpuNs(statement);
            plan.user(cpu - cpu / 2, sh.exec);
            state = SEND;
            return;
        }
        int kind = accesses[accessIndex];
        if (kind == ACCESS_EXTEND) {
            state = ALLOC;
            return;
        }
        boolean hit = kind == ACCESS_LEAF ? sh.pool.leafHit(rng) : sh.pool.heapHit(rng);
        mem.touch(sh.pool.buckets(), sh.pool.randomBucketOffset(rng), false, true, sh.fault, rng);
        if (hit) {
            long b = sh.pool.randomBufferInUse(rng);
            boolean old = b < sh.pool.initialFill();
            mem.touch(sh.pool.elements(), sh.pool.elementOffset(b), false, old, sh.fault, rng);
            mem.touch(sh.pool.descriptors(), BufferPool.descriptorOffset(b), true, old, sh.fault, rng);
            mem.touch(sh.pool.blocks(), BufferPool.blockOffset(b), false, old, sh.fault, rng);
            accessIndex++;
        } else {
            state = ALLOC;
        }
    }

    private boolean lock(TaskContext ctx) {
        if (sh.spinLock != null) {
            SLock l = sh.spinLock;
            if (l.tryAcquire(self)) {
                criticalSection(ctx);
                return false;
            }
            ctx.spin(l, l.beginWait(self), sh.spin, false);
            state = SPINNING;
            return true;
        }
        FutexMutex f = sh.futexLock;
        if (f.tryAcquire(self)) {
            criticalSection(ctx);
            return false;
        }
        return futexOutcome(ctx, f.beginWait(self));
    }

    private boolean spinOutcome(TaskContext ctx, SLock.Outcome o) {
        switch (o) {
            case ACQUIRED:
                criticalSection(ctx);
                return false;
            case SPIN:
                sh.spinSteps++;
                ctx.spin(sh.spinLock, sh.spinLock.spinBudgetNs(self), sh.spin, false);
                state = SPINNING;
                return true;
            default:
                sh.sleepSteps++;
                ctx.sleep(sh.spinLock.sleepNs(self), sh.usleep);
                state = SLEEPING;
                return true;
        }
    }

    private boolean futexOutcome(TaskContext ctx, FutexMutex.Outcome o) {
        switch (o) {
            case ACQUIRED:
                criticalSection(ctx);
                return false;
            case SPIN:
                ctx.spin(sh.futexLock, sh.futexLock.spinBudgetNs(), sh.spin, false);
                state = FUTEX_SPINNING;
                return true;
            default:
                ctx.block(sh.futexWait);
                state = FUTEX_BLOCKED;
                return true;
        }
    }

    /**
     * Between SpinLockAcquire and SpinLockRelease in StrategyGetBuffer: re-check
     * firstFreeBuffer, read the head descriptor's freeNext, unlink it.
     */
    private void criticalSection(TaskContext ctx) {
        if (sh.cfg.rseq()) {
            ctx.rseqBegin();
        }
        long half = sh.cfg.strategyCsNs() / 2;
        plan.user(lockExtraNs() + half, sh.strategy);
        buffer = sh.pool.popFreelist();
        if (buffer >= 0) {
            freshBuffer = true;
            mem.touch(sh.pool.descriptors(), BufferPool.descriptorOffset(buffer), false, false, sh.faultInLock,
                ctx.random());
        }
        plan.user(sh.cfg.strategyCsNs() - half, sh.strategy);
        plan.action(ACT_RELEASE, 0);
        state = buffer >= 0 ? READ_BLOCK : ALLOC; // emptied meanwhile: fall through to the clock sweep
    }

    private long lockExtraNs() {
        return sh.spinLock != null ? sh.spinLock.takeExtraNs(self) : sh.futexLock.takeExtraNs(self);
    }

    /** The freelist is empty: ClockSweepTick (an atomic on a shared line) until a victim is found. */
    private void clockSweep(RandomGenerator rng) {
        for (int i = 0; i < SWEEP_INSPECTED; i++) {
            long b = sh.pool.clockSweepTick();
            plan.user(self.kernel().config().lineTransferNs(), sh.strategy);
            mem.touch(sh.pool.descriptors(), BufferPool.descriptorOffset(b), true, true, sh.fault, rng);
            buffer = b;
        }
        freshBuffer = false;
        state = READ_BLOCK;
    }

    /** LockBufHdr, BufTableInsert, then smgrread: pread() into the buffer's block. */
    private void readBlock(TaskContext ctx) {
        RandomGenerator rng = ctx.random();
        mem.touch(sh.pool.elements(), sh.pool.elementOffset(buffer), true, !freshBuffer, sh.fault, rng);
        boolean extend = accesses[accessIndex] == ACCESS_EXTEND;
        long copyNs = sh.cfg.preadNs();
        long off = BufferPool.blockOffset(buffer);
        plan.syscall(copyNs / 2, sh.pread);
        // copy_to_user touches the block's pages from the kernel: the faults are taken inside the
        // syscall, one after the other (one step: nothing returns to user in between)
        mem.touchBlockInKernel(off, !freshBuffer, sh.cfg.pageSize() == PageSize.K4 ? 2 : 1, ctx.random());
        plan.kernel(copyNs - copyNs / 2, sh.pread);
        plan.user(sh.tlbNs, sh.exec);
        if (extend) {
            plan.user(sh.cfg.statementCpuNs(statement) - sh.cfg.statementCpuNs(statement) / 2, sh.exec);
            state = SEND;
            return;
        }
        accessIndex++;
        state = ACCESS;
    }

    private boolean commit(TaskContext ctx) {
        switch (sh.wal.flushOrWait(self, lsn)) {
            case DONE:
                state = SEND;
                return false;
            case FLUSH:
                plan.syscall(sh.cfg.walWriteNs(), sh.walWrite);
                plan.ioWait(sh.cfg.walFlushNs(), sh.fsync);
                plan.action(ACT_FLUSH_DONE, 0);
                state = FLUSHED;
                return false;
            default:
                ctx.block(sh.walWait);
                return true;
        }
    }

    @Override
    public void act(int action, long arg, TaskContext ctx) {
        switch (action) {
            case ACT_RELEASE:
                if (sh.spinLock != null) {
                    long stall = sh.spinLock.releaseStallNs(self);
                    if (stall > 0) {
                        plan.user(stall, sh.strategy);
                        plan.action(ACT_RELEASE_VISIBLE, 0);
                        break;
                    }
                    sh.spinLock.release(self);
                } else if (sh.futexLock.release(self, ctx)) {
                    plan.syscall(sh.cfg.futexWakeNs(), sh.futexWake);
                }
                if (sh.cfg.rseq()) {
                    ctx.rseqEnd();
                }
                break;
            case ACT_RELEASE_VISIBLE:
                sh.spinLock.release(self);
                if (sh.cfg.rseq()) {
                    ctx.rseqEnd();
                }
                break;
            case ACT_RESULT:
                sh.resultArrived(conn);
                ctx.wake(sh.thread[sh.threadOf[conn]]);
                break;
            case ACT_COMMIT_RECORD:
                lsn = sh.wal.insertCommit();
                break;
            case ACT_FLUSH_DONE:
                int woken = sh.wal.flushDone(ctx);
                plan.kernel(woken * sh.cfg.futexWakeNs(), sh.futexWake);
                break;
            default:
                throw new IllegalStateException("backend action " + action);
        }
    }
}
