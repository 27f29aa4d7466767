package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.stage.Stage;

import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On the Live run tab the toolbar's "Task lanes" list lists the run's tasks: a user running
 * s390-uperf live could not put a kworker's lane on the timeline (the list was greyed out). The
 * lane picked stays through the reruns a slider starts, and goes when another scenario opens.
 */
@ExtendWith(ApplicationExtension.class)
class LiveTaskLanesWindowTest extends FxRobot {
    /** A kworker of s390-uperf with a state lane; not among the lanes a run opens with. */
    static final String KWORKER = "kworker/3:1[1003]";
    static final Map<String, String> SHORT = Map.of("durationMs", "40", "warmupMs", "20", "preemption", "lazy");

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private TimelineViewModel timeline() {
        return window.lab.live().timeline();
    }

    private CheckComboBox<Integer> list() {
        return TaskLanesList.of(this);
    }

    private Optional<Integer> item(String text) {
        return TaskLanesList.item(this, text);
    }

    private List<String> lanes() {
        return FxWait.onFx(() -> {
            Dataset d = timeline().dataset();
            return timeline().trackSpecProperty().get().taskLanes().stream().map(d::task).map(TaskInfo::label).toList();
        });
    }

    /** Opens {@code s} on the Live run tab and waits for its run on the timeline. */
    private void openLive(Scenario s, Map<String, String> values) throws Exception {
        Dataset before = FxWait.onFx(() -> timeline().dataset());
        interact(() -> {
            window.lab.openLive(s, values);
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run on the timeline", 60, () -> timeline().dataset() != before
                && timeline().dataset() != TimelineViewModel.NO_DATASET && !window.lab.live().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** A scenario file of the user's own: s390-uperf under another name, so it has the same kworker. */
    static Scenario ownCopyOfS390() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("s390-uperf");
        return new Scenario("my-s390", "My s390 uperf", s.workload(), s.description(), s.notes(), s.params(),
                s.origin(), s.explain(), s.lookAt(), s.compare());
    }

    @Test
    void aKworkerPickedOnTheLiveRunKeepsItsLaneThroughASliderRerunUntilAnotherScenario() throws Exception {
        openLive(ScenarioCatalog.builtIn("s390-uperf"), SHORT);
        assertFalse(lanes().contains(KWORKER), "not a lane the run opens with: " + lanes());
        assertFalse(FxWait.onFx(() -> list().isDisabled()), "the list works on the Live run tab");
        int i = item(KWORKER).orElseThrow(() -> new AssertionError("the list has no " + KWORKER));
        interact(() -> list().getCheckModel().check(i));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lanes().contains(KWORKER), "checked: " + lanes());

        // a slider moved: the rerun shows the picked lane in place of the lanes it opens with
        Dataset before = FxWait.onFx(() -> timeline().dataset());
        Map<String, String> seed7 = new HashMap<>(FxWait.onFx(() -> window.lab.livePanelProperty().get().overrides()));
        seed7.put("seed", "7");
        interact(() -> window.lab.livePanelProperty().get().apply(seed7));
        FxWait.untilOnFx("the rerun on the timeline", 60, () -> timeline().dataset() != before
                && timeline().dataset() != TimelineViewModel.NO_DATASET);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lanes().contains(KWORKER), "the rerun: " + lanes());
        int again = item(KWORKER).orElseThrow();
        assertTrue(FxWait.onFx(() -> list().getCheckModel().isChecked(again)), "still checked in the list");

        // another scenario (with the same kworker) opens with its own lanes
        openLive(ownCopyOfS390(), SHORT);
        assertFalse(lanes().contains(KWORKER), "another scenario: " + lanes());
    }

    @Test
    void theSweepTabsListStaysGreyedOut() throws Exception {
        openLive(ScenarioCatalog.builtIn("s390-uperf"), SHORT);
        interact(() -> window.ui.showSweep());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> list().isDisabled()), "the Sweep tab has no timeline");
    }
}
