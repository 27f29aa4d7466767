package org.schedlab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.PlainText;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.Printable;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab info FILE [--json]}: what is in a dataset file (or a recording's import), at a glance. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "Print what a dataset (or a recording, as import reads it) holds: CPUs, tasks, time span, slice/lock/counter/mark counts, origin.")
public final class InfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "What to describe: " + DatasetFiles.ARGUMENT_HELP)
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    /** What the file was read as: only a saved dataset says which SchedLab wrote it. */
    private DatasetFiles.Origin origin = DatasetFiles.Origin.SAVED;

    /**
     * The warnings of reading the file, as on stderr: a recording's import's, or for a saved
     * dataset those of the import it was saved from (kept in the file), so a dataset saved from a
     * recording missing events does not pass for a whole one.
     */
    private List<String> warnings = List.of();

    @Override
    public Integer call() throws Exception {
        List<String> read = new ArrayList<>();
        DatasetFiles.Loaded loaded = DatasetFiles.loaded(file, read, spec.commandLine().getErr());
        Dataset d = loaded.dataset();
        origin = loaded.origin();
        warnings = List.copyOf(read);
        DatasetFiles.printWarnings(warnings, spec.commandLine().getErr());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            out.println(mapper.writeValueAsString(toJson(mapper, d)));
        } else {
            out.print(Printable.text(toText(d)));
        }
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    ObjectNode toJson(ObjectMapper mapper, Dataset d) {
        Metadata m = d.metadata();
        ObjectNode o = mapper.createObjectNode();
        o.put("file", file.toString());
        o.put("datasetFormat", DatasetJson.FORMAT_NAME);
        o.put("datasetVersion", DatasetJson.VERSION);
        o.put("source", m.source());
        o.put("format", m.format());
        if (m.seed().isPresent()) {
            o.put("seed", m.seed().getAsLong());
        } else {
            o.putNull("seed");
        }
        o.put("schedlabVersion", m.schedlabVersion());
        ObjectNode params = o.putObject("parameters");
        m.parameters().forEach(params::put);
        o.put("cpus", d.cpuCount());
        o.put("tasks", d.tasks().size());
        o.put("startNs", d.startNs());
        o.put("endNs", d.endNs());
        o.put("spanNs", d.spanNs());
        o.put("slices", d.sliceCount());
        o.put("taskLanes", d.taskLanes().size());
        o.put("taskStateIntervals", taskStateIntervals(d));
        // every task lane's name, as render --task takes it, in the Task lanes list's order
        ArrayNode laneNames = o.putArray("taskLaneNames");
        laneTasks(d).forEach(t -> laneNames.add(t.label()));
        ArrayNode locks = o.putArray("locks");
        for (LockLane l : d.locks()) {
            locks.addObject().put("name", l.name()).put("kind", l.kind()).put("shared", l.shared())
                    .put("holds", l.holds().size()).put("waits", l.waits().size());
        }
        ArrayNode counters = o.putArray("counters");
        for (CounterSeries c : d.counters()) {
            ObjectNode counter = counters.addObject().put("name", c.name()).put("unit", c.unit()).put("samples", c.size());
            if (c.gapCount() > 0) {
                counter.put("gaps", c.gapCount()); // samples without a value: intervals the series has none for
            }
        }
        ArrayNode operations = o.putArray("operations");
        for (OperationSamples op : d.operations()) {
            operations.addObject().put("name", op.name()).put("samples", op.size());
        }
        ObjectNode marks = o.putObject("marks");
        marks.put("total", d.marks().size());
        ObjectNode byKind = marks.putObject("byKind");
        for (MarkKind k : MarkKind.values()) {
            byKind.put(k.label(), d.marks().count(k));
        }
        ArrayNode importWarnings = o.putArray("importWarnings");
        warnings.forEach(importWarnings::add);
        return o;
    }

    String toText(Dataset d) {
        Metadata m = d.metadata();
        StringBuilder sb = new StringBuilder();
        row(sb, "file", file.toString());
        row(sb, "source", m.source());
        // a recording or a CSV export was read just now, by this SchedLab: "written by SchedLab 0.1.0
        // (schedlab-dataset v1)" said a dataset file had been saved by it
        row(sb, "format", m.format() + switch (origin) {
            case SAVED -> " (" + DatasetJson.FORMAT_NAME + " v" + DatasetJson.VERSION + ")";
            case TABLES -> " (a CSV export's tables, read back)";
            case RECORDING -> " (a recording, read as import reads it)";
            case TRACE -> " (a SchedLab Chrome trace export, read back)";
        });
        row(sb, "seed", m.seed().isPresent() ? Long.toString(m.seed().getAsLong()) : "none");
        // a Chrome trace SchedLab exported says which SchedLab wrote the data, as the dataset file does
        if (origin == DatasetFiles.Origin.SAVED || origin == DatasetFiles.Origin.TRACE) {
            row(sb, "written by", "SchedLab " + m.schedlabVersion());
        }
        row(sb, "cpus", PlainText.count(d.cpuCount()));
        row(sb, "tasks", PlainText.count(d.tasks().size()));
        row(sb, "span", Durations.format(d.spanNs()) + " (" + d.startNs() + " .. " + d.endNs() + " ns)");
        row(sb, "slices", PlainText.count(d.sliceCount()));
        row(sb, "task lanes", PlainText.count(d.taskLanes().size()) + " (" + PlainText.count(taskStateIntervals(d))
                + " intervals)");
        if (!d.taskLanes().isEmpty()) {
            row(sb, "", laneNames(d));
        }
        long holds = d.locks().stream().mapToLong(l -> l.holds().size()).sum();
        long waits = d.locks().stream().mapToLong(l -> l.waits().size()).sum();
        row(sb, "locks", PlainText.count(d.locks().size()) + " (" + PlainText.count(holds) + " holds, "
                + PlainText.count(waits) + " waits)");
        long samples = d.counters().stream().mapToLong(CounterSeries::size).sum();
        long gaps = d.counters().stream().mapToLong(CounterSeries::gapCount).sum();
        row(sb, "counters", PlainText.count(d.counters().size()) + " (" + PlainText.count(samples) + " samples"
                + (gaps > 0 ? ", " + PlainText.count(gaps)
                + " of them gaps without a value" : "") + ")");
        // each kind with its count kept together, wrapped under the column: a simulated run's five
        // kinds ran past 72 columns on one line
        List<String> kinds = new ArrayList<>();
        for (MarkKind k : MarkKind.values()) {
            int n = d.marks().count(k);
            if (n > 0) {
                kinds.add(k.label() + " " + PlainText.count(n));
            }
        }
        row(sb, "marks", counted(d.marks().size(), kinds));
        if (!d.operations().isEmpty()) {
            // a saved run's operations, one sample each: what its latency rows are computed from
            row(sb, "operations", counted(d.operations().size(),
                    d.operations().stream().map(op -> op.name() + " " + PlainText.count(op.size())).toList()));
        }
        // a contention table is hundreds of parameters (30 KB on one line): its size, and where to read it
        LockTable.of(m.parameters()).ifPresent(t -> row(sb, "lock table", t.tool() + ", "
                + PlainText.count(t.rows().size()) + " rows of " + t.fields().size() + " fields (schedlab table "
                + file + " prints them)"));
        // wrapped between parameters under the column, each whole: on one line a recording's
        // parameters ran to 480 columns, its workload's command line split across the terminal's edge
        List<String> params = new ArrayList<>();
        for (Map.Entry<String, String> e : m.parameters().entrySet()) {
            if (!LockTable.isTableKey(e.getKey())) {
                params.add(e.getKey() + "=" + e.getValue());
            }
        }
        row(sb, "parameters", params.isEmpty() ? "none" : PlainText.wrapUncut(params, 12));
        if (!warnings.isEmpty()) {
            // last, each on lines of its own under the column, never cut (a path in one stays
            // whole): what a reader of the figures above must know of them
            StringBuilder each = new StringBuilder();
            for (String w : warnings) {
                each.append('\n').append(" ".repeat(12)).append(PlainText.wrapUncut(List.of(w.split(" ")), 12));
            }
            // a saved dataset's are those of the import it was saved from, said as of the recording
            row(sb, "warnings", PlainText.count(warnings.size())
                    + (origin == DatasetFiles.Origin.TABLES ? " from reading the tables"
                    : " from the import") + each);
        }
        return sb.toString();
    }

    /** Task lanes named whole in {@code info}'s text; of more, the busiest this many. */
    static final int LANE_NAMES_LISTED = 8;

    /** The tasks of {@code d}'s task lanes by name, as the workbench's Task lanes list orders them. */
    private static List<TaskInfo> laneTasks(Dataset d) {
        return d.taskLanes().stream().map(l -> d.task(l.task())).sorted(TaskInfo.BY_NAME).toList();
    }

    /**
     * The names {@code render --task} takes, under the task lanes' count: all of a few; of more,
     * the {@value #LANE_NAMES_LISTED} that ran longest (by name) and where the rest are - a
     * simulated pgbench run has a thousand.
     */
    private String laneNames(Dataset d) {
        List<TaskInfo> all = laneTasks(d);
        if (all.size() <= LANE_NAMES_LISTED) {
            return PlainText.wrapUncut(commas(all.stream().map(TaskInfo::label).toList()), 12);
        }
        Map<Integer, Long> running = new java.util.HashMap<>();
        for (TaskLane l : d.taskLanes()) {
            long ns = 0;
            for (int i = 0; i < l.intervals().size(); i++) {
                if (l.state(i) == TaskState.RUNNING) {
                    ns += l.intervals().durationNs(i);
                }
            }
            running.merge(l.task(), ns, Long::sum);
        }
        List<String> busiest = all.stream()
                .sorted(java.util.Comparator.comparingLong((TaskInfo t) -> -running.get(t.id())).thenComparing(TaskInfo.BY_NAME))
                .limit(LANE_NAMES_LISTED).sorted(TaskInfo.BY_NAME).map(TaskInfo::label).toList();
        List<String> words = new ArrayList<>(List.of("the", LANE_NAMES_LISTED + "", "running", "longest:"));
        words.addAll(commas(busiest));
        // the count as the "task lanes" row above writes it, grouped
        List<String> rest = List.of("all", PlainText.count(all.size()), "in", "info", "--json's", "taskLaneNames");
        return PlainText.wrapUncut(words, 12) + "\n" + " ".repeat(12) + PlainText.wrapUncut(rest, 12);
    }

    /**
     * {@code n} and, in brackets, what it is made of ({@code 3930 (preemption 380, wakeup 3544)}),
     * wrapped under the value column between the parts, each whole: on one line a run's four mark
     * kinds reached 88 columns.
     */
    private static String counted(long n, List<String> parts) {
        if (parts.isEmpty()) {
            return PlainText.count(n);
        }
        List<String> words = new ArrayList<>(List.of(PlainText.count(n)));
        List<String> listed = commas(parts);
        for (int i = 0; i < listed.size(); i++) {
            words.add((i == 0 ? "(" : "") + listed.get(i) + (i == listed.size() - 1 ? ")" : ""));
        }
        return PlainText.wrapUncut(words, 12);
    }

    /** Names one space apart with a comma after each but the last: a name may have a space in it ("CPU 3/KVM"). */
    private static List<String> commas(List<String> names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(names.get(i) + (i < names.size() - 1 ? "," : ""));
        }
        return out;
    }

    private static long taskStateIntervals(Dataset d) {
        long n = 0;
        for (TaskLane l : d.taskLanes()) {
            n += l.intervals().size();
        }
        return n;
    }

    private static void row(StringBuilder sb, String key, String value) {
        sb.append(String.format("%-11s %s%n", key, value));
    }
}
