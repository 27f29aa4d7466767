package org.schedlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.analysis.WiresharkTable;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.DefaultsDiff;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;
import org.schedlab.sim.sweep.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab compare}: the same scenario under two parameter sets, over N seeds (the
 * scenario's seed, +1, +2, ...; runs go in parallel), as rows of CLI.md.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Run a scenario with a base and a test parameter set and compare the summaries.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", required = true, paramLabel = "NAME|FILE", description = "Scenario name or file.")
    String scenario;

    @Option(names = "--base", paramLabel = "KEY=VALUE[,KEY=VALUE...]",
            description = "Parameters of the base run (with neither --base nor --test: the scenario's own pair).")
    String base;

    @Option(names = "--test", paramLabel = "KEY=VALUE[,KEY=VALUE...]",
            description = "Parameters of the test run.")
    String test;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override for both runs (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = "--warmup-ms", paramLabel = "N",
            description = "Simulated warm-up before the measured time, both sides (same as --set warmupMs=N;"
                    + " default: the scenario's).")
    Long warmupMs;

    @Option(names = "--duration-ms", paramLabel = "N",
            description = "Measured simulated time, both sides (same as --set durationMs=N; default: the scenario's).")
    Long durationMs;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1",
            description = "Seeds per side: the scenario's seed (or --set seed=N) and the next N-1;"
                    + " each row is the mean, with min and max (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SimulateCommand.Format format;

    /**
     * A side's parameters as the title gives them: what it was given, then the value it ran of
     * each parameter only the other side was given, where the two differ. "base readerSpinning=off /
     * test arch=arm64" hid that the test ran readerSpinning=on (the scenario's) and the base x86,
     * where the workbench's Copy table names both on both sides.
     */
    static String headed(Scenario s, String given, Map<String, String> own, Map<String, String> other,
                         Map<String, String> ran) {
        StringBuilder b = new StringBuilder(given);
        for (Map.Entry<String, String> e : other.entrySet()) {
            String k = e.getKey();
            if (own.containsKey(k)) {
                continue;
            }
            String v = ran.containsKey(k) ? ran.get(k)
                    : s.params().containsKey(k) ? s.params().get(k).value() : null;
            if (v != null && !v.equals(e.getValue())) {
                b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v);
            }
        }
        return b.toString();
    }

    /**
     * A line of the title: {@code prefix} and {@code items} (a K=V,K=V list when {@code commas},
     * else one space apart), wrapped at 72 columns between two items, continuation lines under
     * the first. Cut at 72 instead, a long --base lost its end, and with it what told it from --test.
     */
    static String wrapped(String prefix, List<String> items, boolean commas) {
        int indent = PlainText.columns(prefix);
        return prefix + (commas ? PlainText.wrapCommaList(items, indent) : PlainText.wrapUncut(items, indent));
    }

    @Override
    public Integer call() throws Exception {
        if (seeds < 1 || seeds > 1000) {
            throw new UserInputException("--seeds must be in 1..1000, was " + seeds);
        }
        Scenario s = SimCli.scenario(scenario);
        SimCli.Sides sides = SimCli.sides(s, base, test);
        base = sides.base();
        test = sides.test();
        // simulate's --warmup-ms and --duration-ms, here too: a short compare was refused as an
        // unknown option and had to be spelt --set durationMs=N. They are the parameters warmupMs
        // and durationMs, refused with their ranges (0..600000, 1..3600000 ms) as --set refuses
        // them: a check of their own said "-5: must be >= 0 and at most 9223372036854"
        Map<String, String> common = SimulateCommand.runOverrides(SimCli.assignments(set), null, warmupMs, durationMs);
        List<String> setShown = new ArrayList<>(set);
        addShown(setShown, "warmupMs", warmupMs);
        addShown(setShown, "durationMs", durationMs);
        Map<String, String> baseSide = SimCli.assignmentList(base, "--base");
        Map<String, String> testSide = SimCli.assignmentList(test, "--test");
        if (baseSide.containsKey("seed") || testSide.containsKey("seed")) {
            // each seed runs on both sides (so the difference is the parameters): a per-side seed was overwritten
            throw new UserInputException((baseSide.containsKey("seed") ? sides.baseLabel() : sides.testLabel())
                    + ": a seed cannot be set for one side (each seed runs on both, so that only the parameters"
                    + " differ); expected --set seed=N for the first seed and --seeds N for how many");
        }
        SimCli.checkSetReachesARun(sides, common, baseSide, testSide);
        Map<String, String> baseSet = SimCli.merged(common, baseSide);
        Map<String, String> testSet = SimCli.merged(common, testSide);
        long seed0 = SimCli.checkSides(s, sides, common, baseSet, testSet);
        try {
            SweepPlan.checkSeeds(s, seed0, seeds);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        noteInert(s, sides, common, baseSide, testSide, baseSet, testSet);
        boolean same = SimCli.sameParameters(s, baseSet, testSet);
        if (same) {
            // on stderr, so --format json stays one object; the text table says it in its title too
            spec.commandLine().getErr().println("schedlab: note: " + sides.baseLabel() + " and " + sides.testLabel()
                    + " give the same parameters: both sides are the same run (every ratio x1.00)");
            spec.commandLine().getErr().flush();
        }
        List<RunSummary> baseRuns = new ArrayList<>();
        List<RunSummary> testRuns = new ArrayList<>();
        runAll(s, baseSet, testSet, seed0, baseRuns, testRuns);

        List<JsonNode> b = baseRuns.stream().map(SummaryJson::tree).toList();
        List<JsonNode> t = testRuns.stream().map(SummaryJson::tree).toList();
        List<SummaryComparison.Row> rows = SummaryComparison.rows(b, t);
        PrintWriter out = spec.commandLine().getOut();
        if (format == SimulateCommand.Format.json) {
            out.println(SummaryJson.mapper().writeValueAsString(json(b.get(0), t.get(0), rows, seed0)));
        } else {
            // every other choice-type parameter (arch, irqInatomic, readerSpinning ...) at the
            // scenario's value on both sides, as the workbench's Copy table names them: a table
            // of case B pasted into a mail never said that it ran on x86
            // with what an "auto" resolved to (hz=250 (auto)): "hz=auto" did not say the tick rate
            List<String> defaults = new ArrayList<>();
            Map<String, String> autoBase = DefaultsDiff.autoResolved(s, baseSet);
            Map<String, String> autoTest = DefaultsDiff.autoResolved(s, testSet);
            s.params().forEach((k, def) -> {
                String v = baseSet.getOrDefault(k, def.value());
                if (DefaultsDiff.namedAtDefault(def) && !common.containsKey(k) && v.equals(def.value())
                        && v.equals(testSet.getOrDefault(k, def.value()))) {
                    defaults.add(k + "=" + DefaultsDiff.shownBoth(v, autoBase.get(k), "base", autoTest.get(k), "test"));
                }
            });
            String title = "compare " + s.name()
                    + "\n" + wrapped("  base  ", List.of(headed(s, base, baseSide, testSide, baseSet).split(",")), true)
                    + "\n" + wrapped("  test  ", List.of(headed(s, test, testSide, baseSide, testSet).split(",")), true)
                    + (common.isEmpty() ? "" : "\n" + wrapped("  set   ", setShown, false))
                    + (defaults.isEmpty() ? "" : "\n" + wrapped("  with  ", defaults, false))
                    // "seeds 5" for one run with seed 5 read as five seeds
                    + (seeds == 1 ? "\n  seed  " + seed0 : "\n  seeds " + seed0 + ".." + (seed0 + seeds - 1)
                    + " (mean; min..max on the line under it)")
                    + (same ? "\n  note  base and test are the same parameters" : "");
            out.print(ComparisonTable.render(title, rows, seeds > 1));
            // the time base of its counts, as the workbench's Copy table ends
            ComparisonTable.spanLine(b, t).ifPresent(l -> out.print("\n" + l + "\n"));
            // what an rwsem's spinWhile and rwsem_* rows count, for the mail's reader
            SummaryReport.rwsemNotes(b.get(0), t.get(0)).ifPresent(r -> out.print("\n" + r + "\n"));
            // where the waits end: a saved run's runqlat (table) differs by the switch
            SummaryReport.runqlatRule(b.get(0), t.get(0)).ifPresent(r -> out.print("\n" + r + "\n"));
            if (baseRuns.get(0).tcp() != null && testRuns.get(0).tcp() != null) {
                // the s390 mail's table: what Wireshark would flag in each run's capture
                out.println();
                // the seeds' exact means, as the tcp.* rows above take their ratios from: rounded
                // first (7.33 to 7 and 355.33 to 355) the table's change read x50.7 beside the row's x48.45
                Map<String, Double> baseTcp = WiresharkTable.meanCounts(b);
                Map<String, Double> testTcp = WiresharkTable.meanCounts(t);
                List<String> heads = sideNames(s, baseSet, testSet);
                out.print(WiresharkTable.render(heads.get(0), baseTcp, heads.get(1), testTcp));
                // the mail's rows it has not, named: eight rows pasted beside the mail's ten said nothing of two
                out.print("\n" + WiresharkTable.leftOut(baseTcp, testTcp) + "\n");
            }
        }
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    /** An option that stands for a --set (--duration-ms), in the title's set line unless --set gave it too. */
    static void addShown(List<String> shown, String key, Long value) {
        if (value != null && shown.stream().noneMatch(a -> a.trim().startsWith(key + "="))) {
            shown.add(key + "=" + value);
        }
    }

    /**
     * The TCP table's two column heads: each side's value of the one parameter the two runs differ
     * in ({@code full}, {@code lazy}), else {@code base} and {@code test}, as the workbench's A/B
     * tab heads them. One side's value beside the other's fallback ("full | test" for {@code --base
     * preemption=full --test preemption=lazy,irqInatomic=on}) named one run by what it ran and the
     * other by its role. The runs' values are compared, not the options' text: {@code --base
     * preemption=lazy --test preemption=lazy,irqWorkqueue=unbound} differ in irqWorkqueue alone
     * and read {@code percpu | unbound}, not {@code base | test}.
     */
    static List<String> sideNames(Scenario s, Map<String, String> baseSet, Map<String, String> testSet) {
        Map<String, String> b = new java.util.LinkedHashMap<>();
        s.params().forEach((k, p) -> b.put(k, p.value()));
        Map<String, String> t = new java.util.LinkedHashMap<>(b);
        b.putAll(baseSet);
        t.putAll(testSet);
        List<String> differ = b.keySet().stream().filter(k -> !java.util.Objects.equals(b.get(k), t.get(k))).toList();
        if (differ.size() == 1) {
            String bv = b.get(differ.get(0));
            String tv = t.get(differ.get(0));
            if (bv != null && tv != null && !bv.isBlank() && !tv.isBlank()) {
                return List.of(bv.trim(), tv.trim());
            }
        }
        return List.of("base", "test");
    }

    private void runAll(Scenario s, Map<String, String> baseSet, Map<String, String> testSet, long seed0,
                        List<RunSummary> baseRuns, List<RunSummary> testRuns) throws Exception {
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), 2 * seeds));
        java.io.PrintWriter err = spec.commandLine().getErr();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, "schedlab-compare");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<RunSummary>> bf = new ArrayList<>();
            List<Future<RunSummary>> tf = new ArrayList<>();
            for (int i = 0; i < seeds; i++) {
                String seed = Long.toString(seed0 + i);
                Map<String, String> bs = SimCli.merged(baseSet, Map.of("seed", seed));
                Map<String, String> ts = SimCli.merged(testSet, Map.of("seed", seed));
                bf.add(pool.submit(() -> SimCli.run(s, bs, Simulation.Options.summaryOnly(), "base, seed " + seed,
                        err).summary()));
                tf.add(pool.submit(() -> SimCli.run(s, ts, Simulation.Options.summaryOnly(), "test, seed " + seed,
                        err).summary()));
            }
            for (int i = 0; i < seeds; i++) {
                baseRuns.add(get(bf.get(i)));
                testRuns.add(get(tf.get(i)));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static RunSummary get(Future<RunSummary> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }

    /**
     * CLI.md's object. "base" and "test" stay one SUMMARY each (that run's own fields, as CLI.md
     * says), the runs of the first seed; with --seeds N the rows are means over all N, so
     * "summarySeed" says which seed the two objects are and "seedList" which seeds the rows cover
     * (a script comparing base.throughput with the throughput row would otherwise take the first
     * seed's value for the mean).
     */
    private ObjectNode json(JsonNode b, JsonNode t, List<SummaryComparison.Row> rows, long seed0) {
        ObjectMapper m = SummaryJson.mapper();
        ObjectNode o = m.createObjectNode();
        o.set("base", b);
        o.set("test", t);
        o.put("seeds", seeds);
        o.put("summarySeed", seed0);
        ArrayNode seedList = o.putArray("seedList");
        for (int i = 0; i < seeds; i++) {
            seedList.add(seed0 + i);
        }
        putRows(o.putArray("rows"), rows, seeds);
        return o;
    }

    /**
     * The rows as {@code --format json} gives them: metric, unit, base, test and ratio (null where a
     * side did not record the metric), with each side's min and max over {@code seeds} seeds above one.
     * {@code table --json} writes two files' rows the same way.
     */
    static void putRows(ArrayNode arr, List<SummaryComparison.Row> rows, int seeds) {
        for (SummaryComparison.Row r : rows) {
            ObjectNode row = arr.addObject();
            row.put("metric", r.metric());
            if (!r.unit().isEmpty()) {
                row.put("unit", r.unit());
            }
            // a metric a side did not record is null (NaN is no JSON number)
            putNumber(row, "base", r.base(), seeds);
            putNumber(row, "test", r.test(), seeds);
            if (r.ratio().isPresent()) {
                row.put("ratio", Math.round(r.ratio().getAsDouble() * 1e4) / 1e4);
            } else {
                row.putNull("ratio");
            }
            if (seeds > 1) {
                putNumber(row, "baseMin", r.baseMin(), seeds);
                putNumber(row, "baseMax", r.baseMax(), seeds);
                putNumber(row, "testMin", r.testMin(), seeds);
                putNumber(row, "testMax", r.testMax(), seeds);
            }
        }
    }

    private static void putNumber(ObjectNode o, String field, double v, int seeds) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, seeds > 1 ? SummaryComparison.meanDigits(v) : v);
        }
    }

    /**
     * Notes on stderr the settings that change nothing where they apply: a --set one in every
     * side it reaches, a --base or --test one in its side (futexSpins=100 while lockKind=spin).
     */
    private void noteInert(Scenario s, SimCli.Sides sides, Map<String, String> common, Map<String, String> baseSide,
                           Map<String, String> testSide, Map<String, String> baseSet, Map<String, String> testSet)
            throws UserInputException {
        Map<String, String> baseWhy = SimCli.inert(s, baseSet);
        Map<String, String> testWhy = SimCli.inert(s, testSet);
        java.io.PrintWriter err = spec.commandLine().getErr();
        for (String k : common.keySet()) {
            boolean reachesBase = !baseSide.containsKey(k);
            boolean reachesTest = !testSide.containsKey(k);
            if ((!reachesBase || baseWhy.containsKey(k)) && (!reachesTest || testWhy.containsKey(k))) {
                // said once, as the first side it reaches has it
                SimCli.noteInert(reachesBase ? baseWhy : testWhy, reachesBase ? baseSet : testSet, List.of(k), "", err);
            }
        }
        SimCli.noteInert(baseWhy, baseSet, baseSide.keySet(), " on the " + sides.baseLabel() + " side", err);
        SimCli.noteInert(testWhy, testSet, testSide.keySet(), " on the " + sides.testLabel() + " side", err);
    }
}
