package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.model.SliceState;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;

/**
 * The shipped mongodb-ycsb-a scenario on short windows (20 ms warm-up, 60 ms measured): the
 * rwsem invariants under the checking recorder, what each rwsem version does to the readers,
 * and the summary and compare rows per comm. Off vs on in throughput (the seed's bands: the x86
 * one is reached at the shipped inputs, the arm64 one is not) is in ReaderSpinningCostTest.
 */
class MongodbYcsbTest {
    private static final String READER_SPIN = "rwsem spin (mmap_lock, fault)";
    private static final long WINDOW_MS = 60;

    private static RunResult run(String arch, String spinning, boolean checking) throws Exception {
        return run(arch, spinning, checking, "eevdf");
    }

    private static RunResult run(String arch, String spinning, boolean checking, String scheduler) throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("mongodb-ycsb-a");
        Map<String, String> o = new HashMap<>();
        o.put("scheduler", scheduler);
        o.put("arch", arch);
        o.put("readerSpinning", spinning);
        o.put("warmupMs", "20");
        o.put("durationMs", Long.toString(WINDOW_MS));
        return Simulation.run(sc, o, new Simulation.Options(checking ? WINDOW_MS : 0, 256, checking), () -> false);
    }

    private static double share(RunSummary s, String site) {
        return s.profile().stream().filter(p -> p.site().equals(site)).mapToDouble(RunSummary.SiteShare::share).sum();
    }

    @ParameterizedTest
    @CsvSource({"x86,on,eevdf", "x86,off,eevdf", "arm64,on,eevdf", "arm64,off,eevdf", "x86,on,cfs", "arm64,off,cfs"})
    void mmapLockNeverHasAWriterWithAnyOtherHolderAndCpuTimeIsConserved(String arch, String spinning,
            String scheduler) throws Exception {
        RunResult r = run(arch, spinning, true, scheduler);
        RunSummary s = r.summary();
        assertEquals(1.0, s.cpu().sum(), 1e-5);
        RunSummary.LockSummary lock = s.locks().get(0);
        assertEquals("mmap_lock", lock.name());
        assertEquals("rwsem", lock.kind());
        // ~45 k ops/s x 60 ms, each with about one fault and 0.1 unmaps
        assertTrue(lock.acquisitions() > 1_500, "acquisitions " + lock.acquisitions());
        assertTrue(lock.contended() > 0, "contended " + lock.contended());
        Dataset d = r.dataset().orElseThrow();
        LockLane lane = d.locks().get(0);
        assertTrue(lane.shared());
        boolean overlap = false;
        for (int i = 1; i < lane.holds().size() && !overlap; i++) {
            overlap = lane.holds().startNs(i) < lane.holds().endNs(i - 1);
        }
        assertTrue(overlap, "readers overlap on the shared lane");
        assertTrue(s.throughput().value() > 10_000, "ops/s " + s.throughput().value());
    }

    @Test
    void onlyReaderSpinningMakesFaultingReadersSpin() throws Exception {
        RunSummary on = run("x86", "on", false).summary();
        RunSummary off = run("x86", "off", false).summary();
        assertTrue(share(on, READER_SPIN) > 0, "v5.10 readers spin in the fault path");
        assertEquals(0.0, share(off, READER_SPIN), "after the series readers never spin");
        assertTrue(off.cpu().spin() > 0, "writers still spin");
    }

    @Test
    void spinningReadersShowAsSpinningSlicesOfConnectionThreads() throws Exception {
        Dataset d = run("arm64", "on", true).dataset().orElseThrow();
        long spinNs = 0;
        for (var cpu : d.cpus()) {
            for (int i = 0; i < cpu.slices().size(); i++) {
                if (cpu.slices().code(i) == SliceState.SPINNING.code()) {
                    assertTrue(d.tasks().get(cpu.slices().task(i)).comm().startsWith("conn"));
                    spinNs += cpu.slices().durationNs(i);
                }
            }
        }
        assertTrue(spinNs > 0, "spinning time on the CPU lanes");
    }

    @Test
    void summaryAndCompareHaveRowsPerCommGroup() throws Exception {
        RunSummary on = run("x86", "on", false).summary();
        RunSummary off = run("x86", "off", false).summary();
        assertEquals(256, on.comms().get("conn").tasks());
        assertTrue(on.runqlatUs().get("conn").count() > 0);
        assertEquals("ops/s", on.throughput().unit());
        JsonNode a = SummaryJson.tree(on);
        JsonNode b = SummaryJson.tree(off);
        List<String> metrics = SummaryComparison.rows(List.of(a), List.of(b)).stream()
                .map(SummaryComparison.Row::label).toList();
        assertTrue(metrics.contains("runqlatUs.conn.mean"), metrics.toString());
        assertTrue(metrics.contains("mmap_lock waitUs.mean"), metrics.toString());
        assertTrue(metrics.contains("throughput (ops/s)"), metrics.toString());
    }

    @Test
    void theSummaryCountsLockEventsUnderEachKernelsNamesAndCompareMarksTheMissingOnes() throws Exception {
        RunSummary on = run("arm64", "on", false).summary();
        RunSummary off = run("arm64", "off", false).summary();
        Map<String, Long> evOn = on.locks().get(0).events();
        Map<String, Long> evOff = off.locks().get(0).events();
        assertTrue(evOn.get("rwsem_opt_rlock") > 0, "v5.10 readers take it spinning: " + evOn);
        assertFalse(evOn.containsKey("rwsem_rlock_steal"), evOn.toString());
        assertTrue(evOff.get("rwsem_rlock_steal") > 0, "the series' readers steal: " + evOff);
        assertFalse(evOff.containsKey("rwsem_opt_rlock"), evOff.toString());
        // rwsem_wake_reader counts the wake-ups that grant readers (lockevent_cond_inc), each of
        // which grants one or more: more read locks after sleeping than such wake-ups
        for (Map<String, Long> ev : List.of(evOn, evOff)) {
            assertTrue(ev.get("rwsem_wake_reader") > 0 && ev.get("rwsem_rlock") > ev.get("rwsem_wake_reader"),
                    ev.toString());
        }
        RunSummary.ReadPhases phases = on.locks().get(0).readPhases();
        assertTrue(phases.count() > 0 && phases.readersPerPhase() >= 1, phases.toString());

        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(SummaryJson.tree(on)),
                List.of(SummaryJson.tree(off)));
        SummaryComparison.Row optRlock = rows.stream().filter(r -> r.label().equals("mmap_lock rwsem_opt_rlock"))
                .findFirst().orElseThrow();
        assertTrue(Double.isNaN(optRlock.test()), "no such counter after the series: n/a, not 0");
        assertTrue(rows.stream().anyMatch(r -> r.label().equals("mmap_lock readersPerPhase")));
        String table = org.schedlab.analysis.ComparisonTable.render("on vs off", rows, false);
        String line = table.lines().filter(l -> l.startsWith("mmap_lock rwsem_opt_rlock")).findFirst().orElseThrow();
        assertTrue(line.matches("mmap_lock rwsem_opt_rlock +\\d+ +n/a +n/a"), "a count, whole: " + line);
        String json = SummaryJson.tree(off).toString();
        assertTrue(json.contains("\"rwsem_rlock_steal\""), json);

        // a summary written before a field existed (no spinWhile, no readPhases) reads n/a, not 0
        com.fasterxml.jackson.databind.node.ObjectNode older = SummaryJson.tree(off).deepCopy();
        com.fasterxml.jackson.databind.node.ObjectNode lock =
                (com.fasterxml.jackson.databind.node.ObjectNode) older.path("locks").get(0);
        lock.remove("spinWhile");
        lock.remove("readPhases");
        List<SummaryComparison.Row> mixed = SummaryComparison.rows(List.of(SummaryJson.tree(on)), List.of(older));
        for (String metric : List.of("mmap_lock spinWhile.handoff", "mmap_lock readersPerPhase")) {
            SummaryComparison.Row r = mixed.stream().filter(x -> x.label().equals(metric)).findFirst().orElseThrow();
            assertTrue(r.base() > 0 && Double.isNaN(r.test()), metric + ": " + r);
        }
    }

    @Test
    void otherLocksHaveNoRwsemFields() throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("pgbench-graviton4");
        RunSummary s = Simulation.run(sc, Map.of("cpus", "8", "clients", "64", "pgbenchThreads", "8",
                "durationMs", "20", "warmupMs", "10"), new Simulation.Options(0, 256, false), () -> false).summary();
        assertFalse(s.locks().isEmpty());
        for (RunSummary.LockSummary l : s.locks()) {
            assertEquals(null, l.events(), l.name());
            assertEquals(null, l.readPhases(), l.name());
        }
    }

    @Test
    void sameSeedSameSummary() throws Exception {
        RunSummary a = run("arm64", "on", false).summary().withWallMs(0);
        RunSummary b = run("arm64", "on", false).summary().withWallMs(0);
        assertEquals(a, b);
    }
}
