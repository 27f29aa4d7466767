package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/** Loading a dataset named on the command line: every failure becomes one line for the user. */
final class DatasetFiles {
    private DatasetFiles() {
    }

    static Dataset load(Path file) throws UserInputException {
        if (Files.isDirectory(file)) {
            throw new UserInputException(file + ": is a directory, expected a dataset file (.json or .json.gz)");
        }
        try {
            return DatasetJson.read(file);
        } catch (DatasetFormatException e) {
            throw new UserInputException(e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new UserInputException(file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new UserInputException(file + ": permission denied", e);
        } catch (IOException e) {
            throw new UserInputException(file + ": cannot read: " + OutputFile.reason(e), e);
        }
    }
}
