package org.schedlab.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Printable;
import org.schedlab.io.read.RecordingSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab import FILE... [--out DATASET.json] [--summary text|json]}: reads recordings
 * (format detected by content, plain or gzip) into one dataset, optionally saves it, and
 * prints what it holds with the task table {@code perf sched latency --pids} would print.
 * Lines a reader did not understand are reported on stderr as warnings, never dropped silently.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Read recordings (perf sched/perf script, ftrace, trace-cmd, systrace/atrace, timehist, runqlat,"
                + " pgbench output and logs (-l), YCSB, nstat, netstat -s, /proc/net/netstat and snmp, perf stat,"
                + " perf lock contention and report, klockstat, /proc/lock_stat, Wireshark CSV, tshark text, vmstat,"
                + " mpstat, sar, Chrome trace; detected by content) into one dataset and print its task table as"
                + " perf sched latency --pids computes it.")
public final class ImportCommand implements Callable<Integer> {
    enum SummaryFormat { text, json }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Recording files, plain or gzip; read together.")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DATASET.json", description = "Save the dataset (.json, or .json.gz).")
    Path out;

    @Option(names = "--summary", paramLabel = "text|json", defaultValue = "text",
            description = "How to print the summary: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SummaryFormat summary;

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The command itself, also run without picocli's model by {@link DirectImport}. */
    int run(PrintWriter o, PrintWriter err) throws Exception {
        for (Path f : files) {
            if (org.schedlab.io.CsvTables.isExportDirectory(f)) {
                // its tables say what they are and where they go; the directory said only "is a directory"
                throw new UserInputException(f + ": is the directory of a SchedLab CSV export, not a recording: open"
                        + " it in the workbench, or give it to `schedlab info`, `export`, `render` or `table`");
            }
        }
        List<RecordingSource> sources = RecordingFiles.checked(files, "a recording file");
        if (out != null) {
            OutputFile.check(out, "a dataset file name (.json or .json.gz)");
            for (Path f : files) {
                if (Files.exists(out) && Files.isSameFile(f, out)) {
                    // a typo would replace the recording, which may exist nowhere else, with its dataset
                    throw new UserInputException(out + ": is the recording being imported; expected a new dataset"
                            + " file name for --out");
                }
            }
        }
        ImportResult result = RecordingFiles.imported(sources, ImportProgress.on(err));
        if (out != null) {
            try {
                DatasetJson.write(result.dataset(), out);
            } catch (IOException e) {
                throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
            }
        }
        // warnings only once the import stands: a failing command prints its one line and nothing else
        RecordingFiles.printWarnings(result.report().warnings(), err);
        ImportSummary s = new ImportSummary(result);
        // --out /dev/stdout | gzip: the task table after the dataset made the piped file no JSON
        o = OutputFile.reportTo(out, o, err);
        if (summary == SummaryFormat.json) {
            try (JsonGenerator g = new JsonFactory().createGenerator(o)) {
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                g.useDefaultPrettyPrinter();
                s.writeJson(g);
            }
            o.println();
        } else {
            o.print(Printable.text(s.toText()));
        }
        o.flush();
        return SchedLabCli.EXIT_OK;
    }
}
