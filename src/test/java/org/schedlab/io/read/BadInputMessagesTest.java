package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file with nothing SchedLab can read is refused with the reason that applies to it - damaged
 * compression, only a header, only blank lines, a dataset given as a recording - never "empty"
 * for a file that is not; and text quoted from a damaged file is shown without garbage.
 */
class BadInputMessagesTest {
    private static ImportException refused(String name, byte[] content) {
        return assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes(name, content)));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final String SCRIPT = String.join("\n",
            "   perf  7396 [000]   329.519877: sched:sched_stat_runtime: comm=perf pid=7396 runtime=36889 [ns]",
            "   perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf prev_pid=7396 prev_prio=120"
                    + " prev_state=D ==> next_comm=migration/0 next_pid=18 next_prio=0",
            "   migration/0    18 [000]   329.519896:       sched:sched_waking: comm=perf pid=7396 prio=120"
                    + " target_cpu=000") + "\n";

    @Test
    void aHoleOfNulBytesBeforeALineIsSkippedAndNotedNotReadAsACommandName() throws Exception {
        // a log written through a crash: 4 KiB of zero bytes where data never came, then the next
        // line; past the first 8 KiB, which decide whether a file is text at all
        String[] lines = SCRIPT.split("\n");
        String holed = (lines[0] + "\n").repeat(100) + "\0".repeat(4096) + lines[1] + "\n" + lines[2] + "\n";
        ImportResult r = Fixtures.importText("sched.txt", holed);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.dataset().tasks().stream().noneMatch(t -> t.comm().indexOf('\0') >= 0),
                r.dataset().tasks().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("4096 NUL bytes at the start of lines")
                && w.contains("before line 101")), r.report().warnings().toString());
    }

    @Test
    void aRecordingAfterAHoleLongerThanTheHeadDetectionLooksAtIsReadNotCalledEmpty() throws Exception {
        // a hole at the start longer than the 256 KiB detection reads: the head held no line, and
        // the file was refused as empty, though the reader skips such holes
        byte[] holed = utf8("\0".repeat(300_000) + SCRIPT);
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("sched.txt", holed));
        assertEquals(3, r.report().events(), r.report().warnings().toString());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("300000 NUL bytes at the start of lines")
                && w.contains("before line 1")), r.report().warnings().toString());
    }

    @Test
    void aFileOfNulBytesOnlySaysSoNotEmpty() {
        ImportException e = refused("sched.txt", new byte[10_003]);
        assertEquals("sched.txt: only NUL bytes (10003 of them: a hole, as a crash or a preallocated log leaves"
                + " where the data never came), no recording in it", e.getMessage());
        ImportException big = refused("sched.txt", new byte[600_000]);
        assertTrue(big.getMessage().contains("only NUL bytes (600000 of them"), big.getMessage());
        ImportException gz = refused("sched.txt.gz", Fixtures.gzip(new byte[5_000]));
        assertTrue(gz.getMessage().contains("only NUL bytes (5000 of them"), gz.getMessage());
        assertTrue(refused("sched.txt", new byte[0]).getMessage().contains("the file is empty"), "an empty file is");
    }

    @Test
    void aGzipRecordingAfterAHoleLongerThanTheHeadIsReadAndAGzipOfNulBytesOnlySaysSo() throws Exception {
        // the decompressed head of 256 KiB held only the hole: refused as "the file is empty" although
        // the same bytes uncompressed were read
        byte[] gz = Fixtures.gzip(utf8("\0".repeat(300_000) + SCRIPT));
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("sched.txt.gz", gz));
        assertEquals(3, r.report().events(), r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("300000 NUL bytes at the start of lines")),
                r.report().warnings().toString());
        ImportException nul = refused("sched.txt.gz", Fixtures.gzip(new byte[600_000]));
        assertTrue(nul.getMessage().contains("only NUL bytes (600000 of them"), nul.getMessage());
    }

    @Test
    void aHoleLongerThanTheHeadEndingAtAReadBoundaryOrJustAfterIsReadAndCounted() throws Exception {
        int head = ContentSniffer.HEAD_BYTES;
        for (int hole : new int[] {head, head + 1, head + 64 * 1024 - 1, head + 64 * 1024, head + 64 * 1024 + 1}) {
            ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("s.txt", utf8("\0".repeat(hole) + SCRIPT)));
            assertEquals(3, r.report().events(), hole + " " + r.report().warnings());
            assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains(hole + " NUL bytes")),
                    r.report().warnings().toString());
        }
        ImportException nul = refused("s.txt", new byte[head + 64 * 1024 + 1]);
        assertTrue(nul.getMessage().contains("only NUL bytes (" + (head + 64 * 1024 + 1) + " of them"), nul.getMessage());
    }

    @Test
    void aBinaryFileAfterAHoleLongerThanTheHeadIsNamedByItsKind() {
        // the head starts at the first byte after the hole, where a perf.data's magic is
        byte[] b = new byte[300_000 + 100];
        System.arraycopy(utf8("PERFILE2"), 0, b, 300_000, 8);
        ImportException e = refused("recording.bin", b);
        assertTrue(e.getMessage().contains("perf.data (binary perf recording)"), e.getMessage());
    }

    @Test
    void gzipDamagedBeforeItsFirstLineSaysDamagedNotEmpty() {
        byte[] gz = Fixtures.gzip(utf8(SCRIPT.repeat(50)));
        byte[] broken = gz.clone();
        for (int i = 12; i < 40; i++) {
            broken[i] ^= 0x5a; // the first deflate block, just after the 10-byte header
        }
        ImportException e = refused("sched.txt.gz", broken);
        assertTrue(e.getMessage().startsWith("sched.txt.gz: no recording could be read: the gzip data is damaged"),
                e.getMessage());
        assertFalse(e.getMessage().contains("empty"), e.getMessage());
    }

    @Test
    void gzipCutInsideItsHeaderSaysTruncated() {
        byte[] gz = Fixtures.gzip(utf8(SCRIPT));
        ImportException e = refused("sched.txt.gz", Arrays.copyOf(gz, 4));
        assertEquals("sched.txt.gz: no recording could be read: the gzip data ends early (cut or still being"
                + " written) at byte 4 before its first line", e.getMessage());
    }

    @Test
    void onlyAHeaderOfCommentsSaysSoAndAsksWhetherItWasCut() {
        ImportException e = refused("trace.txt", utf8("# tracer: nop\n#\n#           TASK-PID   CPU#  TIMESTAMP\n"));
        assertTrue(e.getMessage().startsWith("trace.txt: only '#' comment lines and no recording lines; expected"),
                e.getMessage());
    }

    @Test
    void onlyBlankLinesAndTrulyEmptyAreTold() {
        assertEquals("blank.txt: only blank lines, no recording in it",
                refused("blank.txt", utf8("\n\n  \n\t\n")).getMessage());
        assertEquals("empty.txt: the file is empty (no recording in it)", refused("empty.txt", new byte[0]).getMessage());
    }

    @Test
    void aTimehistHeaderWithoutRowsIsReadAsTimehistAndSaysRowsAreMissing() {
        String header = "           time    cpu  task name                       wait time  sch delay   run time\n"
                + "                        [tid/pid]                          (msec)     (msec)     (msec)\n"
                + "--------------- ------  ------------------------------  ---------  ---------  ---------\n";
        ImportException e = refused("timehist.txt", utf8(header));
        assertTrue(e.getMessage().startsWith("timehist.txt: no timehist rows found; expected rows such as"),
                e.getMessage());
    }

    @Test
    void perfSchedLatencysSummaryTableAsksForTheScriptItCameFrom() throws Exception {
        byte[] table = java.nio.file.Files.readAllBytes(Fixtures.path("real/pgbench-local/runA_latency.txt"));
        ImportException e = refused("runA_latency.txt", table);
        assertTrue(e.getMessage().startsWith("runA_latency.txt: this is `perf sched latency` output"), e.getMessage());
        assertTrue(e.getMessage().contains("open the `perf sched script` text"), e.getMessage());
        // the same words for the table's header alone, wherever the dashes are
        ImportException alone = refused("l.txt", utf8("  Task                  |   Runtime ms  | Switches | Avg delay ms"
                + "    | Max delay ms    |\n"));
        assertTrue(alone.getMessage().contains("`perf sched latency` output"), alone.getMessage());
    }

    @Test
    void aDatasetGivenAsARecordingPointsToTheCommandsThatOpenIt() {
        ImportException e = refused("run.json", utf8("{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1\n}\n"));
        assertTrue(e.getMessage().startsWith("run.json: this is a SchedLab dataset, not a recording"), e.getMessage());
        assertTrue(e.getMessage().contains("schedlab info"), e.getMessage());
    }

    @Test
    void aCsvExportTableWithAColumnMissingSaysWhichTableAndWhichColumn() {
        // the intact table opens (its directory is read back); one with a column cut out was "not a
        // recording format SchedLab reads", as if it were anything but the export's own slices.csv
        byte[] cut = utf8("cpu,startNs,endNs,durationNs,tid,pid,state\n0,100,200,100,7,7,user\n");
        for (String name : new String[] {"slices.csv", "mine.csv"}) {
            ImportException e = refused(name, cut);
            assertEquals(1, e.line(), e.getMessage());
            assertTrue(e.getMessage().startsWith(name + ":1: this looks like slices.csv of a SchedLab CSV export"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("expected the header cpu,startNs,endNs,durationNs,tid,pid,comm,state"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("missing comm"), e.getMessage());
        }
        // a CSV sharing a column name or two with a table is not taken for one
        ImportException other = refused("prices.csv", utf8("item,pid,cost\napple,1,2\n"));
        assertTrue(other.getMessage().contains("not a recording format SchedLab reads"), other.getMessage());
    }

    @Test
    void aScenarioFileGivenAsARecordingSaysWhereScenariosOpen() {
        // File > Open of one said "not a recording format SchedLab reads (first line: "{"); expected
        // ... Chrome trace JSON ...", as if it were a damaged trace rather than the lab's own file
        ImportException e = refused("mine.json", utf8("{\n  \"name\": \"mine\",\n  \"title\": \"T\",\n"
                + "  \"workload\": \"teach-fair-share\",\n  \"parameters\": {\"cpus\": 1}\n}\n"));
        assertTrue(e.getMessage().startsWith("mine.json: this is a SchedLab scenario file, not a recording"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Live run or A/B") && e.getMessage().contains("simulate --scenario"),
                e.getMessage());
        // JSON that merely has a "name" is not taken for one
        ImportException other = refused("pkg.json", utf8("{\n  \"name\": \"x\",\n  \"version\": \"1.0\"\n}\n"));
        assertFalse(other.getMessage().contains("scenario"), other.getMessage());
    }

    @Test
    void garbageQuotedFromADamagedFileIsShownWithoutControlCharacters() throws Exception {
        String garbled = SCRIPT + "   perf  7396 [000]   329.519900: sched:\u001b[2J\u0007bad\ufffd: comm=perf\n";
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("g.txt", utf8(garbled)));
        List<String> warnings = r.report().warnings();
        assertFalse(warnings.isEmpty());
        for (String w : warnings) {
            assertTrue(w.chars().allMatch(c -> c >= 0x20 && c != 0x7f && c != 0xfffd), w);
        }
        ImportException e = new ImportException("f.txt", 3, "expected a number, found \"\u001b[31m\r\nx\"");
        assertEquals("f.txt:3: expected a number, found \"?[31m  x\"", e.getMessage());
        assertEquals("expected a number, found \"?[31m  x\"", e.problem());
    }

    @Test
    void aLastLineWithoutLineBreakIsNotedAsPossiblyCut() throws Exception {
        String pgbench = "pgbench (15.18)\nprogress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n"
                + "progress: 2.0 s, 2542.8 tps, lat 6.1";
        ImportResult cut = Importer.standard().importFile(RecordingSource.ofBytes("pg.txt", utf8(pgbench)));
        assertTrue(cut.report().warnings().contains(
                "pg.txt: line 3, the last, has no line break: if the file was cut there, its values are incomplete"),
                cut.report().warnings().toString());
        ImportResult whole = Importer.standard().importFile(RecordingSource.ofBytes("pg.txt", utf8(pgbench + "65 ms\n")));
        assertFalse(whole.report().warnings().toString().contains("no line break"), whole.report().warnings().toString());
    }

    @Test
    void printableKeepsTextAndReplacesWhatATerminalWouldInterpret() {
        String ok = "sched_switch prev_comm=kworker/0:1 \u00e9\u4e2d";
        assertEquals(ok, Printable.of(ok));
        assertEquals("a?b?c d?", Printable.of("a\u0000b\u009bc\td\ufffd"));
        assertEquals("abcdefg...", Printable.clip("abcdefghijklmnop", 10));
        assertEquals("task x?y\nbad?[31m\n", Printable.text("task x\u0007y\nbad\u001b[31m\n"));
    }

    @Test
    void aWiresharkCsvWithOnlyItsHeaderSaysItsZerosWereNotMeasured() throws Exception {
        String header = "\"No.\",\"Time\",\"Source\",\"Destination\",\"Protocol\",\"Length\",\"Info\"\n";
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("capture.csv", utf8(header)));
        assertEquals(List.of("capture.csv: only the CSV header, no rows: every TCP counter it can show is 0 (was the"
                + " export empty or cut short?)"), r.report().warnings());
    }

    @Test
    void chromeJsonNestedBeyondTheLimitNamesTheLineAndTheLimit() {
        String deep = "{\"traceEvents\":[\n{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1,\"name\":\"a\",\"args\":"
                + "{\"a\":".repeat(300) + "1" + "}".repeat(300) + "}]}";
        ImportException e = refused("deep.json", utf8(deep));
        assertTrue(e.getMessage().startsWith("deep.json:2: expected trace JSON within the reader's limits: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    }

    @Test
    void chromeJsonPastTheNestingLimitCarriesNoAdviceForProgrammers() {
        // was "(1000, from `StreamReadConstraints.getMaxNestingDepth()`)"
        String deep = "{\"traceEvents\":[\n{\"ph\":\"X\",\"args\":" + "[".repeat(1200) + "]".repeat(1200) + "}]}";
        ImportException d = refused("deep.json", utf8(deep));
        assertTrue(d.getMessage().startsWith("deep.json:2: expected trace JSON within the reader's limits: "),
                d.getMessage());
        assertFalse(d.getMessage().contains("`") || d.getMessage().contains("StreamReadConstraints"), d.getMessage());
    }

    @Test
    void invalidChromeJsonOnOneLongLineSaysTheColumnAndNoAdviceForProgrammers() {
        // traces are often written as one line: "file:1:" alone does not find the damage in megabytes,
        // and the parser's "enable `JsonReadFeature...` to allow" is not something a user can do
        String event = "{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"},";
        String oneLine = "{\"traceEvents\":[" + event.repeat(50) + "{\"ph\":\"X\",\"ts\":NaN}]}";
        ImportException e = refused("one.json", utf8(oneLine));
        assertTrue(e.getMessage().startsWith("one.json:1: expected valid trace JSON at column "), e.getMessage());
        String at = e.getMessage().substring("one.json:1: expected valid trace JSON at column ".length());
        int column = Integer.parseInt(at.substring(0, at.indexOf(':')));
        int nan = oneLine.indexOf("NaN") + 1;
        assertTrue(column >= nan && column <= nan + "NaN".length(), "the parser stops at or just after the token: "
                + column + " for " + nan);
        assertTrue(e.getMessage().contains("'NaN'"), e.getMessage());
        assertFalse(e.getMessage().contains("`"), e.getMessage());
        assertFalse(e.getMessage().contains("JsonReadFeature"), e.getMessage());
    }

    @Test
    void anythingAfterTheChromeTracesJsonValueIsRefusedNamingLineAndColumn() throws Exception {
        // two traces concatenated, or garbage after one, were imported as the first trace alone, exit 0
        String trace = "[{\"ph\":\"X\",\"ts\":1,\"dur\":5,\"pid\":1,\"tid\":1,\"name\":\"a\"}]";
        ImportException twice = refused("two.json", utf8(trace + "\n" + trace + "\n"));
        assertEquals("two.json:2: expected end of file after the trace's JSON value, found an array at column 1",
                twice.getMessage());
        ImportException garbage = refused("g.json", utf8("{\"traceEvents\":" + trace + "} garbage {{{\n"));
        assertTrue(garbage.getMessage().startsWith(
                "g.json:1: expected end of file after the trace's JSON value, found text that is not JSON at column "),
                garbage.getMessage());
        // trailing whitespace and line breaks are no content
        ImportResult ok = Importer.standard().importFile(RecordingSource.ofBytes("ok.json", utf8(trace + " \n\n\t\n")));
        assertEquals(1, ok.dataset().tasks().size(), ok.dataset().tasks().toString());
    }

    @Test
    void aFileWhoseEveryRowWasRejectedIsRefusedNotImportedAsMeasuredZeros() {
        // the only Expert Info row's Count was "abc": exit 0 and every TCP counter printed as 0
        String csv = "\"Severity\",\"Summary\",\"Group\",\"Protocol\",\"Count\"\n"
                + "\"Note\",\"Duplicate ACK (#1)\",\"Sequence\",\"TCP\",\"abc\"\n";
        ImportException e = refused("expert.csv", utf8(csv));
        assertEquals("expert.csv: nothing could be read as wireshark-csv: 1 of 2 lines not understood (line 2);"
                + " first: line 2: expected a count (0 .. 9223372036854775807) in the Count column, found \"abc\"",
                e.getMessage());
    }

    @Test
    void wiresharkCountsUpToTheLargestLongAreReadAndTotalsNeverWrap() throws Exception {
        // a 19-digit Count was "expected a number"; two huge ones summed past 2^63 - 1 to a negative total
        String head = "\"Severity\",\"Summary\",\"Group\",\"Protocol\",\"Count\"\n";
        String big = "\"Note\",\"Duplicate ACK (#1)\",\"Sequence\",\"TCP\",\"9223372036854775000\"\n";
        ImportResult one = Importer.standard().importFile(RecordingSource.ofBytes("one.csv", utf8(head + big)));
        assertEquals("9223372036854775000", one.dataset().metadata().parameters().get("tcp.dupAcks"));
        ImportResult two = Importer.standard().importFile(RecordingSource.ofBytes("two.csv", utf8(head + big + big)));
        assertEquals("9223372036854775000", two.dataset().metadata().parameters().get("tcp.dupAcks"));
        assertEquals(List.of("two.csv: 1 of 3 lines not understood (line 3); first: line 3: the Count 9223372036854775000"
                + " takes the total of dupAcks past 9223372036854775807"), two.report().warnings());
        ImportException past = refused("past.csv", utf8(head
                + "\"Note\",\"Duplicate ACK (#1)\",\"Sequence\",\"TCP\",\"" + "9".repeat(100) + "\"\n"));
        assertTrue(past.getMessage().endsWith("found \"" + "9".repeat(37) + "...\""), past.getMessage());
    }

    @Test
    void chromeEventsThatGiveNothingToDrawAreRefusedSayingWhatWasKeptOut() {
        // a counter whose value is "x" and a trace of thread names only gave an empty dataset, exit 0
        ImportException counter = refused("c.json", utf8(
                "{\"traceEvents\": [{\"name\": \"c\", \"ph\": \"C\", \"ts\": 1, \"pid\": 1, \"args\": {\"v\": \"x\"}}]}"));
        assertEquals("c.json: no trace events with times found (X, B/E, C or i);"
                + " kept out: 1 \"C\" event without a numeric value in args", counter.getMessage());
        ImportException names = refused("m.json", utf8("{\"traceEvents\": [{\"name\": \"thread_name\", \"ph\": \"M\","
                + " \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"worker\"}}]}"));
        assertEquals("m.json: no trace events with times found (X, B/E, C or i)", names.getMessage());
    }

    @Test
    void aFileMostlyRejectedSaysHowManyOfHowManyLinesWereNotUnderstood() throws Exception {
        // lines in reverse order: "2 lines not understood" read like a few bad lines of a large file
        List<String> lines = Arrays.asList(SCRIPT.split("\n"));
        java.util.Collections.reverse(lines);
        ImportResult r = Fixtures.importText("sched.txt", String.join("\n", lines) + "\n");
        assertEquals(1, r.report().events());
        assertTrue(r.report().warnings().get(0).startsWith("sched.txt: 2 of 3 lines not understood (lines 2, 3); first:"
                + " line 2: time 329.519891 goes back"), r.report().warnings().toString());
    }

    @Test
    void aFileThatCannotBeReadSaysWhyWithoutJavaExceptionNames() {
        // /proc/self/mem said "cannot read: IOException (Input/output error)"
        String[][] cases = {
            {"Input/output error", "io.txt: cannot read: Input/output error"},
            {null, "io.txt: cannot read: the system gave no reason"},
        };
        for (String[] c : cases) {
            RecordingSource failing = new RecordingSource("io.txt", 10, () -> {
                throw new java.io.IOException(c[0]);
            });
            ImportException e = assertThrows(ImportException.class, () -> Importer.standard().importFile(failing));
            assertEquals(c[1], e.getMessage());
        }
        RecordingSource denied = new RecordingSource("secret.txt", 10, () -> {
            throw new java.nio.file.AccessDeniedException("secret.txt");
        });
        ImportException e = assertThrows(ImportException.class, () -> Importer.standard().importFile(denied));
        assertEquals("secret.txt: cannot read: permission denied", e.getMessage());
    }

    @Test
    void noEventsFoundInAFileOfUnreadableEventLinesSaysWhyTheyWereNotRead() {
        String overflow = SCRIPT.replaceAll("pid=\\d+", "pid=99999999999").replaceAll("prev_pid=\\d+", "prev_pid=x");
        ImportException e = refused("sched.txt", utf8(overflow));
        assertTrue(e.getMessage().startsWith("sched.txt: no scheduler or lock events found; expected lines such as"),
                e.getMessage());
        assertTrue(e.getMessage().contains("(3 of 3 lines not understood (lines 1, 2, 3); first: line 1: expected a number"
                + " after \"pid=\""), e.getMessage());
    }

    private static ImportException refusedTogether(RecordingSource... sources) {
        return assertThrows(ImportException.class,
                () -> Importer.standard().importFiles(List.of(sources), ImportMonitor.NONE));
    }

    private static final String PGBENCH = "pgbench (15.18)\n"
            + "progress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n"
            + "progress: 2.0 s, 2542.8 tps, lat 6.165 ms stddev 4.492, 0 failed\n";

    @Test
    void theSameFileTwiceIsNamed() {
        RecordingSource pg = RecordingSource.ofBytes("pg.txt", utf8(PGBENCH));
        assertEquals("pg.txt: is given twice; expected each recording once", refusedTogether(pg, pg).getMessage());
    }

    @Test
    void twoRecordingsOfTheSameCpusNameBothFilesNotASliceOutOfOrder() {
        byte[] script = utf8(SCRIPT.repeat(1));
        ImportException e = refusedTogether(RecordingSource.ofBytes("a.txt", script),
                RecordingSource.ofBytes("copy-of-a.txt", script));
        assertTrue(e.getMessage().startsWith("copy-of-a.txt: records cpu 0 again, which a.txt already recorded;"
                + " expected one recording of each CPU"), e.getMessage());
    }

    @Test
    void twoBenchmarkLogsOnOneClockNameBothFiles() {
        ImportException e = refusedTogether(RecordingSource.ofBytes("runA.txt", utf8(PGBENCH)),
                RecordingSource.ofBytes("runC.txt", utf8(PGBENCH)));
        assertTrue(e.getMessage().startsWith("runC.txt: gives counter \"pgbench tps\" again, which runA.txt already"
                + " gave; expected one log of each kind"), e.getMessage());
    }

    @Test
    void aRecordingSplitInTimeStillOpensTogether() throws Exception {
        String later = SCRIPT.replace("329.5198", "329.6198");
        ImportResult split = Importer.standard().importFiles(List.of(RecordingSource.ofBytes("part1.txt", utf8(SCRIPT)),
                RecordingSource.ofBytes("part2.txt", utf8(later))), ImportMonitor.NONE);
        assertEquals(2, split.report().files().size());
    }

    /**
     * nstat -az before and after a change: both snapshots at the timeline's start, the second's
     * value silently winning, was no before and after at all. They compare as A and B.
     */
    @Test
    void twoSnapshotsOfOneCounterSetAreRefusedNamingBothAndTheTableThatComparesThem() {
        String before = "#kernel\nIpInReceives                    4585               0.0\n"
                + "TcpRetransSegs                  227                0.0\n";
        String after = before.replace("227 ", "931 ");
        ImportException e = refusedTogether(RecordingSource.ofBytes("before.txt", utf8(before)),
                RecordingSource.ofBytes("after.txt", utf8(after)));
        assertEquals("after.txt: gives counter \"IpInReceives\" again, which before.txt already gave; expected one"
                + " snapshot of each counter (two snapshots, such as before and after a change, compare as A and B:"
                + " schedlab table before.txt after.txt)", e.getMessage());
        // /proc/net/snmp's counters as netstat -s names them are the same counters too
        String snmp = "Tcp: RtoAlgorithm RetransSegs\nTcp: 1 227\n";
        assertTrue(refusedTogether(RecordingSource.ofBytes("snmp.txt", utf8(snmp)),
                RecordingSource.ofBytes("nstat.txt", utf8(before))).getMessage()
                .startsWith("nstat.txt: gives counter \"TcpRetransSegs\" again, which snmp.txt already gave"));
    }

    @Test
    void snapshotsOfDifferentCountersStillOpenTogether() throws Exception {
        // /proc/net/snmp and /proc/net/netstat, taken together, hold different counters
        String snmp = "Tcp: RtoAlgorithm RetransSegs\nTcp: 1 227\n";
        String netstat = "TcpExt: SyncookiesSent TCPDSACKRecv\nTcpExt: 0 12\n";
        ImportResult two = Importer.standard().importFiles(List.of(RecordingSource.ofBytes("snmp.txt", utf8(snmp)),
                RecordingSource.ofBytes("netstat.txt", utf8(netstat))), ImportMonitor.NONE);
        assertEquals(2, two.report().files().size());
        assertTrue(two.dataset().counters().stream().map(c -> c.name()).toList().contains("TcpRetransSegs"), two.dataset().counters().stream().map(c -> c.name()).toList().toString());
        assertTrue(two.dataset().counters().stream().map(c -> c.name()).toList().contains("TcpExtTCPDSACKRecv"), two.dataset().counters().stream().map(c -> c.name()).toList().toString());
    }

    @Test
    void anEventLineWithACpuOrTimeOutOfRangeSaysWhichValueAndTheRange() throws Exception {
        String bad = SCRIPT + "   perf  7396 [65000]   329.519990: sched:sched_waking: comm=x pid=1 prio=120 target_cpu=000\n"
                + "   perf  7396 [000]   99999999999.999999: sched:sched_waking: comm=x pid=1 prio=120 target_cpu=000\n";
        List<String> w = Importer.standard().importFile(RecordingSource.ofBytes("t.txt", utf8(bad))).report().warnings();
        assertEquals("t.txt: 2 of 5 lines not understood (lines 4, 5); first: line 4: CPU [65000] out of range; expected"
                + " 0..4095", w.get(0));
        ImportResult time = Importer.standard().importFile(RecordingSource.ofBytes("t.txt",
                utf8(SCRIPT + "   perf  7396 [000]   99999999999.999999: sched:sched_waking: comm=x pid=1\n")));
        assertTrue(time.report().warnings().get(0).endsWith("line 4: time 99999999999.999999 is not a time in seconds;"
                + " expected SECONDS.FRACTION below 9000000000"), time.report().warnings().toString());
    }

    @Test
    void otherCompressionsAndGzipTwiceSayWhatToDo() {
        byte[] twice = Fixtures.gzip(Fixtures.gzip(utf8(SCRIPT)));
        assertEquals("s.txt.gz.gz: this is gzip inside gzip (gunzip it once; SchedLab reads one level of gzip), not a"
                + " text recording SchedLab reads", refused("s.txt.gz.gz", twice).getMessage());
        byte[] xz = {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4, (byte) 0xe6, (byte) 0xd6};
        assertTrue(refused("s.txt.xz", xz).getMessage().startsWith("s.txt.xz: this is xz-compressed data (unxz it"));
        byte[] bz = {'B', 'Z', 'h', '9', '1', 'A', 'Y', '&', 'S', 'Y', 0, 1, 2};
        assertTrue(refused("s.txt.bz2", bz).getMessage().startsWith("s.txt.bz2: this is bzip2-compressed data"));
        byte[] zst = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0, 0x58, 0, 0};
        assertTrue(refused("s.txt.zst", zst).getMessage().startsWith("s.txt.zst: this is zstd-compressed data"));
    }
}
