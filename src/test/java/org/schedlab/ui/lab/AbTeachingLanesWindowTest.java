package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import javafx.scene.control.SplitPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackKind;
import org.schedlab.render.TrackRow;
import org.schedlab.render.Viewport;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A teaching scenario in the A/B tab on a laptop (1280 x 720, the dividers where a new window
 * puts them). With one CPU each card's lanes show the CPU and, under it, task A and task B whole -
 * B's wake-up is what the lesson is about. The cards are at their shortest there, and task B
 * (and with it A) was scrolled out under a CPU lane that took half of the room. With two CPUs
 * (teach-remote-wakeup) the CPU lanes and the three task lanes cannot all be in a card: it opens
 * on the task lanes, the CPU lanes a scroll up.
 */
@ExtendWith(ApplicationExtension.class)
class AbTeachingLanesWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private TimelineView view(Side s) {
        return window.ui.comparePane().card(s).timelineView();
    }

    private void openOnALaptop(String scenario) throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load(scenario).orElseThrow());
            window.ui.showCompare();
            lookup("#ab-split").queryAs(SplitPane.class).setDividerPositions(0.28, 0.56); // a new window's
        });
        FxWait.untilOnFx("both sides painted", 60, () -> view(Side.A).lastPaintedViewport().isPresent()
                && view(Side.B).lastPaintedViewport().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * teach-remote-wakeup: W on CPU 1 wakes B, which waits on CPU 0 behind A. Its CPUs header, two
     * CPU lanes, Tasks header and three task lanes take more than a card's 73 px at any height
     * they may have; the card showed the CPU lanes and the Tasks header, W, A and B out of sight.
     */
    @Test
    void twoCpuScenarioOpensOnItsTaskLanesWhole() throws Exception {
        openOnALaptop("teach-remote-wakeup");
        for (Side s : Side.values()) {
            // the opening scroll is the layout's once the side has its height: a loaded machine
            // paints the side once before that pulse
            try {
                FxWait.untilOnFx(s + " scrolled to its task lanes", 30, () -> taskLanesProblem(s) == null);
            } catch (java.util.concurrent.TimeoutException e) {
                // the assertion below says what is wrong
            }
            String problem = FxWait.onFx(() -> taskLanesProblem(s));
            assertTrue(problem == null, problem);
        }
    }

    private String taskLanesProblem(Side s) {
        return taskLanesProblem(s, view(s));
    }

    /**
     * Null when W, A and B are whole in side {@code s}'s painted lanes ({@code v}) and CPU 1 is a
     * scroll up; else what is wrong (also {@link AbOpeningScrollWindowTest}'s check).
     */
    static String taskLanesProblem(Side s, TimelineView v) {
        Viewport painted = v.lastPaintedViewport().orElseThrow();
        TimelineLayout l = TimelineLayout.of(painted, v.viewModel().dataset(), v.viewModel().trackSpecProperty().get());
        String rows = l.visibleRows().stream().map(r -> r.label() + " " + r.topPx() + "+" + r.heightPx())
                .collect(Collectors.joining(", "));
        for (String task : new String[] {"W[", "A[", "B["}) {
            TrackRow row = l.visibleRows().stream()
                    .filter(r -> r.kind() == TrackKind.TASK && r.label().startsWith(task)).findFirst().orElse(null);
            boolean whole = row != null && row.topPx() >= l.lanesTopPx() - 0.5
                    && row.bottomPx() <= l.lanesBottomPx() + 0.5;
            if (!whole) {
                return s + " at " + painted.heightPx() + " px: task " + task.charAt(0) + " not whole in the lanes "
                        + l.lanesTopPx() + ".." + l.lanesBottomPx() + " px: " + rows;
            }
        }
        return l.find(TrackKind.CPU, 1).isEmpty() ? s + ": no CPU 1 lane to scroll up to" : null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"teach-kernel-section", "teach-fair-share"})
    void bothTaskLanesAreWholeInEachCardsLanes(String scenario) throws Exception {
        openOnALaptop(scenario);
        for (Side s : Side.values()) {
            String[] problem = {null};
            interact(() -> {
                TimelineView v = view(s);
                Viewport painted = v.lastPaintedViewport().orElseThrow();
                assertEquals(v.getHeight(), painted.heightPx(), 0.5, scenario + " " + s + ": painted at the card's height");
                TimelineLayout l = TimelineLayout.of(painted, v.viewModel().dataset(), v.viewModel().trackSpecProperty().get());
                List<TrackRow> tasks = l.visibleRows().stream().filter(r -> r.kind() == TrackKind.TASK).toList();
                for (String task : new String[] {"A[", "B["}) {
                    TrackRow row = tasks.stream().filter(r -> r.label().startsWith(task)).findFirst().orElse(null);
                    boolean whole = row != null && row.topPx() >= l.lanesTopPx() - 0.5
                            && row.bottomPx() <= l.lanesBottomPx() + 0.5;
                    if (!whole && problem[0] == null) {
                        problem[0] = scenario + " " + s + ": task " + task.charAt(0) + " not whole in the lanes "
                                + l.lanesTopPx() + ".." + l.lanesBottomPx() + " px: " + l.visibleRows().stream()
                                .map(r -> r.label() + " " + r.topPx() + "+" + r.heightPx()).collect(Collectors.joining(", "));
                    }
                }
                if (problem[0] == null && l.find(TrackKind.CPU, 0).filter(r -> r.topPx() >= l.lanesTopPx() - 0.5).isEmpty()) {
                    problem[0] = scenario + " " + s + ": CPU 0 scrolled out";
                }
            });
            assertTrue(problem[0] == null, problem[0]);
        }
    }
}
