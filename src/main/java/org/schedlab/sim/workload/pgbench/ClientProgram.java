package org.schedlab.sim.workload.pgbench;

import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.TaskContext;

/**
 * One pgbench worker thread (-j) driving its share of the connections, as threadRun does:
 * wait in epoll for sockets with a result, and for each: read the result, process it, send
 * the connection's next command (which wakes its backend). The fifth result of a
 * transaction (END) completes it: that is the throughput pgbench reports.
 */
final class ClientProgram implements Program, StepPlan.Actions {
    private static final int ACT_SEND_QUERY = 1;
    private static final int ACT_COMPLETED = 2;

    private final PgbenchShared sh;
    private final int thread;
    private final StepPlan plan = new StepPlan();
    private final int[] outstanding;
    /** When each connection's current transaction sent its first command. */
    private final long[] startedNs;
    private final int firstConn;
    private int startIndex;

    ClientProgram(PgbenchShared shared, int thread, int firstConn, int conns) {
        this.sh = shared;
        this.thread = thread;
        this.firstConn = firstConn;
        this.outstanding = new int[conns];
        this.startedNs = new long[conns];
        java.util.Arrays.fill(outstanding, -1);
    }

    @Override
    public void step(TaskContext ctx) {
        sh.clientSteps++;
        while (true) {
            if (plan.issue(ctx, this)) {
                return;
            }
            if (startIndex < outstanding.length) {
                // pgbench connects every client, then sends each one's first command
                int c = firstConn + startIndex++;
                plan.user(sh.cfg.clientCpuNs(), sh.pgbench);
                plan.action(ACT_SEND_QUERY, c);
                plan.syscall(sh.cfg.sendNs(), sh.send);
                continue;
            }
            int c = sh.nextReady(thread);
            if (c < 0) {
                ctx.block(sh.epollWait);
                return;
            }
            // Read the result, build the next command, send it: two steps, the user work, then one
            // kernel stretch for the recv and the send (pgbench's own kernel time and preemption
            // points matter little; the backend's wake-up at the send is what drives the model).
            plan.user(sh.cfg.clientCpuNs(), sh.pgbench);
            if (outstanding[c - firstConn] == PgbenchConfig.STATEMENTS - 1) {
                plan.action(ACT_COMPLETED, c);
            }
            plan.action(ACT_SEND_QUERY, c);
            plan.syscall(sh.cfg.recvNs() + sh.cfg.sendNs(), sh.send);
        }
    }

    /**
     * With results waiting, the next step takes the oldest one and starts processing it: only
     * this thread takes from its queue, in order, so that choice is the same whenever it is made.
     */
    @Override
    public boolean decidesAhead() {
        // without user work per result (clientCpuUs=0) the first thing done is the send, an action
        // that must happen when the switch has ended, not when it was decided
        return sh.cfg.clientCpuNs() > 0 && plan.isEmpty() && startIndex == outstanding.length
                && sh.hasReady(thread);
    }

    @Override
    public void act(int action, long arg, TaskContext ctx) {
        int c = (int) arg;
        int i = c - firstConn;
        if (action == ACT_COMPLETED) {
            ctx.completed(1);
            ctx.operationDone(sh.transaction, startedNs[i]);
            return;
        }
        outstanding[i] = (outstanding[i] + 1) % PgbenchConfig.STATEMENTS;
        if (outstanding[i] == 0) {
            startedNs[i] = ctx.nowNs(); // the transaction's first command goes out
        }
        sh.queryPending[c] = true;
        ctx.wake(sh.backend[c]);
    }
}
