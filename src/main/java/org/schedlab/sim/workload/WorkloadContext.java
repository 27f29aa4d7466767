package org.schedlab.sim.workload;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
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
    private Supplier<Map<String, Long>> tcp;

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

    /** A task bound to CPU {@code spec.cpuHint()} (a per-CPU kworker): never placed or pulled elsewhere. */
    public Task spawnPinned(TaskSpec spec, Program program) {
        return kernel.createPinnedTask(spec, program);
    }

    /**
     * Network workloads: the run's TCP counters (nstat/Wireshark names, measured after warm-up),
     * read once at the end for the summary's {@code tcp} object.
     */
    public void tcpCounters(Supplier<Map<String, Long>> counters) {
        this.tcp = counters;
    }

    public Optional<Supplier<Map<String, Long>>> tcpCounters() {
        return Optional.ofNullable(tcp);
    }

    /** Statistics and timeline lane for a lock named {@code name} (kind "spin", "futex", "rwsem"). */
    public LockStats lockStats(String name, String kind, boolean shared) {
        return new LockStats(kernel, name, kind, shared);
    }
}
