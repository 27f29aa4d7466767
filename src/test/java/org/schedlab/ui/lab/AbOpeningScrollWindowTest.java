package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A two-CPU teaching scenario (teach-remote-wakeup) in the A/B tab on a laptop opens each card on
 * its task lanes, W, A and B whole, the CPU lanes a scroll up. That scroll is chosen for the card's
 * height when the run comes in; a card whose height changes before the user scrolls (its run came
 * in while the split was still being laid out, a divider dragged) kept the scroll chosen for the
 * height before, and task B, the lesson's, was cut at the lanes' bottom - a full test run once saw
 * it 4 px short. The runs here are held until the cards are taller than a new window makes them,
 * then the dividers go where a new window puts them.
 */
@ExtendWith(ApplicationExtension.class)
class AbOpeningScrollWindowTest extends FxRobot {
    /** Holds each run's recorded window (its timeline) until the test lets it go. */
    private final CountDownLatch release = new CountDownLatch(1);

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) ->
            SimRunner.simulator().run(scenario, overrides, options, new RecordedHook(monitor, () -> {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, () -> { })));
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @AfterEach
    void letTheRunsGo() {
        release.countDown();
    }

    private TimelineView view(Side s) {
        return window.ui.comparePane().card(s).timelineView();
    }

    private SplitPane split() {
        return lookup("#ab-split").queryAs(SplitPane.class);
    }

    /**
     * The height both cards' timelines have when the runs come in: that of A's in the window as
     * shown, before the A/B tab's first layout with the scenario open, 44 px more than the split then
     * gives it. A run in before that layout (a loaded machine) opened its lanes for this height: the
     * task lanes from their header as far as the lanes scroll, 53 px, and at the card's 147 px that
     * left task B 4 px short.
     */
    private static final double TALL_PX = 191;

    /**
     * Opens teach-remote-wakeup with each card's timeline {@link #TALL_PX} high and lets the runs
     * in: each side's lanes open for that height.
     */
    private void openOnTallCards() throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load("teach-remote-wakeup").orElseThrow());
            window.ui.showCompare();
            split().setDividerPositions(0.4, 0.8);
        });
        WaitForAsyncUtils.waitForFxEvents();
        timelinesHigh(TALL_PX, TALL_PX);
        release.countDown();
        FxWait.untilOnFx("both sides painted", 60, () -> paintedWhole(Side.A) && paintedWhole(Side.B));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Drags the dividers so that A's timeline is {@code aPx} high and B's {@code bPx}. */
    private void timelinesHigh(double aPx, double bPx) throws Exception {
        // the cards' heights follow the dividers one to one (less the split's rounding)
        for (int i = 0; i < 3; i++) {
            interact(() -> {
                double room = split().getHeight();
                double[] at = split().getDividerPositions();
                double a = at[0] + (aPx - view(Side.A).getHeight()) / room;
                double b = at[1] + (a - at[0]) + (bPx - view(Side.B).getHeight()) / room;
                split().setDividerPositions(a, b);
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals(aPx, FxWait.onFx(() -> view(Side.A).getHeight()), 0.5, "A's timeline");
        assertEquals(bPx, FxWait.onFx(() -> view(Side.B).getHeight()), 0.5, "B's timeline");
    }

    /** Whether the side's last frame shows its run at the view's height. */
    private boolean paintedWhole(Side s) {
        TimelineView v = view(s);
        return v.viewModel().dataset() != org.schedlab.ui.TimelineViewModel.NO_DATASET
                && v.lastPaintedViewport().map(p -> Math.abs(p.heightPx() - v.getHeight()) < 0.5).orElse(false);
    }

    /** The dividers where a new window puts them: the cards at their shortest. */
    private void dividersAsANewWindows() throws Exception {
        interact(() -> split().setDividerPositions(0.28, 0.56));
        FxWait.untilOnFx("the cards at their shortest, painted", 60, () -> {
            for (Side s : Side.values()) {
                if (Math.abs(view(s).getHeight() - TimelineCard.STACKED_MIN_TIMELINE_PX) > 0.5 || !paintedWhole(s)) {
                    return false;
                }
            }
            return true;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aCardShortenedBeforeAnyScrollStaysOnItsTaskLanesWhole() throws Exception {
        openOnTallCards();
        dividersAsANewWindows();
        for (Side s : Side.values()) {
            String problem = FxWait.onFx(() -> taskLanesProblem(s));
            assertTrue(problem == null, problem);
        }
    }

    @Test
    void theUsersOwnScrollStaysWhenTheCardIsShortened() throws Exception {
        openOnTallCards();
        interact(() -> view(Side.A).requestFocus());
        type(KeyCode.HOME); // A's lanes from the top: CPU 0 and CPU 1; B follows (Link lanes)
        FxWait.untilOnFx("both sides scrolled to the top", 60,
                () -> view(Side.A).viewModel().laneScrollPxProperty().get() == 0
                        && view(Side.B).viewModel().laneScrollPxProperty().get() == 0);
        dividersAsANewWindows();
        for (Side s : Side.values()) {
            assertEquals(0, FxWait.onFx(() -> view(s).lastPaintedViewport().orElseThrow().laneScrollPx()), 0.01,
                    s + ": the lanes where the user scrolled them");
        }
    }

    /**
     * Both sides open on their task lanes in a new window's cards; then the divider under B is
     * dragged down, so that B has room for its CPU lanes and its task lanes one under the other and
     * opens them again from the top. A, whose height did not change, stays on its task lanes:
     * B's lanes moved for B's height, not by a scroll for Link lanes to follow (A showed CPU 0, CPU 1
     * and the Tasks header, its task lanes out of sight).
     */
    @Test
    void oneCardMadeTallerLeavesTheOthersLanesAsTheyOpened() throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load("teach-remote-wakeup").orElseThrow());
            window.ui.showCompare();
        });
        release.countDown();
        dividersAsANewWindows();
        double bTall = TALL_PX - 6; // all of B's lanes fit at the top
        timelinesHigh(TimelineCard.STACKED_MIN_TIMELINE_PX, bTall);
        FxWait.untilOnFx("B painted at its new height", 60, () -> paintedWhole(Side.B));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, FxWait.onFx(() -> view(Side.B).viewModel().laneScrollPxProperty().get()), 0.01,
                "B's lanes opened again from the top");
        for (Side s : Side.values()) {
            String problem = FxWait.onFx(() -> taskLanesProblem(s));
            assertTrue(problem == null, problem);
        }
    }

    private String taskLanesProblem(Side s) {
        return AbTeachingLanesWindowTest.taskLanesProblem(s, view(s));
    }
}
