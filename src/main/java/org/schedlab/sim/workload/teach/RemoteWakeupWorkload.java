package org.schedlab.sim.workload.teach;

import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * Lazy vs full for a task in user mode: on CPU 0, A computes in user mode forever; on CPU 1,
 * W computes and every {@code wakeEveryUs} wakes B (a futex wake), whose last CPU is 0. B is
 * queued behind A. Under full the wake-up's NEED_RESCHED sends an IPI and A is preempted at
 * its return to user; under lazy the request is LAZY, no IPI is sent, and A keeps the CPU until
 * its next interrupt, the tick. runqlatUs.B shows it.
 */
public final class RemoteWakeupWorkload implements Workload {
    @Override
    public String name() {
        return "teach-remote-wakeup";
    }

    @Override
    public String throughputUnit() {
        return "wake-ups/s";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        // a scenario file may widen the ranges: a wake-up period must pass time, a work time be >= 0
        Domains.above(ctx.params(), "wakeEveryUs", 0);
        Domains.nonNegative(ctx.params(), "bWorkUs");
        long everyNs = ctx.params().usAsNs("wakeEveryUs");
        long bWorkNs = ctx.params().usAsNs("bWorkUs");
        Site aSite = ctx.site("user (A)");
        ctx.spawn(TaskSpec.fair(3001, 3001, "A").onCpu(0), c -> c.user(1_000_000_000L, aSite));
        // W is created before B so that B, placed last, lands behind A on CPU 0
        Task[] b = new Task[1];
        Site wSite = ctx.site("user (W)");
        ctx.spawn(TaskSpec.fair(3003, 3003, "W").onCpu(1), new Program() {
            private boolean started;

            @Override
            public void step(TaskContext c) {
                if (started) {
                    c.wake(b[0]);
                    c.completed(1);
                }
                started = true;
                c.user(everyNs, wSite);
            }
        });
        Site bSite = ctx.site("user (B)");
        Site bWait = ctx.site("futex wait (B)");
        b[0] = ctx.spawn(TaskSpec.fair(3002, 3002, "B").onCpu(0), new Program() {
            private boolean worked;

            @Override
            public void step(TaskContext c) {
                if (worked) {
                    c.block(bWait);
                } else {
                    c.user(bWorkNs, bSite);
                }
                worked = !worked;
            }
        });
    }
}
