package org.schedlab.ui.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/** Scenarios, a recording and runners for the lab's tests (the held executor: org.schedlab.ui.HeldExecutor). */
final class LabFixtures {
    /** The textbook scenario: 1 CPU, a 2 s run takes about a millisecond. */
    static final String TEACH = "teach-kernel-section";
    /** A real perf sched recording (pgbench on a 2-CPU sandbox) that the standard opener reads with warnings. */
    static final Path RECORDING = Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz");

    private LabFixtures() {
    }

    /**
     * A file chooser stand-in for workspace tests: Open workspace and Save workspace as get what
     * {@code next} holds at that moment; File > Open gets nothing.
     */
    static org.schedlab.ui.FilePicker workspacePicker(java.util.function.Supplier<java.util.Optional<Path>> next) {
        return new org.schedlab.ui.FilePicker() {
            @Override
            public java.util.Optional<Path> pickDatasetToOpen(javafx.stage.Window owner) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<Path> pickWorkspaceToOpen(javafx.stage.Window owner) {
                return next.get();
            }

            @Override
            public java.util.Optional<Path> pickWorkspaceToSave(javafx.stage.Window owner,
                                                              java.util.Optional<Path> current) {
                return next.get();
            }
        };
    }

    static Scenario teach() {
        try {
            return ScenarioCatalog.builtIn(TEACH);
        } catch (ScenarioException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The real simulator, remembering the overrides of every run it was asked for. */
    static final class CountingRunner implements SimRunner {
        final List<Map<String, String>> calls = java.util.Collections.synchronizedList(new ArrayList<>()); // lookahead runs too

        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) throws ScenarioException {
            calls.add(Map.copyOf(overrides));
            return Simulation.run(scenario, overrides, options, monitor);
        }
    }

    /** Shows {@code vm}'s parameter panel alone on {@code stage}, themed, 360 x 700 px. */
    static void showPanel(javafx.stage.Stage stage, ParameterPanelViewModel vm) {
        org.schedlab.ui.Workbench.applyTheme();
        stage.setScene(new javafx.scene.Scene(new ParameterPanel(new javafx.beans.property.SimpleObjectProperty<>(vm)),
                360, 700));
        stage.show();
    }
}
