package org.schedlab.ui;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.util.StringConverter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The task lanes button counts the lanes of the dataset on screen: opening a file with no tasks
 * after one with three said "(0/3)" (the count of the file before).
 */
@ExtendWith(ApplicationExtension.class)
class TaskLanesCountWindowTest extends FxRobot {
    private final TimelineViewModel vm = new TimelineViewModel();
    private TimelineToolBar bar;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        bar = new TimelineToolBar(vm);
        stage.setScene(new Scene(new HBox(8, bar.nodes(() -> { }).toArray(javafx.scene.Node[]::new)), 900, 60));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private static Dataset withTasks(int n) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        for (int i = 0; i < n; i++) {
            int t = b.addTask(100 + i, 100, "worker");
            b.slice(0, i * 1000L, i * 1000L + 500, t, SliceState.USER);
            b.taskState(t, i * 1000L, i * 1000L + 500, TaskState.RUNNING);
        }
        b.counter("tps", "tps").add(0, 1).add(10_000, 2);
        return b.build();
    }

    @Test
    void theCountFollowsTheDatasetEvenWhenNoLaneIsChecked() throws Exception {
        Dataset three = withTasks(3);
        Dataset none = withTasks(0);
        interact(() -> vm.setDataset(three));
        FxWait.untilOnFx("three lanes counted, all shown", 60, () -> bar.taskLanesText().endsWith("(3/3)"));
        interact(() -> vm.setDataset(none));
        // nothing to count: it says there are no tasks
        FxWait.untilOnFx("no tasks", 60, () -> bar.taskLanesText().equals(TimelineToolBar.NO_TASKS_TITLE));
        interact(() -> vm.setDataset(three));
        FxWait.untilOnFx("three again", 60, () -> bar.taskLanesText().endsWith("(3/3)"));
        assertTrue(bar.taskLanesText().startsWith("Task lanes"), bar.taskLanesText());
        // and a lane the user hides afterwards still counts
        interact(() -> vm.setTaskLanes(java.util.List.of(0, 1)));
        FxWait.untilOnFx("two of three", 60, () -> bar.taskLanesText().endsWith("(2/3)"));
    }

    /** Tasks named {@code comm[tid]} as given, in that order, each with a lane. */
    static Dataset named(Object... commTid) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        for (int i = 0; i < commTid.length; i += 2) {
            int t = b.addTask((Integer) commTid[i + 1], 100, (String) commTid[i]);
            b.slice(0, i * 1000L, i * 1000L + 500, t, SliceState.USER);
            b.taskState(t, i * 1000L, i * 1000L + 500, TaskState.RUNNING);
        }
        b.counter("tps", "tps").add(0, 1).add(10_000, 2);
        return b.build();
    }

    /** {@code n} tasks named by a lock table (no scheduler switches): no state, so no task lane. */
    private static Dataset tasksWithoutStates(int n) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf_lock.txt", "perf-lock-script"));
        for (int i = 0; i < n; i++) {
            b.addTask(100 + i, 100, "worker");
        }
        b.counter("tps", "tps").add(0, 1).add(10_000, 2);
        return b.build();
    }

    /**
     * A perf lock recording names 52 tasks but none's states: the list was greyed out as "Task lanes
     * (0/0)", and a disabled control shows no tooltip. Its face says why, whole; its accessible help
     * says more. A dataset with lanes is counted again.
     */
    @Test
    void aDatasetWithTasksButNoStatesSaysSoOnTheGreyedOutList() throws Exception {
        Dataset noStates = tasksWithoutStates(52);
        assertTrue(noStates.taskLanes().isEmpty() && noStates.tasks().size() == 52);
        interact(() -> vm.setDataset(noStates));
        FxWait.untilOnFx("the reason on the list", 60, () -> bar.taskLanesText().equals(TimelineToolBar.NO_STATES_TITLE));
        interact(() -> {
            assertTrue(bar.taskLanes().isDisabled());
            javafx.scene.control.Labeled cell = (javafx.scene.control.Labeled) bar.taskLanes().lookupAll(".list-cell")
                    .stream().filter(n -> TimelineToolBar.NO_STATES_TITLE.equals(((javafx.scene.control.Labeled) n).getText()))
                    .findFirst().orElseThrow();
            assertEquals(TimelineToolBar.NO_STATES_TITLE, ShownText.of(cell), "read whole");
            assertEquals(TimelineToolBar.NO_STATES_HELP, bar.taskLanes().getAccessibleHelp());
        });
        Dataset three = withTasks(3);
        interact(() -> vm.setDataset(three));
        FxWait.untilOnFx("three lanes counted", 60, () -> bar.taskLanesText().equals("Task lanes (3/3)"));
        assertEquals(TimelineToolBar.LANES_HELP, FxWait.onFx(() -> bar.taskLanes().getAccessibleHelp()));
    }

    /**
     * The tasks with a lane come first in the list as it opens (in the dataset's order), the others
     * after them by name, comm then tid: with many tasks the few checked were scattered through it,
     * and the rest sat in the order the recording first named them. The checks and the lanes shown
     * stay as they were.
     */
    @Test
    void theCheckedTasksComeFirstWhenTheListOpens() throws Exception {
        Dataset six = named("pgbench", 7377, "java", 7329, "postgres", 7386, "perf", 7396, "Xorg", 900,
                "postgres", 7383);
        interact(() -> vm.setDataset(six));
        FxWait.untilOnFx("six lanes", 60, () -> bar.taskLanesText().endsWith("/6)"));
        interact(() -> vm.setTaskLanes(java.util.List.of(4, 1)));
        FxWait.untilOnFx("two of six", 60, () -> bar.taskLanesText().equals("Task lanes (2/6)"));
        interact(() -> bar.taskLanes().show());
        FxWait.untilOnFx("the list is open", 60, () -> !lookup(".check-box").queryAll().isEmpty());
        interact(() -> {
            // java and Xorg shown, then perf, pgbench, postgres[7383], postgres[7386]
            assertEquals(java.util.List.of(1, 4, 3, 0, 5, 2).stream().map(six::task).map(
                    org.schedlab.model.TaskInfo::label).toList(),
                    bar.taskLanes().getItems().stream().map(six::task).map(org.schedlab.model.TaskInfo::label).toList());
            assertEquals(java.util.List.of(1, 4), java.util.List.copyOf(bar.taskLanes().getCheckModel().getCheckedItems()));
            assertEquals(java.util.List.of(4, 1), vm.trackSpecProperty().get().taskLanes(), "the lanes shown, untouched");
            bar.taskLanes().hide();
        });
        assertEquals("Task lanes (2/6)", FxWait.onFx(bar::taskLanesText));
    }

    /**
     * The list's converter reads a task's label back to that task (null for a name it does not
     * have): it threw, so anything asking a CheckComboBox for its item by text would have failed.
     */
    @Test
    void aTaskLabelReadsBackToItsTask() throws Exception {
        Dataset three = named("postgres", 7386, "pgbench", 7377, "postgres", 7383);
        interact(() -> vm.setDataset(three));
        FxWait.untilOnFx("three lanes", 60, () -> bar.taskLanesText().endsWith("/3)"));
        interact(() -> {
            StringConverter<Integer> c = bar.taskLanes().getConverter();
            for (int t = 0; t < 3; t++) {
                assertEquals(t, c.fromString(c.toString(t)), three.task(t).label());
            }
            assertEquals(null, c.fromString("postgres[1]"));
            assertEquals(null, c.fromString(null));
        });
    }

    /**
     * The list of 1,120 tasks lays out the rows it shows, not a cell for every task: measuring all
     * of them to size the list took over half a second of the FX thread at every opening.
     */
    private static final int TASKS = 1_120;

    @Test
    void openingTheListOfManyTasksLaysOutOnlyAFewRows() throws Exception {
        Dataset many = withTasks(TASKS);
        interact(() -> vm.setDataset(many));
        FxWait.untilOnFx("every task listed", 60, () -> bar.taskLanesText().endsWith("/" + TASKS + ")"));
        AtomicInteger labelled = new AtomicInteger();
        interact(() -> {
            StringConverter<Integer> shown = bar.taskLanes().getConverter();
            bar.taskLanes().setConverter(new StringConverter<>() {
                @Override
                public String toString(Integer t) {
                    labelled.incrementAndGet();
                    return shown.toString(t);
                }

                @Override
                public Integer fromString(String s) {
                    return shown.fromString(s);
                }
            });
            labelled.set(0);
            bar.taskLanes().show();
        });
        FxWait.untilOnFx("the list is open", 60, () -> !lookup(".check-box").queryAll().isEmpty());
        interact(() -> bar.taskLanes().hide());
        // the rows measured for the width and the rows in view, each labelled a few times: far below one per task
        assertTrue(labelled.get() < TASKS / 4, "labels made while opening: " + labelled.get());
        assertTrue(labelled.get() > 0, "the open list shows task labels");
    }

    /** Eight postgres backends running less and less; with {@code victims} the last three were preempted holding a lock. */
    private static Dataset backends(boolean victims) throws Exception {
        return TaskLaneChoiceTest.backends("run.json", victims);
    }

    /**
     * A/B's first screen with B's run in first and A's right after it: B's own three, then A's, and
     * B lined up with A's three then its own - six checked. The button went on reading "Task lanes
     * (3/8)" on one launch of three, the count it had when its skin was made at B's run: ControlsFX's
     * combo box keeps that text as its value and writes it on its button at its first layout, which
     * came after A's run. Opened, the list had six checked.
     */
    @Test
    void theCountOnAbIsTheSixCheckedWhenBsRunIsInFirst() throws Exception {
        TimelineViewModel a = new TimelineViewModel();
        TimelineViewModel b = new TimelineViewModel();
        TaskLaneChoice ab = TaskLaneChoice.acrossSides(a, b);
        interact(() -> bar.workOn(new javafx.beans.property.SimpleObjectProperty<>(java.util.Optional.of(ab)),
                new javafx.beans.property.SimpleObjectProperty<>(java.util.Optional.of(
                        TaskSearch.keptAcrossRuns(java.util.List.of(a, b)))), java.util.Optional::empty));
        Dataset da = backends(false);
        Dataset db = backends(true);
        // both runs' timelines handed over between two pulses: the list's new skin not laid out yet
        interact(() -> {
            b.setDataset(db, TimelineViewModel.defaultTaskLanes(db));
            a.setDataset(da, TimelineViewModel.defaultTaskLanes(da));
        });
        assertEquals(6, ab.checkedProperty().get().size(), "A's three, then B's own");
        for (int pulse = 0; pulse < 5; pulse++) {
            interact(() -> bar.taskLanes().getScene().getRoot().requestLayout());
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals("Task lanes (6/8)", interactText(), "what the button reads");
    }

    private String interactText() {
        String[] text = new String[1];
        interact(() -> text[0] = bar.taskLanesText());
        return text[0];
    }
}
