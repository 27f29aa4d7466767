package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.RecordedWindow;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;

/** The CSV export read back: the same tables again, and bad tables named by file and line. */
class CsvTablesTest {
    @TempDir
    Path dir;

    private static Path export(Dataset d, Path to) throws Exception {
        CsvExport.write(d, to);
        return to;
    }

    /** Every table of {@code a} and {@code b}, byte for byte. */
    private static void sameTables(Path a, Path b) throws Exception {
        for (String f : CsvExport.FILES) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
        }
    }

    @Provide
    Arbitrary<Dataset> datasets() {
        // Tablesaw writes an int column's missing value (Integer.MIN_VALUE) as an empty cell, the
        // export's "no task": such a tid or pid is not one a kernel gives. Rows name their task by
        // tid, pid and comm, so two tasks alike in all three read back as the first of them.
        return DatasetArbitraries.datasets().filter(d -> d.tasks().stream()
                .noneMatch(t -> t.tid() == Integer.MIN_VALUE || t.pid() == Integer.MIN_VALUE)
                && d.tasks().stream().map(t -> t.tid() + "," + t.pid() + "," + t.comm()).distinct().count()
                        == d.tasks().size());
    }

    @Property(tries = 150)
    void anyExportReadBackExportsTheSameTables(@ForAll("datasets") Dataset d) throws Exception {
        Path root = Files.createTempDirectory("csv-tables");
        try {
            Path first = export(d, root.resolve("a"));
            // the CSV parser drops a NUL inside a quoted field (a name that also holds a comma, quote
            // or line break); no kernel comm holds a NUL (it ends one), and an unquoted one reads back
            net.jqwik.api.Assume.that(!holdsNul(first));
            Dataset back = CsvTables.read(first, CsvTables.Progress.NONE).dataset();
            assertEquals(d.tasks(), back.tasks());
            sameTables(first, export(back, root.resolve("b")));
        } finally {
            try (var files = Files.walk(root)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static boolean holdsNul(Path export) throws Exception {
        for (String f : CsvExport.FILES) {
            if (Files.readString(export.resolve(f), StandardCharsets.UTF_8).contains("\0")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void controlCharactersQuotesAndLineBreaksInNamesReadBack() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("t", "test"));
        List<String> names = List.of("\0", "a\0b", "\"quoted\"", "two\r\nlines", " lead, trail ", "#not a comment");
        for (int i = 0; i < names.size(); i++) {
            b.addTask(i, i, names.get(i));
        }
        Path a = export(b.build(), dir.resolve("a"));
        assertEquals(names, CsvTables.read(a, CsvTables.Progress.NONE).dataset().tasks().stream()
                .map(org.schedlab.model.TaskInfo::comm).toList());
    }

    @Test
    void twoTasksAlikeInTidPidAndCommAreToldApartByTheTaskColumnAndWithoutItReadAsTheFirst() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("t", "test"));
        b.addTask(7, 7, "worker");
        int second = b.addTask(7, 7, "worker");
        b.cpuCount(1);
        b.slice(0, 0, 10, second, org.schedlab.model.SliceState.USER);
        Path a = export(b.build(), dir.resolve("a"));
        CsvTables.Read read = CsvTables.read(a, CsvTables.Progress.NONE);
        assertEquals(second, read.dataset().cpus().get(0).slices().task(0), "the slices' task column names it");
        assertEquals(List.of(), read.warnings());
        // an export made before the task column: the tid, pid and comm name the first, and the read says so
        List<String> slices = new java.util.ArrayList<>();
        for (String row : Files.readAllLines(a.resolve("slices.csv"))) {
            slices.add(row.substring(0, row.lastIndexOf(',')));
        }
        Files.write(a.resolve("slices.csv"), slices);
        read = CsvTables.read(a, CsvTables.Progress.NONE);
        assertEquals(0, read.dataset().cpus().get(0).slices().task(0));
        assertEquals(List.of(a.resolve("tasks.csv") + ":3: task 1 has the tid, pid and comm of task 0; the other"
                + " tables name a task by these, so its rows are read as task 0's"), read.warnings());
    }

    @Test
    void aSimulatedWindowComesBackWithItsLanesLocksAndWaits() throws Exception {
        Dataset d = RecordedWindow.dataset();
        Path a = export(d, dir.resolve("a"));
        Dataset back = CsvTables.read(a.resolve("locks.csv"), CsvTables.Progress.NONE).dataset();
        assertEquals(d.cpus(), back.cpus());
        assertEquals(d.taskLanes(), back.taskLanes());
        assertEquals(d.locks(), back.locks());
        assertEquals(CsvTables.FORMAT, back.metadata().format());
        assertEquals(a.toString(), back.metadata().source());
    }

    @Test
    void aRecordingImportedThenExportedOpensAsTheSameTimeline() throws Exception {
        Path rec = Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz");
        Dataset d = Importer.standard().importFile(RecordingSource.of(rec)).dataset();
        Path a = export(d, dir.resolve("a"));
        Dataset back = CsvTables.read(a, CsvTables.Progress.NONE).dataset();
        assertEquals(d.cpus(), back.cpus());
        assertEquals(d.tasks(), back.tasks());
        assertEquals(d.taskLanes(), back.taskLanes());
        assertEquals(d.marks().size(), back.marks().size());
        sameTables(a, export(back, dir.resolve("b")));
    }

    @Test
    void anRwsemsReadAndWriteHoldsAreExportedAndReadBack() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("t", "test"));
        int r = b.addTask(10, 10, "reader");
        int w = b.addTask(11, 10, "writer");
        b.cpuCount(1);
        b.lock("mmap_lock", "rwsem", true).hold(0, 100, r, LockLane.HOLD_READ).hold(100, 300, w, LockLane.HOLD_WRITE)
                .hold(300, 400, r);
        b.counter("#faults", "count").add(0, 1).add(10, 2); // not a comment line
        Path a = export(b.build(), dir.resolve("a"));
        List<String> rows = Files.readAllLines(a.resolve("locks.csv"));
        assertEquals("mmap_lock,rwsem,true,hold,0,100,100,10,10,reader,read,0", rows.get(1));
        assertEquals("mmap_lock,rwsem,true,hold,100,300,200,11,10,writer,write,1", rows.get(2));
        assertEquals("mmap_lock,rwsem,true,hold,300,400,100,10,10,reader,,0", rows.get(3));
        LockLane back = CsvTables.read(a, CsvTables.Progress.NONE).dataset().locks().get(0);
        assertEquals(LockLane.HOLD_READ, back.holdMode(0));
        assertEquals(LockLane.HOLD_WRITE, back.holdMode(1));
        assertEquals(LockLane.HOLD_NOT_RECORDED, back.holdMode(2));
        assertEquals("#faults", CsvTables.read(a, CsvTables.Progress.NONE).dataset().counters().get(0).name());
    }

    @Test
    void aMissingOptionalTableIsEmptyWithAWarningAndAMissingTaskTableIsRefused() throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("a"));
        Files.delete(a.resolve("marks.csv"));
        CsvTables.Read read = CsvTables.read(a.resolve("slices.csv"), CsvTables.Progress.NONE);
        assertEquals(0, read.dataset().marks().size());
        assertEquals(List.of(a.resolve("marks.csv") + ": not found; read as an empty table"), read.warnings());
        Files.delete(a.resolve("tasks.csv"));
        DatasetFormatException e = assertThrows(DatasetFormatException.class,
                () -> CsvTables.read(a.resolve("slices.csv"), CsvTables.Progress.NONE));
        assertTrue(e.getMessage().startsWith(a.resolve("tasks.csv") + ": not found; a CSV export is read as the"
                + " tables of one directory"), e.getMessage());
    }

    /** Replaces line {@code line} (1-based) of {@code table} in a fresh export of the small sample. */
    private Path exportWith(String table, int line, String replacement) throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("bad-" + table + line + replacement.hashCode()));
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(a.resolve(table), StandardCharsets.UTF_8));
        rows.set(line - 1, replacement);
        Files.write(a.resolve(table), rows, StandardCharsets.UTF_8);
        return a;
    }

    private String refusal(Path export) {
        return assertThrows(DatasetFormatException.class, () -> CsvTables.read(export, CsvTables.Progress.NONE))
                .getMessage();
    }

    @Test
    void eachBadCellIsNamedByFileLineAndWhatWasExpected() throws Exception {
        Path a = exportWith("slices.csv", 2, "0,1000,x5000,4000,1201,1200,postgres,user,0");
        // the column is where the bad field begins, as an editor counts it
        assertEquals(a.resolve("slices.csv") + ":2:8: endNs: expected a time in whole nanoseconds, found 'x5000'",
                refusal(a));
        a = exportWith("slices.csv", 2, "0,1000,5000,4000,1201,1200,postgres,sleeping-ish,0");
        assertTrue(refusal(a).startsWith(a.resolve("slices.csv") + ":2:37: state: expected one of user, "), refusal(a));
        a = exportWith("slices.csv", 2, "0,1000,5000,4000,1201,1200,\"pg, \"\"main\"\"\",sleeping-ish,0");
        assertTrue(refusal(a).startsWith(a.resolve("slices.csv") + ":2:43: state: "), "a quoted comm's commas: "
                + refusal(a));
        a = exportWith("slices.csv", 3, "0,6000,6500,500,99,99,ghost,user,");
        assertEquals(a.resolve("slices.csv") + ":3:1: no task with tid 99, pid 99 and comm 'ghost' in tasks.csv",
                refusal(a));
        // the task column names a task of tasks.csv, the one the row's tid, pid and comm name
        a = exportWith("slices.csv", 2, "0,1000,5000,4000,1201,1200,postgres,user,7");
        assertEquals(a.resolve("slices.csv") + ":2:42: task: expected a task id of tasks.csv, 0..2, found 7", refusal(a));
        a = exportWith("slices.csv", 2, "0,1000,5000,4000,1201,1200,postgres,user,1");
        assertEquals(a.resolve("slices.csv") + ":2:42: task: task 1 of tasks.csv is tid 88, pid 88 and comm"
                + " 'kworker/0:1', but the row names tid 1201, pid 1200 and comm 'postgres'; expected the id of the"
                + " task the row names", refusal(a));
        a = exportWith("slices.csv", 2, "0,1000,5000,4000,1201,1200,postgres,user,x");
        assertEquals(a.resolve("slices.csv") + ":2:42: task: expected a task id of tasks.csv or an empty cell,"
                + " found 'x'", refusal(a));
        a = exportWith("slices.csv", 2, "0,1000,5000");
        assertEquals(a.resolve("slices.csv") + ":2:1: expected 9 fields (cpu,startNs,endNs,durationNs,tid,pid,comm,"
                + "state,task), found 3", refusal(a));
        a = exportWith("tasks.csv", 1, "id;tid;pid;comm");
        assertEquals(a.resolve("tasks.csv") + ":1:1: expected the header id,tid,pid,comm (as `schedlab export"
                + " --format csv` writes tasks.csv), found id;tid;pid;comm", refusal(a));
        a = exportWith("locks.csv", 2, "s,spin,maybe,hold,0,10,10,1201,1200,postgres,,0");
        assertTrue(refusal(a).startsWith(a.resolve("locks.csv") + ":2:8: shared: expected true or false"), refusal(a));
        a = exportWith("counters.csv", 2, "tps,tps,0,lots");
        assertTrue(refusal(a).startsWith(a.resolve("counters.csv") + ":2:11: value: expected a number"), refusal(a));
        a = exportWith("slices.csv", 2, "0,9000,5000,4000,1201,1200,postgres,user,0");
        assertEquals(a.resolve("slices.csv") + ":2:8: endNs 5000 is before startNs 9000", refusal(a));
        a = exportWith("slices.csv", 3, "0,2000,3000,1000,1201,1200,postgres,user,0");
        assertEquals(a.resolve("slices.csv") + ":3:1: starts at 2000, before the slice of CPU 0 on line 2 ends at 5000;"
                + " slices of one CPU must not overlap", refusal(a));
    }

    @Test
    void aLockRowWithoutItsTaskIsNamedByItsLine() throws Exception {
        // empty tid, pid and comm read as no task, which the dataset refused only when built:
        // "lock s wait 0: unknown task id -1", naming the directory, not the file or line
        Path a = exportWith("locks.csv", 2, "s,spin,false,wait,0,10,10,,,,spin,");
        assertEquals(a.resolve("locks.csv") + ":2:1: a lock's hold or wait row needs its task (tid, pid, comm)",
                refusal(a));
        a = exportWith("locks.csv", 2, "s,spin,false,hold,0,10,10,,,,,");
        assertEquals(a.resolve("locks.csv") + ":2:1: a lock's hold or wait row needs its task (tid, pid, comm)",
                refusal(a));
    }

    @Test
    void aQuotedFieldThatNeverClosesOrBinaryBytesAreRefusedNotHung() throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("a"));
        Files.writeString(a.resolve("marks.csv"), "tNs,kind,cpu,tid,pid,comm,note,task\n5,wakeup,0,,,,,\"never closed\n"
                + "x".repeat(2_000_000));
        String m = refusal(a);
        assertTrue(m.startsWith(a.resolve("marks.csv") + ":"), m);
        Files.write(a.resolve("marks.csv"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0x80, '\n'});
        m = refusal(a);
        assertTrue(m.startsWith(a.resolve("marks.csv") + ":"), m);
        Files.writeString(a.resolve("marks.csv"), "");
        assertEquals(a.resolve("marks.csv") + ":1:1: the table is empty; expected the header tNs,kind,cpu,tid,pid,"
                + "comm,note,task,wakerTid,waker (as `schedlab export --format csv` writes marks.csv)", refusal(a));
    }

    /**
     * A byte that is not UTF-8 (a spreadsheet that saved a table as Latin-1) is named by its line
     * and column: the parser decodes 1 MiB ahead, and said line 1, "a row the CSV parser cannot
     * read", of a table whose bad byte was rows down, or no line at all past its first MiB.
     */
    @Test
    void aByteThatIsNotUtf8IsNamedByItsLineAndColumn() throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("latin1"));
        List<String> rows = Files.readAllLines(a.resolve("tasks.csv"), StandardCharsets.UTF_8);
        String comm = rows.get(1).substring(rows.get(1).lastIndexOf(',') + 1);
        StringBuilder latin = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            latin.append(i == 1 ? rows.get(1) + "\u00e9" : rows.get(i)).append('\n');
        }
        Files.write(a.resolve("tasks.csv"), latin.toString().getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(a.resolve("tasks.csv") + ":2:" + (rows.get(1).length() + 1) + ": byte 0xe9 is not UTF-8 text;"
                + " expected UTF-8 text, as `schedlab export --format csv` writes it (a spreadsheet that saved it in"
                + " another encoding? save it as CSV UTF-8)", refusal(a), comm);

        // past the parser's first buffer: a marks table of 2 MiB whose last row has the byte
        Path b = export(SampleDatasets.small(), dir.resolve("latin1-long"));
        StringBuilder marks = new StringBuilder("tNs,kind,cpu,tid,pid,comm,note\n");
        int n = 0;
        while (marks.length() < 2_100_000) {
            marks.append(n++).append(",bookmark,0,,,,note\n");
        }
        marks.append(n).append(",bookmark,0,,,,caf\u00e9\n");
        Files.write(b.resolve("marks.csv"), marks.toString().getBytes(StandardCharsets.ISO_8859_1));
        assertTrue(refusal(b).startsWith(b.resolve("marks.csv") + ":" + (n + 2) + ":" + (String.valueOf(n).length() + 19)
                + ": byte 0xe9 is not UTF-8 text;"), refusal(b));
    }

    /**
     * A table cut in the middle of a multi-byte character (a copy stopped) was told it is in
     * another encoding and to save it as CSV UTF-8: it is UTF-8, only cut. Said so, at that place.
     */
    @Test
    void aTableCutInsideACharacterIsSaidToBeCutNotInAnotherEncoding() throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("cut"));
        StringBuilder marks = new StringBuilder("tNs,kind,cpu,tid,pid,comm,note\n0,bookmark,0,,,,ok\n");
        String last = "1,bookmark,0,,,,go \u2192";
        byte[] whole = (marks + last).getBytes(StandardCharsets.UTF_8);
        Files.write(a.resolve("marks.csv"), java.util.Arrays.copyOf(whole, whole.length - 1)); // "→" cut after 2 of 3
        assertEquals(a.resolve("marks.csv") + ":3:" + (last.length()) + ": the file ends inside a character (0xe2 0x86,"
                + " the first 2 bytes of a 3-byte UTF-8 character): it was cut there, not saved in another encoding;"
                + " expected the whole table, as `schedlab export --format csv` writes it (copy or export it again)",
                refusal(a));
    }

    @Test
    void aCancelledReadStops() throws Exception {
        Path a = export(RecordedWindow.dataset(), dir.resolve("a"));
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(a.resolve("marks.csv")));
        for (int i = 0; i < 40_000; i++) {
            rows.add(i + ",wakeup,0,,,,,,,");
        }
        Files.write(a.resolve("marks.csv"), rows);
        CsvTables.Progress cancelled = new CsvTables.Progress() {
            @Override
            public void bytesRead(long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThrows(InterruptedIOException.class, () -> CsvTables.read(a, cancelled));
    }

    @Test
    void importSaysWhatATableIsAndHowToOpenIt() throws Exception {
        Path a = export(SampleDatasets.small(), dir.resolve("a"));
        ImportException e = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.of(a.resolve("counters.csv"))));
        assertTrue(e.getMessage().contains("this is counters.csv of a SchedLab CSV export, not a recording: open it"
                + " in the workbench"), e.getMessage());
    }
}
