package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;
import org.schedlab.model.Dataset;
import org.schedlab.model.Version;

class CliCommandsTest {
    @TempDir
    Path dir;

    private Path sample() throws Exception {
        return CliRun.smallDataset(dir, "run.json.gz");
    }

    @Test
    void versionAndHelpExitZero() {
        CliRun v = CliRun.of("--version");
        assertEquals(0, v.exitCode());
        assertEquals("schedlab " + Version.current(), v.out().strip());
        CliRun h = CliRun.of("--help");
        assertEquals(0, h.exitCode());
        assertTrue(h.out().contains("info") && h.out().contains("export"), h.out());
        CliRun sub = CliRun.of("export", "--help");
        assertEquals(0, sub.exitCode());
        assertTrue(sub.out().contains("--format"), sub.out());
    }

    @Test
    void infoPrintsCountsSpanAndOrigin() throws Exception {
        Path f = sample();
        CliRun r = CliRun.of("info", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("source      scenario:pgbench-lazy"), out);
        assertTrue(out.contains("format      simulation (schedlab-dataset v1)"), out);
        assertTrue(out.contains("seed        42"), out);
        assertTrue(out.contains("cpus        2"), out);
        assertTrue(out.contains("tasks       3"), out);
        assertTrue(out.contains("span        8.000 us (1000 .. 9000 ns)"), out);
        assertTrue(out.contains("slices      7"), out);
        assertTrue(out.contains("locks       2 (3 holds, 2 waits)"), out);
        assertTrue(out.contains("counters    2 (3 samples)"), out);
        assertTrue(out.contains("marks       3 (preemption 1, lock-holder-preemption 1, bookmark 1)"), out);
        assertTrue(out.contains("parameters  preempt=lazy cpus=2"), out);
    }

    /**
     * A recording's parameters, each whole, wrapped between them under the value column: on one line
     * the example dataset's ran to 480 columns. A parameter longer than a line keeps a line of its
     * own, uncut.
     */
    @Test
    void infoWrapsTheParametersBetweenThemEachWhole() throws Exception {
        CliRun r = CliRun.of("info", Path.of("example-data/datasets/pgbench-2cpu-50ms.json").toString());
        assertEquals(0, r.exitCode(), r.err());
        java.util.List<String> lines = r.out().lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("parameters  ")).findFirst().orElseThrow());
        java.util.List<String> params = new java.util.ArrayList<>(java.util.List.of(lines.get(at).substring(12)));
        for (int i = at + 1; i < lines.size() && lines.get(i).startsWith(" ".repeat(12)); i++) {
            params.add(lines.get(i).substring(12));
        }
        assertEquals(java.util.List.of("recording=pgbench-local runA_perf_sched_script.txt.gz (perf sched record,"
                        + " 2-vCPU VM)", "window=330.000000 s .. 330.050000 s",
                "workload=pgbench -N -c 16 -j 2 -T 8 -P 1 -M prepared, PostgreSQL 15",
                "kernel=Linux 6.18, PREEMPT_DYNAMIC, preempt=none",
                "derived=sched_switch only; user/kernel split unknown (kernel threads marked kernel); pid = -1 (perf"
                        + " sched script prints tids only)"), params, r.out());
    }

    @Test
    void infoJsonIsOneParseableObject() throws Exception {
        Path f = sample();
        CliRun r = CliRun.of("info", f.toString(), "--json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(f.toString(), o.get("file").asText());
        assertEquals("simulation", o.get("format").asText());
        assertEquals(42, o.get("seed").asLong());
        assertEquals(2, o.get("cpus").asInt());
        assertEquals(3, o.get("tasks").asInt());
        assertEquals(8000, o.get("spanNs").asLong());
        assertEquals(7, o.get("slices").asLong());
        assertEquals("rq->lock", o.get("locks").get(0).get("name").asText());
        assertEquals(2, o.get("locks").get(1).get("holds").asInt());
        assertEquals(3, o.get("counters").get(0).get("samples").asInt());
        assertEquals(3, o.get("marks").get("total").asInt());
        assertEquals("lazy", o.get("parameters").get("preempt").asText());
    }

    @Test
    void infoJsonSaysNullSeedWhenThereIsNone() throws Exception {
        Path f = dir.resolve("noseed.json");
        var b = Dataset.builder(org.schedlab.model.Metadata.of("perf.data", "perf-sched-script"));
        DatasetJson.write(b.build(), f);
        JsonNode o = new ObjectMapper().readTree(CliRun.of("info", f.toString(), "--json").out());
        assertTrue(o.get("seed").isNull());
        assertEquals(0, o.get("spanNs").asLong());
    }

    @Test
    void exportJsonRewritesAnEqualDataset() throws Exception {
        Path f = sample();
        Path out = dir.resolve("copy.json");
        CliRun r = CliRun.of("export", f.toString(), "--format", "json", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(SampleDatasets.small(), DatasetJson.read(out));
        assertTrue(Files.readString(out).startsWith("{"), "plain JSON unless the name ends in .gz");
    }

    @Test
    void exportCsvWritesTheTablesIntoTheDirectory() throws Exception {
        Path f = sample();
        Path out = dir.resolve("csv");
        CliRun r = CliRun.of("export", f.toString(), "--format", "csv", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("wrote 9 CSV files"), r.out());
        assertEquals(8, Files.readAllLines(out.resolve("slices.csv")).size());
        assertEquals(4, Files.readAllLines(out.resolve("counters.csv")).size());
        assertEquals(java.util.List.of("op,endNs,latencyNs"), Files.readAllLines(out.resolve("operations.csv")), "a recording has no operations");
    }
}
