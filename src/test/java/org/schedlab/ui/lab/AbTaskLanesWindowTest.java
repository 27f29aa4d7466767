package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.stage.Stage;

import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskState;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On the A/B tab the toolbar's "Task lanes" list lists both sides' tasks: case C's story is a
 * kworker's run-queue latency under full and under lazy, and its lane could be put on neither
 * timeline (the list was greyed out, the Dataset tab's). Checking a task shows its lane on each
 * side that has it; a rerun keeps it; a task only one side has says which.
 */
@ExtendWith(ApplicationExtension.class)
class AbTaskLanesWindowTest extends FxRobot {
    /** A kworker of case C with a state lane on both sides; not among the lanes a run opens with. */
    private static final String KWORKER = "kworker/3:1[1003]";

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private TimelineViewModel timeline(Side s) {
        return window.lab.compare().side(s).timeline();
    }

    private CheckComboBox<Integer> list() {
        return TaskLanesList.of(this);
    }

    private Optional<Integer> item(String text) {
        return TaskLanesList.item(this, text);
    }

    /** The labels of the tasks side {@code s} shows a lane for. */
    private List<String> lanes(Side s) {
        return FxWait.onFx(() -> {
            Dataset d = timeline(s).dataset();
            return timeline(s).trackSpecProperty().get().taskLanes().stream().map(d::task).map(TaskInfo::label).toList();
        });
    }

    /** Checks {@code text} in the list, as a click on its row does. */
    private void check(String text) {
        int i = item(text).orElseThrow(() -> new AssertionError("the list has no " + text + ": "
                + FxWait.onFx(() -> list().getItems().stream().map(list().getConverter()::toString).toList())));
        interact(() -> list().getCheckModel().check(i));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void openCaseC() throws Exception {
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both timelines", 60, () -> timeline(Side.A).dataset() != TimelineViewModel.NO_DATASET
                && timeline(Side.B).dataset() != TimelineViewModel.NO_DATASET);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lanes(Side.A).contains(KWORKER), "not a lane the run opens with: " + lanes(Side.A));
        assertFalse(lanes(Side.B).contains(KWORKER), "not a lane the run opens with: " + lanes(Side.B));
    }

    @Test
    void checkingAKworkerOnTheAbTabShowsItsLaneOnBothSides() throws Exception {
        openCaseC();
        assertFalse(FxWait.onFx(() -> list().isDisabled()), "the list works on the A/B tab");
        assertFalse(FxWait.onFx(() -> lookup("#task-search").query().isDisabled()),
                "the search finds both sides' tasks");
        check(KWORKER);
        assertTrue(lanes(Side.A).contains(KWORKER), "A: " + lanes(Side.A));
        assertTrue(lanes(Side.B).contains(KWORKER), "B: " + lanes(Side.B));
        // the lanes one side opened with and the other did not are both sides' now: the timelines align
        assertEquals(lanes(Side.A), lanes(Side.B));
    }

    @Test
    void aRerunAndMakeBTheNewAKeepThePickedLane() throws Exception {
        openCaseC();
        check(KWORKER);
        Dataset before = FxWait.onFx(() -> timeline(Side.B).dataset());
        Map<String, String> b = new java.util.HashMap<>(window.lab.compare().panel(Side.B).overrides());
        b.put("seed", "7");
        interact(() -> window.lab.compare().panel(Side.B).apply(b));
        FxWait.untilOnFx("B's rerun on its timeline", 60, () -> timeline(Side.B).dataset() != before
                && timeline(Side.B).dataset() != TimelineViewModel.NO_DATASET);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lanes(Side.B).contains(KWORKER), "B's new run: " + lanes(Side.B));
        int i = item(KWORKER).orElseThrow();
        assertTrue(FxWait.onFx(() -> list().getCheckModel().isChecked(i)), "still checked in the list");

        interact(() -> window.lab.compare().makeBTheNewA());
        FxWait.untilOnFx("A is B's run", 60, () -> timeline(Side.A).dataset() == timeline(Side.B).dataset());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lanes(Side.A).contains(KWORKER), "A, once B's run: " + lanes(Side.A));
    }

    @Test
    void anotherScenarioOpensWithEachRunsOwnLanes() throws Exception {
        openCaseC();
        check(KWORKER);
        assertTrue(lanes(Side.A).contains(KWORKER), "A: " + lanes(Side.A));
        // the user's own copy of s390-uperf: the same kworker, another scenario
        Dataset beforeA = FxWait.onFx(() -> timeline(Side.A).dataset());
        Dataset beforeB = FxWait.onFx(() -> timeline(Side.B).dataset());
        Map<String, String> a = Map.of("durationMs", "40", "warmupMs", "20", "preemption", "full", "seed", "11");
        Map<String, String> b = Map.of("durationMs", "40", "warmupMs", "20", "preemption", "lazy", "seed", "11");
        org.schedlab.sim.scenario.Scenario mine = LiveTaskLanesWindowTest.ownCopyOfS390();
        interact(() -> window.lab.compare().open(mine, a, b));
        FxWait.untilOnFx("both runs of the other scenario", 60, () -> timeline(Side.A).dataset() != beforeA
                && timeline(Side.B).dataset() != beforeB && timeline(Side.A).dataset() != TimelineViewModel.NO_DATASET
                && timeline(Side.B).dataset() != TimelineViewModel.NO_DATASET);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lanes(Side.A).contains(KWORKER), "A: " + lanes(Side.A));
        assertFalse(lanes(Side.B).contains(KWORKER), "B: " + lanes(Side.B));
        int i = item(KWORKER).orElseThrow();
        assertFalse(FxWait.onFx(() -> list().getCheckModel().isChecked(i)), "unchecked in the list");
    }

    /** A recording with case C's kworker/3:1 and a thread case C has not, each with a state lane. */
    private static Dataset withAThreadOfItsOwn() throws Exception {
        DatasetBuilder d = Dataset.builder(Metadata.of("b.txt", "perf-sched-script"));
        int kworker = d.addTask(1003, 1003, "kworker/3:1");
        int own = d.addTask(4242, 4242, "uperf");
        for (int t : new int[] {kworker, own}) {
            d.slice(0, t * 1000L, t * 1000L + 500, t, SliceState.KERNEL);
            d.taskState(t, t * 1000L, t * 1000L + 500, TaskState.RUNNING);
        }
        return d.build();
    }

    @Test
    void aTaskOnlyOneSideHasIsListedWithItsSideAndGetsItsLaneThere() throws Exception {
        openCaseC();
        Dataset mine = withAThreadOfItsOwn();
        interact(() -> window.lab.compare().showDataset(Side.B, mine, "b.txt", List.of()));
        FxWait.untilOnFx("B shows the recording", 30, () -> timeline(Side.B).dataset() == mine);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(item("uperf[4242]  (only on B)").isPresent(), "says which side has it");
        assertTrue(item("CPU 0/KVM[3102]  (only on A)").isPresent(), "and A's own");
        assertTrue(item(KWORKER).isPresent(), "one entry for the task both sides have");
        check("uperf[4242]  (only on B)");
        assertTrue(lanes(Side.B).contains("uperf[4242]"), "B: " + lanes(Side.B));
        assertFalse(lanes(Side.A).stream().anyMatch(l -> l.startsWith("uperf")), "A: " + lanes(Side.A));
        check(KWORKER);
        assertTrue(lanes(Side.A).contains(KWORKER), "A: " + lanes(Side.A));
        assertTrue(lanes(Side.B).contains(KWORKER), "B: " + lanes(Side.B));
    }
}
