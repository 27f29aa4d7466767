package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.schedlab.ui.StepBar;
import org.schedlab.ui.StepViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Case C (s390-uperf) in A/B on a laptop (1280 x 720), its second value (irqInatomic=on) named
 * whole on B: the step line beside the names read "Step t..." - the explanation "Step through the
 * run's events: next (.), previous (,), next preemption (P)" cut before the keys it was there to
 * name - and once the same setting was shown again ("timeline in 482 ms (already run)") it was gone
 * and the position read "10,298 ev...". On one row the explanation names the keys, and a setting
 * shown again says "already run" (its time in the tooltip): each part of the row is drawn whole.
 */
@ExtendWith(ApplicationExtension.class)
class AbCaseCStepLineLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void caseCsStepLineIsReadWholeAtFirstAndWhenShownAgain() throws Exception {
        Map<String, String> a = Map.of("preemption", "full", "durationMs", "40", "warmupMs", "20");
        Map<String, String> b = Map.of("preemption", "lazy", "irqInatomic", "on", "durationMs", "40", "warmupMs", "20");
        Scenario caseC = ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.compare().open(caseC, a, b);
            window.ui.showCompare();
        });
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + "'s run done", 120,
                    () -> lookup("#ab-" + side + "-status").queryLabeled().getAccessibleHelp().contains("; summary in "));
        }
        assertStepLinesWhole();

        interact(() -> window.lab.compare().open(caseC, a, b)); // the same setting again: not simulated
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + " shown again", 60, () -> lookup("#ab-" + side + "-status").queryLabeled().getText()
                    .equals(TimelineCard.ALREADY_RUN));
            String tip = FxWait.onFx(() -> lookup("#ab-" + side + "-status").queryLabeled().getAccessibleHelp());
            assertTrue(tip.startsWith("timeline in ") && tip.contains("already run"), "its tooltip has its time: " + tip);
        }
        assertStepLinesWhole();
    }

    private void assertStepLinesWhole() {
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertEquals(OwnStage.LAPTOP_WIDTH, stage.get().getWidth(), 1);
            double right = stage.get().getScene().getWidth();
            for (String side : new String[] {"a", "b"}) {
                for (String part : new String[] {"-label", "-status", "-step-title", "-step-position", "-step-explanation"}) {
                    Labeled l = lookup("#ab-" + side + part).queryLabeled();
                    assertEquals(l.getText(), ShownText.of(l), "#ab-" + side + part + " as drawn");
                    Bounds bounds = l.localToScene(l.getLayoutBounds());
                    assertTrue(bounds.getMaxX() <= right + 0.5, "#ab-" + side + part + " at " + bounds);
                }
                Labeled explanation = lookup("#ab-" + side + "-step-explanation").queryLabeled();
                assertEquals(StepBar.ONE_ROW_IDLE, explanation.getText(), "the keys to step with");
                assertEquals(StepViewModel.IDLE_EXPLANATION, explanation.getAccessibleHelp(), "the whole sentence in its tooltip");
            }
        });
    }
}
