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

    /**
     * Whether runs wait for the process's first run ({@link FirstRunGate}); {@link FirstRunGate#NONE}
     * unless the runner says otherwise.
     */
    default FirstRunGate gate() {
        return FirstRunGate.NONE;
    }

    static SimRunner simulator() {
        return Simulation::run;
    }

    /**
     * The simulator on a machine of {@code cores} cores: with few of them the first run goes
     * alone until its window is in ({@link FirstRunGate#forCores}).
     */
    static SimRunner simulator(int cores) {
        FirstRunGate gate = FirstRunGate.forCores(cores);
        return new SimRunner() {
            @Override
            public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                                 Simulation.Monitor monitor) throws ScenarioException {
                return Simulation.run(scenario, overrides, options, monitor);
            }

            @Override
            public FirstRunGate gate() {
                return gate;
            }
        };
    }
}
