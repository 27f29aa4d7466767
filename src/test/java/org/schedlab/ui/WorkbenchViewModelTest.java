package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Loading, failure and cancellation rules of the workbench view model. Tasks run on the FX
 * thread through a same-thread executor (or are held back to test ordering), so no window and
 * no waiting are involved; the FX toolkit is only needed because tasks report on its thread.
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchViewModelTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<LoadFailure> failures = new ArrayList<>();

    private WorkbenchViewModel sameThreadVm() {
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.json());
        vm.addFailureListener(failures::add);
        return vm;
    }

    private Path write(String name, Dataset d) throws IOException {
        Path p = dir.resolve(name);
        DatasetJson.write(d, p);
        return p;
    }

    @Test
    void openingAFileShowsItWholeAndDescribesItInTheStatusTexts() throws Exception {
        Path file = write("four.json.gz", UiFixtures.busy("four", 4, 2_000_000_000L, 3_000_000));
        WorkbenchViewModel vm = sameThreadVm();
        interact(() -> vm.open(DatasetSource.file(file)));
        assertEquals(4, vm.timeline().dataset().cpuCount());
        assertEquals(2_000_000_000L, vm.timeline().startNs());
        assertEquals(2_003_000_000L, vm.timeline().endNs());
        assertEquals("four.json.gz", vm.sourceNameProperty().get());
        assertEquals("SchedLab - four.json.gz", vm.titleProperty().get());
        assertEquals("2.000000 s .. 2.003000 s (3.00 ms)", vm.spanTextProperty().get());
        assertEquals("4 CPUs  4 tasks  400 slices", vm.countsTextProperty().get());
        assertEquals("view: all (3.00 ms)", vm.windowTextProperty().get(), "the whole file in view");
        assertFalse(vm.loadingProperty().get());
        assertTrue(failures.isEmpty());
        interact(() -> vm.timeline().zoomCenter(2));
        assertEquals("view +0.75 ms .. +2.25 ms (1.50 ms)", vm.windowTextProperty().get());
        // at either end, but half of it: not "view: all"
        interact(() -> vm.timeline().setWindow(2_000_000_000L, 2_001_500_000L));
        assertEquals("view +0 .. +1.50 ms (1.50 ms)", vm.windowTextProperty().get());
        interact(() -> vm.timeline().setWindow(2_001_500_000L, 2_003_000_000L));
        assertEquals("view +1.50 ms .. +3.00 ms (1.50 ms)", vm.windowTextProperty().get());
        // across a unit's boundary both ends in one unit, told apart: not "+975 us .. +1.03 ms"
        interact(() -> vm.timeline().setWindow(2_000_975_000L, 2_001_025_000L));
        assertEquals("view +0.975 ms .. +1.025 ms (50.0 us)", vm.windowTextProperty().get());
        interact(() -> vm.timeline().fitAll());
        assertEquals("view: all (3.00 ms)", vm.windowTextProperty().get());
    }

    @Test
    void aFileWithoutTimesSaysSoInsteadOfAZeroSpan() {
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
        vm.addFailureListener(failures::add);
        interact(() -> vm.open(DatasetSource.file(org.schedlab.io.read.Fixtures.path(
                "real/pgbench-local/runC_lock_contention.txt"))));
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals("no time span", vm.spanTextProperty().get());
        // not "view +0 ns .. +1.00 ms (1.00 ms)" beside it: the timeline's 1 ms is no view of the file
        assertEquals("", vm.windowTextProperty().get());
        interact(() -> vm.timeline().zoomCenter(2));
        assertEquals("", vm.windowTextProperty().get());
    }

    @Test
    void theExampleShippedWithTheAppOpens() {
        WorkbenchViewModel vm = sameThreadVm();
        interact(vm::openExample);
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(2, vm.timeline().dataset().cpuCount());
        assertEquals("pgbench-2cpu-50ms.json", vm.sourceNameProperty().get());
    }

    @Test
    void aBadFileReportsFileLineAndColumnAndKeepsWhatWasOpen() throws Exception {
        Path good = write("good.json", UiFixtures.busy("good", 2, 0, 1_000_000));
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,\n  \"metadata\": 42\n}\n");
        WorkbenchViewModel vm = sameThreadVm();
        interact(() -> vm.open(DatasetSource.file(good)));
        Dataset before = vm.timeline().dataset();
        interact(() -> vm.timeline().zoomCenter(4));
        long start = vm.timeline().startNs();
        interact(() -> vm.open(DatasetSource.file(bad)));
        assertEquals(1, failures.size());
        String msg = failures.get(0).message();
        assertTrue(msg.startsWith(bad.toAbsolutePath() + ":4:"), msg);
        assertEquals("bad.json", failures.get(0).sourceName());
        assertSame(before, vm.timeline().dataset(), "the open dataset stays");
        assertEquals(start, vm.timeline().startNs(), "and so does the window");
        assertEquals("good.json", vm.sourceNameProperty().get());
        assertFalse(vm.loadingProperty().get());
    }

    @Test
    void aFileTooBigForTheHeapSaysSoInOneLineAndKeepsWhatWasOpen() throws Exception {
        Path good = write("good.json", UiFixtures.busy("good", 2, 0, 1_000_000));
        Path big = dir.resolve("big.perf-sched-script.txt");
        Path bigJson = dir.resolve("big.json");
        Files.writeString(big, "x\n");
        Files.writeString(bigJson, "{}\n");
        DatasetOpener json = DatasetOpener.json();
        // running out as the importer says it (naming the file) and as anything else would (a dataset JSON's read)
        DatasetOpener exhausting = (sources, progress) -> {
            Path f = sources.get(0).file().orElseThrow();
            if (f.equals(big)) {
                throw new org.schedlab.io.read.ImportOutOfMemoryError(f.toString(), 300L << 20);
            }
            if (f.equals(bigJson)) {
                throw new OutOfMemoryError("Java heap space");
            }
            return json.open(sources, progress);
        };
        WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, exhausting);
        vm.addFailureListener(failures::add);
        interact(() -> vm.open(DatasetSource.file(good)));
        Dataset before = vm.timeline().dataset();
        interact(() -> vm.open(DatasetSource.file(big)));
        interact(() -> vm.open(DatasetSource.file(bigJson)));
        assertEquals(2, failures.size(), failures.toString());
        String imported = failures.get(0).message();
        assertEquals(big + ": out of memory: the recording does not fit in the Java heap (limited to 300 MiB);"
                + " start SchedLab with more, e.g. java -Xmx2g -jar schedlab.jar, or JAVA_TOOL_OPTIONS=-Xmx2g for the"
                + " installed SchedLab", imported);
        String read = failures.get(1).message();
        assertTrue(read.startsWith(bigJson.toAbsolutePath() + ": out of memory: it does not fit in the Java heap"
                + " (limited to " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB)"), read);
        assertTrue(read.contains("-Xmx") && read.contains("JAVA_TOOL_OPTIONS=-Xmx"), read);
        assertFalse(read.contains("java.lang.") || read.contains("\n"), read);
        assertSame(before, vm.timeline().dataset(), "the open dataset stays");
        assertEquals("good.json", vm.sourceNameProperty().get());
        assertFalse(vm.loadingProperty().get());
    }

    @Test
    void aMissingFileSaysSo() {
        WorkbenchViewModel vm = sameThreadVm();
        Path missing = dir.resolve("nope.json");
        interact(() -> vm.open(DatasetSource.file(missing)));
        assertEquals(missing.toAbsolutePath() + ": no such file", failures.get(0).message());
        assertSame(TimelineViewModel.NO_DATASET, vm.timeline().dataset());
    }

    @Test
    void aNewerLoadCancelsTheOlderAndItsResultIsNeverShown() throws Exception {
        Path first = write("first.json", UiFixtures.busy("first", 1, 0, 1_000_000));
        Path second = write("second.json", UiFixtures.busy("second", 3, 0, 1_000_000));
        List<Task<?>> held = new ArrayList<>();
        WorkbenchViewModel vm = new WorkbenchViewModel(held::add, DatasetOpener.json());
        interact(() -> {
            vm.open(DatasetSource.file(first));
            vm.open(DatasetSource.file(second));
        });
        assertTrue(held.get(0).isCancelled());
        assertTrue(vm.loadingProperty().get());
        interact(() -> {
            held.get(1).run();
            held.get(0).run();
        });
        assertEquals(3, vm.timeline().dataset().cpuCount());
        assertEquals("second.json", vm.sourceNameProperty().get());
        assertFalse(vm.loadingProperty().get());
    }

    @Test
    void cancellingALoadKeepsWhatWasOpen() throws Exception {
        Path file = write("big.json", UiFixtures.busy("big", 2, 0, 1_000_000));
        List<Task<?>> held = new ArrayList<>();
        WorkbenchViewModel vm = new WorkbenchViewModel(held::add, DatasetOpener.json());
        vm.addFailureListener(failures::add);
        interact(() -> vm.open(DatasetSource.file(file)));
        assertTrue(vm.loadingProperty().get());
        assertEquals("Opening big.json", vm.loadingWhatProperty().get());
        interact(vm::cancelLoad);
        assertFalse(vm.loadingProperty().get());
        interact(() -> held.get(0).run());
        assertSame(TimelineViewModel.NO_DATASET, vm.timeline().dataset());
        assertTrue(failures.isEmpty(), "a cancel is not a failure");
    }

    /** Progress that keeps every (done, total) report and is cancelled when {@code cancelled[0]} is. */
    private static DatasetOpener.Progress reportingTo(List<long[]> reports, boolean[] cancelled) {
        return new DatasetOpener.Progress() {
            @Override
            public void bytesRead(long done, long total) {
                reports.add(new long[] {done, total});
            }

            @Override
            public boolean isCancelled() {
                return cancelled[0];
            }
        };
    }

    @Test
    void progressCountsBytesAndACancelStopsTheRead() throws Exception {
        byte[] data = new byte[1 << 20];
        List<long[]> reports = new ArrayList<>();
        boolean[] cancelled = {false};
        DatasetOpener.Progress p = reportingTo(reports, cancelled);
        try (InputStream in = new ProgressInputStream(new ByteArrayInputStream(data), data.length, p)) {
            byte[] buf = new byte[4096];
            int total = 0;
            for (int n = in.read(buf); n > 0 && total < data.length / 2; n = in.read(buf)) {
                total += n;
            }
            assertFalse(reports.isEmpty());
            long[] last = reports.get(reports.size() - 1);
            assertEquals(data.length, last[1]);
            assertTrue(last[0] > 0 && last[0] <= total);
            cancelled[0] = true;
            boolean stopped = false;
            try {
                in.read(buf);
            } catch (InterruptedIOException e) {
                stopped = true;
            }
            assertTrue(stopped, "a read after cancel throws");
        }
    }

    @Test
    void aFastReadReportsItsFirstStepAndItsEndNotEveryQuarterMegabyte() throws Exception {
        byte[] data = new byte[8 << 20];
        List<long[]> reports = new ArrayList<>();
        DatasetOpener.Progress p = reportingTo(reports, new boolean[1]);
        long t0 = System.nanoTime();
        try (InputStream in = new ProgressInputStream(new ByteArrayInputStream(data), data.length, p)) {
            byte[] buf = new byte[4096];
            while (in.read(buf) > 0) {
                // read it all
            }
        }
        long tenths = (System.nanoTime() - t0) / ProgressInputStream.REPORT_EVERY_NS;
        assertEquals(data.length, reports.get(reports.size() - 1)[0], "the end is reported");
        assertTrue(reports.get(0)[0] <= 256 * 1024, "the first step at once");
        assertTrue(reports.size() <= tenths + 2, reports.size() + " reports in " + tenths + " tenths of a second,"
                + " not one per 256 KB (32)");
    }

    @Test
    void aFileThatIsNotADatasetAtAllIsReportedNotThrown() throws Exception {
        Path text = dir.resolve("notes.json");
        Files.write(text, "perf sched script output, not JSON\n".getBytes(StandardCharsets.UTF_8));
        WorkbenchViewModel vm = sameThreadVm();
        interact(() -> vm.open(DatasetSource.file(text)));
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).message().matches(".*notes\\.json:\\d+:\\d+: .*"), failures.get(0).message());
    }
}
