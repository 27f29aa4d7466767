package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
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
 * Case A's A/B cards in a projector's 1024 x 768 window while their summaries still simulate (the
 * first screen, or after a value is changed): the header row, "A preemption=none summary 60 %
 * Cancel Step |< < > ... 2...", ran past the card's right edge, the lock-holder button and the step
 * position cut by the window. The step position gives way first, then the progress bar (the status
 * says the same), then the names down to their first word; the status and Cancel stay whole and
 * usable, and every part of the row is inside the card.
 */
@ExtendWith(ApplicationExtension.class)
class AbBusyHeaderProjectorWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void aBusyHeaderStaysInsideItsCardWithItsStatusAndCancelWhole() throws Exception {
        // B's page size makes its names the longer; a long run keeps the summaries simulating well
        // after the timelines are in (cancelled at the end)
        Map<String, String> a = Map.of("preemption", "none", "durationMs", "60000");
        Map<String, String> b = Map.of("preemption", "lazy", "pageSize", "2m", "durationMs", "60000");
        org.schedlab.sim.scenario.Scenario caseA = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.compare().open(caseA, a, b);
            window.ui.showCompare();
        });
        // the progress moves on at every pulse and the run may change phase between runnables: all
        // that is asserted is read in the one FX runnable that saw a side's summary simulating with
        // its timeline in, the window laid out with the texts it has then
        List<String> outside = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        String[] status = new String[4];
        try {
            FxWait.untilOnFx("a side's summary simulating beside its timeline", 120, () -> {
                outside.clear();
                checked.clear();
                stage.get().getScene().getRoot().applyCss();
                stage.get().getScene().getRoot().layout();
                for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                    RunViewModel run = window.lab.compare().side(s);
                    if (!(run.busyProperty().get() && run.phaseProperty().get() == RunViewModel.Phase.TIMELINE_READY
                            && run.progressProperty().get() > 0 && run.timeline().steps().hasEventsProperty().get())) {
                        continue;
                    }
                    String side = "#ab-" + s.name().toLowerCase(Locale.ROOT);
                    Node card = lookup(side).query();
                    double right = card.localToScene(card.getLayoutBounds()).getMaxX();
                    Parent row = lookup(side + "-side").query().getParent();
                    List<Node> parts = new ArrayList<>(row.getChildrenUnmodifiable());
                    for (String p : new String[] {"-cancel", "-step-title", "-step-first", "-step-previous",
                            "-step-next", "-step-next-preemption", "-step-next-lhp", "-step-position"}) {
                        parts.add(lookup(side + p).query());
                    }
                    for (Node n : parts) {
                        if (!n.isManaged() || !n.isVisible()) {
                            continue;
                        }
                        Bounds bounds = n.localToScene(n.getLayoutBounds());
                        if (bounds.getMaxX() > right + 0.5) {
                            outside.add(side + " " + (n.getId() == null ? n.getClass().getSimpleName() : n.getId())
                                    + " ends at " + bounds.getMaxX() + " past the card's " + right);
                        }
                    }
                    Labeled st = lookup(side + "-status").queryLabeled();
                    Labeled cancel = lookup(side + "-cancel").queryLabeled();
                    status[0] = st.getText();
                    status[1] = ShownText.of(st);
                    status[2] = Boolean.toString(cancel.isVisible());
                    status[3] = ShownText.of(cancel);
                    checked.add(side);
                    return true;
                }
                return false;
            });
            assertEquals(1024, stage.get().getWidth(), 1);
            assertTrue(outside.isEmpty(), "past the card's edge while busy: " + outside);
            assertTrue(status[0].matches("summary \\d+ %"), status[0]);
            assertEquals(status[0], status[1], "the busy status as drawn");
            assertEquals("true", status[2], "Cancel shown");
            assertEquals("Cancel", status[3], "Cancel as drawn");

            // Cancel is usable: clicked once the layout has settled, the side stops
            String side = checked.get(0);
            CompareViewModel.Side s = side.endsWith("a") ? CompareViewModel.Side.A : CompareViewModel.Side.B;
            WaitForAsyncUtils.waitForFxEvents();
            clickOn(side + "-cancel");
            FxWait.untilOnFx(side + " cancelled", 30, () -> !window.lab.compare().side(s).busyProperty().get());
        } finally {
            interact(() -> {
                for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                    window.lab.compare().side(s).cancel();
                }
            });
        }
    }
}
