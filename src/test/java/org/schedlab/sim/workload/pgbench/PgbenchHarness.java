package org.schedlab.sim.workload.pgbench;

import java.util.Map;
import java.util.OptionalLong;
import org.schedlab.model.Metadata;
import org.schedlab.model.Version;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryBuilder;
import org.schedlab.sim.workload.WorkloadContext;

/** Runs the pgbench workload like Simulation.run but keeps the shared objects for inspection. */
final class PgbenchHarness {
    final PgbenchShared shared;
    final RunSummary summary;

    private PgbenchHarness(PgbenchShared shared, RunSummary summary) {
        this.shared = shared;
        this.summary = summary;
    }

    static PgbenchHarness run(Scenario scenario, Map<String, String> overrides) throws Exception {
        Params params = scenario.resolve(overrides);
        MachineConfig machine = CoreParams.machine(params);
        Map<String, String> effective = CoreParams.resolved(params, machine);
        long seed = params.longValue("seed");
        long warmupNs = params.longValue("warmupMs") * 1_000_000L;
        long durationNs = params.longValue("durationMs") * 1_000_000L;
        Metadata meta = new Metadata(scenario.name(), "simulation", effective, OptionalLong.of(seed), Version.current());
        Recorder rec = new Recorder(meta, machine.cpus(), warmupNs, warmupNs, Recorder.DEFAULT_MAX_TASK_LANES);
        Engine engine = new Engine();
        Kernel kernel = new Kernel(engine, machine, new RandomStreams(seed), rec);
        long t0 = System.nanoTime();
        PgbenchShared sh = PgbenchWorkload.install(new WorkloadContext(kernel, params));
        kernel.start(warmupNs);
        engine.runUntil(warmupNs + durationNs, () -> false);
        kernel.finish();
        long wallMs = (System.nanoTime() - t0) / 1_000_000L;
        RunSummary s = SummaryBuilder.build(scenario.name(), effective, seed, durationNs, kernel, engine.eventCount(),
            wallMs, "tps");
        return new PgbenchHarness(sh, s);
    }
}
