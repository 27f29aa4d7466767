package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.HeldExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The first screen's two runs have the cores to themselves: with the look-ahead on (as the app
 * starts), nothing runs ahead until both sides' runs are on screen with their summaries - even
 * when the runs are slow to start (held here), which on a cold, loaded JVM they were.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class FirstScreenLookaheadTest extends FxRobot {
    private final HeldExecutor executor = new HeldExecutor();
    /** What happened, in order: runs asked of the simulator and the sides coming to rest. */
    private final List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Scenario teach = LabFixtures.teach();
    private final LabViewModel lab = new LabViewModel(executor, new ManualScheduler(), new SimRunner() {
        /** The default case takes seconds per run: the textbook scenario with the same preemption model stands in. */
        @Override
        public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                             Simulation.Monitor monitor) throws ScenarioException {
            String model = scenario.resolve(overrides).string("preemption");
            events.add("run " + model + " on " + (Thread.currentThread().getName().startsWith("schedlab-lookahead")
                    ? "look-ahead" : "request"));
            return Simulation.run(teach, Map.of("preemption", model, "durationMs", "200"), options, monitor);
        }
    }, javafx.application.Platform::runLater);

    @AfterEach
    void stop() {
        lab.shutdown();
    }

    @Test
    void nothingRunsAheadBeforeBothSidesOfTheFirstScreenAreOnScreen() throws Exception {
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            RunViewModel run = lab.compare().side(s);
            run.outcomeProperty().addListener((obs, was, o) -> events.add(s + " on screen"));
        }
        interact(() -> {
            lab.lookaheadProperty().set(true); // as the app starts
            lab.openDefault();
        });
        assertTrue(lab.firstScreenPending());
        // the two runs are handed over but not started: a quiet time of the plan goes by, and more
        Thread.sleep(Lookahead.QUIET_MS * 3);
        assertEquals(List.of(), events, "nothing ran ahead while the first screen's runs had not started");

        executor.runAllInBackground(); // A's run, B's run, their timelines' preparation
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lab.firstScreenPending());
        long until = System.nanoTime() + 30_000_000_000L;
        while (events.stream().noneMatch(e -> e.endsWith("look-ahead")) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        List<String> seen = List.copyOf(events);
        assertEquals(List.of("run none on request", "A on screen", "run lazy on request", "B on screen"),
                seen.subList(0, 4), seen.toString());
        assertTrue(seen.size() > 4 && seen.get(4).endsWith("on look-ahead"),
                "then the likely next settings run ahead: " + seen);
    }
}
