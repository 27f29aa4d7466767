package org.schedlab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.schedlab.analysis.ComparisonTable;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.ImportWarningsText;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.analysis.TcpCountersText;
import org.schedlab.analysis.WiresharkTable;
import org.schedlab.io.read.Printable;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.render.Figures;
import org.schedlab.render.TimeFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab table}: the workbench's Edit > Copy for saved datasets and recordings, as
 * plain text for a mail (72 columns, ratios as x1.94 / 0.51x). One dataset: its summary or its
 * TCP counters, over the range when one is given (the summary of a range is that of the dataset
 * cropped to it, {@link Dataset#crop}); two (A then B): the delta table or the Wireshark-style TCP
 * table. Simulated runs have the same tables from {@code simulate} and {@code compare}.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "Print a dataset's summary or TCP counters, over all of it or --from-ms..--to-ms (two datasets: the A/B delta table or the "
                + "Wireshark-style TCP table) as plain text for a mail.")
public final class TableCommand implements Callable<Integer> {
    /** Which table. */
    enum Kind { summary, tcp }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "FILE", description = "One to print, or two to compare (A then B): each "
            + DatasetFiles.ARGUMENT_HELP)
    List<Path> files = new ArrayList<>();

    @Option(names = "--kind", paramLabel = "summary|tcp", defaultValue = "summary",
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Kind kind;

    @Option(names = "--from-ms", paramLabel = "N",
            description = "Range start, ms from the start of the data (default: 0): --kind summary prints the summary"
                    + " (two files: the delta table) of that window only, --kind tcp the counters over it.")
    Double fromMs;

    @Option(names = "--to-ms", paramLabel = "N",
            description = "Range end, ms from the start of the data (default: its end).")
    Double toMs;

    @Option(names = "--json", description = "Print the summary as one JSON object instead of text: one file's (as"
            + " simulate --summary json's, with cpuModes, profileBy and each lock's openWaits for a recording), or"
            + " for two {\"base\", \"test\", \"rows\"} as compare --format json prints them; each summary with the"
            + " file's importWarnings (as info --json's, empty when none).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (files.size() > 2) {
            // picocli's arity bounds one occurrence, not the list: a third file was silently left out
            throw new UserInputException("table takes one dataset or two (A then B), got " + files.size()
                    + DatasetFiles.ONE_RUN_HINT);
        }
        // the range render takes, checked as render checks it: -1 printed "+-1.00 ms", NaN was ignored
        TimeOptions.checkWindow(fromMs, toMs);
        if (json && kind == Kind.tcp) {
            throw new UserInputException("--json prints the summary (--kind summary); the TCP counters are text only:"
                    + " leave out --json for the TCP counters as text, or leave out --kind tcp (or give --kind summary) for the"
                    + " summary as JSON");
        }
        List<Dataset> ds = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<List<String>> warningsOf = new ArrayList<>();
        for (Path f : files) {
            List<String> w = new ArrayList<>();
            ds.add(DatasetFiles.load(f, w, spec.commandLine().getErr()));
            warningsOf.add(w);
            warnings.addAll(w);
        }
        RenderInputs range = RenderInputs.cutting(fromMs, toMs);
        String text;
        if (kind == Kind.summary) {
            // a range: the summary of that window of each file, as if it had been recorded over it only
            boolean windowed = fromMs != null || toMs != null;
            List<String> windows = new ArrayList<>();
            long[] w0 = null;
            for (int i = 0; i < ds.size() && windowed; i++) {
                Dataset d = ds.get(i);
                long[] w = range.window(d, files.get(i).toString());
                if (ds.size() == 1) {
                    w0 = w; // one file: SummaryReport.window cuts it and titles the window
                    break;
                }
                ds.set(i, d.crop(w[0], w[1]));
                windows.add("window " + DatasetCrop.windowText(w[0] - d.startNs(), w[1] - d.startNs()));
            }
            if (json) {
                // the summary the text is made from, as scripts read simulate's and compare's
                ObjectMapper m = org.schedlab.sim.summary.SummaryJson.mapper();
                JsonNode out;
                if (ds.size() == 1) {
                    ObjectNode one = DatasetSummary.of(windowed ? ds.get(0).crop(w0[0], w0[1]) : ds.get(0));
                    putWarnings(one, warningsOf.get(0));
                    out = one;
                } else {
                    ObjectNode a = DatasetSummary.of(ds.get(0));
                    ObjectNode b = DatasetSummary.of(ds.get(1));
                    ObjectNode o = m.createObjectNode();
                    o.set("base", a);
                    o.set("test", b);
                    CompareCommand.putRows(o.putArray("rows"), SummaryComparison.rows(List.of(a), List.of(b)), 1);
                    // after the rows: the warnings are no metric of either side
                    putWarnings(a, warningsOf.get(0));
                    putWarnings(b, warningsOf.get(1));
                    out = o;
                }
                DatasetFiles.printWarnings(warnings, spec.commandLine().getErr());
                PrintWriter w = spec.commandLine().getOut();
                w.println(m.writeValueAsString(out));
                w.flush();
                return SchedLabCli.EXIT_OK;
            }
            if (ds.size() == 1) {
                text = windowed ? SummaryReport.window(ds.get(0), w0[0], w0[1], name(0))
                        : SummaryReport.render(DatasetSummary.of(ds.get(0)));
            } else {
                JsonNode a = DatasetSummary.of(ds.get(0));
                JsonNode b = DatasetSummary.of(ds.get(1));
                // one file per line, as compare titles its sides: two names on one line were cut at 72
                text = ComparisonTable.render("compare\n  base  " + name(0) + " (A)" + window(windows, 0) + cutOf(name(0), ds.get(0), windows)
                        + "\n  test  " + name(1) + " (B)" + window(windows, 1) + cutOf(name(1), ds.get(1), windows),
                        SummaryComparison.rows(List.of(a), List.of(b)), false)
                        // the time base of its counts, as compare and the workbench's Copy table end: a
                        // count pasted into a mail said nothing of per how long
                        + ComparisonTable.spanLine(List.of(a), List.of(b)).map(l -> "\n" + l + "\n").orElse("")
                        // an rwsem's spin split and lock events, which a saved run does not hold
                        + SummaryReport.rwsemNotes(a, b).map(r -> "\n" + r + "\n").orElse("")
                        // where the waits end, as simulate's table says it: its runqlat differs by the switch
                        + SummaryReport.runqlatRule(a, b).map(r -> "\n" + r + "\n").orElse("");
            }
        } else {
            List<List<TcpCounters.Row>> rows = new ArrayList<>();
            List<String> windows = new ArrayList<>();
            List<Boolean> snapshots = new ArrayList<>();
            int snapshotsLeftOut = 0;
            int totalsLeftOut = 0;
            for (int i = 0; i < ds.size(); i++) {
                Dataset d = ds.get(i);
                // one nstat snapshot spans no time: its counters are read at that instant
                boolean snapshot = d.spanNs() <= 0 && !TcpCounters.of(d, d.startNs(), d.startNs()).isEmpty();
                if (snapshot && (fromMs != null || toMs != null)) {
                    // "the dataset is empty" said nothing of the counters that are there
                    throw new UserInputException(files.get(i) + ": has one snapshot of its counters (a single"
                            + " instant), so there is no interval and no change or rate to take over --from-ms/--to-ms;"
                            + " drop them to print the snapshot's counters, or record snapshots over time into one"
                            + " file (nstat -z every second, as example-data/record.sh does) for the change");
                }
                long[] w = snapshot || (d.spanNs() <= 0 && fromMs == null && toMs == null)
                        ? new long[] {d.startNs(), d.startNs()} : range.window(d, files.get(i).toString());
                List<TcpCounters.Row> of = TcpCounters.of(d, w[0], w[1]);
                // a snapshot opened with a recording counted the whole run: not the window's, so left
                // out of it (as the Figures tab and the summary's window leave it out), and said so
                TcpCounters.LeftOut leftOut = TcpCounters.leftOut(d, w[0], w[1]);
                snapshotsLeftOut += leftOut.snapshotCounters();
                totalsLeftOut += leftOut.captureTotals();
                if (of.isEmpty() && leftOut.total() > 0 && ds.size() == 1) {
                    throw new UserInputException(files.get(i) + ": its only TCP counters are the " + leftOut.what()
                            + ", counts of the whole run with no times, so nothing says how many fell inside"
                            + " --from-ms/--to-ms; drop --from-ms/--to-ms to print those counts, or record snapshots over"
                            + " time (nstat -z every second, as example-data/record.sh does) for a window's change");
                }
                rows.add(of);
                snapshots.add(snapshot);
                String stretch = snapshot ? "as read (no time span)"
                        : "+" + TimeFormat.duration(w[0] - d.startNs()) + " .. +" + TimeFormat.duration(w[1] - d.startNs());
                windows.add(stretch + TcpCountersText.wholeRunNote(d, w[0], w[1])
                        .map(n -> "\n" + (ds.size() == 1 ? "  " : "     ") + n).orElse(""));
            }
            if (rows.stream().allMatch(List::isEmpty)) {
                throw new UserInputException(String.join(", ", files.stream().map(Path::toString).toList())
                        + (snapshotsLeftOut + totalsLeftOut > 0
                        // naming what they have: "nstat snapshots and capture totals" of two runs with
                        // snapshots only named totals neither had
                        ? ": no TCP counters of --from-ms/--to-ms: their " + (totalsLeftOut == 0 ? "nstat snapshots"
                                : snapshotsLeftOut == 0 ? "Wireshark capture totals" : "nstat snapshots and capture totals")
                                + " count the whole run (drop the range to compare their counts)"
                        : ": no TCP counters (import nstat, netstat or a Wireshark Expert Info CSV with the run)"));
            }
            // the stretch on a line of its own, as the A/B form and the workbench's Copy put it: after
            // node_exporter_fixture_proc_net_netstat.txt the one line was cut at 72 to "as read (no ti"
            text = ds.size() == 1 ? TcpCountersText.render("TCP counters, " + name(0) + "\n  "
                    + windows.get(0), rows.get(0), snapshots.get(0))
                    // which file is A and which B, and over which stretch: columns headed "A" and "B"
                    // alone left a reader of the mail guessing (one file per line, as the delta table)
                    : PlainText.clip("TCP counters, Wireshark's names\n  A  " + name(0) + ", " + windows.get(0)
                            + "\n  B  " + name(1) + ", " + windows.get(1)) + "\n\n"
                            + wireshark(TcpCountersText.wiresharkCounts(rows.get(0), snapshots.get(0)),
                            TcpCountersText.wiresharkCounts(rows.get(1), snapshots.get(1)));
        }
        // under the table, the import warnings of each file that had some, as the status bar and a
        // picture's caption count them: the table pasted into a mail says the recording is not whole
        text += files.size() == 1 ? ImportWarningsText.under("", warningsOf.get(0))
                : ImportWarningsText.under(warningsOf.get(0), warningsOf.get(1));
        // as import prints them: once the command stands, before its result
        DatasetFiles.printWarnings(warnings, spec.commandLine().getErr());
        PrintWriter out = spec.commandLine().getOut();
        out.print(Printable.text(text));
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    /**
     * Two files' Wireshark table with, under it, the s390 mail's rows neither file counts (a
     * saved run has no "ACKed segment that wasn't captured"), as {@code compare} ends.
     */
    private static String wireshark(java.util.Map<String, ? extends Number> a, java.util.Map<String, ? extends Number> b) {
        return WiresharkTable.render("A", a, "B", b) + "\n" + WiresharkTable.leftOut(a, b) + "\n";
    }

    /**
     * The import warnings of a file as {@code info --json} names them ({@code importWarnings}, the
     * texts, empty when there are none): the text table says them under it, and a script reading
     * the JSON must be able to tell a recording was not read whole too, not only from stderr.
     */
    private static void putWarnings(ObjectNode summary, List<String> warnings) {
        com.fasterxml.jackson.databind.node.ArrayNode a = summary.putArray("importWarnings");
        warnings.forEach(a::add);
    }

    /**
     * Under a side's file {@code name}, the window it was cut from its recording or run
     * ({@code export --from-ms}) in the words of the picture's caption ({@link Figures#datasetOrigin}:
     * "window 30..60 ms of runA.txt.gz, perf-sched-script", "teach-fair-share, simulation, seed 1,
     * window 20..40 ms"): "cutA.json (A)" alone did not say it was 30 ms of runA, and a run's cut
     * was named without the seed that says which run. None where --from-ms/--to-ms cut the files
     * here (their window is said on the side's line).
     */
    private static String cutOf(String name, Dataset d, List<String> windows) {
        String w = d.metadata().parameters().get(DatasetCrop.WINDOW_KEY);
        if (!windows.isEmpty() || !DatasetCrop.isCutWindow(w)) {
            return "";
        }
        // the title's lines are cut at 72 columns: wrapped between words, a file name whole (spaces and all)
        return "\n" + " ".repeat(8) + PlainText.wrapUncut(Figures.datasetOriginWords(name, d.metadata()), 8);
    }

    private static String window(List<String> windows, int i) {
        return windows.isEmpty() ? "" : ", " + windows.get(i);
    }

    private String name(int i) {
        return RenderCommand.fileName(files.get(i)).orElse(files.get(i).toString());
    }
}
