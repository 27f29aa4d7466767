package org.schedlab.ui;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ImportException;
import org.schedlab.model.Dataset;

/**
 * Turns the files the user chose into one dataset on a background thread, reporting bytes read
 * and stopping early when cancelled. {@link #standard()} opens everything the importer reads
 * (detected by content, plain or gzip) and SchedLab's own dataset JSON; {@link #json()} only
 * the latter.
 */
@FunctionalInterface
public interface DatasetOpener {

    /** What an opener reports to, and asks about, while it reads. */
    interface Progress {
        void bytesRead(long done, long total);

        boolean isCancelled();
    }

    /** A dataset and what the user should know about how it was read (lines not understood, ...). */
    record Opened(Dataset dataset, List<String> warnings) {
        public Opened {
            Objects.requireNonNull(dataset, "dataset");
            warnings = List.copyOf(warnings);
        }
    }

    /** Reads {@code sources} (one or more) into one dataset. */
    Opened open(List<DatasetSource> sources, Progress progress)
            throws IOException, DatasetFormatException, ImportException;

    /** Recordings of every format the importer detects, several into one dataset, and dataset JSON. */
    static DatasetOpener standard() {
        return new StandardOpener();
    }

    /** SchedLab dataset JSON only (one file), through {@link DatasetJson}, with byte progress and cancellation. */
    static DatasetOpener json() {
        return (sources, progress) -> {
            if (sources.size() != 1) {
                throw new IllegalArgumentException("the JSON opener reads one dataset file, got " + sources.size());
            }
            return StandardOpener.saved(StandardOpener.readDatasetJson(sources.get(0), progress));
        };
    }
}
