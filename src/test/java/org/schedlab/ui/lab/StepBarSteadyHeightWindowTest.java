package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A teacher steps through teach-remote-wakeup in a projector's 1024 x 768 window: a wake-up's
 * explanation takes four lines under the timeline, a preemption's five. The step bar grew and
 * shrank at each step, and the timeline above it, which fits its lanes to its height, drew its
 * CPU lanes 44 px high, then 22, then 44 again: the picture jumped at every step. Once an
 * explanation has been shown, the bar keeps its height: stepping back over the same events, the
 * timeline keeps one height.
 */
@ExtendWith(ApplicationExtension.class)
class StepBarSteadyHeightWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void theTimelineKeepsItsHeightAsTheExplanationsChange() throws Exception {
        openRemoteWakeup();
        double idle = FxWait.onFx(() -> lookup("#live-step-bar").query().getBoundsInLocal().getHeight());
        List<Integer> lines = stepForward();
        assertTrue(lines.stream().distinct().count() > 1, "explanations of different lengths: the case this is about " + lines);
        List<Double> heights = new ArrayList<>();
        List<Double> bars = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            clickOn("#live-step-previous");
            WaitForAsyncUtils.waitForFxEvents();
            heights.add(FxWait.onFx(() -> lookup("#live-timeline").query().getBoundsInLocal().getHeight()));
            bars.add(FxWait.onFx(() -> lookup("#live-step-bar").query().getBoundsInLocal().getHeight()));
        }
        for (double h : heights) {
            assertEquals(heights.get(0), h, 0.5, "the timeline's height at each step back " + heights + ", the bar's " + bars);
        }
        String last = FxWait.onFx(() -> lookup("#live-step-explanation").queryAs(Label.class).getText());
        assertTrue(!last.isEmpty(), "the bar still says why");

        // a new run (full, as the tour's step 2 sets it): the bar as tall as before any step, not as
        // the last run's longest explanation left it, blank lines taken from the timeline
        Object before = FxWait.onFx(() -> window.lab.live().timeline().dataset());
        interact(() -> window.lab.livePanelProperty().get().apply(Map.of("preemption", "full")));
        FxWait.untilOnFx("the run under full", 60, () -> window.lab.live().timeline().dataset() != before
                && !window.lab.live().busyProperty().get());
        FxWait.pulse(lookup("#live-step-bar").query().getScene());
        assertEquals(idle, FxWait.onFx(() -> lookup("#live-step-bar").query().getBoundsInLocal().getHeight()), 0.5,
                "the bar's height before a step of the new run");
    }
    /**
     * The kept height is for the width it was counted at: widened (the window maximised on the
     * projector), the bar is as tall as its text needs at the new width, not the narrow window's
     * longest explanation with blank lines under a short one.
     */
    @Test
    void widenedTheBarIsAsTallAsItsTextNeeds() throws Exception {
        openRemoteWakeup();
        List<Integer> lengths = stepForward();
        // back to the shortest explanation: at 1024 px the bar keeps the longest one's height
        int shortest = lengths.indexOf(lengths.stream().min(Integer::compare).orElseThrow());
        for (int i = lengths.size() - 1; i > shortest; i--) {
            clickOn("#live-step-previous");
            WaitForAsyncUtils.waitForFxEvents();
        }
        interact(() -> stage.get().setWidth(1600));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        double[] hp = FxWait.onFx(() -> {
            Label l = lookup("#live-step-explanation").queryAs(Label.class);
            return new double[] {l.getHeight(), Math.ceil(l.prefHeight(l.getWidth()))};
        });
        assertEquals(hp[1], hp[0], 0.5, "the explanation's height at 1600 px, its text needing " + hp[1]);
    }

    /** teach-remote-wakeup in the Live tab, its run in and its first frame laid out. */
    private void openRemoteWakeup() throws Exception {
        var remote = ScenarioCatalog.builtIn("teach-remote-wakeup");
        interact(() -> {
            window.lab.openLive(remote, Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run", 60, () -> window.lab.live().outcome().isPresent()
                && window.lab.live().timeline().dataset().marks().size() > 8 && !window.lab.live().busyProperty().get());
        FxWait.pulse(lookup("#live-step-bar").query().getScene());
    }

    /** Eight steps forward; the length of each step's explanation. */
    private List<Integer> stepForward() {
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            clickOn("#live-step-next");
            WaitForAsyncUtils.waitForFxEvents();
            lengths.add(FxWait.onFx(() -> lookup("#live-step-explanation").queryAs(Label.class).getText().length()));
        }
        return lengths;
    }
}
