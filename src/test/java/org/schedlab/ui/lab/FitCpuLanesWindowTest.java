package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackRow;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Fit CPU lanes" on a laptop's A/B tab: a 96-CPU machine showed 4 lanes a side. The toolbar's
 * toggle fits every CPU lane of both sides in view (the table giving the sides the room a pixel a
 * lane needs), the Live run's too; K turns it off and each side is back to its own lane heights,
 * its lanes and the dividers where they were.
 */
@ExtendWith(ApplicationExtension.class)
class FitCpuLanesWindowTest extends FxRobot {
    /** Case B's YCSB run on 96 CPUs: a machine as wide as case A's, simulated in seconds. */
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) -> {
        Map<String, String> wide = new HashMap<>(overrides);
        wide.put("cpus", "96");
        return SimRunner.simulator().run(scenario, wide, options, monitor);
    });
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private TimelineView view(Side s) {
        return window.ui.comparePane().card(s).timelineView();
    }

    private static boolean painted(TimelineView v) {
        return v.viewModel().dataset() != TimelineViewModel.NO_DATASET && v.viewModel().dataset().cpuCount() == 96
                && v.lastPaintedViewport().map(p -> Math.abs(p.heightPx() - v.getHeight()) < 0.5
                        && p.laneScrollPx() == v.viewModel().laneScrollPxProperty().get()).orElse(false);
    }

    /** The CPU lanes of {@code v}'s last frame that are whole in its lanes area. */
    private static int cpusInView(TimelineView v) {
        TimelineLayout l = TimelineLayout.of(v.lastPaintedViewport().orElseThrow(), v.viewModel().dataset(),
                v.viewModel().trackSpecProperty().get());
        int whole = 0;
        for (int c = 0; c < v.viewModel().dataset().cpuCount(); c++) {
            TrackRow r = l.cpuLane(c);
            if (r.topPx() >= l.lanesTopPx() && r.bottomPx() <= l.lanesBottomPx()) {
                whole++;
            }
        }
        return whole;
    }

    private void openBothSides() throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load("mongodb-ycsb-a").orElseThrow());
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both sides' 96-CPU runs painted", 120, () -> painted(view(Side.A)) && painted(view(Side.B)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Lanes the user scrolled to, on linked sides: fitted, both show CPU 0 on; back, each is where
     * it was (A's scroll, B following it by CPU number), not the other side's lanes of the fitted layout.
     */
    @Test
    void scrolledLinkedLanesComeBackWhereTheyWere() throws Exception {
        openBothSides();
        interact(() -> view(Side.A).requestFocus());
        type(KeyCode.PAGE_DOWN);
        FxWait.untilOnFx("A scrolled, B following", 60, () -> view(Side.A).viewModel().laneScrollPxProperty().get() > 0
                && view(Side.B).viewModel().laneScrollPxProperty().get() > 0 && painted(view(Side.A))
                && painted(view(Side.B)));
        WaitForAsyncUtils.waitForFxEvents();
        double[] scrolled = new double[2];
        for (Side s : Side.values()) {
            scrolled[s.ordinal()] = FxWait.onFx(() -> view(s).viewModel().laneScrollPxProperty().get());
        }
        type(KeyCode.K);
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " shows all 96 CPU lanes", 60, () -> painted(view(s)) && cpusInView(view(s)) == 96);
        }
        type(KeyCode.K);
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " back to its own lanes", 60, () -> painted(view(s))
                    && view(s).currentLayout().cpuLaneHeightPx() >= TimelineLayout.MIN_CPU_HEIGHT_PX);
        }
        WaitForAsyncUtils.waitForFxEvents();
        for (Side s : Side.values()) {
            assertEquals(scrolled[s.ordinal()], FxWait.onFx(() -> view(s).viewModel().laneScrollPxProperty().get()),
                    s + "'s lanes where they were scrolled to");
        }
    }

    /**
     * Dividers the user moved while the mode was on are where the user wants them: turned off, it
     * leaves them there rather than throwing them back to where they were before it (the ones it
     * set itself, untouched, do go back - the test below).
     */
    @Test
    void dividersTheUserMovedWhileItWasOnStayWhereTheUserPutThem() throws Exception {
        openBothSides();
        double[] before = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        clickOn("#fit-cpu-lanes");
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " shows all 96 CPU lanes", 60, () -> painted(view(s)) && cpusInView(view(s)) == 96);
        }
        double[] fitted = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        assertTrue(fitted[0] > before[0] + 0.001 || fitted[1] > before[1] + 0.001, "the mode gave the sides room: "
                + java.util.Arrays.toString(fitted) + " after " + java.util.Arrays.toString(before));
        // the user drags B's divider down a little more, to see more of B
        double[] moved = {fitted[0], Math.min(0.95, fitted[1] + 0.04)};
        interact(() -> {
            window.ui.comparePane().split().setDividerPositions(moved);
            window.ui.comparePane().split().layout();
        });
        double[] placed = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        clickOn("#fit-cpu-lanes");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> window.vm.timeline().fitCpuLanesProperty().get()), "turned off");
        double[] after = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        for (int i = 0; i < placed.length; i++) {
            assertEquals(placed[i], after[i], 0.002, "divider " + i + " where the user put it");
        }
    }

    /** K typed into a parameter's spinner is typing: the mode stays off, the letter goes in the field. */
    @Test
    void kTypedIntoAParameterFieldIsTypingNotTheToggle() throws Exception {
        openBothSides();
        javafx.scene.control.Spinner<?> spinner = FxWait.onFx(() -> from(window.ui.comparePane()).lookup(".spinner").queryAll().stream()
                .filter(n -> n.isVisible() && n.getScene() != null)
                .map(n -> (javafx.scene.control.Spinner<?>) n).findFirst().orElseThrow());
        interact(() -> spinner.getEditor().requestFocus());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> spinner.getEditor().isFocused() || spinner.isFocused()),
                "the field has the keyboard: " + FxWait.onFx(() -> spinner.getScene().getFocusOwner()));
        type(KeyCode.END);
        type(KeyCode.K);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> window.vm.timeline().fitCpuLanesProperty().get()), "K in a field left it off");
        assertTrue(FxWait.onFx(() -> spinner.getEditor().getText().toLowerCase(java.util.Locale.ROOT).endsWith("k")),
                "the letter typed: " + FxWait.onFx(() -> spinner.getEditor().getText()));

    }

    @Test
    void bothSidesShowTheWholeMachineAndKBringsTheirOwnLanesBack() throws Exception {
        openBothSides();
        int[] before = new int[2];
        double[] scrollBefore = new double[2];
        double[] dividersBefore = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        for (Side s : Side.values()) {
            before[s.ordinal()] = FxWait.onFx(() -> cpusInView(view(s)));
            scrollBefore[s.ordinal()] = FxWait.onFx(() -> view(s).viewModel().laneScrollPxProperty().get());
            assertTrue(before[s.ordinal()] < 12, s + " shows a few of its 96 CPUs at first: " + before[s.ordinal()]);
        }

        clickOn("#fit-cpu-lanes");
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " shows all 96 CPU lanes", 60, () -> painted(view(s)) && cpusInView(view(s)) == 96);
            assertEquals(1, FxWait.onFx(() -> view(s).currentLayout().cpuLaneHeightPx()), s + ": a pixel a lane");
            assertEquals(0, FxWait.onFx(() -> view(s).viewModel().laneScrollPxProperty().get()), s + " from CPU 0");
        }
        assertTrue(FxWait.onFx(() -> window.ui.livePane().card().timelineView().viewModel().fitCpuLanesProperty().get()),
                "the Live run's timeline too");
        assertTrue(FxWait.onFx(() -> window.vm.timeline().fitCpuLanesProperty().get()), "and the Dataset tab's");

        interact(() -> view(Side.A).requestFocus());
        type(KeyCode.K);
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " back to its own lanes", 60, () -> painted(view(s))
                    && view(s).currentLayout().cpuLaneHeightPx() >= TimelineLayout.MIN_CPU_HEIGHT_PX);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> window.vm.timeline().fitCpuLanesProperty().get()), "K turned it off");
        double[] dividersAfter = FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
        for (int i = 0; i < dividersBefore.length; i++) {
            assertEquals(dividersBefore[i], dividersAfter[i], 0.002, "divider " + i + " back where it was");
        }
        for (Side s : Side.values()) {
            assertEquals(before[s.ordinal()], FxWait.onFx(() -> cpusInView(view(s))), s + "'s lanes as before");
            assertEquals(scrollBefore[s.ordinal()], FxWait.onFx(() -> view(s).viewModel().laneScrollPxProperty().get()),
                    s + "'s scroll as before");
        }
    }
}
