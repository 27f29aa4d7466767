package org.schedlab.sim.workload;

import java.util.Map;

import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * A workload: what tasks a scenario runs and what they do. Implementations are stateless
 * factories found by {@link #name()} through {@link java.util.ServiceLoader} (list them in
 * {@code META-INF/services/org.schedlab.sim.workload.Workload}); {@link #build} creates a fresh
 * set of tasks, programs and locks for each run.
 */
public interface Workload {
    /** The {@code "workload"} value scenario files use to pick this workload. */
    String name();

    /** Unit of the units programs report with {@code completed()}, per second ("tps"). */
    String throughputUnit();

    /**
     * Creates the run's tasks and shared objects from the scenario's parameters.
     *
     * @throws ScenarioException when a workload parameter is missing or inconsistent
     */
    void build(WorkloadContext ctx) throws ScenarioException;

    /**
     * What this workload's own {@code auto} parameters resolve to on machine {@code m}, by key
     * ({@code smt=off} on arm64), as {@link org.schedlab.sim.scenario.CoreParams#resolved} has the
     * core ones: the choice lines print them ({@code smt=off (auto)}). Empty for a workload without any.
     */
    default Map<String, String> autoResolved(Params p, MachineConfig m) throws ScenarioException {
        return Map.of();
    }
}
