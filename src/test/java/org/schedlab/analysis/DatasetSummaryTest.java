package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.RecordedWindow;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

class DatasetSummaryTest {

    /**
     * Two CPUs over [0, 10 ms): CPU 0 user 6 ms + spinning 2 ms + idle 2 ms; CPU 1 kernel 5 ms +
     * stolen 5 ms. A lock with two holds and one waiter that spins then sleeps (one wait of 3 ms),
     * one holder preemption; throughput 100 for 4 ms then 200 for 6 ms.
     */
    private static Dataset fixture() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("recording.txt", "perf"));
        int pg = b.addTask(10, 10, "postgres");
        int kw = b.addTask(11, 11, "kworker/0:1");
        b.slice(0, 0, 6_000_000, pg, SliceState.USER)
                .slice(0, 6_000_000, 8_000_000, pg, SliceState.SPINNING)
                .slice(0, 8_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE)
                .slice(1, 0, 5_000_000, kw, SliceState.KERNEL)
                .slice(1, 5_000_000, 10_000_000, Intervals.NO_TASK, SliceState.STOLEN);
        b.taskState(kw, 0, 1_000_000, TaskState.RUNNABLE).taskState(kw, 1_000_000, 5_000_000, TaskState.RUNNING);
        b.lock("buffer_strategy_lock", "spin", false).hold(0, 1_000_000, kw).hold(4_000_000, 5_000_000, pg)
                .waitFor(1_000_000, 2_000_000, pg, WaitMode.SPIN).waitFor(2_000_000, 4_000_000, pg, WaitMode.SLEEP);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 500_000, 1, kw, "buffer_strategy_lock holder preempted for 3 us, 1 waiting");
        b.counter("throughput", "tps").add(0, 100).add(4_000_000, 200);
        return b.build();
    }

    @Test
    void aRecordingShorterThanAMillisecondSaysItsSpanInAUnitThatShowsIt() throws Exception {
        // a hand-cut excerpt of 250 us was "span 0 ms"; its CPU lanes' 120 us "0.1 ms"
        DatasetBuilder b = Dataset.builder(Metadata.of("excerpt.txt", "perf-sched-script"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 1_000_000_000L, 1_000_120_000L, pg, SliceState.USER);
        b.counter("abs", "x").add(1_000_000_000L, 1).add(1_000_250_000L, 1);
        JsonNode s = DatasetSummary.of(b.build());
        assertEquals(250_000, s.path("spanNs").asLong());
        assertEquals(0, s.path("durationMs").asLong(), "kept as it was: whole ms");
        String r = SummaryReport.render(s);
        assertTrue(r.contains("span      250.0 us; CPU shares over the 120.0 us the CPU lanes cover\n"), r);
        assertEquals("800 ns", SummaryReport.span(800));
        assertEquals("1.5 ms", SummaryReport.span(1_500_000));
        assertEquals("1,500 ms", SummaryReport.span(1_500_999_999L)); // grouped as the other tables group them
        // whole ms from exactly 100 ms on, a long recording's in groups of three (not "1000000 ms")
        assertEquals("100 ms", SummaryReport.span(100_000_000L));
        assertEquals("999 ms", SummaryReport.span(999_999_999L));
        assertEquals("1,000,000 ms", SummaryReport.span(1_000_000_000_000L));
        assertEquals("12,345,678 ms", SummaryReport.span(12_345_678_912_345L));
    }

    @Test
    void cpuSharesAreOverTheTimeTheCpuLanesCoverNotTheWholeSpan() throws Exception {
        // perf sched for the first 2 ms, pgbench progress on to 10 ms
        DatasetBuilder b = Dataset.builder(Metadata.of("perf+pgbench", "perf-sched-script+pgbench"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 1_500_000, pg, SliceState.USER)
                .slice(0, 1_500_000, 2_000_000, Intervals.NO_TASK, SliceState.IDLE);
        b.counter("pgbench tps", "tps").add(0, 2500).add(10_000_000, 2600);
        JsonNode s = DatasetSummary.of(b.build());
        assertEquals(0.75, s.path("cpu").path("running").asDouble(), 1e-12, "perf sched: running, no mode");
        assertEquals(0.25, s.path("cpu").path("idle").asDouble(), 1e-12);
        assertEquals(0.75, s.path("profile").get(0).path("share").asDouble(), 1e-12);
        assertEquals(2.0, s.path("cpuSpanMs").asDouble(), 1e-12);
        assertTrue(SummaryReport.render(s).contains("CPU shares over the 2.0 ms the CPU lanes cover"),
                SummaryReport.render(s));
        assertTrue(DatasetSummary.of(fixture()).path("cpuSpanMs").isMissingNode(), "CPU lanes over the whole span");
    }

    @Test
    void eachCpusSharesAreOverTheTimeItsOwnLaneCovers() throws Exception {
        // perf sched timehist --cpu 2 after a few rows of every CPU (lkml_acme_dsahern_..._cpu_filter.txt):
        // CPU 1's lane is 10 us long, CPU 0's covers the 10 ms; over CPUs x 10 ms half the time was no
        // state at all ("running 0.1 %, idle 24.9 %" for four CPUs)
        DatasetBuilder b = Dataset.builder(Metadata.of("timehist.txt", "perf-sched-timehist"));
        int kvm = b.addTask(3589, 3561, "CPU 0/KVM");
        b.slice(0, 0, 1_000_000, kvm, SliceState.USER)
                .slice(0, 1_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE)
                .slice(1, 0, 10_000, kvm, SliceState.USER);
        JsonNode s = DatasetSummary.of(b.build());
        double running = s.path("cpu").path("running").asDouble();
        double idle = s.path("cpu").path("idle").asDouble();
        assertEquals(1.0, running + idle, 1e-12, "every covered ns is running or idle: " + s.path("cpu"));
        assertEquals(1_010_000 / 10_010_000.0, running, 1e-12);
    }

    @Test
    void aDatasetGetsTheSummaryShapeSoItComparesLikeASimulatedRun() throws Exception {
        JsonNode s = DatasetSummary.of(fixture());
        assertEquals(0.30, s.path("cpu").path("user").asDouble(), 1e-12);
        assertEquals(0.10, s.path("cpu").path("spin").asDouble(), 1e-12);
        assertEquals(0.25, s.path("cpu").path("kernel").asDouble(), 1e-12);
        assertEquals(0.25, s.path("cpu").path("steal").asDouble(), 1e-12);
        assertEquals(0.10, s.path("cpu").path("idle").asDouble(), 1e-12);
        assertTrue(s.path("cpu").path("runnableWait").isNull(), "not measurable from CPU lanes: in idle");
        // in words: "runnable-wait n/a (in idle)" said neither what was missing nor where it went
        assertTrue(SummaryReport.render(s).contains("\n            idle 10.0%  steal 25.0%\n            runnable-wait not"
                + " measured: time a CPU sat idle while a task\n            waited to run is counted as idle (telling"
                + " the two apart\n            needs the run queues)\n"), SummaryReport.render(s));
        assertFalse(SummaryReport.render(s).contains("n/a (in idle)"), SummaryReport.render(s));
        assertTrue(SummaryComparison.rows(List.of(s), List.of(s)).stream()
                .filter(r -> r.metric().equals("cpu.runnableWait")).allMatch(r -> Double.isNaN(r.base())));
        assertEquals(160, s.path("throughput").path("value").asDouble(), 1e-9, "time-weighted: (100x4 + 200x6)/10");
        assertEquals("postgres (user)", s.path("profile").get(0).path("site").asText());
        JsonNode lock = s.path("locks").get(0);
        assertEquals(1, lock.path("acquisitions").asLong(), "kworker's hold at 0 was held when the recording began");
        assertEquals(1, lock.path("contended").asLong(), "spin then sleep is one wait");
        assertEquals(3000, lock.path("waitUs").path("mean").asDouble(), 1e-9);
        assertEquals(1, lock.path("holderPreemptions").asLong());
        assertEquals(1000, s.path("runqlatUs").path("kworker").path("mean").asDouble(), 1e-9);
    }

    @Test
    void aWindowsLockCountsAreAcquisitionsInsideItSoContendedNeverExceedsAcquired() {
        JsonNode s = DatasetSummary.of(RecordedWindow.dataset());
        JsonNode lock = s.path("locks").get(0);
        // every wait on the lane counted as contended gave 5 against 4 holds: three waits are
        // still going on at the window's end and one hold was taken before its start
        assertEquals(3, lock.path("acquisitions").asLong(), "B, C and D; A held it when the window began");
        assertEquals(2, lock.path("contended").asLong(), "B and C took it after a wait");
        assertEquals(3, lock.path("unacquiredWaits").asLong(), "E, F and G still wait at the end");
        assertEquals(2, lock.path("waitUs").path("count").asLong());
        assertEquals((1000 + 2500) / 2.0, lock.path("waitUs").path("mean").asDouble(), 1e-9,
                "B's wait counted from the window's start, C's spin-sleep-spin as one wait");
        assertEquals((1000 + 500 + 100) / 3.0, lock.path("holdUs").path("mean").asDouble(), 1e-9);
        String r = SummaryReport.render(s);
        assertTrue(r.contains("  s                      3          2    533.3    1,750        0\n"), r);
        assertTrue(r.replace("\n  ", " ").contains("acquired: holds taken inside the recording (not one held at its"
                + " start); contended: those taken after a wait; means: their holds and waits, cut at its edges;"
                + " waits still going on at its end, in neither count: 3 (s)"), r);
    }

    /**
     * The note called every wait in neither count "still going on at its end": H's, which ended
     * at 6000 of 10000 us without taking the lock (timed out or interrupted), too.
     */
    @Test
    void waitsThatEndedWithoutTheLockAreNamedApartFromThoseStillGoingOn() throws Exception {
        JsonNode s = DatasetSummary.of(RecordedWindow.withAnAbandonedWait());
        JsonNode lock = s.path("locks").get(0);
        assertEquals(2, lock.path("contended").asLong());
        assertEquals(4, lock.path("unacquiredWaits").asLong(), "every wait in neither count, as before");
        assertEquals(3, lock.path("openWaits").asLong(), "E, F and G");
        assertEquals(1, lock.path("abandonedWaits").asLong(), "H");
        String r = SummaryReport.render(s).replace("\n  ", " ");
        assertTrue(r.contains("cut at its edges; waits still going on at its end, in neither count: 3 (s);"
                + " waits that ended without taking the lock (timed out or interrupted), in neither count: 1 (s)"), r);

        // each only when some are: the window alone has none that ended without the lock
        String window = SummaryReport.render(DatasetSummary.of(RecordedWindow.dataset()));
        assertFalse(window.contains("without taking the lock"), window);
        // and one whose only unacquired wait gave up says nothing of waits still going on
        DatasetBuilder b = Dataset.builder(Metadata.of("trace.json", "chrome-trace"));
        int a = b.addTask(1, 1, "a");
        int c = b.addTask(2, 2, "c");
        int g = b.addTask(3, 3, "g");
        b.slice(0, 0, 1_000_000, a, SliceState.USER);
        b.lock("m", "mutex", false).hold(0, 300_000, a).waitFor(100_000, 300_000, c, WaitMode.SLEEP)
                .hold(300_000, 400_000, c).waitFor(200_000, 500_000, g, WaitMode.SLEEP);
        String gaveUp = SummaryReport.render(DatasetSummary.of(b.build())).replace("\n  ", " ");
        assertFalse(gaveUp.contains("still going on"), gaveUp);
        assertTrue(gaveUp.contains("cut at its edges; waits that ended without taking the lock (timed out or"
                + " interrupted), in neither count: 1 (m)"), gaveUp);
    }

    @Test
    void aGroupWhoseTasksRanWithoutTaskLanesIsListedAsNotRecordedNotLeftOut() throws Exception {
        JsonNode s = DatasetSummary.of(RecordedWindow.dataset());
        assertEquals(1, s.path("runqlatUs").path("postgres").path("count").asLong());
        assertFalse(s.path("runqlatUs").has("pgbench"));
        assertEquals(1, s.path("runqlatTasks").path("pgbench").path("tasks").asLong());
        assertEquals(0, s.path("runqlatTasks").path("pgbench").path("lanes").asLong());
        assertEquals(4, s.path("runqlatTasks").path("postgres").path("tasks").asLong(), "E, F, G never ran");
        assertEquals(1, s.path("runqlatTasks").path("postgres").path("lanes").asLong());
        String r = SummaryReport.render(s);
        assertTrue(r.contains("\n  pgbench    not recorded: its one task has no task lane\n"), r);
        assertTrue(r.replace("\n  ", " ").contains("from the task lanes of 1 of the 5 tasks that ran (pgbench 0 of 1,"
                + " postgres 1 of 4): a simulated run records the lanes of the tasks it created first"), r);
        DatasetBuilder all = Dataset.builder(Metadata.of("perf.txt", "perf"));
        int pg = all.addTask(10, 10, "postgres");
        all.slice(0, 0, 2_000_000, pg, SliceState.USER).taskState(pg, 0, 2_000_000, TaskState.RUNNING);
        assertTrue(DatasetSummary.of(all.build()).path("runqlatTasks").isMissingNode(), "every task that ran has a lane");

        // beside a run that has the group, its row reads n/a on this side, not a measured 0
        JsonNode withLane = DatasetSummary.of(fixture());
        ((com.fasterxml.jackson.databind.node.ObjectNode) withLane.path("runqlatUs")).set("pgbench",
                withLane.path("runqlatUs").path("kworker"));
        SummaryComparison.Row row = SummaryComparison.rows(List.of(s), List.of(withLane)).stream()
                .filter(x -> x.metric().equals("runqlatUs.pgbench.mean")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(row.base()), "base " + row.base());
        assertEquals(1000, row.test(), 1e-9);
    }

    @Test
    void twoDatasetsCompareThroughTheCliRows() throws Exception {
        JsonNode s = DatasetSummary.of(fixture());
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(s), List.of(s));
        assertTrue(rows.stream().anyMatch(r -> r.metric().equals("buffer_strategy_lock holderPreemptions")));
        assertTrue(rows.stream().anyMatch(r -> r.metric().equals("profile: postgres (user)")));
        rows.forEach(r -> assertTrue(r.ratio().isEmpty() || r.ratio().getAsDouble() == 1.0, r.metric()));
    }

    private static DatasetBuilder twoSecondsOfPostgres(java.util.Map<String, String> parameters) {
        DatasetBuilder b = Dataset.builder(new Metadata("runA_perf_sched_script.txt.gz, runA_pgbench.txt",
                "perf-sched-script+pgbench", parameters, java.util.OptionalLong.empty(), "test"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, pg, SliceState.USER);
        return b;
    }

    @Test
    void aRecordedBenchmarksHeadlineIsItsThroughputSoTwoFilesCompareOnIt() throws Exception {
        DatasetBuilder b = twoSecondsOfPostgres(java.util.Map.of("throughput", "2408.52 tps", "pgbench.tps", "2408.52"));
        b.counter("pgbench tps", "tps").add(0, 2347.3).add(1_000_000_000L, 2542.8);
        JsonNode s = DatasetSummary.of(b.build());
        assertEquals(2408.52, s.path("throughput").path("value").asDouble(), 1e-9,
                "pgbench's own summary line, as the seed mails compare runs");
        assertEquals("tps", s.path("throughput").path("unit").asText());
    }

    @Test
    void withoutAHeadlineARateCounterGivesTheThroughput() throws Exception {
        DatasetBuilder b = twoSecondsOfPostgres(java.util.Map.of());
        b.counter("pgbench latency", "ms").add(0, 7.0);
        b.counter("pgbench tps", "tps").add(0, 2000).add(1_000_000_000L, 3000);
        JsonNode s = DatasetSummary.of(b.build());
        assertEquals(2500, s.path("throughput").path("value").asDouble(), 1e-9, "time-weighted mean of the tps track");
        assertEquals("tps", s.path("throughput").path("unit").asText());
    }

    @Test
    void aLockOnlyTheTestSideRecordedHasItsRowsWithNotAvailableOnTheBase() throws Exception {
        // perf sched (no lock events) as A beside perf lock's contention tracepoints as B: the
        // lock's rows were taken from A's locks only, so B's lock was not in the table at all
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 10_000_000, pg, SliceState.USER);
        b.lock("0xffff8881009a5784", "spinlock", false).waitFor(1_000_000, 1_040_000, pg, WaitMode.SPIN);
        JsonNode withLock = DatasetSummary.of(b.build());
        JsonNode without = DatasetSummary.of(twoSecondsOfPostgres(java.util.Map.of()).build());
        assertEquals(0, without.path("locks").size());
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(without), List.of(withLock));
        SummaryComparison.Row wait = rows.stream().filter(r -> r.metric().equals("0xffff8881009a5784 waitUs.mean"))
                .findFirst().orElseThrow(() -> new AssertionError("no row for B's lock: " + rows));
        assertTrue(Double.isNaN(wait.base()), "A recorded no locks: n/a, not a measured 0: " + wait.base());
        assertEquals(40.0, wait.test(), 1e-9);
        SummaryComparison.Row preempted = rows.stream()
                .filter(r -> r.metric().equals("0xffff8881009a5784 holderPreemptions")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(preempted.test()), "B recorded waits only, no holders: n/a, not 0: " + preempted);
    }

    @Test
    void aSchedTraceSaysItsTasksRanNotInWhichModeAndComparesSoWithARun() throws Exception {
        // perf sched's switches say which task ran: the reader called postgres' time user and a
        // kworker's kernel, and beside a simulated run the table read "cpu.user 97 % vs 32 %,
        // 0.33x", "cpu.kernel 2.65 % vs 30 %, x11.43" and "cpu.spin 0 vs 12.7 %, new"
        DatasetBuilder b = Dataset.builder(Metadata.of("runA_perf_sched_script.txt.gz", "perf-sched-script"));
        int pg = b.addTask(10, 10, "postgres");
        int kw = b.addTask(11, 11, "kworker/0:1");
        b.slice(0, 0, 9_000_000, pg, SliceState.USER).slice(0, 9_000_000, 10_000_000, kw, SliceState.KERNEL);
        JsonNode trace = DatasetSummary.of(b.build());
        assertEquals("by task kind", trace.path("cpuModes").asText());
        assertEquals(1.0, trace.path("cpu").path("running").asDouble(), 1e-12);
        for (String mode : new String[] {"user", "kernel", "fault", "spin", "steal"}) {
            assertTrue(trace.path("cpu").path(mode).isNull(), mode + ": " + trace.path("cpu"));
        }
        assertEquals("postgres (running)", trace.path("profile").get(0).path("site").asText());
        String text = SummaryReport.render(trace);
        assertTrue(text.contains("cpu         running 100.0%  idle 0.0%\n"), text);

        JsonNode run = DatasetSummary.of(fixture()); // holds a spinning slice: modes recorded
        assertTrue(run.path("cpuModes").isMissingNode());
        assertEquals(0.3, run.path("cpu").path("user").asDouble(), 1e-12);
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(trace), List.of(run));
        for (SummaryComparison.Row r : rows) {
            if (List.of("cpu.user", "cpu.kernel", "cpu.spin", "profile: postgres (running)", "profile: postgres (user)")
                    .contains(r.metric())) {
                assertTrue(Double.isNaN(r.base()) != Double.isNaN(r.test()) && r.ratio().isEmpty(),
                        "one side cannot say: n/a, no ratio: " + r);
            }
        }
        // a simulated run whose tasks happen to run in one mode each still has its modes
        DatasetBuilder sim = Dataset.builder(Metadata.of("teach-fair-share", "simulation"));
        int a = sim.addTask(1, 1, "A");
        sim.slice(0, 0, 1_000_000, a, SliceState.USER);
        assertEquals(1.0, DatasetSummary.of(sim.build()).path("cpu").path("user").asDouble(), 1e-12);
    }

    @Test
    void aLockOrCommOnlyOneSideHasIsNotAvailableOnTheOtherNotAMeasuredZero() throws Exception {
        // perf lock's kernel spinlocks and perf sched's java threads (A) beside a simulated run's
        // buffer_strategy_lock and postgres (B): B's side read "0" and "0.00x" for A's lock and
        // comm, A's "0" and "new" for B's lock, as if each had been measured there
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int java = b.addTask(20, 20, "java");
        b.slice(0, 0, 10_000_000, java, SliceState.USER);
        b.taskState(java, 0, 1_000_000, TaskState.RUNNABLE).taskState(java, 1_000_000, 10_000_000, TaskState.RUNNING);
        b.lock("0xffff888627c2ba40", "spinlock", false).waitFor(1_000_000, 1_040_000, java, WaitMode.SPIN);
        JsonNode recorded = DatasetSummary.of(b.build());
        JsonNode simulated = DatasetSummary.of(fixture());
        assertTrue(recorded.path("runqlatUs").has("java") && !simulated.path("runqlatUs").has("java"));
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(recorded), List.of(simulated));
        java.util.function.Function<String, SummaryComparison.Row> row = m -> rows.stream()
                .filter(r -> r.metric().equals(m)).findFirst().orElseThrow(() -> new AssertionError(m + ": " + rows));
        SummaryComparison.Row wait = row.apply("0xffff888627c2ba40 waitUs.mean");
        assertEquals(40.0, wait.base(), 1e-9);
        assertTrue(Double.isNaN(wait.test()), "B has no such lock: n/a, not a wait of 0: " + wait);
        assertTrue(wait.ratio().isEmpty(), "no 0.00x: " + wait);
        assertTrue(Double.isNaN(row.apply("0xffff888627c2ba40 holderPreemptions").test()));
        SummaryComparison.Row held = row.apply("buffer_strategy_lock holderPreemptions");
        assertTrue(Double.isNaN(held.base()), "A has no such lock: n/a, not 0 and 'new': " + held);
        assertEquals(1, held.test(), 1e-9);
        assertTrue(Double.isNaN(row.apply("buffer_strategy_lock waitUs.mean").base()));
        SummaryComparison.Row latency = row.apply("runqlatUs.java.mean");
        assertTrue(Double.isNaN(latency.test()), "B ran no java thread: no mean latency to give: " + latency);
        // (a profile site one side never ran in is a measured 0 % of its CPU time and keeps its 0.00x)
        String table = ComparisonTable.render("compare", rows, false);
        assertTrue(table.lines().anyMatch(l -> l.matches("0xffff888627c2ba40 waitUs\\.mean\\s+40\\.0\\s+n/a\\s+n/a")),
                table);
    }

    @Test
    void aLockRecordedByItsWaitsOnlySaysItsAcquisitionsAreUnknownNotZero() throws Exception {
        // perf lock's contention_begin/end: who waited and how long, never who held it
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 10_000_000, pg, SliceState.USER);
        b.lock("0xffff8881009a5784", "spinlock", false).waitFor(1_000_000, 1_040_000, pg, WaitMode.SPIN);
        JsonNode s = DatasetSummary.of(b.build());
        JsonNode lock = s.path("locks").get(0);
        assertEquals(false, lock.path("holdsRecorded").asBoolean(true));
        assertEquals(1, lock.path("contended").asInt());
        String r = SummaryReport.render(s);
        // nor whether its holders were preempted: "-", not a measured 0
        assertTrue(r.contains("  0xffff8881009a5784         -          1        -     40.0        -\n"), r);
        assertTrue(DatasetSummary.of(fixture()).path("locks").get(0).path("holdsRecorded").asBoolean(),
                "a lock lane with holds");
    }

    @Test
    void aCpuLessDatasetsSharesAreNotRecordedRatherThanZero() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_pgbench.txt", "pgbench"));
        b.counter("pgbench tps", "tps").add(0, 2000).add(1_000_000_000L, 3000);
        JsonNode s = DatasetSummary.of(b.build());
        assertEquals(0.0, s.path("cpuSpanMs").asDouble());
        String r = SummaryReport.render(s);
        assertTrue(r.contains("cpu         not recorded: no CPU slices in this dataset\n"), r);
        assertTrue(r.contains("span      1,000 ms\n"), "no \"CPU shares over 0 ms\", its digits grouped: " + r);
        assertFalse(r.contains("idle"), r);
    }

    @Test
    void aRecordingsHeadingNamesEachFileAndTheClockAlignmentInWords() throws Exception {
        // a perf recording and the pgbench log of the same run: both file names, not a path cut short
        Dataset d = org.schedlab.io.read.Fixtures.importAll(
                "real/pgbench-local/runA_perf_sched_script.txt.gz", "real/pgbench-local/runA_pgbench.txt").dataset();
        String r = SummaryReport.render(DatasetSummary.of(d));
        String first = r.lines().findFirst().orElseThrow();
        assertEquals("recording runA_perf_sched_script.txt.gz, runA_pgbench.txt", first);
        assertFalse(r.contains("relativeClockAlignedAtNs"), r);
        assertTrue(r.contains("\nclock     the logs' own times (from 0) start at 329.519877 s of the"), r);
        r.lines().forEach(l -> assertTrue(l.length() <= PlainText.WIDTH, l));
    }

    @Test
    void aRangeBeforeASysstatTracksFirstFigureHasNoMeanOfIt() throws Exception {
        // vmstat -t lined up with a wall-clock trace by time: it began 5 s after the trace
        DatasetBuilder b = Dataset.builder(Metadata.of("trace.txt, vmstat.txt", "perf sched script"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 10_000_000_000L, t, SliceState.USER);
        b.counter("vmstat cs (/s)", "/s").add(5_000_000_000L, 900).add(6_000_000_000L, 1100).add(7_000_000_000L, 1100);
        Dataset d = b.build();
        JsonNode before = DatasetSummary.of(d.crop(1_000_000_000L, 3_000_000_000L));
        // no figure of it lies in the range: "0.00" read as a measured mean of nothing
        assertFalse(before.path("sysstat").has("vmstat cs (/s)"), before.path("sysstat").toString());
        JsonNode across = DatasetSummary.of(d.crop(4_000_000_000L, 6_000_000_000L));
        assertEquals(900.0, across.path("sysstat").path("vmstat cs (/s)").asDouble(), 1e-9, across.toString());
    }
}
