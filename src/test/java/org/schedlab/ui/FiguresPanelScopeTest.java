package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.analysis.SummaryFigures;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Figures tab says what its figures are of, and Copy gives only figures of what is selected:
 * while the figures of a newly dragged range are still being computed (the executor holds the work
 * back) the old range's text is not copied as if it were the new one's; a range that holds none of
 * a file's data (a perf stat output's totals are of one instant) is said to be the whole file's.
 * A drag starts one computation at a time, and tens of thousands of rows reach the table without
 * holding the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class FiguresPanelScopeTest extends FxRobot {
    private final HeldExecutor executor = new HeldExecutor();
    private TimelineViewModel timeline;
    private FiguresViewModel vm;

    @Start
    void start(Stage stage) {
        timeline = new TimelineViewModel(executor);
        vm = new FiguresViewModel(timeline, () -> "f.txt");
        stage.setScene(new Scene(new FiguresPanel(vm), 440, 500));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private void show(Dataset d) throws Exception {
        interact(() -> {
            timeline.setDataset(d);
            vm.activeProperty().set(true);
        });
        executor.runAllInBackground();
    }

    private boolean copyDisabled() {
        return FxWait.onFx(() -> lookup("#figures-copy").queryAs(Button.class).isDisabled());
    }

    @Test
    void copyIsOffWhileTheNewRangesFiguresAreComputed() throws Exception {
        Dataset d = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset();
        show(d);
        assertFalse(copyDisabled(), "the whole file's figures are there");
        long s = d.startNs();
        interact(() -> timeline.selection().selectRange(s + 1_000_000_000L, s + 3_000_000_000L));
        executor.runAllInBackground();
        assertTrue(vm.figures().orElseThrow().text().startsWith("window 1000..3000 ms of f.txt"));
        assertFalse(copyDisabled(), "the range's figures are there");

        interact(() -> timeline.selection().selectRange(s + 4_000_000_000L, s + 5_000_000_000L));
        assertTrue(vm.figures().orElseThrow().text().startsWith("window 1000..3000 ms"), "the old ones stay shown");
        assertTrue(copyDisabled(), "Copy would give the range 1000..3000 ms with 4000..5000 ms selected");
        executor.runAllInBackground();
        assertTrue(vm.figures().orElseThrow().text().startsWith("window 4000..5000 ms of f.txt"));
        assertFalse(copyDisabled());

        interact(() -> timeline.selection().clearRange());
        assertTrue(copyDisabled(), "the range's figures are not the whole file's");
        executor.runAllInBackground();
        assertFalse(copyDisabled());
    }

    @Test
    void aRangeOverAFileOfOneInstantIsSaidToShowTheWholeFile() throws Exception {
        Dataset d = Fixtures.importAll("real/perf-stat/default.txt").dataset();
        assertEquals(0, d.spanNs(), "perf stat's totals are of one instant");
        show(d);
        long s = d.startNs();
        // the axis of a dataset without a span is a millisecond long: a range can be dragged on it
        interact(() -> timeline.selection().selectRange(s + 100_000L, s + 500_000L));
        executor.runAllInBackground();
        String scope = FxWait.onFx(() -> lookup("#figures-scope").queryAs(Label.class).getText());
        assertFalse(vm.figures().orElseThrow().text().startsWith("window"), "no window of it can be cut");
        assertTrue(scope.startsWith("Whole file"), scope);
    }

    @Test
    void aDragStartsNoSecondComputationWhileOneRunsAndEndsWithTheLastRangesFigures() throws Exception {
        Dataset d = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset();
        show(d);
        long s = d.startNs();
        // what the other panels hand over for one new range, measured with this tab behind
        interact(() -> vm.activeProperty().set(false));
        int before = executor.held.size();
        interact(() -> timeline.selection().selectRange(s + 1_000_000_000L, s + 2_000_000_000L));
        int others = executor.held.size() - before;
        executor.runAllInBackground();

        interact(() -> vm.activeProperty().set(true)); // the figures of 1000..2000 ms are computed
        for (int end = 3; end <= 6; end++) {
            long to = s + end * 1_000_000_000L;
            before = executor.held.size();
            // a summary is not stopped midway: one per mouse move ran all at once, each over its crop
            interact(() -> timeline.selection().selectRange(s + 1_000_000_000L, to));
            assertEquals(others, executor.held.size() - before, "no second figures computation while one runs");
        }
        executor.runAllInBackground();
        assertTrue(vm.figures().orElseThrow().text().startsWith("window 1000..6000 ms of f.txt"),
                vm.figures().orElseThrow().text());
        assertFalse(copyDisabled(), "the last range's figures, computed once the first was done");
    }

    @Test
    void thousandsOfThreadsFiguresSizeTheNameColumnOnTheLongestFew() throws Exception {
        // perf stat --per-thread -a on a busy server: a row per thread and event
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("perfStat.elapsedS", "10.0");
        int threads = 8_000;
        String[] events = {"task-clock.msec", "context-switches", "cpu-migrations", "page-faults", "cycles",
                "instructions"};
        for (int i = 0; i < threads; i++) {
            for (String e : events) {
                params.put("perfStat.postgres-" + (100_000 + i) + "." + e, Integer.toString(i));
            }
        }
        params.put("perf.task-clock.msec", "1000");
        params.put("perf.task-clock.cpusUtilized", "0.1");
        for (String e : java.util.List.of(events).subList(1, events.length)) {
            params.put("perf." + e, "1000");
            params.put("perf." + e + ".perSec", "100");
        }
        Dataset d = org.schedlab.model.Dataset.builder(new org.schedlab.model.Metadata("threads.txt", "perf stat",
                params, java.util.OptionalLong.empty(), org.schedlab.model.Version.current())).build();
        TimelineViewModel tl = new TimelineViewModel(executor);
        FiguresViewModel figures = new FiguresViewModel(tl, () -> "threads.txt");
        interact(() -> {
            new FiguresPanel(figures);
            tl.setDataset(d);
            figures.activeProperty().set(true);
        });
        executor.runAllInBackground();
        List<SummaryFigures.Row> rows = figures.figures().orElseThrow().rows();
        assertEquals(threads * events.length, rows.stream().filter(r -> r.name().startsWith("postgres-")).count());
        // measuring each of 48,000 names for the column's width held the FX thread for seconds:
        // the column is sized on the longest few, the longest of all among them
        List<String> measured = FiguresPanel.namesToMeasure(rows);
        assertEquals(64, measured.size());
        int longest = rows.stream().mapToInt(r -> r.name().length()).max().orElseThrow();
        assertEquals(longest, measured.get(0).length());
        assertTrue(measured.stream().allMatch(m -> m.length() >= measured.get(measured.size() - 1).length()));
    }

    /**
     * Over a range, the TCP and Figures tabs leave out a Wireshark capture's whole-run totals: the
     * note under the table said the TCP tab had "every TCP counter" all the same.
     */
    @Test
    void overARangeTheNoteSaysWhichWholeRunCountsTheTabsLeaveOut() throws Exception {
        org.schedlab.model.DatasetBuilder b = Dataset.builder(new org.schedlab.model.Metadata("run.txt + expert.csv",
                "perf+wireshark", java.util.Map.of("tcp.dsack", "309", "tcp.dupAcks", "4"),
                java.util.OptionalLong.empty(), "t"));
        b.slice(0, 0, 2_000_000_000L, b.addTask(10, 10, "postgres"), org.schedlab.model.SliceState.USER);
        Dataset d = b.build();
        show(d);
        String whole = FxWait.onFx(() -> lookup("#figures-note").queryAs(Label.class).getText());
        assertTrue(whole.contains("every TCP counter"), whole);

        interact(() -> timeline.selection().selectRange(d.startNs(), d.startNs() + 1_000_000_000L));
        executor.runAllInBackground();
        String ranged = FxWait.onFx(() -> lookup("#figures-note").queryAs(Label.class).getText());
        assertFalse(ranged.contains("every TCP counter"), ranged);
        assertTrue(ranged.contains("the TCP counters of the selected range"), ranged);
        assertTrue(ranged.contains("Neither lists the 2 totals of a Wireshark capture, which count the whole run"),
                ranged);

        interact(() -> timeline.selection().clearRange());
        executor.runAllInBackground();
        assertTrue(FxWait.onFx(() -> lookup("#figures-note").queryAs(Label.class).getText())
                .contains("every TCP counter"));
    }
}
