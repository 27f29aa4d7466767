package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ImportCancelledException;
import org.schedlab.io.read.ImportException;

/**
 * The opener behind File > Open: detection by content, several files into one dataset, the
 * importer's progress and cancellation wired to the load task's. No window needed.
 */
class StandardOpenerTest {
    static final Path RECORDING = Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz");
    static final Path PGBENCH = Path.of("example-data/recordings/pgbench-sandbox-2cpu/pgbench.txt");

    @TempDir
    Path dir;

    /** Records progress; cancels once {@code cancelAfterPolls} cancel checks were made (-1: never). */
    static final class Recorder implements DatasetOpener.Progress {
        final List<long[]> reports = new ArrayList<>();
        final int cancelAfterPolls;
        int polls;

        Recorder(int cancelAfterPolls) {
            this.cancelAfterPolls = cancelAfterPolls;
        }

        @Override
        public void bytesRead(long done, long total) {
            reports.add(new long[] {done, total});
        }

        @Override
        public boolean isCancelled() {
            return cancelAfterPolls >= 0 && ++polls > cancelAfterPolls;
        }
    }

    @Test
    void aTableOfACsvExportOpensWithTheOtherTablesOfItsDirectory() throws Exception {
        DatasetOpener.Opened imported = DatasetOpener.standard().open(List.of(DatasetSource.file(RECORDING)),
                new Recorder(-1));
        Path export = dir.resolve("export");
        org.schedlab.io.CsvExport.write(imported.dataset(), export);
        Recorder p = new Recorder(-1);
        DatasetOpener.Opened one = DatasetOpener.standard().open(List.of(DatasetSource.file(export.resolve("marks.csv"))), p);
        assertEquals(imported.dataset().cpus(), one.dataset().cpus());
        assertEquals(imported.dataset().tasks(), one.dataset().tasks());
        assertEquals(imported.dataset().taskLanes(), one.dataset().taskLanes());
        // the recording's import warned: its export says so, and so does the export read back
        assertEquals(imported.warnings(), one.warnings());
        assertTrue(!one.warnings().isEmpty());
        long[] last = p.reports.get(p.reports.size() - 1);
        assertEquals(last[1], last[0], "the progress bar ends full");
        List<DatasetSource> all = java.util.stream.Stream.concat(org.schedlab.io.CsvExport.FILES.stream(),
                java.util.stream.Stream.of(org.schedlab.io.CsvExport.WARNINGS)).map(export::resolve)
                .map(DatasetSource::file).toList();
        assertEquals(one.dataset().cpus(), DatasetOpener.standard().open(all, new Recorder(-1)).dataset().cpus(),
                "picking all nine tables and import-warnings.csv is picking one");
        ImportException mixed = assertThrows(ImportException.class, () -> DatasetOpener.standard().open(
                List.of(DatasetSource.file(export.resolve("slices.csv")), DatasetSource.file(PGBENCH)), new Recorder(-1)));
        assertTrue(mixed.getMessage().contains("of a SchedLab CSV export, which opens on its own"), mixed.getMessage());
        assertThrows(java.io.InterruptedIOException.class, () -> DatasetOpener.standard().open(
                List.of(DatasetSource.file(export.resolve("slices.csv"))), new Recorder(0)), "Cancel stops the read");
    }

    /** File > Open of nstat's before and after says what import says: one line naming both, no stack trace. */
    @Test
    void twoSnapshotsOfOneCounterSetAreRefusedWithTheImportersMessage() throws Exception {
        Path before = dir.resolve("before.txt");
        Files.writeString(before, "#kernel\nTcpRetransSegs                  227                0.0\n");
        Path after = dir.resolve("after.txt");
        Files.writeString(after, "#kernel\nTcpRetransSegs                  931                0.0\n");
        ImportException e = assertThrows(ImportException.class, () -> DatasetOpener.standard().open(
                List.of(DatasetSource.file(before), DatasetSource.file(after)), new Recorder(-1)));
        assertEquals(after + ": gives counter \"TcpRetransSegs\" again, which " + before + " already gave; expected"
                + " one snapshot of each counter (two snapshots, such as before and after a change, compare as A and B:"
                + " schedlab table " + before + " " + after + ")",
                WorkbenchViewModel.describe(DatasetSource.file(before), e));
    }

    @Test
    void aPerfRecordingIsDetectedByContentWhateverItsName() throws Exception {
        Path renamed = dir.resolve("capture.json");
        Files.copy(RECORDING, renamed);
        Recorder p = new Recorder(-1);
        DatasetOpener.Opened o = DatasetOpener.standard().open(List.of(DatasetSource.file(renamed)), p);
        assertEquals(2, o.dataset().cpuCount());
        assertTrue(o.dataset().sliceCount() > 20_000, "slices: " + o.dataset().sliceCount());
        assertTrue(o.warnings().stream().anyMatch(w -> w.startsWith(renamed.toAbsolutePath() + ": ")
                && w.contains("sched_process_fork")), o.warnings().toString());
        long size = Files.size(renamed);
        long[] last = p.reports.get(p.reports.size() - 1);
        assertEquals(size, last[1], "progress counts the file's (compressed) bytes");
        assertEquals(size, last[0], "and reaches the end");
    }

