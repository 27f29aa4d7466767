package org.schedlab.sim.workload.pgbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;

/**
 * WAL group commit as XLogFlush does it with WALWriteLock: a committing backend whose commit
 * record is not yet durable calls LWLockAcquireOrWait. If nobody is flushing it takes the
 * lock and flushes everything inserted so far (write + fdatasync); otherwise it sleeps until
 * the lock is released, then re-checks: covered by that flush, it is done; not covered, the
 * first to get there flushes the next group. LWLockRelease wakes all those waiters.
 * LSNs are counted in commit records.
 */
final class WalGroupCommit {
    enum Outcome { DONE, FLUSH, WAIT }

    private long inserted;
    private long flushed;
    private long flushTarget;
    private boolean flushing;
    private final List<Task> waiters = new ArrayList<>();
    private boolean[] queued = new boolean[0];
    private long flushes;
    private long flushedCommits;

    /** XLogInsert of a commit record: its LSN. */
    long insertCommit() {
        return ++inserted;
    }

    /** XLogFlush(lsn) by {@code t}. */
    Outcome flushOrWait(Task t, long lsn) {
        if (flushed >= lsn) {
            return Outcome.DONE;
        }
        if (!flushing) {
            flushing = true;
            flushTarget = inserted;
            return Outcome.FLUSH;
        }
        if (t.id() >= queued.length) {
            queued = Arrays.copyOf(queued, Math.max(t.id() + 1, queued.length * 2));
        }
        if (!queued[t.id()]) {
            queued[t.id()] = true;
            waiters.add(t);
        }
        return Outcome.WAIT;
    }

    /** The flusher's fdatasync returned: release WALWriteLock, waking every waiter. Returns how many. */
    int flushDone(TaskContext ctx) {
        flushedCommits += flushTarget - flushed;
        flushes++;
        flushed = flushTarget;
        flushing = false;
        int n = waiters.size();
        for (Task w : waiters) {
            queued[w.id()] = false;
            ctx.wake(w);
        }
        waiters.clear();
        return n;
    }

    /** Mean commits made durable per fdatasync so far. */
    double meanGroupSize() {
        return flushes == 0 ? 0 : flushedCommits / (double) flushes;
    }

    long flushes() {
        return flushes;
    }
}
