package org.schedlab.sim.workload.teach;

import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * T1: two CPU-bound fair tasks A and B computing in user mode forever, in chunks of
 * {@code chunkUs} (each chunk is a completed unit). B's weight comes from {@code bNice}.
 * EEVDF shares the CPU by weight; without hrtick the switches happen at ticks.
 */
public final class FairShareWorkload implements Workload {
    @Override
    public String name() {
        return "teach-fair-share";
    }

    @Override
    public String throughputUnit() {
        return "chunks/s";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        // a scenario file may widen the range: a chunk of no time is no unit of work
        Domains.above(ctx.params(), "chunkUs", 0);
        long chunkNs = ctx.params().usAsNs("chunkUs");
        int bNice = ctx.params().intValue("bNice");
        ctx.spawn(TaskSpec.fair(1001, 1001, "A"), new Compute(chunkNs, ctx.site("user (A)")));
        ctx.spawn(new TaskSpec(1002, 1002, "B", org.schedlab.sim.kernel.SchedClass.FAIR, bNice, 0, -1),
                new Compute(chunkNs, ctx.site("user (B)")));
    }

    /** Computes forever, reporting each chunk. */
    static final class Compute implements Program {
        private final long chunkNs;
        private final Site site;
        private boolean started;

        Compute(long chunkNs, Site site) {
            this.chunkNs = chunkNs;
            this.site = site;
        }

        @Override
        public void step(TaskContext ctx) {
            if (started) {
                ctx.completed(1);
            }
            started = true;
            ctx.user(chunkNs, site);
        }
    }
}
