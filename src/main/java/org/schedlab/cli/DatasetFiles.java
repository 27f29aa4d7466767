package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.schedlab.io.CsvTables;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ContentSniffer;
import org.schedlab.io.read.ExportTables;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.io.read.Sniff;
import org.schedlab.model.Dataset;

/**
 * Loading the dataset a command line names ({@code info}, {@code table}, {@code render},
 * {@code export}): a SchedLab dataset (.json, .json.gz) is read as it is, a CSV export (its
 * directory or one of its tables) is read back; any other file that
 * {@code schedlab import} reads is imported here, in-process, exactly as {@code import FILE}
 * imports that one file (same detection, reader, refusals and warnings), so the command prints
 * what it prints for the dataset {@code import FILE --out} saves. Every failure becomes one line.
 */
final class DatasetFiles {
    /** What a dataset argument takes, as the end of each refusal of the file itself. */
    static final String EXPECTED = "a dataset or recording file";

    /**
     * Said where more files are given than datasets taken: each argument is one dataset, so the
     * files of one run (its trace and its pgbench output) are imported together first.
     */
    static final String ONE_RUN_HINT = " (each file is one dataset; for several files of one run:"
            + " schedlab import A B --out run.json, then give run.json)";

    /** The help text of a dataset argument, after what the command does with it. */
    static final String ARGUMENT_HELP = "a SchedLab dataset (.json or .json.gz), a CSV export (its directory or"
            + " one of its tables), or a recording schedlab import reads, imported as 'schedlab import FILE' would"
            + " (not saved). One file each: several files of one run"
            + " are one import (schedlab import A B --out run.json), then give run.json.";

    private DatasetFiles() {
    }

    /**
     * The dataset {@code file} holds or, for a recording, the one its import makes; the import's
     * warnings (lines its reader did not understand; for a saved dataset those of the import it
     * was saved from) are added to {@code warnings}, for
     * {@link #printWarnings} once the command stands, as {@code import} prints them. A long
     * import of a recording says how far it got on {@code err} ({@link ImportProgress}).
     */
    static Dataset load(Path file, List<String> warnings, java.io.PrintWriter err) throws UserInputException {
        return loaded(file, warnings, err).dataset();
    }

    /**
     * What {@link #load} read a file as: a dataset SchedLab saved (JSON), a CSV export's tables, a
     * recording, or SchedLab's Chrome trace export of a dataset, which says where its data came
     * from (its metadata is the dataset's, as the JSON's is).
     */
    enum Origin { SAVED, TABLES, RECORDING, TRACE }

    /** A dataset and what it was read from. */
    record Loaded(Dataset dataset, Origin origin) {
    }

