package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.analysis.PlainText;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.io.CsvExport;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab export FILE --format json|csv|chrome --out PATH [--from-ms N] [--to-ms N]}: a
 * dataset (or a recording's) in another shape, whole or the window asked for, cut as
 * {@link Dataset#crop} cuts it (the summary of a window, {@code table --from-ms}, is that of the
 * same cut), so a review thread gets the stretch of interest rather than the whole run.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a dataset (or a recording, as import reads it) as SchedLab JSON or as Chrome Trace Event "
                + "JSON for Perfetto or Chrome's trace viewer (--out FILE; a name ending in .gz is gzipped), or as CSV "
                + "tables (--out DIR, a .csv file each: slices, tasks, task-states, locks, counters, marks, operations, cpus, "
                + "parameters; "
                + "and import-warnings when the import warned); all of it, or the window --from-ms..--to-ms only.")
public final class ExportCommand implements Callable<Integer> {
    /** Formats this command writes (CLI.md). */
    static final List<String> FORMATS = List.of("json", "csv", "chrome");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "What to write: " + DatasetFiles.ARGUMENT_HELP)
    Path file;

    @Option(names = "--format", required = true, paramLabel = "json|csv|chrome", description = "Output format: ${COMPLETION-CANDIDATES}.",
            completionCandidates = FormatCandidates.class)
    String format;

    @Option(names = "--out", required = true, paramLabel = "PATH", description = "Output file (json, chrome) or directory (csv).")
    Path out;

    @Option(names = "--from-ms", paramLabel = "N",
            description = "Window start, ms from the start of the data (default: 0): only that window is written, cut"
                    + " as if recorded over it (slices cut at its edges, the marks, counters and operations in it);"
                    + " the written parameters (the JSON's, the Chrome trace's, parameters.csv) say window=FROM..TO ms.")
    Double fromMs;

    @Option(names = "--to-ms", paramLabel = "N",
            description = "Window end, ms from the start of the data (default: its end).")
    Double toMs;

    @Override
    public Integer call() throws Exception {
        // options in the order render checks its own: what to write (render's picture format) and
        // where first, then the window; an unknown --format given with a bad window was refused for
        // the window, and fixing that only led to the format's refusal
        if (!FORMATS.contains(format)) {
            throw new UserInputException("--format: unknown format '" + format + "', expected one of "
                    + String.join(", ", FORMATS));
        }
        OutputFile.requireName(out, format.equals("csv") ? "a directory for --format csv"
                : "a file name for --format " + format);
        // the window table and render take, checked as they check it and before a long import
        TimeOptions.checkWindow(fromMs, toMs);
        boolean oneFile = format.equals("json") || format.equals("chrome");
        if (oneFile) {
            // before the recording is imported, which may take long: a bad --out is found first
            OutputFile.check(out, "a file name for --format " + format);
            if (Files.exists(out) && Files.exists(file) && Files.isSameFile(file, out)) {
                // a typo replaced the recording, which may exist nowhere else, or the dataset with
                // its Chrome trace, as import's --out over its own input once did
                throw new UserInputException(out + ": is the file being exported; expected a new file name for --out");
            }
        }
        List<String> warnings = new ArrayList<>();
        DatasetFiles.Loaded loaded = DatasetFiles.loaded(file, warnings, spec.commandLine().getErr());
        if (!oneFile && loaded.origin() == DatasetFiles.Origin.TABLES) {
            // the tables being read, replaced by their own export: with a window, the whole export
            // became that window's without a word, as a JSON export over its input is refused for.
            // Only tables read: a run.json beside its own tables is exported there again
            Path tables = Files.isDirectory(file) ? file : file.toAbsolutePath().getParent();
            if (tables != null && Files.isDirectory(out) && Files.isSameFile(tables, out)) {
                throw new UserInputException(out + ": holds the CSV tables being exported; expected another"
                        + " directory for --out");
            }
        }
        Dataset d = loaded.dataset();
        String window = "";
        if (fromMs != null || toMs != null) {
            // the window of table's summary and of render's picture: refused in their words when
            // outside the data, empty or reversed; the end cut to the data's
            long[] w = RenderInputs.cutting(fromMs, toMs).window(d, file.toString());
            window = "window " + DatasetCrop.windowText(w[0] - d.startNs(), w[1] - d.startNs()) + " of "
                    + RenderCommand.fileName(file).orElse(file.toString()) + ", ";
            d = d.crop(w[0], w[1]);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        try {
            if (oneFile) {
                if (format.equals("json")) {
                    DatasetJson.write(d, out);
                } else {
                    ChromeTraceWriter.write(d, out);
                }
                // written to standard output itself, the line goes to stderr, not after the data
                PrintWriter said = OutputFile.reportTo(out, stdout, spec.commandLine().getErr());
                said.println("wrote " + out + " (" + window + slices(d) + withWarnings(d) + ")");
                said.flush();
            } else {
                if (Files.exists(out) && !Files.isDirectory(out)) {
                    throw new UserInputException(out + ": is " + (OutputFile.isDevice(out) ? "a device or pipe" : "a file")
                            + ", expected a directory for --format csv");
                }
                // "Not a directory (/a/file/sub)" did not say which part was the file
                java.util.Optional<Path> inTheWay = OutputFile.fileInTheWay(out);
                if (inTheWay.isPresent()) {
                    throw new UserInputException(out + ": cannot create directory: " + inTheWay.get()
                            + " is a file, not a directory");
                }
                List<String> names = new java.util.ArrayList<>(CsvExport.FILES);
                if (!d.metadata().importWarnings().isEmpty()) {
                    names.add(CsvExport.WARNINGS);
                }
                OutputFile.noDirectoryAmong(out, names, "a CSV table of --format csv");
                List<Path> files = CsvExport.write(d, out);
                stdout.println("wrote " + files.size() + " CSV files to " + out + (d.metadata().importWarnings().isEmpty()
                        ? (window.isEmpty() ? "" : " (" + window.substring(0, window.length() - 2) + ")")
                        : " (" + window + CsvExport.FILES.size() + " tables and " + CsvExport.WARNINGS + withWarnings(d) + ")"));
            }
        } catch (IOException e) {
            throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
        }
        // as import prints them: once the command stands (a failing command prints its one line only)
        DatasetFiles.printWarnings(warnings, spec.commandLine().getErr());
        stdout.flush();
        return SchedLabCli.EXIT_OK;
    }

    /** "1 slice", "9,801,388 slices": grouped as info groups them ("1 slices" was said of a window of one). */
    static String slices(Dataset d) {
        long n = d.sliceCount();
        return PlainText.count(n) + (n == 1 ? " slice" : " slices");
    }

    /** ", 3 import warnings" for a dataset whose import warned, which the export carries; "" for one without. */
    static String withWarnings(Dataset d) {
        List<String> w = d.metadata().importWarnings();
        return w.isEmpty() ? "" : ", " + org.schedlab.analysis.ImportWarningsText.count(w);
    }

    static final class FormatCandidates implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return FORMATS.iterator();
        }
    }
}
