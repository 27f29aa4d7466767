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
        try {
            return DatasetJson.read(file);
        } catch (DatasetFormatException e) {
            throw new UserInputException(recording(file).map(format -> file + ": is a " + format
                    + " recording, not a SchedLab dataset; 'schedlab import " + file
                    + " --out DATASET.json' makes a dataset of it").orElse(e.getMessage()), e);
        } catch (NoSuchFileException e) {
            throw new UserInputException(file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new UserInputException(file + ": permission denied", e);
        } catch (IOException e) {
            throw new UserInputException(file + ": cannot read: " + OutputFile.reason(e), e);
        }
    }

    /**
     * The format of a file that is not a dataset but a recording an importer reads: the JSON
     * parser's "Unrecognized token 'perf'" left the user guessing that {@code info}, {@code render}
     * and {@code table} take what {@code import --out} writes.
     */
    static java.util.Optional<String> recording(Path file) {
        try {
            RecordingReader r = Importer.standard().detect(ContentSniffer.sniff(RecordingSource.of(file)));
            return java.util.Optional.of(r.format());
        } catch (ImportException | RuntimeException notARecording) {
            return java.util.Optional.empty(); // neither: the dataset reader's reason says what is wrong
        }
    }
}
