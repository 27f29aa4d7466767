package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.Figure;
import org.schedlab.ui.export.DatasetTabSource;
import org.schedlab.ui.export.ExportViewModel;
import org.schedlab.ui.export.TextKind;
import org.schedlab.ui.export.ViewSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit > Copy summary gives the text `schedlab table` prints: a task name with a byte the file
 * could not decode (U+FFFD) or a control character is copied as the command prints it, '?'.
 */
@ExtendWith(ApplicationExtension.class)
class ExportCopyPrintableTest extends FxRobot {
    @Test
    void copiedTextIsMadePrintableAsTheCommandPrintsIt() {
        List<String> copied = new ArrayList<>();
        ViewSource none = ViewSource.none();
        ViewSource source = new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                return none.figure();
            }

            @Override
            public boolean hasFigure() {
                return none.hasFigure();
            }

            @Override
            public Optional<Dataset> dataset() {
                return none.dataset();
            }

            @Override
            public String fileStem() {
                return none.fileStem();
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                return Optional.of(() -> "profile\n  post\uFFFDgres (running)  12.0%\n  kworker\u001b[2J  1.0%\n");
            }
        };
        ExportViewModel vm = new ExportViewModel(Task::run, copied::add, () -> source);
        interact(() -> vm.copy(TextKind.SUMMARY));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("profile\n  post?gres (running)  12.0%\n  kworker?[2J  1.0%\n"), copied);
    }

    /** 2 s on one CPU with {@code counter}'s samples at 0 and 1 s (none without a name). */
    private static Dataset withCounter(String counter) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat_snapshot.txt", "nstat"));
        b.slice(0, 0, 2_000_000_000L, b.addTask(10, 10, "postgres"), SliceState.USER);
        if (counter != null) {
            b.counter(counter, "count").add(0, 100).add(1_000_000_000L, 2_000);
        }
        return b.build();
    }

    /**
     * The Dataset tab's Copy TCP counters: enabled by the counters' names as the Edit menu opens
     * (the rows are read in the copy's job, off the FX thread), and the copy has the rows.
     */
    @Test
    void theDatasetTabCopiesItsTcpCountersAndHasNoneWithoutThem() throws Exception {
        List<String> copied = new ArrayList<>();
        WorkbenchViewModel wb = new WorkbenchViewModel(Task::run, DatasetOpener.json());
        ExportViewModel vm = new ExportViewModel(Task::run, copied::add, () -> new DatasetTabSource(wb, null));
        Dataset tcp = withCounter("TcpRetransSegs");
        Dataset none = withCounter("throughput");
        interact(() -> wb.timeline().setDataset(none));
        assertFalse(FxWait.onFx(() -> vm.canCopy(TextKind.TCP)), "no TCP counter");
        interact(() -> wb.timeline().setDataset(tcp));
        assertTrue(FxWait.onFx(() -> vm.canCopy(TextKind.TCP)));
        interact(() -> vm.copy(TextKind.TCP));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, copied.size());
        assertTrue(copied.get(0).startsWith("TCP counters, ") && copied.get(0).contains("TcpRetransSegs"), copied.get(0));
    }

    /**
     * Copy TCP counters over a zoomed view of a recording opened with its nstat snapshot: the
     * snapshot's whole-run counts are not the view's, so they are left out and the title says so
     * (as `table --kind tcp --from-ms/--to-ms` does); over the whole run they are listed.
     */
    @Test
    void aSnapshotsWholeRunCountsAreLeftOutOfAZoomedViewsCopyAndSaidSo() throws Exception {
        List<String> copied = new ArrayList<>();
        WorkbenchViewModel wb = new WorkbenchViewModel(Task::run, DatasetOpener.json());
        ExportViewModel vm = new ExportViewModel(Task::run, copied::add, () -> new DatasetTabSource(wb, null));
        DatasetBuilder b = Dataset.builder(new Metadata("runA.txt + nstat_snapshot.txt", "perf-sched-script+nstat",
                java.util.Map.of("netCounters.snapshots", "1"), java.util.OptionalLong.empty(), "t"));
        b.slice(0, 0, 2_000_000_000L, b.addTask(10, 10, "postgres"), SliceState.USER);
        b.counter("TcpRetransSegs", "count").add(0, 1);
        Dataset d = b.build();
        interact(() -> wb.timeline().setDataset(d));
        interact(() -> vm.copy(TextKind.TCP));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(copied.get(0).contains("TcpRetransSegs") && !copied.get(0).contains("left out"), copied.get(0));
        interact(() -> wb.timeline().setWindow(500_000_000L, 1_500_000_000L));
        interact(() -> vm.copy(TextKind.TCP));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, copied.size());
        assertTrue(copied.get(1).contains("\n  left out: 1 counter of an nstat snapshot, counts of the whole run\n")
                && !copied.get(1).contains("TcpRetransSegs") && copied.get(1).contains("(no TCP counts of this stretch)")
                && !copied.get(1).contains("in this dataset"), copied.get(1));
    }
}
