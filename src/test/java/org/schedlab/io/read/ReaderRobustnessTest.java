package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Whatever a reader is fed - a file cut anywhere, random bytes, shuffled or duplicated lines,
 * absurd numbers, another encoding - the import ends, quickly, with either a valid Dataset or
 * one ImportException line naming the file. Never a stack trace, never a hang, never a Dataset
 * the model refuses (that would be a reader bug, which the "could not assemble" message names).
 */
class ReaderRobustnessTest {
    private static final List<String> SAMPLES = List.of(
            Fixtures.RUN_A_SCRIPT,
            "real/pgbench-local/runA_timehist.txt.gz",
            "real/pgbench-local/runA_pgbench.txt",
            "real/pgbench-local/nstat_snapshot.txt",
            "real/pgbench-local/runC_perf_lock_script.txt",
            "real/pgbench-local/runC_lock_contention.txt",
            "public/ftrace/lisa_trace-cmd_report.txt",
            "public/ftrace/tracecompass_atrace-test_tgid.txt",
            "public/ftrace/tracecompass_trace-critical-path.txt",
            "public/perf_sched/lkml_vineethr_perf_sched_script_compact_switch.txt",
            "public/runqlat/bcc_runqlat_example.txt",
            "public/runqlat/bpftrace_runqlat_example.txt",
            "public/lock/bcc_klockstat_example.txt",
            "public/lock/lkml_urezki_proc_lock_stat_vmap.txt",
            "public/netstat/node_exporter_fixture_proc_net_snmp.txt",
            "public/ycsb/depdx_LOG8430_outputRun_workloada.txt",
            "public/chrome_json/catapult_x_event_trace.json",
            "public/chrome_json/catapult_flow.json");
    private static final int MAX_LINES = 600;

    /** The first lines of a sample, decompressed: enough to exercise its reader, quick to import. */
    private static List<String> head(String resource) throws IOException {
        byte[] raw = Files.readAllBytes(Fixtures.path(resource));
        if (resource.endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
                raw = in.readNBytes(200_000);
            }
        }
        List<String> lines = new ArrayList<>(Arrays.asList(new String(raw, StandardCharsets.UTF_8).split("\n", -1)));
        return new ArrayList<>(lines.subList(0, Math.min(MAX_LINES, lines.size())));
    }

    private static byte[] join(List<String> lines) {
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** Imports and checks the outcome is one of the two allowed ones. */
    private static void importSafely(String name, byte[] content) {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes(name, content));
                assertTrue(r.dataset().cpuCount() <= TraceLine.MAX_CPU + 1);
            } catch (ImportException e) {
                String m = e.getMessage();
                assertTrue(m.startsWith(name + ":"), "names the file: " + m);
                assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
                assertFalse(m.contains("could not assemble"), "a reader built an invalid dataset: " + m);
            }
        });
    }

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of(SAMPLES);
    }

    @Property(tries = 60)
    void aFileCutAnywhereImportsOrIsRefusedInOneLine(@ForAll("samples") String sample,
                                                      @ForAll @IntRange(min = 0, max = 1000) int permille) throws Exception {
        byte[] all = join(head(sample));
        importSafely("cut.txt", Arrays.copyOf(all, (int) ((long) all.length * permille / 1000)));
    }

    @Property(tries = 40)
    void shuffledAndDuplicatedLinesImportOrAreRefusedInOneLine(@ForAll("samples") String sample,
                                                                @ForAll long seed) throws Exception {
        List<String> lines = head(sample);
        Random rnd = new Random(seed);
        for (int i = 0; i < lines.size() / 10 + 1; i++) {
            lines.add(rnd.nextInt(lines.size() + 1), lines.get(rnd.nextInt(lines.size())));
        }
        if (rnd.nextBoolean()) {
            Collections.shuffle(lines, rnd);
        }
        importSafely("mixed.txt", join(lines));
    }

    @Property(tries = 40)
    void absurdNumbersImportOrAreRefusedInOneLine(@ForAll("samples") String sample, @ForAll long seed) throws Exception {
        List<String> lines = head(sample);
        Random rnd = new Random(seed);
        String[] absurd = {"99999999999999999999999999", "-1", "1e308", "0x7fffffffffffffff", "4294967296", "NaN",
            "18446744073709551615.999999999999"};
        for (int i = 0; i < 20; i++) {
            int at = rnd.nextInt(lines.size());
            lines.set(at, lines.get(at).replaceFirst("\\d+", absurd[rnd.nextInt(absurd.length)]));
        }
        importSafely("numbers.txt", join(lines));
    }

    @Property(tries = 60)
    void randomBytesImportOrAreRefusedInOneLine(@ForAll @Size(max = 4000) byte[] bytes) {
        importSafely("random.bin", bytes);
    }

    @Property(tries = 30)
    void randomBytesAfterARealHeaderImportOrAreRefusedInOneLine(@ForAll("samples") String sample,
                                                                 @ForAll @Size(max = 2000) byte[] tail) throws Exception {
        List<String> lines = head(sample);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(join(lines.subList(0, Math.min(20, lines.size()))));
        b.writeBytes(tail);
        importSafely("tail.txt", b.toByteArray());
    }

    @Property(tries = 20)
    void otherEncodingsImportOrAreRefusedInOneLine(@ForAll("samples") String sample,
                                                    @ForAll("encodings") String encoding) throws Exception {
        String text = String.join("\n", head(sample)) + "\u00e9\u00fc\u4e2d";
        importSafely("encoded.txt", text.getBytes(java.nio.charset.Charset.forName(encoding)));
    }

    @Provide
    Arbitrary<String> encodings() {
        return Arbitraries.of("UTF-16LE", "UTF-16BE", "UTF-16", "ISO-8859-1", "windows-1252", "UTF-32");
    }
}
