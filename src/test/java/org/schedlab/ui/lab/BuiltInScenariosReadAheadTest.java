package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.application.Platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.HeldExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The app reads the built-in scenarios on a worker as it starts: the first screen, a pick from a
 * scenario list and the gallery open the scenario read there, and the FX thread neither parses a
 * scenario file nor waits for one - should the first screen come before the read is over, its
 * runs start when the scenario is in.
 */
@ExtendWith(ApplicationExtension.class)
class BuiltInScenariosReadAheadTest extends FxRobot {
    private final HeldExecutor reads = new HeldExecutor();
    private final HeldExecutor runs = new HeldExecutor();
    private final BuiltInScenarios builtIns = new BuiltInScenarios().readAhead(reads);
    private final LabViewModel lab = new LabViewModel(runs, new ManualScheduler(), new LabFixtures.CountingRunner(),
            Platform::runLater, builtIns);

    private void readOnAWorker() throws InterruptedException {
        assertEquals(1, reads.held.size(), "one read of every built-in");
        Thread worker = new Thread(reads.held.remove(0), "test-read");
        worker.start();
        worker.join();
    }

    @Test
    void everyBuiltInOpensAsReadOnTheWorker() throws Exception {
        readOnAWorker();
        List<Scenario> onTheWorker = new ArrayList<>();
        for (String name : ScenarioCatalog.names()) {
            onTheWorker.add(builtIns.get(name)); // the test thread: what was read ahead, not parsed again
        }
        List<Scenario> onTheFxThread = new ArrayList<>();
        interact(() -> {
            for (String name : LabViewModel.builtInScenarios()) {
                onTheFxThread.add(lab.load(name).orElseThrow()); // a pick from the list, the gallery
            }
        });
        assertEquals(ScenarioCatalog.names().size(), onTheFxThread.size());
        for (int i = 0; i < onTheWorker.size(); i++) {
            assertTrue(onTheWorker.get(i) == onTheFxThread.get(i), ScenarioCatalog.names().get(i) + " parsed again");
        }
        assertEquals(ScenarioCatalog.builtIn("teach-kernel-section").params().keySet(),
                lab.load("teach-kernel-section").orElseThrow().params().keySet(), "the scenario as a parse gives it");
    }

    @Test
    void theFirstScreenOpensTheScenarioReadAheadAndItsRunsStartAtOnce() throws Exception {
        readOnAWorker();
        interact(lab::openDefault);
        assertTrue(builtIns.get(LabViewModel.defaultScenarioName()) == lab.compare().scenario().orElseThrow(),
                "the first screen's scenario is the one read ahead");
        assertFalse(runs.held.isEmpty(), "A and B run before the window's first layout pass");
    }

    @Test
    void aFirstScreenBeforeTheReadIsOverOpensWhenTheScenarioIsIn() throws Exception {
        interact(lab::openDefault);
        assertTrue(lab.compare().scenario().isEmpty(), "nothing parsed on the FX thread");
        assertTrue(runs.held.isEmpty());
        readOnAWorker();
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(builtIns.get(LabViewModel.defaultScenarioName()) == lab.compare().scenario().orElseThrow(),
                "the first screen's scenario is the one read ahead");
        assertFalse(runs.held.isEmpty(), "A and B run once it is in");
        assertEquals("", lab.messageProperty().get());
    }

    @Test
    void theLiveTabShownBeforeTheReadIsOverOpensWhenTheScenarioIsIn() throws Exception {
        interact(lab::ensureLiveOpen);
        interact(lab::ensureLiveOpen); // shown twice (Live, then Sweep): still one open
        assertTrue(lab.livePanelProperty().get() == null, "nothing parsed on the FX thread");
        readOnAWorker();
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(builtIns.get(LabViewModel.defaultScenarioName()) == lab.livePanelProperty().get().scenario(),
                "the Live run's scenario is the one read ahead");
        assertEquals(1, runs.held.size(), "one run of the stand-in");
        assertTrue(lab.liveIsStandIn());
    }

    @Test
    void aScenarioOpenedInTheLiveRunWhileTheReadGoesOnIsNotReplacedByTheStandIn() throws Exception {
        interact(lab::ensureLiveOpen);
        Scenario teach = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> lab.openLive(teach, java.util.Map.of()));
        readOnAWorker();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("teach-fair-share", lab.livePanelProperty().get().scenario().name());
    }

    @Test
    void aNameAskedForWhileTheReadGoesOnThatIsNoBuiltInIsAnsweredWhenTheReadEnds() throws Exception {
        List<String> failed = new ArrayList<>();
        builtIns.whenRead("no-such-scenario", Runnable::run, s -> failed.add("opened"),
                e -> failed.add(e.getMessage()));
        assertTrue(failed.isEmpty(), "nothing parsed before the read");
        readOnAWorker();
        assertEquals(1, failed.size(), "answered, not left waiting: " + failed);
        assertTrue(failed.get(0).contains("no-such-scenario"), failed.get(0));
    }

    @Test
    void aFirstScreenWhoseScenarioComesAfterAWorkspaceWasRestoredLeavesTheWorkspacesAB() throws Exception {
        interact(lab::openDefault);
        // a workspace restored before the read is over: A/B on another scenario
        Scenario teach = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> lab.openCompare(teach));
        readOnAWorker();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("teach-fair-share", lab.compare().scenario().orElseThrow().name(),
                "the late default did not replace what A/B was given");
    }
}
