package org.schedlab.ui.lab;

import java.util.Map;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * How the lab runs the simulator: the real {@link Simulation} in the app; tests substitute
 * runs they control (blocking, out of order, ignoring cancel) to check what the view models
 * do with them.
 */
@FunctionalInterface
public interface SimRunner {
    RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                  Simulation.Monitor monitor) throws ScenarioException;

    static SimRunner simulator() {
        return Simulation::run;
    }
}