    @Test
    void severalFilesBecomeOneDatasetAndProgressSpansThemAll() throws Exception {
        Recorder p = new Recorder(-1);
        DatasetOpener.Opened o = DatasetOpener.standard().open(
                List.of(DatasetSource.file(RECORDING), DatasetSource.file(PGBENCH)), p);
        assertEquals(2, o.dataset().cpuCount());
        assertTrue(o.dataset().counter("pgbench tps").isPresent(), "the pgbench log's tps joins the perf lanes");
        assertEquals("perf-sched-script+pgbench", o.dataset().metadata().format());
        long total = Files.size(RECORDING) + Files.size(PGBENCH);
        for (long[] r : p.reports) {
            assertEquals(total, r[1]);
        }
        assertEquals(total, p.reports.get(p.reports.size() - 1)[0]);
    }

    @Test
    void aDatasetJsonOpensAsItIs() throws Exception {
        Path f = dir.resolve("four.json.gz");
        DatasetJson.write(UiFixtures.busy("four", 4, 0, 1_000_000), f);
        DatasetOpener.Opened o = DatasetOpener.standard().open(List.of(DatasetSource.file(f)), new Recorder(-1));
        assertEquals(4, o.dataset().cpuCount());
        assertEquals("test", o.dataset().metadata().format());
        assertTrue(o.warnings().isEmpty());
    }

    @Test
    void aDatasetJsonSavedWithAByteOrderMarkOpensAsADatasetToo() throws Exception {
        // a dataset saved again by a Windows editor: was "not a recording format SchedLab reads"
        Path plain = dir.resolve("four.json");
        DatasetJson.write(UiFixtures.busy("four", 4, 0, 1_000_000), plain);
        Path f = dir.resolve("four-bom.json");
        byte[] body = Files.readAllBytes(plain);
        byte[] withMark = new byte[body.length + 3];
        withMark[0] = (byte) 0xef;
        withMark[1] = (byte) 0xbb;
        withMark[2] = (byte) 0xbf;
        System.arraycopy(body, 0, withMark, 3, body.length);
        Files.write(f, withMark);
        DatasetOpener.Opened o = DatasetOpener.standard().open(List.of(DatasetSource.file(f)), new Recorder(-1));
        assertEquals(4, o.dataset().cpuCount());
        assertEquals("test", o.dataset().metadata().format());
    }

    @Test
    void aDatasetAmongRecordingsIsRefusedWithItsName() throws Exception {
        Path f = dir.resolve("d.json");
        DatasetJson.write(UiFixtures.busy("d", 1, 0, 1_000_000), f);
        ImportException e = assertThrows(ImportException.class, () -> DatasetOpener.standard().open(
                List.of(DatasetSource.file(RECORDING), DatasetSource.file(f)), new Recorder(-1)));
        assertTrue(e.getMessage().startsWith(f.toAbsolutePath() + ": is a SchedLab dataset"), e.getMessage());
    }

    @Test
    void aFileOfNoKnownFormatIsRejectedInOneLineNamingIt() throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "shopping list\nmilk\n");
        ImportException e = assertThrows(ImportException.class,
                () -> DatasetOpener.standard().open(List.of(DatasetSource.file(f)), new Recorder(-1)));
        assertTrue(e.getMessage().startsWith(f.toAbsolutePath() + ": not a recording format SchedLab reads"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }

    @Test
    void aCancelStopsAnImportThatWouldNeverEndAndClosesTheFile() throws Exception {
        EndlessRecording.Opened opened = new EndlessRecording.Opened();
        Recorder p = new Recorder(5);
        assertThrows(ImportCancelledException.class,
                () -> DatasetOpener.standard().open(List.of(EndlessRecording.source(opened)), p));
        assertTrue(opened.last().bytesServed.get() > 0, "it was reading");
        assertTrue(opened.last().closed.get(), "the cancelled read closes its stream");
    }

    /**
     * A dataset saved from an import that warned opens with those warnings: the status bar's
     * "1 import warning" and the exported picture's caption say of it what they said of the import.
     */
    @Test
    void aSavedDatasetOpensWithTheWarningsOfItsImport() throws Exception {
        Path f = dir.resolve("sched.txt");
        Files.writeString(f, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf"
                + " prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "garbage\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n");
        DatasetOpener.Opened imported = DatasetOpener.standard().open(List.of(DatasetSource.file(f)), new Recorder(-1));
        assertEquals(1, imported.warnings().size(), imported.warnings().toString());
        Path saved = dir.resolve("saved.json");
        DatasetJson.write(imported.dataset(), saved);
        assertEquals(imported.warnings(), DatasetOpener.standard().open(List.of(DatasetSource.file(saved)),
                new Recorder(-1)).warnings());
        assertEquals(imported.warnings(), DatasetOpener.json().open(List.of(DatasetSource.file(saved)),
                new Recorder(-1)).warnings());
    }
}