    /** As {@link #load}, saying what the file was. */
    static Loaded loaded(Path file, List<String> warnings, java.io.PrintWriter err) throws UserInputException {
        if (CsvTables.isExportDirectory(file)) {
            return new Loaded(tables(file, warnings), Origin.TABLES); // a directory `export --format csv` wrote
        }
        Optional<String> halfExport = CsvTables.missingTable(file);
        if (halfExport.isPresent()) {
            throw new UserInputException(halfExport.get()); // not "is a directory": a CSV export is one
        }
        // empty name, "-", missing (dangling link, loop), directory, unreadable, pipe or device: the
        // refusals of import, which a recording named here would otherwise get after these
        RecordingSource source = RecordingFiles.checked(List.of(file), EXPECTED).get(0);
        Optional<Sniff> sniff = sniff(source);
        if (sniff.isPresent() && !sniff.get().binary()
                && ExportTables.tableOf(sniff.get().firstContentLine()).isPresent()) {
            return new Loaded(tables(file, warnings), Origin.TABLES); // one table of such a directory: the others are beside it
        }
        if (sniff.isPresent() && !sniff.get().isSchedLabDataset() && isRecording(sniff.get())) {
            // one file: several files of one run are one import (import A B --out run.json)
            ImportResult r = RecordingFiles.imported(List.of(source), ImportProgress.on(err));
            warnings.addAll(r.report().warnings());
            return new Loaded(r.dataset(), r.exportReadBack() ? Origin.TRACE : Origin.RECORDING);
        }
        try {
            Dataset saved = DatasetJson.read(file);
            // the warnings of the import it was saved from, as that import printed them: the
            // command says what it says for the recording itself
            warnings.addAll(saved.metadata().importWarnings());
            return new Loaded(saved, Origin.SAVED);
        } catch (DatasetFormatException e) {
            throw new UserInputException(notADataset(file, e, sniff), e);
        } catch (NoSuchFileException e) {
            throw new UserInputException(file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new UserInputException(file + ": permission denied", e);
        } catch (IOException e) {
            throw new UserInputException(file + ": cannot read: " + OutputFile.reason(e), e);
        }
    }

    /** The dataset of a CSV export's tables ({@code dirOrTable}: its directory or one of them). */
    private static Dataset tables(Path dirOrTable, List<String> warnings) throws UserInputException {
        try {
            CsvTables.Read read = CsvTables.read(dirOrTable, CsvTables.Progress.NONE);
            warnings.addAll(read.warnings());
            return read.dataset();
        } catch (DatasetFormatException e) {
            throw new UserInputException(e.getMessage(), e);
        } catch (AccessDeniedException e) {
            throw new UserInputException(e.getFile() + ": permission denied", e);
        } catch (IOException e) {
            throw new UserInputException(dirOrTable + ": cannot read: " + OutputFile.reason(e), e);
        }
    }

    /** {@code warnings} from {@link #load}, as {@code import} prints them. */
    static void printWarnings(List<String> warnings, java.io.PrintWriter err) {
        RecordingFiles.printWarnings(warnings, err);
    }

    private static Optional<Sniff> sniff(RecordingSource source) {
        try {
            return Optional.of(ContentSniffer.sniff(source));
        } catch (ImportException | RuntimeException unreadable) {
            return Optional.empty(); // the dataset reader's attempt says what is wrong
        }
    }

    private static boolean isRecording(Sniff sniff) {
        try {
            Importer.standard().detect(sniff);
            return true;
        } catch (ImportException | RuntimeException notARecording) {
            return false;
        }
    }

    /**
     * Why {@code file}, which no importer reads either, is not a dataset: the JSON parser's
     * "Unrecognized token 'perf'" left a user guessing. A file of a known binary kind (perf.data,
     * UTF-16, a zip) is named for what it is, a tool's summary (perf sched latency's table) gets
     * what to give instead, other text not named as a dataset gets import's reason; JSON and
     * files named .json keep the dataset reader's reason and place.
     */
    private static String notADataset(Path file, DatasetFormatException e, Optional<Sniff> sniff) {
        if (sniff.isEmpty()) {
            return e.getMessage();
        }
        Sniff s = sniff.get();
        String name = file.toString();
        if (!s.gzipDamage().isEmpty()) {
            // a gzip file cut short: the cut leads, as import says it, then what the lines before it are
            int lines = s.headLines().size();
            if (s.isSchedLabDataset()) {
                return name + ": " + s.gzipDamage() + "; the " + lines + (lines == 1 ? " line" : " lines")
                        + " before it are the start of a SchedLab dataset; expected the complete file";
            }
            String why = importsReason(s).orElse("not a recording SchedLab reads");
            return Importer.cutFirst(s, new ImportException(name, 0, "not a SchedLab dataset; " + why)).getMessage();
        }
        boolean namedAsDataset = name.endsWith(".json") || name.endsWith(".json.gz");
        if (s.binary() && (!s.binaryKind().equals("binary data") || !namedAsDataset)) {
            // UTF-16 (PowerShell's ">"), a perf.data, a zip: the JSON parser's reason about a token
            // it decoded says nothing of what the file is; import's reason does (and how to get the
            // text of a perf.data). Bytes of no known kind in a file named as a dataset (.json,
            // .json.gz) keep the parser's line and column: a damaged dataset; any other is named
            // as binary, not as "not valid JSON".
            return importsReason(s).map(why -> file + ": not a SchedLab dataset; " + why)
                    .orElse(file + ": not a SchedLab dataset; this is " + s.binaryKind());
        }
        // a scenario file is JSON too: the reader's "missing \"format\"" at 1:1 said nothing of what
        // it is, nor how the commands take one
        if (s.isSchedLabScenario()) {
            if (s.gzip()) {
                // the scenario loader reads plain JSON: told to run the .gz itself, simulate said
                // "byte 0x8b is not UTF-8 text"; the plain copy never takes the compressed file's name
                String plain = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : "FILE.json";
                return file + ": not a SchedLab dataset; this is a gzip-compressed SchedLab scenario file, which"
                        + " `--scenario` reads uncompressed: `gunzip -c " + file + " > " + plain + "`, then run it"
                        + " with `schedlab simulate --scenario " + plain + "`, or draw it with `schedlab render"
                        + " --scenario " + plain + " --out FILE.png`";
            }
            return file + ": not a SchedLab dataset; this is a SchedLab scenario file: run it with"
                    + " `schedlab simulate --scenario " + file + "`, or draw it with `schedlab render --scenario "
                    + file + " --out FILE.png`";
        }
        // a tool's summary kept instead of its recording is named
        Optional<String> summary = Importer.summaryOutput(s);
        if (summary.isPresent()) {
            return file + ": not a SchedLab dataset; " + summary.get();
        }
        String first = s.firstContentLine();
        if (!s.binary() && !namedAsDataset
                && !first.startsWith("{") && !first.startsWith("[")) {
            // text meant as a recording (notes.txt, an empty capture): what import says of it, the
            // formats it reads, rather than the JSON parser's "Unrecognized token 'hello'"
            Optional<String> why = importsReason(s);
            if (why.isPresent()) {
                return file + ": not a SchedLab dataset; " + why.get();
            }
        }
        // JSON, or a file named as a dataset: the dataset reader's reason, with its line and column
        return e.getMessage();
    }

    /** Why no importer reads {@code sniff}'s file, as {@code import} says it; empty when one does. */
    private static Optional<String> importsReason(Sniff sniff) {
        try {
            Importer.standard().detect(sniff);
            return Optional.empty();
        } catch (ImportException why) {
            return Optional.of(why.problem());
        }
    }
}
