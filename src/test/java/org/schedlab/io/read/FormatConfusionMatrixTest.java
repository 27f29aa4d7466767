package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A confusion matrix of format detection: every text fixture of every format, as it is and as a
 * user's damaged or re-saved copy would be (first line damaged at its start or middle, or
 * gone, cut at a few points, CRLF line ends, a UTF-8 BOM). Each copy is either read as its own format (with
 * lines not understood, if need be) or refused in one line naming the file - never imported, nor
 * even taken for reading, by another format's reader: a misdetected file imports silently into
 * the wrong tracks, or is refused with a message about a format the user never opened. The
 * original, the CRLF and the BOM copies must import as their own format outright, and so must a
 * copy whose first line only headed the output and is damaged ({@link #readsWithItsFirstLineDamaged})
 * or, for vmstat, mpstat and sar tables, gone ({@link #readsWithoutItsFirstLine}).
 *
 * <p>Each fixture's format is stated here, not taken from the readers (that would test nothing);
 * {@link #everyFixtureHasAnExpectedFormat} keeps the map complete when fixtures are added.
 */
class FormatConfusionMatrixTest {
    /** What a fixture is: the reader that must take it and the format it names (null: no reader may take it). */
    private record Expected(Class<? extends RecordingReader> reader, String format, Expected orPart) {
        static final Expected REFUSED = new Expected(null, "(refused)", null);

        /** This, or for a file that holds several formats one after the other, a cut copy read as an earlier part's. */
        Expected orWhenCut(Expected part) {
            return new Expected(reader, format, part);
        }

        boolean accepts(RecordingReader r, boolean undamaged) {
            return reader != null && reader.isInstance(r) || !undamaged && orPart != null && orPart.accepts(r, false);
        }

        boolean accepts(String f, boolean undamaged) {
            return format.equals(f) || !undamaged && orPart != null && orPart.accepts(f, false);
        }
    }

    private static Expected of(Class<? extends RecordingReader> reader, String format) {
        return new Expected(reader, format, null);
    }

    private static final Expected PERF_STAT = of(PerfStatReader.class, PerfStatReader.FORMAT);
    private static final Expected MPSTAT = of(MpstatReader.class, MpstatReader.FORMAT);
    private static final Expected SAR = of(SarReader.class, SarReader.FORMAT);
    private static final Expected VMSTAT = of(VmstatReader.class, VmstatReader.FORMAT);
    private static final Expected PGBENCH = of(PgbenchReader.class, PgbenchReader.FORMAT);
    private static final Expected PGBENCH_LOG = of(PgbenchLogReader.class, PgbenchLogReader.FORMAT);
    private static final Expected PGBENCH_AGG_LOG = of(PgbenchLogReader.class, PgbenchLogReader.AGGREGATED);
    private static final Expected PERF_LOCK = of(LockTableReader.class, LockTableReader.PERF_LOCK);
    private static final Expected TIMEHIST = of(PerfTimehistReader.class, PerfTimehistReader.FORMAT);
    private static final Expected YCSB = of(YcsbReader.class, YcsbReader.FORMAT);
    private static final Expected CHROME = of(ChromeTraceReader.class, ChromeTraceReader.FORMAT);
    private static final Expected FTRACE = of(SchedTraceReader.class, SchedTraceReader.FTRACE);
    private static final Expected RUNQLAT = of(RunqlatReader.class, RunqlatReader.FORMAT);
    private static final Expected PROC_NET = of(NetCountersReader.class, NetCountersReader.PROC);

    /**
     * Every fixture by its folder (a folder of one format) or its own path (a folder of several),
     * with what it is. The gzipped ones are read decompressed (their first {@link #GZ_HEAD} bytes).
     */
    private static final Map<String, Expected> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("real/perf-stat/", PERF_STAT);
        EXPECTED.put("real/sysstat/mpstat-", MPSTAT);
        EXPECTED.put("real/sysstat/sar-", SAR);
        EXPECTED.put("real/sysstat/vmstat-", VMSTAT);
        EXPECTED.put("real/sysstat-refused/", Expected.REFUSED); // sar under zh_HK: times in a form not read, refused by line
        EXPECTED.put("real/pgbench-log/ser.sql", Expected.REFUSED); // the pgbench script the runs used, no recording
        EXPECTED.put("real/pgbench-log/agg/pgbench_log.", PGBENCH_AGG_LOG);
        EXPECTED.put("real/pgbench-log/agg_rate/pgbench_log.", PGBENCH_AGG_LOG);
        EXPECTED.put("real/pgbench-log/agg_rate_retries/pgbench_log.", PGBENCH_AGG_LOG);
        EXPECTED.put("real/pgbench-log/agg_retries/pgbench_log.", PGBENCH_AGG_LOG);
        EXPECTED.put("real/pgbench-log/failures/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/plain/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/rate/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/rate_retries/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/retries/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/sampling/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/threads/pgbench_log.", PGBENCH_LOG);
        EXPECTED.put("real/pgbench-log/", PGBENCH); // each run's pgbench_output.txt
        EXPECTED.put("real/pgbench-local/nstat_snapshot.txt", of(NetCountersReader.class, NetCountersReader.NSTAT));
        EXPECTED.put("real/pgbench-local/runA_latency", Expected.REFUSED); // perf sched latency: a summary, refused by name
        EXPECTED.put("real/pgbench-local/runA_perf_sched_script.txt.gz", of(SchedTraceReader.class, SchedTraceReader.PERF_SCHED));
        EXPECTED.put("real/pgbench-local/runA_timehist.txt.gz", TIMEHIST);
        EXPECTED.put("real/pgbench-local/runC_lock_contention.txt", PERF_LOCK);
        EXPECTED.put("real/pgbench-local/runC_perf_lock_script.txt", of(SchedTraceReader.class, SchedTraceReader.PERF));
        EXPECTED.put("real/pgbench-local/run", PGBENCH); // runA_, runC_ and runD_ pgbench output
        EXPECTED.put("public/chrome_json/", CHROME);
        EXPECTED.put("public/ftrace/lisa_trace-cmd_report.txt", of(SchedTraceReader.class, SchedTraceReader.TRACE_CMD));
        EXPECTED.put("public/ftrace/trappy_systrace_surfaceflinger.html", of(SchedTraceReader.class, SchedTraceReader.SYSTRACE));
        EXPECTED.put("public/ftrace/", FTRACE);
        EXPECTED.put("public/lock/bcc_klockstat_example.txt", of(LockTableReader.class, LockTableReader.KLOCKSTAT));
        EXPECTED.put("public/lock/lkml_urezki_proc_lock_stat_vmap.txt", of(LockTableReader.class, LockTableReader.LOCK_STAT));
        EXPECTED.put("public/lock/", PERF_LOCK);
        EXPECTED.put("public/netstat/", PROC_NET);
        EXPECTED.put("public/perf_sched/lkml_vineethr_perf_sched_script_compact_switch.txt", of(SchedTraceReader.class, SchedTraceReader.PERF_SCHED));
        // a mail quoting perf sched latency, map, replay, script and then timehist: cut before the
        // timehist, what is left is perf sched script's events
        EXPECTED.put("public/perf_sched/lkml_yangjihong_perf_sched_latency_map_replay_script_timehist.txt",
                TIMEHIST.orWhenCut(of(SchedTraceReader.class, SchedTraceReader.PERF_SCHED)));
        EXPECTED.put("public/perf_sched/", TIMEHIST);
        EXPECTED.put("public/runqlat/", RUNQLAT);
        EXPECTED.put("public/ycsb/", YCSB);
        EXPECTED.put("handmade/lock/perf_lock_report.txt", of(LockTableReader.class, LockTableReader.PERF_LOCK_REPORT));
        EXPECTED.put("handmade/lock/perf_lock_report_ns.txt", of(LockTableReader.class, LockTableReader.PERF_LOCK_REPORT));
        EXPECTED.put("handmade/lock/", PERF_LOCK);
        EXPECTED.put("handmade/perf_sched/script_", of(SchedTraceReader.class, SchedTraceReader.PERF_SCHED));
        EXPECTED.put("handmade/perf_sched/", TIMEHIST);
        EXPECTED.put("handmade/pgbench/", PGBENCH);
        EXPECTED.put("handmade/ycsb/", YCSB);
        EXPECTED.put("handmade/tshark/", of(WiresharkCsvReader.class, WiresharkCsvReader.FORMAT));
    }

    /** How much of a gzipped fixture is used: its head, cut at a line end (the whole runs take seconds). */
    private static final int GZ_HEAD = 256 * 1024;

    /** The variants: each a name and what it does to the bytes. */
    private static final Map<String, UnaryOperator<byte[]>> VARIANTS = new LinkedHashMap<>();

    static {
        VARIANTS.put("original", b -> b);
        VARIANTS.put("first line damaged at its start", b -> damageFirstLine(b, 0.0));
        VARIANTS.put("first line damaged in its middle", b -> damageFirstLine(b, 0.5));
        VARIANTS.put("first line removed", b -> withoutFirstLine(b));
        VARIANTS.put("cut at 10%", b -> Arrays.copyOf(b, b.length / 10));
        VARIANTS.put("cut at 30%", b -> Arrays.copyOf(b, b.length * 3 / 10));
        VARIANTS.put("cut mid-line at 70%", b -> midLineCut(b, b.length * 7 / 10));
        VARIANTS.put("CRLF line ends", FormatConfusionMatrixTest::crlf);
        VARIANTS.put("UTF-8 BOM", FormatConfusionMatrixTest::bom);
    }

    /** The variants that are no damage: a file saved so reads as the original does. */
    private static final List<String> UNDAMAGED = List.of("original", "CRLF line ends", "UTF-8 BOM");

    /** The variants a damaged first line makes: a first line the rest of the file is read without. */
    private static final List<String> FIRST_LINE_DAMAGED = List.of("first line damaged at its start",
            "first line damaged in its middle");

    /**
     * Whether the fixture, its first line damaged, must still import as its format: a first line
     * that only heads the output (vmstat's group line, mpstat's and sar's system line, perf stat's
     * "Performance counter stats for" or -I column header) is reported as not understood. Not
     * perf stat -x or -j output, whose first line is a counter the totals need, nor mpstat -o
     * JSON, which does not parse without its opening line: those are refused by line.
     */
    static boolean readsWithItsFirstLineDamaged(String fixture) {
        String name = fixture.substring(fixture.lastIndexOf('/') + 1);
        return fixture.startsWith("real/sysstat/") && !name.startsWith("mpstat-o-JSON")
                || fixture.startsWith("real/perf-stat/") && !name.startsWith("csv") && !name.startsWith("json");
    }

    /**
     * Whether the fixture must still import as its format without its first line (as {@code tail
     * -n +2} keeps it): vmstat without its group line, mpstat and sar without their system line.
     */
    static boolean readsWithoutItsFirstLine(String fixture) {
        return fixture.startsWith("real/sysstat/") && !fixture.contains("-o-JSON");
    }

    /** The fixture folders under src/test/resources (/work/shared/data holds copies of real/pgbench-local and public). */
    private static final List<String> FOLDERS = List.of("real", "public", "handmade");

    @TempDir
    Path tmp;

    static List<String> fixtures() throws IOException {
        Path root = Fixtures.path("real").getParent();
        List<String> out = new ArrayList<>();
        for (String folder : FOLDERS) {
            try (Stream<Path> all = Files.walk(root.resolve(folder))) {
                all.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .filter(r -> !r.endsWith("README.md")).forEach(out::add);
            }
        }
        return out.stream().sorted().toList();
    }

    /** The first entry of {@link #EXPECTED} the fixture's path starts with (entries are tried in order). */
    private static Expected expected(String fixture) {
        for (Map.Entry<String, Expected> e : EXPECTED.entrySet()) {
            if (fixture.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    @Test
    void everyFixtureHasAnExpectedFormat() throws IOException {
        List<String> missing = fixtures().stream().filter(f -> expected(f) == null).toList();
        assertEquals(List.of(), missing, "fixtures without an expected format in FormatConfusionMatrixTest.EXPECTED");
    }

    @Test
    void noFixtureDamagedOrResavedIsReadAsAnotherFormat() throws IOException {
        List<String> fixtures = fixtures();
        List<String> failures = new ArrayList<>();
        Map<String, Integer> matrix = new TreeMap<>();
        int cases = 0;
        for (String fixture : fixtures) {
            Expected want = expected(fixture);
            byte[] original = text(fixture);
            String fileName = Path.of(fixture).getFileName().toString().replaceFirst("\\.gz$", "");
            int v = 0;
            for (Map.Entry<String, UnaryOperator<byte[]>> variant : VARIANTS.entrySet()) {
                Path file = tmp.resolve("v" + v++).resolve(fixture.replace('/', '_')).resolve(fileName);
                Files.createDirectories(file.getParent());
                Files.write(file, variant.getValue().apply(original));
                String got = outcome(file, want, UNDAMAGED.contains(variant.getKey())
                        || FIRST_LINE_DAMAGED.contains(variant.getKey()) && readsWithItsFirstLineDamaged(fixture)
                        || variant.getKey().equals("first line removed") && readsWithoutItsFirstLine(fixture));
                cases++;
                matrix.merge(want.format() + " -> " + (got.startsWith("ok") ? want.format() : got.startsWith("refused")
                        ? "refused" : got), 1, Integer::sum);
                if (!got.startsWith("ok") && !got.startsWith("refused")) {
                    failures.add(fixture + " [" + variant.getKey() + "]: " + got);
                }
            }
        }
        StringBuilder table = new StringBuilder();
        matrix.forEach((k, n) -> table.append("\n  ").append(k).append(": ").append(n));
        assertTrue(failures.isEmpty(), failures.size() + " of " + cases + " files (" + fixtures.size() + " fixtures x "
                + VARIANTS.size() + " variants) misread:\n" + String.join("\n", failures)
                + "\nexpected -> outcome: count" + table);
    }

    /**
     * "ok" (read as its own format), "refused: why" (no reader, or its own reader, refused it in
     * one line naming the file) or what went wrong.
     */
    private static String outcome(Path file, Expected want, boolean mustImport) {
        RecordingSource source = RecordingSource.of(file);
        Importer importer = Importer.standard();
        RecordingReader detected;
        try {
            detected = importer.detect(ContentSniffer.sniff(source));
        } catch (ImportException e) {
            return refused(e, file, want, mustImport);
        } catch (RuntimeException e) {
            return "crashed in detection: " + e;
        }
        if (!want.accepts(detected, mustImport)) {
            return "taken by the " + detected.format() + " reader";
        }
        try {
            ImportResult result = importer.importFile(source);
            String format = result.report().files().get(0).format();
            return want.accepts(format, mustImport) ? "ok" : "imported as " + format;
        } catch (ImportException e) {
            return refused(e, file, want, mustImport);
        } catch (RuntimeException e) {
            return "crashed in import: " + e;
        }
    }

    private static String refused(ImportException e, Path file, Expected want, boolean mustImport) {
        String m = e.getMessage();
        if (!m.startsWith(file + ":") || m.contains("\n") || m.contains("\r")) {
            return "a refusal that does not name the file in one line: " + m;
        }
        if (mustImport && want.reader() != null) {
            return "not damaged (or only in a line it can be read without), yet refused: " + m;
        }
        return "refused: " + m;
    }

    /** The fixture's text: as stored, or decompressed (its head, to a line end) when gzipped. */
    private static byte[] text(String fixture) throws IOException {
        byte[] raw = Files.readAllBytes(Fixtures.path(fixture));
        if (!fixture.endsWith(".gz")) {
            return raw;
        }
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
            byte[] head = in.readNBytes(GZ_HEAD);
            int end = head.length;
            while (end > 0 && head[end - 1] != '\n') {
                end--;
            }
            return Arrays.copyOf(head, end);
        }
    }

    /** Four bytes of the first non-blank line replaced by '?', at {@code where} (0 = start, 0.5 = middle) of it. */
    static byte[] damageFirstLine(byte[] b, double where) {
        int[] line = firstLine(b);
        int start = line[0];
        int end = line[1];
        byte[] out = b.clone();
        int at = start + (int) ((end - start) * where);
        for (int i = at; i < Math.min(at + 4, end); i++) {
            out[i] = '?';
        }
        return out;
    }

    /** Without the first non-blank line and what came before it (the banner `tail -n +2` drops). */
    static byte[] withoutFirstLine(byte[] b) {
        return Arrays.copyOfRange(b, Math.min(b.length, firstLine(b)[1] + 1), b.length);
    }

    /** Where the first non-blank line starts and ends (its newline, or the end of the bytes). */
    private static int[] firstLine(byte[] b) {
        int start = 0;
        while (start < b.length && (b[start] == '\n' || b[start] == '\r' || b[start] == ' ' || b[start] == '\t')) {
            start++;
        }
        int end = start;
        while (end < b.length && b[end] != '\n') {
            end++;
        }
        return new int[] {start, end};
    }

    /** Cut in the middle of the line that holds byte {@code near}. */
    static byte[] midLineCut(byte[] b, int near) {
        int start = near;
        while (start > 0 && b[start - 1] != '\n') {
            start--;
        }
        int end = near;
        while (end < b.length && b[end] != '\n') {
            end++;
        }
        return Arrays.copyOf(b, start + Math.max(1, (end - start) / 2));
    }

    static byte[] crlf(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + b.length / 20);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' && (i == 0 || b[i - 1] != '\r')) {
                out.write('\r');
            }
            out.write(b[i]);
        }
        return out.toByteArray();
    }

    static byte[] bom(byte[] b) {
        byte[] mark = "\uFEFF".getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(mark, mark.length + b.length);
        System.arraycopy(b, 0, out, mark.length, b.length);
        return out;
    }
}
