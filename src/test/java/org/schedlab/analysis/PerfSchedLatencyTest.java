package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.io.read.ImportResult;
import org.schedlab.model.TaskInfo;

/**
 * The perf sched latency table SchedLab computes from the text of a real recording agrees with
 * the one perf printed from the same recording: run time within 1%, switch counts equal,
 * average and maximum delay within 5% (or within the 1 us the text's timestamps resolve).
 */
class PerfSchedLatencyTest {
    private static ImportResult runA;
    private static Map<Integer, String> comms;

    @BeforeAll
    static void importRunA() throws Exception {
        runA = Fixtures.importAll(Fixtures.RUN_A_SCRIPT);
        comms = new HashMap<>();
        for (TaskInfo t : runA.dataset().tasks()) {
            comms.put(t.tid(), t.comm());
        }
    }

    private static String comm(int tid) {
        return comms.getOrDefault(tid, ":" + tid);
    }

    @Test
    void perTaskTableMatchesPerfSchedLatencyPids() throws Exception {
        PerfLatencyTable perf = PerfLatencyTable.parse(Fixtures.path("real/pgbench-local/runA_latency_pids.txt"));
        List<SchedLatencyRow> ours = PerfSchedLatency.perTask(runA.schedEvents(), PerfSchedLatencyTest::comm);
        Map<Integer, SchedLatencyRow> byTid = new HashMap<>();
        for (SchedLatencyRow r : ours) {
            byTid.put(r.tid(), r);
        }
        assertEquals(perf.rows().size(), ours.size(), "same number of tasks as perf");
        for (PerfLatencyTable.Row p : perf.rows()) {
            SchedLatencyRow r = byTid.get(p.tid());
            assertTrue(r != null, "perf lists tid " + p.tid() + " (" + p.comm() + "); so must we");
            assertRow(p, r);
        }
        long switches = ours.stream().mapToLong(SchedLatencyRow::switches).sum();
        double runtime = ours.stream().mapToLong(SchedLatencyRow::runtimeNs).sum() / 1e6;
        assertEquals(perf.totalSwitches(), switches, "TOTAL switches");
        assertEquals(perf.totalRuntimeMs(), runtime, perf.totalRuntimeMs() * 0.01, "TOTAL runtime");
    }

    @Test
    void mergedTableMatchesPerfSchedLatency() throws Exception {
        PerfLatencyTable perf = PerfLatencyTable.parse(Fixtures.path("real/pgbench-local/runA_latency.txt"));
        List<SchedLatencyRow> ours = PerfSchedLatency.mergedByComm(runA.schedEvents(), PerfSchedLatencyTest::comm);
        Map<String, SchedLatencyRow> byComm = new HashMap<>();
        for (SchedLatencyRow r : ours) {
            byComm.put(r.comm(), r);
        }
        List<SchedLatencyRow> single = PerfSchedLatency.perTask(runA.schedEvents(), PerfSchedLatencyTest::comm);
        for (PerfLatencyTable.Row p : perf.rows()) {
            SchedLatencyRow r;
            if (p.tid() < 0) {
                r = byComm.get(p.comm());
                assertTrue(r != null, "perf merges " + p.comm() + "; so must we");
                assertEquals(p.merged(), r.merged(), p.comm() + " merges as many tasks as perf");
            } else {
                // perf names a task it has no comm event for ":tid"; the text gives the real comm
                r = single.stream().filter(x -> x.tid() == p.tid()).findFirst().orElseThrow();
            }
            assertRow(p, r);
        }
        assertEquals(perf.totalSwitches(), ours.stream().mapToLong(SchedLatencyRow::switches).sum());
    }

    @Test
    void theExampleRecordingMadeWithRecordShMatchesPerfsOwnTableToo() throws Exception {
        // example-data/record.sh wrote perf's table next to the text it imports
        java.nio.file.Path dir = java.nio.file.Path.of("example-data/recordings/pgbench-sandbox-2cpu");
        ImportResult r = org.schedlab.io.read.Importer.standard().importFile(
                org.schedlab.io.read.RecordingSource.of(dir.resolve("perf_sched_script.txt.gz")));
        Map<Integer, String> names = new HashMap<>();
        for (TaskInfo t : r.dataset().tasks()) {
            names.put(t.tid(), t.comm());
        }
        PerfLatencyTable perf = PerfLatencyTable.parse(dir.resolve("perf_sched_latency_pids.txt"));
        List<SchedLatencyRow> ours = PerfSchedLatency.perTask(r.schedEvents(),
                tid -> names.getOrDefault(tid, ":" + tid));
        Map<Integer, SchedLatencyRow> byTid = new HashMap<>();
        for (SchedLatencyRow row : ours) {
            byTid.put(row.tid(), row);
        }
        assertEquals(perf.rows().size(), ours.size(), "same number of tasks as perf");
        for (PerfLatencyTable.Row p : perf.rows()) {
            SchedLatencyRow row = byTid.get(p.tid());
            assertTrue(row != null, "perf lists tid " + p.tid() + " (" + p.comm() + "); so must we");
            assertRow(p, row);
        }
        assertEquals(perf.totalSwitches(), ours.stream().mapToLong(SchedLatencyRow::switches).sum(), "TOTAL switches");
    }

    private static void assertRow(PerfLatencyTable.Row p, SchedLatencyRow r) {
        String who = p.comm() + ":" + (p.tid() < 0 ? "(" + p.merged() + ")" : p.tid());
        assertEquals(p.switches(), r.switches(), who + " switches");
        assertEquals(p.runtimeMs(), r.runtimeMs(), Math.max(p.runtimeMs() * 0.01, 0.0015), who + " runtime ms");
        assertEquals(p.avgMs(), r.avgDelayMs(), Math.max(p.avgMs() * 0.05, 0.0015), who + " avg delay ms");
        assertEquals(p.maxMs(), r.maxDelayMs(), Math.max(p.maxMs() * 0.05, 0.0015), who + " max delay ms");
    }
}
