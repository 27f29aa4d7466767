package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.analysis.CpuBreakdown;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The CPU tab of a dataset without scheduling (a pgbench log alone) says so instead of a column
 * of 0.0 % that reads as idle CPUs; with slices it lists the states.
 */
@ExtendWith(ApplicationExtension.class)
class CpuTimePanelWindowTest extends FxRobot {
    private final TimelineViewModel vm = new TimelineViewModel();

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        stage.setScene(new Scene(new CpuTimePanel(vm.summary()), 440, 600));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    @Test
    void noSlicesMeansNoSchedulingRecordedNotZeroPercent() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_pgbench.txt", "pgbench"));
        b.counter("pgbench tps", "tps").add(0, 2000).add(1_000_000_000L, 3000);
        Dataset pgbench = b.build();
        interact(() -> vm.setDataset(pgbench));
        @SuppressWarnings("unchecked")
        TableView<CpuBreakdown.Row> t = FxWait.onFx(() -> lookup("#cpu-breakdown").queryAs(TableView.class));
        FxWait.untilOnFx("the summary", 60, () -> "No scheduling recorded here".equals(((Label) t.getPlaceholder()).getText()));
        assertTrue(t.getItems().isEmpty());
        // the profile does not say "nothing ran", which would read as idle CPUs
        @SuppressWarnings("unchecked")
        TableView<?> profile = FxWait.onFx(() -> lookup("#cpu-profile").queryAs(TableView.class));
        assertEquals("No scheduling recorded here", ((Label) profile.getPlaceholder()).getText());

        DatasetBuilder s = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int pg = s.addTask(10, 10, "postgres");
        s.slice(0, 0, 6_000_000, pg, SliceState.USER).slice(0, 6_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        Dataset sched = s.build();
        interact(() -> vm.setDataset(sched));
        FxWait.untilOnFx("the states", 60, () -> !t.getItems().isEmpty());
        CpuBreakdown.Row user = t.getItems().stream().filter(r -> r.ns() == 6_000_000).findFirst().orElseThrow();
        assertEquals(0.6, user.share(), 1e-9);

        // pgbench's progress runs 40 ms, the perf sched lane 10 ms: shares of the 10 ms recorded
        DatasetBuilder both = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int pg2 = both.addTask(10, 10, "postgres");
        both.slice(0, 0, 6_000_000, pg2, SliceState.USER).slice(0, 6_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        both.counter("pgbench tps", "tps").add(0, 2000).add(40_000_000L, 3000);
        Dataset longer = both.build();
        interact(() -> vm.setDataset(longer));
        FxWait.untilOnFx("the unrecorded row", 60, () -> t.getItems().stream().anyMatch(r -> r.label().equals(CpuBreakdown.UNRECORDED)));
        assertEquals(0.6, t.getItems().stream().filter(r -> r.ns() == 6_000_000).findFirst().orElseThrow().share(), 1e-9);
        CpuBreakdown.Row gap = t.getItems().stream().filter(r -> r.label().equals(CpuBreakdown.UNRECORDED)).findFirst().orElseThrow();
        assertEquals(30_000_000, gap.ns());
        assertTrue(Double.isNaN(gap.share()));
    }
}
