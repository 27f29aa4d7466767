package org.schedlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.analysis.SweepStats;
import org.schedlab.analysis.SweepTable;
import org.schedlab.analysis.SweepText;
import org.schedlab.io.AtomicFiles;
import org.schedlab.io.CsvExport;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.SummaryJson;
import org.schedlab.sim.sweep.SweepAxis;
import org.schedlab.sim.sweep.SweepPlan;
import org.schedlab.sim.sweep.SweepPoint;
import org.schedlab.sim.sweep.SweepRun;
import org.schedlab.sim.sweep.SweepRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab sweep}: every combination of the varied values, N seeds each, on a thread
 * pool. Writes {@code DIR/summary.csv} (one row per point and seed) and {@code DIR/<point>.json}
 * ({@code {"scenario", "point", "seeds", "summaries": [SUMMARY...]}}, the summaries exactly as
 * {@code simulate --summary json} prints them), then prints each point's mean throughput and top
 * site share (or the {@code --metric} asked for). Progress goes to stderr.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Run a scenario over one or more parameters' values (N seeds per point) and write "
                + "summary.csv plus one JSON per point.")
public final class SweepCommand implements Callable<Integer> {
    static final String SUMMARY_CSV = "summary.csv";

    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", required = true, paramLabel = "NAME|FILE", description = "Scenario name or file.")
    String scenario;

    @Option(names = "--vary", required = true, paramLabel = "KEY=V1,V2,...",
            description = "A parameter and its values (repeatable: every combination is a point).")
    List<String> vary = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override for every run (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = "--warmup-ms", paramLabel = "N",
            description = "Simulated warm-up before the measured time, every run (same as --set warmupMs=N;"
                    + " default: the scenario's).")
    Long warmupMs;

    @Option(names = "--duration-ms", paramLabel = "N",
            description = "Measured simulated time, every run (same as --set durationMs=N; default: the scenario's).")
    Long durationMs;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1", description = "Seeds per point (default 1).")
    int seeds;

