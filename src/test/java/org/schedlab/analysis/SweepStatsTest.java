package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

class SweepStatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode summary(double tps, String site1, double share1, String site2, double share2)
            throws Exception {
        return JSON.readTree("{\"throughput\": {\"value\": " + tps + ", \"unit\": \"tps\"},"
                + "\"cpu\": {\"user\": 0.5, \"kernel\": 0.2, \"fault\": 0.0, \"spin\": 0.1, \"runnableWait\": 0.0,"
                + " \"idle\": 0.2, \"steal\": 0.0},"
                + "\"profile\": [{\"site\": \"" + site1 + "\", \"share\": " + share1 + "}, {\"site\": \"" + site2
                + "\", \"share\": " + share2 + "}]}");
    }

    private static List<SweepTable.Row> rows() throws Exception {
        return List.of(
                new SweepTable.Row(1, Map.of("pageSize", "2m"), 1, summary(260_000, "executor", 0.40, "s_lock", 0.01)),
                new SweepTable.Row(0, Map.of("pageSize", "4k"), 1, summary(160_000, "executor", 0.25, "s_lock", 0.14)),
                new SweepTable.Row(0, Map.of("pageSize", "4k"), 2, summary(150_000, "s_lock", 0.16, "executor", 0.24)),
                new SweepTable.Row(1, Map.of("pageSize", "2m"), 2, summary(270_000, "executor", 0.42, "s_lock", 0.0)));
    }

    @Test
    void pointsInPlanOrderWithMeanMinMaxOfThroughputAndOfTheSweepsTopSite() throws Exception {
        SweepStats.Result r = SweepStats.of(rows());
        assertEquals("executor", r.site(), "highest mean share over all runs");
        assertEquals("tps", r.throughputUnit());
        assertEquals(2, r.points().size());
        SweepStats.PointStats k4 = r.points().get(0);
        assertEquals("4k", k4.point().get("pageSize"));
        assertEquals(2, k4.runs());
        assertEquals(155_000, k4.throughput().mean(), 1e-9);
        assertEquals(150_000, k4.throughput().min(), 1e-9);
        assertEquals(160_000, k4.throughput().max(), 1e-9);
        assertEquals(0.245, k4.metric().orElseThrow().mean(), 1e-12, "the same site at every point, wherever it ranks");
        assertEquals(List.of("4k", "2m"), SweepStats.values(r.points(), "pageSize"));
    }

    @Test
    void summaryCsvsTableListsRunsInPlanOrderWhateverOrderTheyFinishedIn() throws Exception {
        // the Sweep tab has its runs as they finished; the CLI's summary.csv lists them by point
        // and seed, and the tab's export must write the same file
        Table t = SweepTable.summary(rows());
        assertEquals(List.of("4k", "4k", "2m", "2m"), t.stringColumn("pageSize").asList());
        assertEquals(List.of(1L, 2L, 1L, 2L), t.longColumn("seed").asList());
        assertEquals(List.of(160_000.0, 150_000.0, 260_000.0, 270_000.0), t.doubleColumn("throughput").asList());
    }

    @Test
    void sweepTextIsWithin72ColumnsWithALongSiteAndLongPointLabels() throws Exception {
        JsonNode s = summary(1000, "a_very_long_profile_site_name (called from another_very_long_caller_name)",
                0.5, "x", 0.1);
        String label = "sectionUs=2000, preemption=voluntary-with-a-long-suffix-value";
        String text = SweepText.render(SweepStats.of(List.of(new SweepTable.Row(0, Map.of("k", "v"), 1, s))), true,
                1, i -> label);
        for (String line : text.split("\n")) {
            assertTrue(PlainText.columns(line) <= PlainText.WIDTH, "72 columns: " + line);
        }
        assertTrue(text.startsWith("top site  a_very_long_profile_site_name (called from\n          "), text);
    }

    @Test
    void pointsThatDifferOnlyPastTheLabelColumnDoNotReadAlike() throws Exception {
        // sweep --vary preemption=... --vary bClass=... --vary condReschedUs=0,1000 --vary
        // mightReschedUs=0,500 printed four rows "preemption=none, bClass=fair, condResch~" apiece
        List<String> labels = List.of("preemption=none, bClass=fair, condReschedUs=0, mightReschedUs=0",
                "preemption=none, bClass=fair, condReschedUs=0, mightReschedUs=500", "hz=250",
                "preemption=voluntary, bClass=fifo, condReschedUs=1000, mightReschedUs=500, sectionUs=20000,"
                        + " aUserUs=100");
        List<SweepTable.Row> runs = new java.util.ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            runs.add(new SweepTable.Row(i, Map.of("k", "v" + i), 1, summary(1000 + i, "executor", 0.5, "x", 0.1)));
        }
        String text = SweepText.render(SweepStats.of(runs), true, 1, labels::get);
        for (String line : text.split("\n")) {
            assertTrue(PlainText.columns(line) <= PlainText.WIDTH, "72 columns: " + line);
        }
        assertTrue(text.contains("\npreemption=none, bClass=fair, condReschedUs=0, mightReschedUs=0\n"
                + " ".repeat(40) + "           1,000        50.00%\n"), "a long point on a line of its own: " + text);
        assertTrue(text.contains("\npreemption=none, bClass=fair, condReschedUs=0, mightReschedUs=500\n"), text);
        assertTrue(text.contains("\nhz=250" + " ".repeat(34) + "           1,002        50.00%\n"),
                "a short one as before: " + text);
        assertTrue(text.contains("\npreemption=voluntary, bClass=fifo, condReschedUs=1000,\n"
                + "  mightReschedUs=500, sectionUs=20000, aUserUs=100\n"),
                "a point longer than a line wraps between its values: " + text);
    }

    /**
     * A sweep cancelled after some of its runs: its copied table said "each the mean over the
     * point's 5 seeds" of points that had one or two of them.
     */
    @Test
    void aPointWithFewerSeedsThanPlannedIsNotCalledTheMeanOverAllOfThem() throws Exception {
        List<SweepTable.Row> cancelled = List.of(rows().get(0), rows().get(1), rows().get(2));
        String text = SweepText.render(SweepStats.of(cancelled), true, 5, i -> "pageSize=" + (i == 0 ? "4k" : "2m"));
        String values = text.substring(text.indexOf("values    "), text.indexOf("\n\n")).replaceAll("\\s+", " ");
        assertTrue(values.contains("the mean over the seeds that finished: 1 to 2 of 5 per point"), text);
        assertTrue(!values.contains("the point's 5 seeds"), text);
        for (String line : text.split("\n")) {
            assertTrue(PlainText.columns(line) <= PlainText.WIDTH, "72 columns: " + line);
        }
        String complete = SweepText.render(SweepStats.of(rows()), true, 2, i -> "pageSize=" + (i == 0 ? "4k" : "2m"));
        assertTrue(complete.replaceAll("\\s+", " ").contains("each the mean over the point's 2 seeds"),
                "as the CLI prints a finished sweep: " + complete);
    }

    /**
     * A sweep cancelled at its last run: one point has all its seeds, another one fewer. Its table
     * must not say "the point's 2 seeds" because one point has them all; and a sweep whose points
     * all have one of their seeds says "1 of 5", not a range of one.
     */
    @Test
    void aSweepCancelledAtItsLastRunSaysWhichPointsHaveFewerSeeds() throws Exception {
        List<SweepTable.Row> lastMissing = List.of(rows().get(0), rows().get(1), rows().get(2));
        String text = SweepText.render(SweepStats.of(lastMissing), true, 2, i -> "pageSize=" + (i == 0 ? "4k" : "2m"))
                .replaceAll("\\s+", " ");
        assertTrue(text.contains("the mean over the seeds that finished: 1 to 2 of 2 per point"), text);
        assertTrue(!text.contains("the point's 2 seeds"), text);
        List<SweepTable.Row> oneEach = List.of(rows().get(0), rows().get(1));
        String one = SweepText.render(SweepStats.of(oneEach), true, 5, i -> "pageSize=" + (i == 0 ? "4k" : "2m"))
                .replaceAll("\\s+", " ");
        assertTrue(one.contains("the mean over the seeds that finished: 1 of 5 per point"), one);
    }

    /** A site no run lists (a typo in {@code --metric}) has no value at any point, not 0 %. */
    @Test
    void aSiteNoRunListsHasNoValueAnywhere() throws Exception {
        SweepStats.Result r = SweepStats.of(rows(), SweepMetric.share("s_lok"));
        assertTrue(r.points().stream().allMatch(p -> p.metric().isEmpty()), r.toString());
        String text = SweepText.render(r, false, 2, i -> "pageSize=" + (i == 0 ? "4k" : "2m"));
        assertTrue(text.matches("(?s).*\npageSize=4k +[0-9.,]+ +-\n.*"), text);
        List<SweepTable.Row> one = List.of(rows().get(1),
                new SweepTable.Row(1, Map.of("pageSize", "2m"), 1, summary(260_000, "executor", 0.40, "wal", 0.01)));
        assertEquals(0.0, SweepStats.of(one, SweepMetric.share("s_lock")).points().get(1).metric().orElseThrow()
                .mean(), 1e-12, "listed by one run: 0 where another does not rank it");
    }

    @Test
    void anotherSiteCanBePlottedInsteadOfTheTopOne() throws Exception {
        assertEquals(List.of("executor", "s_lock"), SweepStats.sites(rows()), "highest total share first");
        SweepStats.Result r = SweepStats.of(rows(), "s_lock");
        assertEquals("s_lock", r.site());
        assertEquals(0.15, r.points().get(0).metric().orElseThrow().mean(), 1e-12);
        assertEquals(0.005, r.points().get(1).metric().orElseThrow().mean(), 1e-12);
        assertEquals(0.0, r.points().get(1).metric().orElseThrow().min(), 1e-12);
        assertEquals("executor", SweepStats.of(rows(), "").site(), "empty: the top site");
        assertTrue(SweepStats.of(rows(), "no such site").points().get(0).metric().isEmpty(),
                "a site no run lists has no value (it was a 0)");
    }

    @Test
    void theTableHasOneRowPerRunWithTheVariedKeysSeedThroughputCpuSharesAndTopSite() throws Exception {
        Table t = SweepTable.of(rows());
        assertEquals(4, t.rowCount());
        assertEquals(List.of("pageSize", "seed", "throughput", "throughputUnit", "cpu.user", "cpu.kernel", "cpu.fault",
                "cpu.spin", "cpu.runnableWait", "cpu.idle", "cpu.steal", "topSite", "topSiteShare"), t.columnNames());
        assertEquals("s_lock", t.stringColumn("topSite").get(2));
        assertEquals(0.16, t.doubleColumn("topSiteShare").get(2), 1e-12);
        assertEquals(2L, t.longColumn("seed").get(2));
    }

    @Test
    void theTableAddsEachOperationsLatencyAndEachLocksContentionWithEmptyCellsWhereARunHasNone() throws Exception {
        JsonNode withLock = JSON.readTree("{\"throughput\": {\"value\": 1, \"unit\": \"tps\"},"
                + "\"latencyUs\": {\"transaction\": {\"count\": 9, \"mean\": 5800.5, \"p50\": 4000, \"p99\": 39000,"
                + " \"max\": 90000}},"
                + "\"locks\": [{\"name\": \"buffer_strategy_lock\", \"contended\": 42, \"waitUs\": {\"mean\": 12.5},"
                + " \"holderPreemptions\": 7}]}");
        JsonNode without = summary(2, "executor", 0.4, "s_lock", 0.1);
        JsonNode noWaits = JSON.readTree("{\"throughput\": {\"value\": 1, \"unit\": \"tps\"},"
                + "\"locks\": [{\"name\": \"buffer_strategy_lock\", \"contended\": 0,"
                + " \"waitUs\": {\"count\": 0, \"mean\": 0}, \"holderPreemptions\": 0}]}");
        Table t = SweepTable.of(List.of(new SweepTable.Row(0, Map.of("preemption", "none"), 1, withLock),
                new SweepTable.Row(1, Map.of("preemption", "lazy"), 1, without),
                new SweepTable.Row(2, Map.of("preemption", "full"), 1, noWaits)));
        org.junit.jupiter.api.Assertions.assertTrue(t.doubleColumn("buffer_strategy_lock.waitUs.mean").isMissing(2),
                "no contended acquisition: no mean wait, as the Sweep tab's plot reads it");
        assertEquals(0, t.doubleColumn("buffer_strategy_lock.contended").get(2), 1e-9);
        assertEquals(List.of("latencyUs.transaction.mean", "latencyUs.transaction.p99",
                "buffer_strategy_lock.contended", "buffer_strategy_lock.waitUs.mean",
                "buffer_strategy_lock.holderPreemptions"), t.columnNames().subList(13, 18));
        assertEquals(5800.5, t.doubleColumn("latencyUs.transaction.mean").get(0), 1e-9);
        assertEquals(39000, t.doubleColumn("latencyUs.transaction.p99").get(0), 1e-9);
        assertEquals(42, t.doubleColumn("buffer_strategy_lock.contended").get(0), 1e-9);
        assertEquals(12.5, t.doubleColumn("buffer_strategy_lock.waitUs.mean").get(0), 1e-9);
        assertEquals(7, t.doubleColumn("buffer_strategy_lock.holderPreemptions").get(0), 1e-9);
        org.junit.jupiter.api.Assertions.assertTrue(t.doubleColumn("buffer_strategy_lock.contended").isMissing(1),
                "the lazy run has no such lock: an empty cell, not 0");
        org.junit.jupiter.api.Assertions.assertTrue(t.doubleColumn("latencyUs.transaction.mean").isMissing(1));
    }

    /** A pgbench-like run: transaction latency, and buffer_strategy_lock when {@code waitUs} is not null. */
    private static JsonNode timed(double tps, double meanUs, double p99Us, Double waitUs, long preemptions)
            throws Exception {
        return JSON.readTree("{\"throughput\": {\"value\": " + tps + ", \"unit\": \"tps\"},"
                + "\"latencyUs\": {\"transaction\": {\"count\": 900, \"mean\": " + meanUs + ", \"p50\": 1,"
                + " \"p99\": " + p99Us + ", \"max\": 99999}},"
                + "\"profile\": [{\"site\": \"executor\", \"share\": 0.4}],"
                + "\"locks\": [" + (waitUs == null ? "" : "{\"name\": \"buffer_strategy_lock\", \"contended\": 10,"
                + " \"waitUs\": {\"count\": 10, \"mean\": " + waitUs + "}, \"holderPreemptions\": " + preemptions
                + "}") + "]}");
    }

    private static List<SweepTable.Row> hzRows() throws Exception {
        return List.of(
                new SweepTable.Row(0, Map.of("hz", "100"), 1, timed(900, 5000, 39_000, 12.5, 7)),
                new SweepTable.Row(0, Map.of("hz", "100"), 2, timed(910, 5200, 41_000, 14.5, 3)),
                new SweepTable.Row(1, Map.of("hz", "1000"), 1, timed(950, 4000, 20_000, null, 0)),
                new SweepTable.Row(1, Map.of("hz", "1000"), 2, timed(960, 4100, 22_000, null, 0)),
                new SweepTable.Row(2, Map.of("hz", "250"), 1, timed(930, 4500, 30_000, 9.0, 2)),
                new SweepTable.Row(2, Map.of("hz", "250"), 2, timed(940, 4600, 31_000, null, 0)));
    }

    @Test
    void aLatencyMetricIsTheMeanMinAndMaxOverTheSeedsOfEachPoint() throws Exception {
        SweepStats.Result r = SweepStats.of(hzRows(), new SweepMetric(SweepMetric.Kind.LATENCY_P99, "transaction"));
        assertEquals(3, r.points().size());
        SweepStats.Stat hz100 = r.points().get(0).metric().orElseThrow();
        assertEquals(40_000, hz100.mean(), 1e-9);
        assertEquals(39_000, hz100.min(), 1e-9);
        assertEquals(41_000, hz100.max(), 1e-9);
        assertEquals(2, hz100.n());
        assertEquals(21_000, r.points().get(1).metric().orElseThrow().mean(), 1e-9);
        assertEquals(4050, SweepStats.of(hzRows(), new SweepMetric(SweepMetric.Kind.LATENCY_MEAN, "transaction"))
                .points().get(1).metric().orElseThrow().mean(), 1e-9);
        assertEquals(905, r.points().get(0).throughput().mean(), 1e-9, "throughput as for any metric");
        assertEquals("", r.site(), "not a share");
    }

    /**
     * sweep's table writes its numbers as every other text table does (PlainText): thousands
     * grouped, none of "1000.0" or "40000.0" beside another table's "1,000".
     */
    @Test
    void theTablesFiguresGroupTheirThousands() throws Exception {
        List<SweepTable.Row> rows = List.of(
                new SweepTable.Row(0, Map.of("hz", "100"), 1, timed(1_481.48, 5000, 40_000, 12.5, 1_234)),
                new SweepTable.Row(1, Map.of("hz", "1000"), 1, timed(950, 4000, 999.94, 12.5, 7)));
        String p99 = SweepText.render(SweepStats.of(rows, new SweepMetric(SweepMetric.Kind.LATENCY_P99, "transaction")),
                false, 1, i -> i == 0 ? "hz=100" : "hz=1000");
        assertTrue(p99.contains("\nhz=100" + " ".repeat(34) + "           1,481        40,000\n"), p99);
        assertTrue(p99.contains("\nhz=1000" + " ".repeat(33) + "           950.0         999.9\n"),
                "below 1000 as before: " + p99);
        String count = SweepText.render(SweepStats.of(rows,
                new SweepMetric(SweepMetric.Kind.LOCK_HOLDER_PREEMPTIONS, "buffer_strategy_lock")), false, 1,
                i -> i == 0 ? "hz=100" : "hz=1000");
        assertTrue(count.contains("\nhz=100" + " ".repeat(34) + "           1,481         1,234\n"), count);
    }

    @Test
    void aLockMetricMissingFromSomeRunsIsNoValueThereNotZero() throws Exception {
        SweepStats.Result wait = SweepStats.of(hzRows(),
                new SweepMetric(SweepMetric.Kind.LOCK_WAIT_MEAN, "buffer_strategy_lock"));
        SweepStats.Stat hz100 = wait.points().get(0).metric().orElseThrow();
        assertEquals(13.5, hz100.mean(), 1e-9);
        assertEquals(12.5, hz100.min(), 1e-9);
        assertEquals(14.5, hz100.max(), 1e-9);
        assertTrue(wait.points().get(1).metric().isEmpty(), "no run at hz=1000 has the lock: no value, not 0");
        SweepStats.Stat hz250 = wait.points().get(2).metric().orElseThrow();
        assertEquals(9.0, hz250.mean(), 1e-9, "the mean of the runs that report it, the other not taken as 0");
        assertEquals(1, hz250.n());
        assertEquals(2, wait.points().get(2).runs());

        SweepStats.Result preemptions = SweepStats.of(hzRows(),
                new SweepMetric(SweepMetric.Kind.LOCK_HOLDER_PREEMPTIONS, "buffer_strategy_lock"));
        SweepStats.Stat p100 = preemptions.points().get(0).metric().orElseThrow();
        assertEquals(5, p100.mean(), 1e-9);
        assertEquals(3, p100.min(), 1e-9);
        assertEquals(7, p100.max(), 1e-9);
        assertTrue(preemptions.points().get(1).metric().isEmpty());
    }

    @Test
    void aLatencyOfNoSamplesIsNoValueNotAZeroLatency() throws Exception {
        JsonNode none = JSON.readTree("{\"throughput\": {\"value\": 0, \"unit\": \"tps\"}, \"latencyUs\":"
                + " {\"transaction\": {\"count\": 0, \"mean\": 0, \"p50\": 0, \"p99\": 0, \"max\": 0}}}");
        SweepStats.Result r = SweepStats.of(List.of(new SweepTable.Row(0, Map.of("hz", "100"), 1, none)),
                new SweepMetric(SweepMetric.Kind.LATENCY_P99, "transaction"));
        assertTrue(r.points().get(0).metric().isEmpty());
    }

    @Test
    void theMetricsAreDiscoveredFromTheRunsSitesThenOperationsThenLocks() throws Exception {
        List<SweepMetric> m = SweepStats.metrics(hzRows());
        assertEquals(List.of("executor share", "transaction mean", "transaction p99", "buffer_strategy_lock mean wait",
                "buffer_strategy_lock holder preemptions"), m.stream().map(SweepMetric::label).toList());
        assertEquals(List.of("executor.share", "latencyUs.transaction.mean", "latencyUs.transaction.p99",
                "buffer_strategy_lock.waitUs.mean", "buffer_strategy_lock.holderPreemptions"),
                m.stream().map(SweepMetric::id).toList(), "summary.csv's column names");
        for (SweepMetric x : m) {
            assertEquals(x, SweepMetric.parse(x.id()).orElseThrow());
        }
        assertEquals(new SweepMetric(SweepMetric.Kind.LATENCY_P99, "READ (server)"),
                SweepMetric.parse("latencyUs.READ (server).p99").orElseThrow());
        assertTrue(SweepMetric.parse("throughput").isEmpty());
        assertEquals(List.of("executor share", "s_lock share", "CPU user", "CPU kernel", "CPU spin", "CPU idle"),
                SweepStats.metrics(rows()).stream().map(SweepMetric::label).toList(),
                "no latency, no locks: sites, then the kinds of CPU time some run has (no fault, no steal)");
    }

    /**
     * Where the CPU went, as the summary's {@code cpu} has it: case B's question is how much of it
     * the spinning readers take at each setting. {@code cpu.spin} is summary.csv's column; a kind
     * that is 0 in every run (no steal) is not offered, a {@code cpu.X} that is no kind of CPU time
     * is a site's share as before.
     */
    @Test
    void aKindOfCpuTimeIsAMetricByItsSummaryCsvColumn() throws Exception {
        SweepMetric spin = SweepMetric.parse("cpu.spin").orElseThrow();
        assertEquals(SweepMetric.Kind.CPU_MODE, spin.kind());
        assertEquals("cpu.spin", spin.id());
        assertEquals("CPU spin", spin.label());
        assertEquals(SweepMetric.Unit.SHARE, spin.unit());
        assertEquals(SweepMetric.Kind.SHARE, SweepMetric.parse("cpu.foo.share").orElseThrow().kind());
        assertTrue(SweepTable.summary(rows()).columnNames().contains(spin.id()), "summary.csv's column");
        List<SweepTable.Row> rows = List.of(
                new SweepTable.Row(0, Map.of("readerSpinning", "on"), 1, cpu(0.18, 0.01)),
                new SweepTable.Row(0, Map.of("readerSpinning", "on"), 2, cpu(0.20, 0.0)),
                new SweepTable.Row(1, Map.of("readerSpinning", "off"), 1, cpu(0.06, 0.0)));
        SweepStats.Result r = SweepStats.of(rows, spin);
        assertEquals(0.19, r.points().get(0).metric().orElseThrow().mean(), 1e-12);
        assertEquals(0.06, r.points().get(1).metric().orElseThrow().mean(), 1e-12);
        List<String> offered = SweepStats.metrics(rows).stream().map(SweepMetric::id).toList();
        assertTrue(offered.containsAll(List.of("cpu.user", "cpu.spin", "cpu.steal")), offered.toString());
        assertTrue(!offered.contains("cpu.fault"), "0 in every run: " + offered);
        String text = SweepText.render(r, false, 2, i -> "readerSpinning=" + (i == 0 ? "on" : "off"));
        assertTrue(text.contains("metric    CPU spin (cpu.spin)\n"), text);
        assertTrue(text.contains("cpu.spin as a share of all CPU time"), text);
        assertTrue(text.matches("(?s).*\nreaderSpinning=off +[0-9.,]+ +6\\.00%\n.*"), text);
    }

    private static JsonNode cpu(double spin, double steal) throws Exception {
        return JSON.readTree("{\"throughput\": {\"value\": 40000, \"unit\": \"ops/s\"}, \"cpu\": {\"user\": "
                + (1 - spin - steal) + ", \"kernel\": 0.0, \"fault\": 0.0, \"spin\": " + spin
                + ", \"runnableWait\": 0.0, \"idle\": 0.0, \"steal\": " + steal + "}}");
    }

    /**
     * A comm group's run-queue latency, as the summary's runqlatUs has it: each figure by its
     * summary path, a group with no wake-up (count 0) or absent from a run has no value there.
     */
    @Test
    void runQueueLatencyPerCommIsAMetricWithNoValueWhereNothingWaited() throws Exception {
        JsonNode waited = JSON.readTree("{\"throughput\": {\"value\": 10, \"unit\": \"sections/s\"}, \"runqlatUs\":"
                + " {\"_all\": {\"count\": 4, \"mean\": 5, \"p50\": 4, \"p99\": 9, \"max\": 9},"
                + " \"B\": {\"count\": 2, \"mean\": 7, \"p50\": 6, \"p99\": 9, \"max\": 9}}}");
        JsonNode none = JSON.readTree("{\"throughput\": {\"value\": 10, \"unit\": \"sections/s\"}, \"runqlatUs\":"
                + " {\"_all\": {\"count\": 0, \"mean\": 0, \"p50\": 0, \"p99\": 0, \"max\": 0}}}");
        List<SweepTable.Row> rows = List.of(new SweepTable.Row(0, Map.of("bClass", "fair"), 1, waited),
                new SweepTable.Row(1, Map.of("bClass", "fifo"), 1, none));
        List<SweepMetric> m = SweepStats.metrics(rows);
        assertEquals(List.of("runqlatUs._all.mean", "runqlatUs._all.p50", "runqlatUs._all.p99", "runqlatUs._all.max",
                "runqlatUs.B.mean", "runqlatUs.B.p50", "runqlatUs.B.p99", "runqlatUs.B.max"),
                m.stream().map(SweepMetric::id).toList(), "the summary's names, in its order");
        assertEquals("runqlat B p99", m.get(6).label());
        for (SweepMetric x : m) {
            assertEquals(x, SweepMetric.parse(x.id()).orElseThrow());
            assertEquals(SweepMetric.Unit.MICROS, x.unit());
        }
        SweepStats.Result p50 = SweepStats.of(rows, SweepMetric.parse("runqlatUs.B.p50").orElseThrow());
        assertEquals(6, p50.points().get(0).metric().orElseThrow().mean(), 1e-9);
        assertTrue(p50.points().get(1).metric().isEmpty(), "no B in that run");
        assertTrue(SweepStats.of(rows, SweepMetric.parse("runqlatUs._all.mean").orElseThrow()).points().get(1)
                .metric().isEmpty(), "no wake-up: not a 0 us wait");
        Table t = SweepTable.summary(rows);
        assertEquals(9, t.doubleColumn("runqlatUs.B.max").get(0), 1e-9);
        assertTrue(t.doubleColumn("runqlatUs.B.max").isMissing(1));
        assertTrue(t.doubleColumn("runqlatUs._all.p99").isMissing(1));
    }
}
