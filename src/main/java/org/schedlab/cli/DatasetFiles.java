package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ContentSniffer;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingReader;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.io.read.Sniff;
import org.schedlab.model.Dataset;

/** Loading a dataset named on the command line: every failure becomes one line for the user. */
final class DatasetFiles {
    private DatasetFiles() {
    }

    static Dataset load(Path file) throws UserInputException {
        if (file.toString().isEmpty()) {
            // Path.of("") is the working directory: "is a directory" would puzzle
            throw new UserInputException("an empty file name was given; expected a dataset file"
                    + " (is a shell variable unset?)");
        }
        if (Files.isDirectory(file)) {
            throw new UserInputException(file + ": is a directory, expected a dataset file (.json or .json.gz)");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a named pipe blocked the command until something wrote into it, forever if nothing
            // did; <(cat x.json) was read up to the end by the reader and then sniffed again,
            // empty, for the message ("unreadable content"). As import refuses them.
            throw new UserInputException(file + ": is not a regular file (a pipe or a device); expected a dataset"
                    + " file (.json or .json.gz): save it first (SchedLab reads .json.gz directly)");
        }
        if (!Files.exists(file)) {
            // the JDK's "Too many levels of symbolic links or unable to access attributes of symbolic
            // link" for a loop; a dangling link's target named
            throw new UserInputException(file + ": " + org.schedlab.io.SymbolicLinks.whyMissing(file));
        }
        try {
            return DatasetJson.read(file);
        } catch (DatasetFormatException e) {
            throw new UserInputException(notADataset(file, e), e);
        } catch (NoSuchFileException e) {
            throw new UserInputException(file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new UserInputException(file + ": permission denied", e);
        } catch (IOException e) {
            throw new UserInputException(file + ": cannot read: " + OutputFile.reason(e), e);
        }
    }

    /**
     * Why {@code file} is not a dataset, for a user who gave a recording (or something else) to
     * {@code info}, {@code render} or {@code table}, which take what {@code import --out} writes:
     * the JSON parser's "Unrecognized token 'perf'" left them guessing. A recording an importer
     * reads gets the import command, a tool's summary (perf sched latency's table) what to give
     * instead; anything else keeps the dataset reader's reason and place.
     */
    static String notADataset(Path file, DatasetFormatException e) {
        Sniff sniff;
        try {
            sniff = ContentSniffer.sniff(RecordingSource.of(file));
        } catch (ImportException | RuntimeException unreadable) {
            return e.getMessage(); // the dataset reader's reason says what is wrong
        }
        try {
            RecordingReader r = Importer.standard().detect(sniff);
            return file + ": is a " + r.kind() + " recording, not a SchedLab dataset; 'schedlab import " + file
                    + " --out DATASET.json' makes a dataset of it";
        } catch (ImportException | RuntimeException notARecording) {
            if (sniff.binary() && !sniff.binaryKind().equals("binary data")) {
                // UTF-16 (PowerShell's ">"), a perf.data, a zip: the JSON parser's reason about a token
                // it decoded ("Unrecognized token 'perf'") says nothing of what the file is; bytes of no
                // known kind keep the parser's line and column
                return file + ": not a SchedLab dataset; this is " + sniff.binaryKind();
            }
            // a tool's summary kept instead of its recording is named; other text keeps the
            // dataset reader's reason, with its line and column
            return Importer.summaryOutput(sniff).map(why -> file + ": not a SchedLab dataset; " + why)
                    .orElse(e.getMessage());
        }
    }
}
