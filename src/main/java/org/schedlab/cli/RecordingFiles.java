package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.schedlab.io.read.ChromeTraceReader;
import org.schedlab.io.read.FileReport;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.Printable;
import org.schedlab.io.read.RecordingSource;

/**
 * Files named on the command line for reading as recordings ({@code import}, {@code open}),
 * checked before anything reads them: each refusal is one line naming the file.
 */
final class RecordingFiles {
    /** What to do with output that is streamed rather than saved. */
    static final String SAVE_FIRST = "save the output first (SchedLab reads .gz directly, no need to unpack)";

    private RecordingFiles() {
    }

    /**
     * {@code files} as sources to read, once each is known to be a readable regular file named
     * once; {@code expected} ("a recording file") ends each refusal.
     */
    static List<RecordingSource> checked(List<Path> files, String expected) throws UserInputException {
        List<RecordingSource> sources = new ArrayList<>();
        for (Path f : files) {
            if (f.toString().isEmpty()) {
                // Path.of("") is the current directory: "is a directory" would puzzle
                throw new UserInputException("an empty file name was given; expected " + expected
                        + " (is a shell variable unset?)");
            }
            if (f.toString().equals("-") && !Files.exists(f)) {
                throw new UserInputException("-: standard input is not read; expected " + expected + ": " + SAVE_FIRST);
            }
            if (!Files.exists(f)) {
                // a link loop is a name ls shows: "no such file" sent the user looking for a typo
                throw new UserInputException(f + ": " + org.schedlab.io.SymbolicLinks.whyMissing(f));
            }
            if (Files.isDirectory(f)) {
                throw new UserInputException(f + ": is a directory, expected " + expected);
            }
            if (!Files.isReadable(f)) {
                throw new UserInputException(f + ": permission denied");
            }
            if (!Files.isRegularFile(f)) {
                // a pipe or device is read once and may never end; a recording is opened twice
                // (to detect its format, then to read it) and read to its end
                throw new UserInputException(f + ": is not a regular file (a pipe or a device); expected " + expected
                        + ": " + SAVE_FIRST);
            }
            for (RecordingSource earlier : sources) {
                Path e = Path.of(earlier.name());
                if (e.toString().equals(f.toString())) {
                    // as the import's read says it, but here, before open starts a window to say it in
                    throw new UserInputException(f + ": is given twice; expected each recording once");
                }
                if (sameFile(e, f)) {
                    // read twice, it would be refused as a second log "of another run" or of the same CPUs
                    throw new UserInputException(f + ": is " + e + " again; expected each recording once");
                }
            }
            sources.add(RecordingSource.of(f));
        }
        return sources;
    }

    /**
     * {@code sources} read into one dataset as {@code import} reads them: the importer's one-line
     * reason (file and line) when a file cannot be read, and a damaged or truncated file refused.
     * Its warnings are for {@link #printWarnings} once the command stands.
     */
    static ImportResult imported(List<RecordingSource> sources) throws UserInputException {
        return imported(sources, ImportMonitor.NONE);
    }

    /** {@link #imported(List)}, saying how far it got through {@code monitor} ({@link ImportProgress}). */
    static ImportResult imported(List<RecordingSource> sources, ImportMonitor monitor) throws UserInputException {
        ImportResult result;
        try {
            result = Importer.standard().importFiles(sources, monitor);
        } catch (ImportException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        Optional<FileReport> cut = result.report().firstDamaged();
        if (cut.isPresent()) {
            // README: a damaged or truncated file is refused. A part of a run read as the whole one
            // (exit 0, a warning scrolled away) gives wrong totals; the workbench opens the part and says so.
            String f = cut.get().file();
            // the part of a line format reads without its cut last line; the part of a Chrome
            // trace is a JSON document cut short, which is refused in turn
            // (a failed checksum has no "before": the damaged bytes are somewhere in all of it)
            boolean partReads = f.endsWith(".gz") && !cut.get().format().equals(ChromeTraceReader.FORMAT)
                    && !cut.get().damage().contains("checksum");
            throw new UserInputException(f + ": " + cut.get().damage() + "; expected a complete file, nothing was"
                    + " imported" + (partReads ? " (to use the part before the "
                    + (cut.get().damage().startsWith(org.schedlab.io.read.ContentSniffer.GZIP_CUT) ? "cut" : "damage") + ": gzip -dc " + f
                    + " > part.txt, then import part.txt)" : ""));
        }
        return result;
    }

    /** The lines a reader did not understand, one {@code schedlab: warning:} line each. */
    static void printWarnings(List<String> warnings, java.io.PrintWriter err) {
        for (String w : warnings) {
            err.println("schedlab: warning: " + Printable.of(w));
        }
        err.flush();
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false; // the read that follows says what is wrong with either
        }
    }
}
