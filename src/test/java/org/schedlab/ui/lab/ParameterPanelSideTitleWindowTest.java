package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The A/B tab's parameter panel on a laptop (1280 x 720) names the side being edited before the
 * scenario: pgbench-graviton4 is titled "Case A: pgbench ..." after the thread it comes from, and
 * with "Edit B" selected the panel read "Case A: ..." as if side A were edited. The Live tab, one
 * run, names no side.
 */
@ExtendWith(ApplicationExtension.class)
class ParameterPanelSideTitleWindowTest extends FxRobot {
    /** Holds every run until the test ends: the titles need no simulation, the two cores do not spend one. */
    private final CountDownLatch release = new CountDownLatch(1);

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) -> {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new ScenarioException("the test is over");
    });
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @AfterEach
    void letTheRunsGo() {
        release.countDown();
    }

    /** The parameter panel's title under the pane {@code paneId}. */
    private String title(String paneId) {
        return FxWait.onFx(() -> lookup("#param-title").queryAllAs(Label.class).stream()
                .filter(l -> under(l, paneId)).findFirst().map(Label::getText).orElse(""));
    }

    private static boolean under(Node n, String id) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (id.equals(p.getId())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theAbPanelsTitleNamesTheSideBeingEditedBeforeTheScenarioAndLiveNamesNone() throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load("pgbench-graviton4").orElseThrow());
            window.ui.showCompare();
        });
        String scenario = window.lab.load("pgbench-graviton4").orElseThrow().title();
        // a scenario opens with B, the side to change, being edited
        FxWait.untilOnFx("side B's panel", 60, () -> title("ab-pane").equals("Side B \u00b7 " + scenario));
        assertEquals("Side B \u00b7 Case A: ", title("ab-pane").substring(0, "Side B \u00b7 Case A: ".length()),
                "the side first, then the scenario's own \"Case A\"");
        clickOn("#ab-edit-a");
        FxWait.untilOnFx("side A's panel", 60, () -> title("ab-pane").equals("Side A \u00b7 " + scenario));
        clickOn("#ab-edit-b");
        FxWait.untilOnFx("side B's panel again", 60, () -> title("ab-pane").equals("Side B \u00b7 " + scenario));

        interact(() -> {
            window.lab.openLive(window.lab.load("pgbench-graviton4").orElseThrow(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the Live panel", 60, () -> title("live-pane").equals(scenario));
    }
}
