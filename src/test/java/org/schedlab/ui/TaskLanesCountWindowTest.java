package org.schedlab.ui;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.util.StringConverter;
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
        FxWait.untilOnFx("three lanes counted, all shown", 20, () -> bar.taskLanesText().endsWith("(3/3)"));
        interact(() -> vm.setDataset(none));
        FxWait.untilOnFx("no lanes counted", 20, () -> bar.taskLanesText().endsWith("(0/0)"));
        interact(() -> vm.setDataset(three));
        FxWait.untilOnFx("three again", 20, () -> bar.taskLanesText().endsWith("(3/3)"));
        assertTrue(bar.taskLanesText().startsWith("Task lanes"), bar.taskLanesText());
        // and a lane the user hides afterwards still counts
        interact(() -> vm.setTaskLanes(java.util.List.of(0, 1)));
        FxWait.untilOnFx("two of three", 20, () -> bar.taskLanesText().endsWith("(2/3)"));
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
        FxWait.untilOnFx("every task listed", 20, () -> bar.taskLanesText().endsWith("/" + TASKS + ")"));
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
        FxWait.untilOnFx("the list is open", 20, () -> !lookup(".check-box").queryAll().isEmpty());
        interact(() -> bar.taskLanes().hide());
        // the rows measured for the width and the rows in view, each labelled a few times: far below one per task
        assertTrue(labelled.get() < TASKS / 4, "labels made while opening: " + labelled.get());
        assertTrue(labelled.get() > 0, "the open list shows task labels");
    }
}
