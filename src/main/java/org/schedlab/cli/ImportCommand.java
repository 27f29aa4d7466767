package org.schedlab.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
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
                + " pgbench, YCSB, nstat, netstat -s, /proc/net/netstat and snmp, perf lock contention, klockstat,"
                + " /proc/lock_stat, Wireshark CSV, Chrome trace; detected by content) into one dataset and print"
                + " its task table as perf sched latency --pids computes it.")
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

    /** What to do with output that is streamed rather than saved. */
    private static final String SAVE_FIRST = "save the output first (SchedLab reads .gz directly, no need to unpack)";

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false; // the read that follows says what is wrong with either
        }
    }

    /** The command itself, also run without picocli's model by {@link DirectImport}. */
    int run(PrintWriter o, PrintWriter err) throws Exception {
        List<RecordingSource> sources = new ArrayList<>();
        for (Path f : files) {
            if (f.toString().isEmpty()) {
                // Path.of("") is the current directory: "is a directory" would puzzle
                throw new UserInputException("an empty file name was given; expected a recording file"
                        + " (is a shell variable unset?)");
            }
            if (f.toString().equals("-") && !Files.exists(f)) {
                throw new UserInputException("-: standard input is not read; expected a recording file: " + SAVE_FIRST);
            }
            if (!Files.exists(f)) {
                throw new UserInputException(f + ": no such file");
            }
            if (Files.isDirectory(f)) {
                throw new UserInputException(f + ": is a directory, expected a recording file");
            }
            if (!Files.isReadable(f)) {
                throw new UserInputException(f + ": permission denied");
            }
            if (!Files.isRegularFile(f)) {
                // a pipe or device is read once and may never end; a recording is opened twice
                // (to detect its format, then to read it) and read to its end
                throw new UserInputException(f + ": is not a regular file (a pipe or a device); expected a recording"
                        + " file: " + SAVE_FIRST);
            }
            for (RecordingSource earlier : sources) {
                Path e = Path.of(earlier.name());
                if (!e.toString().equals(f.toString()) && sameFile(e, f)) {
                    // read twice, it would be refused as a second log "of another run" or of the same CPUs
                    throw new UserInputException(f + ": is " + e + " again; expected each recording once");
                }
            }
            sources.add(RecordingSource.of(f));
        }
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
        ImportResult result;
        try {
            result = Importer.standard().importFiles(sources, ImportMonitor.NONE);
        } catch (ImportException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        java.util.Optional<org.schedlab.io.read.FileReport> cut = result.report().firstDamaged();
        if (cut.isPresent()) {
            // README: a damaged or truncated file is refused. A part of a run read as the whole one
            // (exit 0, a warning scrolled away) gives wrong totals; the workbench opens the part and says so.
            String f = cut.get().file();
            throw new UserInputException(f + ": " + cut.get().damage() + "; expected a complete file, nothing was"
                    + " imported" + (f.endsWith(".gz") ? " (to use the part before the cut: gzip -dc " + f
                    + " > part.txt, then import part.txt)" : ""));
        }
        if (out != null) {
            try {
                DatasetJson.write(result.dataset(), out);
            } catch (IOException e) {
                throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
            }
        }
        // warnings only once the import stands: a failing command prints its one line and nothing else
        for (String w : result.report().warnings()) {
            err.println("schedlab: warning: " + Printable.of(w));
        }
        err.flush();
        ImportSummary s = new ImportSummary(result);
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
