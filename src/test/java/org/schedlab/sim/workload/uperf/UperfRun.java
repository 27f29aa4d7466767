package org.schedlab.sim.workload.uperf;

import java.util.LinkedHashMap;
import java.util.Map;
import org.schedlab.model.Metadata;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * Runs the s390-uperf scenario the way Simulation does, but keeps the network so tests can
 * look at every connection and queue; {@link #runTo} advances the same run in pieces.
 */
final class UperfRun {
    final Kernel kernel;
    final Engine engine;
    final Fabric fabric;
    final Params params;

    UperfRun(Map<String, String> overrides) throws Exception {
        Scenario s = ScenarioCatalog.builtIn("s390-uperf");
        params = s.resolve(new LinkedHashMap<>(overrides));
        MachineConfig machine = CoreParams.machine(params);
        engine = new Engine();
        kernel = new Kernel(engine, machine, new RandomStreams(params.longValue("seed")),
                new Recorder(Metadata.of("test", "simulation"), machine.cpus(), 0, 0, 0));
        fabric = UperfWorkload.assemble(new WorkloadContext(kernel, params));
        kernel.start(params.longValue("warmupMs") * 1_000_000L);
    }

    void runTo(long ns) {
        engine.runUntil(ns, () -> false);
    }
}