    @Option(names = "--threads", paramLabel = "N", description = "Runs in parallel (default: one per core).")
    Integer threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the results.")
    Path out;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "What the printed table shows beside throughput (default: the top site's share), one of"
                    + "%n  summary.csv's columns:%n    SITE.share%n    cpu.MODE (user, kernel, fault, spin,"
                    + " runnableWait, idle, steal)%n    latencyUs.OP.mean, latencyUs.OP.p99%n"
                    + "    runqlatUs.COMM.mean|p50|p99|max%n    LOCK.waitUs.mean, LOCK.holderPreemptions")
    String metric;

    @Override
    public Integer call() throws Exception {
        int nThreads = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (nThreads < 1 || nThreads > 256) {
            throw new UserInputException("--threads must be in 1..256, was " + nThreads);
        }
        if (seeds < 1 || seeds > 1000) {
            throw new UserInputException("--seeds must be in 1..1000, was " + seeds);
        }
        java.util.Optional<SweepMetric> shown = java.util.Optional.empty();
        if (metric != null) {
            // its form is checked now, not after every run has been simulated; whether the runs
            // report it is known only then
            shown = java.util.Optional.of(SweepMetric.parse(metric).orElseThrow(() -> new UserInputException(
                    "--metric " + metric + ": expected SITE.share, cpu.MODE (" + String.join(", ",
                            SweepMetric.CPU_MODES) + "), latencyUs.OP.mean, latencyUs.OP.p99,"
                            + " runqlatUs.COMM.mean|p50|p99|max, LOCK.waitUs.mean or LOCK.holderPreemptions")));
        }
        Scenario s = SimCli.scenario(scenario);
        // --warmup-ms and --duration-ms are the parameters warmupMs and durationMs, refused with
        // their ranges (0..600000, 1..3600000 ms) as --set refuses them: a check of their own here
        // said "-5: must be >= 0 and at most 9223372036854", a range they do not have
        Map<String, String> common = SimulateCommand.runOverrides(SimCli.assignments(set), null, warmupMs, durationMs);
        SweepPlan plan;
        try {
            List<SweepAxis> axes = new ArrayList<>();
            for (String v : vary) {
                axes.add(SweepAxis.parse(v));
            }
            plan = SweepPlan.of(s, common, axes, seeds);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        OutputFile.requireName(out, "a directory for the results");
        if (Files.exists(out) && !Files.isDirectory(out)) {
            // --out /dev/stdout said "is a file": as export --format csv says it, a device or pipe
            String what = OutputFile.isDevice(out) ? "a device or pipe" : "a file, not a directory";
            throw new UserInputException(out + ": is " + what + "; expected a directory for the results");
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            String why = OutputFile.fileInTheWay(out).map(p -> p + " is a file, not a directory")
                    .orElse(OutputFile.reason(e));
            throw new UserInputException(out + ": cannot create directory: " + why, e);
        }
        if (!Files.isWritable(out)) {
            // found now, not after every run of the sweep has been simulated
            throw new UserInputException(out + ": cannot write: the directory is not writable");
        }
        // a name the sweep writes taken by a directory: found now, not after every run has been
        // simulated (the files are written all or none, so that would lose them all)
        OutputFile.noDirectoryAmong(out, names(plan), "a file the sweep writes");
        PrintWriter err = spec.commandLine().getErr();
        noteInert(plan, common, err);
        List<SweepRun> runs;
        try {
            runs = SweepRunner.run(plan, nThreads, Simulation.Options.summaryOnly(), (r, done, total) -> {
                synchronized (err) {
                    err.printf(Locale.ROOT, "sweep: %d/%d  %s seed %d%n", done, total, r.point().label(), r.seed());
                    err.flush();
                }
            }, () -> false);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        List<SweepTable.Row> rows = rows(runs);
        try {
            // all files or none: a full disk or a point file's name taken by a directory must not
            // leave half a table where the last sweep's was, nor this sweep's summary.csv beside
            // the last sweep's points
            Map<Path, AtomicFiles.Body> files = new java.util.LinkedHashMap<>();
            files.put(out.resolve(SUMMARY_CSV), CsvExport.body(SweepTable.summary(rows)));
            java.util.Set<String> written = new java.util.HashSet<>();
            for (SweepPoint p : plan.points()) {
                byte[] json = (pointJson(plan, p, runs) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
                files.put(out.resolve(p.id() + ".json"), o -> o.write(json));
                written.add(p.id() + ".json");
            }
            AtomicFiles.writeAll(files);
            // an earlier, larger sweep into the same directory left points summary.csv no longer
            // lists: removed once this sweep's files are in place (never another file of the user's)
            int stale = removeStalePoints(out, written);
            if (stale > 0) {
                err.println("sweep: removed " + stale + " point file" + (stale == 1 ? "" : "s") + " of an earlier sweep"
                        + " from " + out);
                err.flush();
            }
        } catch (IOException e) {
            throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
        }
        if (shown.isPresent() && !SweepStats.reported(rows, shown.get())) {
            err.println("schedlab: note: no run reports --metric " + metric + "; the runs report: "
                    + String.join(", ", SweepStats.metrics(rows).stream().map(SweepMetric::id).toList()));
            err.flush();
        }
        printTable(plan, shown.isPresent() ? SweepStats.of(rows, shown.get()) : SweepStats.of(rows));
        return SchedLabCli.EXIT_OK;
    }

    /** The files a sweep of {@code plan} writes into its directory: summary.csv and a JSON per point. */
    private static List<String> names(SweepPlan plan) {
        List<String> names = new ArrayList<>();
        names.add(SUMMARY_CSV);
        plan.points().forEach(p -> names.add(p.id() + ".json"));
        return names;
    }

    /** A point file's name as {@link SweepPoint#id()} makes it: key=value pairs joined by '_'. */
    private static final java.util.regex.Pattern POINT_FILE =
            java.util.regex.Pattern.compile("[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]*(_[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]*)*\\.json");

    /**
     * Deletes the point files in {@code dir} a sweep wrote that are not in {@code keep}: named as
     * a point and holding a sweep point's object ({@code point} and {@code summaries}), so a file
     * of the user's that merely looks like one stays. Returns how many went.
     */
    static int removeStalePoints(Path dir, java.util.Set<String> keep) throws IOException {
        int removed = 0;
        List<Path> candidates;
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            candidates = files.filter(f -> !keep.contains(f.getFileName().toString())
                    && POINT_FILE.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f)).toList();
        }
        for (Path f : candidates) {
            JsonNode n;
            try {
                n = SummaryJson.mapper().readTree(f.toFile());
            } catch (IOException notAPoint) {
                continue;
            }
            if (n != null && n.isObject() && n.has("point") && n.has("summaries") && n.has("scenario")) {
                Files.deleteIfExists(f);
                removed++;
            }
        }
        return removed;
    }

    static List<SweepTable.Row> rows(List<SweepRun> runs) {
        List<SweepTable.Row> rows = new ArrayList<>(runs.size());
        for (SweepRun r : runs) {
            rows.add(new SweepTable.Row(r.point().index(), r.point().values(), r.seed(), SummaryJson.tree(r.summary())));
        }
        return rows;
    }

    private static String pointJson(SweepPlan plan, SweepPoint p, List<SweepRun> runs) throws IOException {
        ObjectNode o = SummaryJson.mapper().createObjectNode();
        o.put("scenario", plan.scenario().name());
        ObjectNode point = o.putObject("point");
        p.values().forEach(point::put);
        ArrayNode seedList = o.putArray("seeds");
        ArrayNode summaries = o.putArray("summaries");
        for (SweepRun r : runs) {
            if (r.point().index() == p.index()) {
                seedList.add(r.seed());
                JsonNode tree = SummaryJson.tree(r.summary());
                summaries.add(tree);
            }
        }
        return SummaryJson.mapper().writeValueAsString(o);
    }

    private void printTable(SweepPlan plan, SweepStats.Result stats) {
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "sweep %s: %d points x %d %s%nresults in %s%n%n", plan.scenario().name(),
                plan.points().size(), plan.seeds(), plan.seeds() == 1 ? "seed" : "seeds", out);
        // the Sweep tab copies the same table for a mail
        w.print(SweepText.render(stats, metric == null, plan.seeds(), i -> plan.points().get(i).label()));
        w.flush();
    }

    /**
     * Notes on stderr a varied or --set parameter that changes nothing at any point of the sweep
     * (never reached by the workload, or its condition failing everywhere): the curve would be
     * flat, and the user should know it is the model's doing, not the parameter's.
     */
    private static void noteInert(SweepPlan plan, Map<String, String> common, PrintWriter err)
            throws UserInputException {
        Map<String, String> why;
        try {
            why = plan.inertEverywhere();
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        java.util.Set<String> varied = new java.util.LinkedHashSet<>();
        plan.axes().forEach(a -> varied.add(a.key()));
        for (Map.Entry<String, String> e : why.entrySet()) {
            if (varied.contains(e.getKey())) {
                err.println("schedlab: note: " + e.getValue() + ": every value of --vary " + e.getKey()
                        + " gives the same run");
            } else if (common.containsKey(e.getKey())) {
                err.println("schedlab: note: " + e.getValue() + ": " + e.getKey() + "=" + common.get(e.getKey())
                        + " changes nothing");
            }
        }
        err.flush();
    }
}
