package org.schedlab.sim.workload.pgbench;

import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * pgbench simple-update against PostgreSQL 17 on one machine (case A of the seeds): backends
 * ({@code postgres}) and pgbench worker threads ({@code pgbench}) sharing the vCPUs, a buffer
 * pool still filling behind buffer_strategy_lock, 4k or 2 MB shared-memory pages, WAL group
 * commit. Throughput is completed transactions per second.
 */
public final class PgbenchWorkload implements Workload {
    static final int PGBENCH_PID = 4000;
    static final int FIRST_BACKEND_PID = 5000;

    @Override
    public String name() {
        return "pgbench";
    }

    @Override
    public String throughputUnit() {
        return "tps";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        install(ctx);
    }

    /** Builds the run's tasks and returns what they share (tests and probes look inside). */
    static PgbenchShared install(WorkloadContext ctx) throws ScenarioException {
        PgbenchConfig cfg = PgbenchConfig.from(ctx.params(), ctx.machine());
        PgbenchShared sh = new PgbenchShared(ctx.kernel(), cfg);
        for (int c = 0; c < cfg.clients(); c++) {
            BackendProgram p = new BackendProgram(sh, c);
            int pid = FIRST_BACKEND_PID + c;
            Task t = ctx.spawn(TaskSpec.fair(pid, pid, "postgres"), p);
            p.bind(t);
            sh.backend[c] = t;
        }
        int threads = cfg.pgbenchThreads();
        for (int j = 0; j < threads; j++) {
            int from = (int) ((long) j * cfg.clients() / threads);
            int to = (int) ((long) (j + 1) * cfg.clients() / threads);
            sh.thread[j] = ctx.spawn(TaskSpec.fair(PGBENCH_PID + 1 + j, PGBENCH_PID, "pgbench"),
                new ClientProgram(sh, j, from, to - from));
        }
        return sh;
    }
}
