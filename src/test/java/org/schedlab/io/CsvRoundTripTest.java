package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.TaskLane;

/**
 * Every recording under src/test/resources that imports on its own, exported as CSV tables and
 * read back, is the same timeline: what `schedlab info` counts (CPUs, tasks, span, slices per CPU,
 * task lanes and their intervals, locks with their holds and waits, counters and their samples,
 * marks by kind, operations), the import's warnings and the parameters. A lock-only recording (perf
 * lock script) read back as 0 CPUs, a timehist whose migration named a CPU no row ran on as one CPU
 * fewer, and a perf lock contention or klockstat table, which is parameters only, as nothing.
 */
class CsvRoundTripTest {
    @TempDir
    Path dir;

    /** What a dataset shows, as info counts it, one line per figure (a difference names its line). */
    private static List<String> shape(Dataset d) {
        List<String> out = new ArrayList<>();
        out.add("cpus " + d.cpuCount());
        out.add("tasks " + d.tasks());
        out.add("span " + d.startNs() + ".." + d.endNs());
        for (CpuLane c : d.cpus()) {
            out.add("cpu " + c.cpu() + ": " + c.slices().size() + " slices");
        }
        for (TaskLane l : d.taskLanes()) {
            out.add("lane of task " + l.task() + ": " + l.intervals().size() + " intervals");
        }
        for (LockLane l : d.locks()) {
            out.add("lock " + l.name() + " " + l.kind() + ": " + l.holds().size() + " holds, " + l.waits().size()
                    + " waits");
        }
        for (CounterSeries c : d.counters()) {
            out.add("counter " + c.name() + " (" + c.unit() + "): " + c.size() + " samples, " + c.gapCount() + " gaps");
        }
        for (MarkKind k : MarkKind.values()) {
            out.add("marks " + k.label() + ": " + d.marks().count(k));
        }
        for (OperationSamples op : d.operations()) {
            out.add("operation " + op.name() + ": " + op.size());
        }
        out.add("warnings " + d.metadata().importWarnings());
        out.add("parameters " + d.metadata().parameters());
        return out;
    }

    @Test
    void everyRecordingExportedAsCsvReadsBackWithItsCpusLanesAndCounts() throws Exception {
        Path resources = Fixtures.path("handmade").getParent();
        List<Path> files;
        try (Stream<Path> all = Files.walk(resources)) {
            files = all.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equals("README.md"))
                    .filter(p -> !resources.relativize(p).startsWith("META-INF"))
                    .sorted().toList();
        }
        List<String> read = new ArrayList<>();
        int n = 0;
        for (Path f : files) {
            Dataset d;
            try {
                d = Importer.standard().importFile(RecordingSource.of(f)).dataset();
            } catch (ImportException refused) {
                continue; // not a recording that imports alone (a SQL script, perf sched latency's table)
            }
            String name = resources.relativize(f).toString();
            Path out = dir.resolve("export" + n++);
            CsvExport.write(d, out);
            Dataset back = CsvTables.read(out, CsvTables.Progress.NONE).dataset();
            assertEquals(shape(d), shape(back), name);
            read.add(name);
        }
        // the two that lost CPUs, and every kind: scheduler traces, timehist, lock tables, counters, benchmarks
        for (String expected : List.of("real/pgbench-local/runC_perf_lock_script.txt",
                "public/perf_sched/lkml_acme_dsahern_perf_sched_timehist_cpu_filter.txt",
                "real/pgbench-local/runA_perf_sched_script.txt.gz", "real/pgbench-local/runA_timehist.txt.gz",
                "public/lock/lkml_urezki_proc_lock_stat_vmap.txt", "public/lock/bcc_klockstat_example.txt",
                "handmade/lock/perf_lock_contention_csv.txt", "public/chrome_json/catapult_flow.json",
                "real/sysstat/mpstat-P-ALL-1-4.txt", "real/perf-stat/per-cpu-interval.txt",
                "real/pgbench-log/plain/pgbench_log.9938", "public/ycsb/depdx_LOG8430_outputRun_workloada.txt",
                "public/netstat/node_exporter_fixture_proc_net_snmp.txt", "public/runqlat/bcc_runqlat_example.txt",
                "public/ftrace/trappy_systrace_surfaceflinger.html")) {
            assertTrue(read.contains(expected), expected + " was not read: " + read);
        }
        assertTrue(read.size() >= 130, read.size() + " recordings read: " + read);
    }

    @Test
    void aLockTableImportedAloneReadsBackWithItsRows() throws Exception {
        Dataset d = Importer.standard().importFile(Fixtures.source("real/pgbench-local/runC_lock_contention.txt"))
                .dataset();
        assertTrue(org.schedlab.analysis.LockTable.of(d.metadata().parameters()).isPresent());
        Path out = dir.resolve("table");
        CsvExport.write(d, out);
        Dataset back = CsvTables.read(out, CsvTables.Progress.NONE).dataset();
        assertEquals(d.metadata().parameters(), back.metadata().parameters());
        assertEquals(org.schedlab.analysis.LockTable.of(d.metadata().parameters()).orElseThrow().rows().size(),
                org.schedlab.analysis.LockTable.of(back.metadata().parameters()).orElseThrow().rows().size());
        // a parameter given twice (a row copied in a spreadsheet) is refused with both lines
        List<String> rows = new ArrayList<>(Files.readAllLines(out.resolve(CsvExport.PARAMETERS)));
        rows.add(rows.get(1));
        Files.write(out.resolve(CsvExport.PARAMETERS), rows);
        DatasetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(DatasetFormatException.class,
                () -> CsvTables.read(out, CsvTables.Progress.NONE));
        assertTrue(e.getMessage().startsWith(out.resolve(CsvExport.PARAMETERS) + ":" + rows.size() + ":1: parameter '"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("' again, also on line 2; expected each parameter once"), e.getMessage());
    }

    @Test
    void aLockOnlyRecordingsCpusAreWrittenOnePerRowAndReadBack() throws Exception {
        Dataset d = Importer.standard().importFile(Fixtures.source("real/pgbench-local/runC_perf_lock_script.txt"))
                .dataset();
        assertEquals(0, d.sliceCount(), "perf lock script has no sched_switch: no slice names a CPU");
        assertEquals(2, d.cpuCount());
        Path out = dir.resolve("lock");
        CsvExport.write(d, out);
        assertEquals(List.of("cpu", "0", "1"), Files.readAllLines(out.resolve(CsvExport.CPUS)));
        assertEquals(2, CsvTables.read(out, CsvTables.Progress.NONE).dataset().cpuCount());
        // an export made before cpus.csv was written reads as it did, with no warning of a table missing
        Files.delete(out.resolve(CsvExport.CPUS));
        Files.delete(out.resolve(CsvExport.PARAMETERS));
        CsvTables.Read old = CsvTables.read(out, CsvTables.Progress.NONE);
        assertEquals(0, old.dataset().cpuCount());
        assertEquals(List.of(), old.warnings());
    }
}
