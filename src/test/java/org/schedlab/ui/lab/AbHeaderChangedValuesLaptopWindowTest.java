package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
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
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A/B on a laptop (1280 x 720) once a second value is moved on a side, as a lecture or a study
 * does: the header named the values the sides differ in cut to "preemption=full condResch..." on B
 * and "preemption=lazy ..." for case C's irqInatomic=on, so the value just changed - what makes B
 * what it is - was nowhere on screen, while the step line beside it said "Step through the r...".
 * The header names them whole; the step line, whole in its tooltip, gives way first.
 */
@ExtendWith(ApplicationExtension.class)
class AbHeaderChangedValuesLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private void open(Scenario s, Map<String, String> a, Map<String, String> b) throws Exception {
        interact(() -> {
            window.lab.compare().open(s, a, b);
            window.ui.showCompare();
        });
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + "'s run done", 120,
                    () -> lookup("#ab-" + side + "-status").queryLabeled().getAccessibleHelp().contains("; summary in "));
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void assertHeadersWhole(String aLabel, String bLabel) {
        interact(() -> {
            assertEquals(OwnStage.LAPTOP_WIDTH, stage.get().getWidth(), 1);
            double right = stage.get().getScene().getWidth();
            for (String side : new String[] {"a", "b"}) {
                Labeled label = lookup("#ab-" + side + "-label").queryLabeled();
                assertEquals(side.equals("a") ? aLabel : bLabel, label.getText());
                assertEquals(label.getText(), ShownText.of(label), "#ab-" + side + "-label as drawn");
                for (String part : new String[] {"-status", "-step-position"}) {
                    Labeled l = lookup("#ab-" + side + part).queryLabeled();
                    assertEquals(l.getText(), ShownText.of(l), "#ab-" + side + part + " as drawn");
                }
                // the step buttons stay on the row, inside the window
                for (String button : new String[] {"-step-first", "-step-previous", "-step-next", "-step-next-preemption", "-step-next-lhp"}) {
                    Node n = lookup("#ab-" + side + button).query();
                    Bounds bounds = n.localToScene(n.getLayoutBounds());
                    assertTrue(n.isVisible() && bounds.getWidth() > 10 && bounds.getMaxX() <= right + 0.5,
                            "#ab-" + side + button + " at " + bounds);
                }
            }
        });
    }

    @Test
    void aTeachersSecondValueIsNamedWholeOnTheHeader() throws Exception {
        open(LabFixtures.teach(), Map.of("preemption", "none"), Map.of("preemption", "full", "condReschedUs", "500"));
        assertHeadersWhole("preemption=none condReschedUs=0", "preemption=full condReschedUs=500");
    }

    /**
     * Case A's page size on B, the same setting shown again (a slider moved back, a run ahead picked
     * up): the status reads "timeline in 1471 ms (already run)", longer, and B's header was cut to
     * "preemption=lazy pageSize..." beside "187,777 events". The step position gives way to the
     * names, down to its first characters with an ellipsis, whole in its tooltip.
     */
    @Test
    void besideAnAlreadyRunStatusThePositionGivesWayToTheNames() throws Exception {
        Map<String, String> a = Map.of("preemption", "none", "durationMs", "100", "warmupMs", "20");
        Map<String, String> b = Map.of("preemption", "lazy", "pageSize", "2m", "durationMs", "100", "warmupMs", "20");
        Scenario caseA = ScenarioCatalog.builtIn("pgbench-graviton4");
        open(caseA, a, b);
        interact(() -> window.lab.compare().open(caseA, a, b));
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + " shown again", 60, () -> lookup("#ab-" + side + "-status").queryLabeled().getText()
                    .equals(TimelineCard.ALREADY_RUN));
        }
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            double right = stage.get().getScene().getWidth();
            for (String side : new String[] {"a", "b"}) {
                Labeled label = lookup("#ab-" + side + "-label").queryLabeled();
                assertEquals(label.getText(), ShownText.of(label), "#ab-" + side + "-label as drawn");
                Labeled status = lookup("#ab-" + side + "-status").queryLabeled();
                assertEquals(status.getText(), ShownText.of(status), "#ab-" + side + "-status as drawn");
                Labeled position = lookup("#ab-" + side + "-step-position").queryLabeled();
                String shown = ShownText.of(position);
                assertTrue(shown.length() >= 5 && position.getText().startsWith(shown.replace("...", "")
                        .replace("\u2026", "")), "'" + shown + "' of '" + position.getText() + "'");
                Bounds bounds = position.localToScene(position.getLayoutBounds());
                assertTrue(bounds.getMaxX() <= right + 0.5, "the position at " + bounds);
            }
        });
    }

    /**
     * Case A's page size on B in a projector's 1024 x 768 window: beside the done runs' "timeline in
     * 20.3 s" and the step position cut to its first digits, the sides read "preemption=non..." and
     * "preemption=lazy pag...", the page size that makes B twice as fast named on neither. A done
     * run's timings give way next, down to their first word (whole in the tooltip); the values that
     * tell A from B are whole and the step buttons stay on the row.
     */
    @Test
    void inAProjectorsWindowADoneRunsTimingsGiveWayToTheValuesTheSidesDifferIn() throws Exception {
        interact(() -> {
            stage.get().setWidth(1024);
            stage.get().setHeight(768);
        });
        Map<String, String> a = Map.of("preemption", "none", "durationMs", "100", "warmupMs", "20");
        Map<String, String> b = Map.of("preemption", "lazy", "pageSize", "2m", "durationMs", "100", "warmupMs", "20");
        open(ScenarioCatalog.builtIn("pgbench-graviton4"), a, b);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            double right = stage.get().getScene().getWidth();
            for (String side : new String[] {"a", "b"}) {
                Labeled label = lookup("#ab-" + side + "-label").queryLabeled();
                assertTrue(label.getText().contains("pageSize="), label.getText());
                assertEquals(label.getText(), ShownText.of(label), "#ab-" + side + "-label as drawn");
                Labeled status = lookup("#ab-" + side + "-status").queryLabeled();
                String shown = ShownText.of(status);
                String kept = shown.replace("...", "").replace("\u2026", "");
                assertTrue(kept.length() >= 5 && status.getText().startsWith(kept),
                        "'" + shown + "' of '" + status.getText() + "'");
                for (String button : new String[] {"-step-first", "-step-previous", "-step-next",
                        "-step-next-preemption", "-step-next-lhp"}) {
                    Node n = lookup("#ab-" + side + button).query();
                    Bounds bounds = n.localToScene(n.getLayoutBounds());
                    assertTrue(n.isVisible() && bounds.getWidth() > 10 && bounds.getMaxX() <= right + 0.5,
                            "#ab-" + side + button + " at " + bounds);
                }
            }
        });
        // widened again, the status the narrow window cut is read whole: its kept width goes with the need
        interact(() -> stage.get().setWidth(1600));
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            for (String side : new String[] {"a", "b"}) {
                Labeled status = lookup("#ab-" + side + "-status").queryLabeled();
                assertEquals(status.getText(), ShownText.of(status), "#ab-" + side + "-status at 1600 px");
            }
        });
    }

    /**
     * A projector's 1024 px window has no room for both: the step buttons stay on the row, inside
     * the window, and the names give way to them (down to their first words), whole in their tooltip.
     */
    @Test
    void inANarrowerWindowTheStepButtonsStayAndTheNamesGiveWay() throws Exception {
        interact(() -> {
            stage.get().setWidth(1024);
            stage.get().setHeight(700);
        });
        open(LabFixtures.teach(), Map.of("preemption", "none"), Map.of("preemption", "full", "condReschedUs", "500"));
        interact(() -> {
            double right = stage.get().getScene().getWidth();
            for (String side : new String[] {"a", "b"}) {
                Labeled label = lookup("#ab-" + side + "-label").queryLabeled();
                assertTrue(ShownText.of(label).startsWith("preemption="), ShownText.of(label));
                for (String button : new String[] {"-step-first", "-step-previous", "-step-next",
                        "-step-next-preemption", "-step-next-lhp"}) {
                    Node n = lookup("#ab-" + side + button).query();
                    Bounds bounds = n.localToScene(n.getLayoutBounds());
                    assertTrue(n.isVisible() && bounds.getWidth() > 10 && bounds.getMaxX() <= right + 0.5,
                            "#ab-" + side + button + " at " + bounds + " in " + right + " px; the label '"
                                    + ShownText.of(label) + "'");
                }
            }
        });
    }

    @Test
    void caseCsIrqInatomicOnBIsNamedWholeOnTheHeader() throws Exception {
        Map<String, String> shortRun = Map.of("durationMs", "40", "warmupMs", "20");
        Map<String, String> a = new java.util.HashMap<>(shortRun);
        a.put("preemption", "full");
        Map<String, String> b = new java.util.HashMap<>(shortRun);
        b.put("irqInatomic", "on");
        open(ScenarioCatalog.builtIn("s390-uperf"), a, b);
        assertHeadersWhole("preemption=full irqInatomic=off", "preemption=lazy irqInatomic=on");
    }
}
