package org.schedlab.sim.workload;

import java.util.random.RandomGenerator;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.sync.LockStats;

/** What a {@link Workload} builds with: the run's parameters, the kernel, sites, streams. */
public final class WorkloadContext {
    private final Kernel kernel;
    private final Params params;

    public WorkloadContext(Kernel kernel, Params params) {
        this.kernel = kernel;
        this.params = params;
    }

    public Kernel kernel() {
        return kernel;
    }

    /** Every effective parameter (core and workload keys). */
    public Params params() {
        return params;
    }

    public MachineConfig machine() {
        return kernel.config();
    }

    public Site site(String name) {
        return kernel.site(name);
    }

    /** A random stream for a shared object ("buffer pool", "wal"); tasks have their own. */
    public RandomGenerator random(String entity) {
        return kernel.randomStreams().stream(entity);
    }

    public Task spawn(TaskSpec spec, Program program) {
        return kernel.createTask(spec, program);
    }

    /** Statistics and timeline lane for a lock named {@code name} (kind "spin", "futex", "rwsem"). */
    public LockStats lockStats(String name, String kind, boolean shared) {
        return new LockStats(kernel, name, kind, shared);
    }
}
