package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Labeled;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B cards' header rows on a laptop (1280 x 720), once both runs are done: the side, the
 * parameters it shows, how long the change took and the step position are read whole, and so is
 * the step line (the keys to step with where its sentence has no room). The status once said "timeline in 6663 ms (simulate
 * 6133 ms t..." - the phases of the latency, which its tooltip has - and left the step line a
 * lone "S...".
 */
@ExtendWith(ApplicationExtension.class)
class CardHeaderLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    /** teach-kernel-section, none on A against lazy on B, in the A/B tab, both runs done. */
    private void openTeachNoneAgainstLazy() throws Exception {
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none"),
                    Map.of("preemption", "lazy"));
            window.ui.showCompare();
        });
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + "'s run done", 60,
                    () -> labeled("#ab-" + side + "-status").getAccessibleHelp().contains("; summary in "));
        }
    }

    private Labeled labeled(String id) {
        return lookup(id).queryLabeled();
    }

    @Test
    void theHeadersStatusAndStepPositionAreWholeAndTheStepLineKeepsItsFirstWords() throws Exception {
        openTeachNoneAgainstLazy();
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertEquals(1280, stage.get().getWidth(), 1);
            for (String side : new String[] {"a", "b"}) {
                for (String part : new String[] {"-label", "-status", "-step-position"}) {
                    Labeled l = labeled("#ab-" + side + part);
                    assertEquals(l.getText(), ShownText.of(l), "#ab-" + side + part + " as drawn");
                }
                Labeled status = labeled("#ab-" + side + "-status");
                // the phases are in its tooltip (its accessible help)
                assertTrue(status.getAccessibleHelp().startsWith(status.getText())
                        && status.getAccessibleHelp().contains(", paint ")
                        && status.getAccessibleHelp().contains("; summary in "),
                        status.getAccessibleHelp());
                // before a step it is read whole: the sentence where it has the room, else the keys
                // (its first words, "Step through the run's e...", never got to them)
                Labeled step = labeled("#ab-" + side + "-step-explanation");
                assertEquals(step.getText(), ShownText.of(step), "the step line as drawn");
                assertTrue(step.getText().equals(org.schedlab.ui.StepBar.ONE_ROW_IDLE)
                        || step.getText().equals(org.schedlab.ui.StepViewModel.IDLE_EXPLANATION), step.getText());
                assertEquals(org.schedlab.ui.StepViewModel.IDLE_EXPLANATION, step.getAccessibleHelp(),
                        "the whole sentence in its tooltip");
            }
        });
    }

    /**
     * L in the A/B tab on a laptop: the position ("... +52.456 ms  lock-holder preemption", or
     * here that the run has none) ran off the window's edge at its full width. It is cut inside
     * the window now, the whole of it in its tooltip.
     */
    @Test
    void afterLThePositionStaysInsideTheWindowWithTheWholeTextInItsTooltip() throws Exception {
        openTeachNoneAgainstLazy();
        clickOn("#ab-a-step-next");
        clickOn("#ab-a-step-next-lhp");
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            Labeled l = labeled("#ab-a-step-position");
            assertTrue(l.getText().contains("no lock-holder preemption"), l.getText());
            javafx.geometry.Bounds b = l.localToScene(l.getLayoutBounds());
            assertTrue(b.getMaxX() <= stage.get().getScene().getWidth() + 0.5,
                    "'" + ShownText.of(l) + "' ends at " + b.getMaxX() + " of " + stage.get().getScene().getWidth());
            assertEquals(l.getText(), l.getAccessibleHelp(), "the tooltip has the whole position");
        });
    }

    /**
     * A card's header while its summary still simulates, on a laptop: "timeline ready; summary:
     * simulating 638 of 1200 ms (warm-up included)" was cut beside the progress bar and Cancel. The
     * header says "summary 53 %", read whole; its tooltip (accessible help) has the whole status.
     */
    @Test
    void aBusyCardsHeaderSaysItsProgressShortAndWhole() throws Exception {
        interact(() -> {
            // an hour of the textbook scenario: its summary simulates for a few seconds after its timeline is in
            window.lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "3600000"),
                    Map.of("preemption", "lazy", "durationMs", "3600000"));
            window.ui.showCompare();
        });
        // the text changes as the run goes on, and the run may end at any pulse (within a second on a
        // fast machine): everything about the busy header is read in the one FX runnable that saw its
        // summary simulating and laid the header out (read in later ones, the run had moved on or ended)
        String[] seen = new String[9];
        try {
            FxWait.untilOnFx("a side's summary simulating after its timeline, its header drawn whole", 60, () -> {
                for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                    RunViewModel run = window.lab.compare().side(s);
                    if (!(run.busyProperty().get() && run.phaseProperty().get() == RunViewModel.Phase.TIMELINE_READY
                            && run.progressProperty().get() > 0 && run.statusProperty().get().contains(" of "))) {
                        continue;
                    }
                    String side = s.name().toLowerCase(java.util.Locale.ROOT);
                    Labeled status = labeled("#ab-" + side + "-status");
                    Labeled explanation = labeled("#ab-" + side + "-step-explanation");
                    seen[1] = ShownText.of(status); // lays the header out with the texts it has now
                    seen[3] = ShownText.of(explanation);
                    seen[0] = status.getText();
                    seen[2] = explanation.getText();
                    seen[4] = explanation.getAccessibleHelp();
                    seen[5] = status.getAccessibleHelp();
                    seen[6] = run.statusProperty().get();
                    seen[7] = Integer.toString((int) Math.floor(run.progressProperty().get() * 100));
                    seen[8] = Boolean.toString(run.busyProperty().get());
                    return seen[0].equals(seen[1]) && !seen[0].isEmpty() && seen[2].equals(seen[3]);
                }
                return false;
            });
        } catch (java.util.concurrent.TimeoutException e) {
            // the step line beside "timeline in 16.1 s; summary 41 %" read "key..." (case A at 1280 x 720)
            throw new AssertionError("'" + seen[0] + "' drawn as '" + seen[1] + "', the step line '" + seen[2]
                    + "' drawn as '" + seen[3] + "'", e);
        } finally {
            interact(() -> {
                for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                    window.lab.compare().side(s).cancel();
                }
            });
        }
        assertEquals("true", seen[8], "read while the run was busy");
        // the summary's progress alone: the timeline's time is in the tooltip until the summary is in
        assertTrue(seen[0].matches("summary \\d+ %"), seen[0]);
        // the step line a sentence or its keys, drawn whole, the sentence in its tooltip
        assertTrue(seen[2].equals(org.schedlab.ui.StepBar.ONE_ROW_IDLE)
                || seen[2].equals(org.schedlab.ui.StepViewModel.IDLE_EXPLANATION), seen[2]);
        assertEquals(org.schedlab.ui.StepViewModel.IDLE_EXPLANATION, seen[4]);
        assertTrue(seen[0].endsWith("summary " + seen[7] + " %"), seen[0] + " at " + seen[7] + " %");
        assertTrue(seen[5].matches("timeline (ready|in .+); .*") && seen[5].endsWith("; " + seen[6])
                && seen[5].contains("summary: simulating"), seen[5]);
    }
}
