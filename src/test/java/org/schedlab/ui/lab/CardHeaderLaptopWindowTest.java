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
 * parameters it shows, how long the change took and the step position are read whole, and the
 * step line keeps room for its first words. The status once said "timeline in 6663 ms (simulate
 * 6133 ms t..." - the phases of the latency, which its tooltip has - and left the step line a
 * lone "S...".
 */
@ExtendWith(ApplicationExtension.class)
class CardHeaderLaptopWindowTest extends FxRobot {
    /** The fewest characters of the step line a header keeps, its ellipsis not counted. */
    private static final int STEP_LINE_CHARS = 20;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private Labeled labeled(String id) {
        return lookup(id).queryLabeled();
    }

    @Test
    void theHeadersStatusAndStepPositionAreWholeAndTheStepLineKeepsItsFirstWords() throws Exception {
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none"),
                    Map.of("preemption", "lazy"));
            window.ui.showCompare();
        });
        for (String side : new String[] {"a", "b"}) {
            FxWait.untilOnFx(side + "'s run done", 60,
                    () -> labeled("#ab-" + side + "-status").getAccessibleHelp().contains("; summary in "));
        }
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
                Labeled step = labeled("#ab-" + side + "-step-explanation");
                String shown = ShownText.of(step).replace("...", "").replace("\u2026", "");
                assertTrue(shown.length() >= STEP_LINE_CHARS, "the step line as drawn: '" + ShownText.of(step)
                        + "' of '" + step.getText() + "'");
            }
        });
    }
}
