package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.control.Labeled;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Case A's A/B cards in a 1024 x 600 window while their first runs simulate: beside "no run yet",
 * "simulating 24 %", Cancel and the disabled step buttons, the step position read "no eve..." (at
 * 1280 px "no events to step throu..."). With no events to step through it is not on the row (the
 * status and the body's note say why); what the row shows is drawn whole.
 */
@ExtendWith(ApplicationExtension.class)
class AbCardsBeforeTheirRunsNarrowWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 600);
    }

    @Test
    void theHeaderRowsShowNoCutTextBeforeTheTimelines() throws Exception {
        org.schedlab.sim.scenario.Scenario caseA = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.compare().open(caseA, Map.of("preemption", "none"),
                    Map.of("preemption", "lazy"));
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both sides simulating", 30, () -> window.lab.compare().side(CompareViewModel.Side.A)
                .progressProperty().get() > 0 && window.lab.compare().side(CompareViewModel.Side.B)
                .progressProperty().get() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut = new ArrayList<>();
        boolean[] before = new boolean[1];
        List<Boolean> positionShown = new ArrayList<>();
        interact(() -> {
            assertEquals(1024, stage.get().getWidth(), 1);
            // the runs' progress moves on between pulses: lay the window out with the texts it has now,
            // so what is drawn is compared with the text it was drawn from ("simulating 5 %" had been
            // set, "simulating 2 %" was still drawn)
            stage.get().getScene().getRoot().applyCss();
            stage.get().getScene().getRoot().layout();
            before[0] = !window.lab.compare().side(CompareViewModel.Side.A).timeline().steps().hasEventsProperty().get()
                    && !window.lab.compare().side(CompareViewModel.Side.B).timeline().steps().hasEventsProperty().get();
            for (String side : new String[] {"a", "b"}) {
                for (String part : new String[] {"-label", "-status", "-step-title", "-step-position",
                        "-step-explanation"}) {
                    Labeled l = lookup("#ab-" + side + part).queryLabeled();
                    if (l.isVisible() && !l.getText().isEmpty() && !ShownText.of(l).equals(l.getText())) {
                        cut.add("#ab-" + side + part + " '" + l.getText() + "' drawn as '" + ShownText.of(l) + "'");
                    }
                }
                positionShown.add(lookup("#ab-" + side + "-step-position").query().isVisible());
            }
        });
        assertTrue(before[0], "checked before the timelines were in");
        assertTrue(cut.isEmpty(), "cut: " + cut);
        assertEquals(List.of(false, false), positionShown, "no events, no position");
        interact(() -> {
            for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                window.lab.compare().side(s).cancel();
            }
        });
    }
}
