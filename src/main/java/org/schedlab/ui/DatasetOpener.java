package org.schedlab.ui;

import java.io.IOException;

import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/**
 * Turns a source into a dataset on a background thread, reporting bytes read and stopping
 * early when cancelled. Today that is SchedLab's own JSON (plain or gzip); readers of other
 * formats plug in here.
 */
@FunctionalInterface
public interface DatasetOpener {

    /** What an opener reports to, and asks about, while it reads. */
    interface Progress {
        void bytesRead(long done, long total);

        boolean isCancelled();
    }

    Dataset open(DatasetSource source, Progress progress) throws IOException, DatasetFormatException;

    /** SchedLab dataset JSON through {@link DatasetJson}, with byte progress and cancellation. */
    static DatasetOpener json() {
        return (source, progress) -> {
            long size = source.sizer().sizeBytes();
            try (ProgressInputStream in = new ProgressInputStream(source.opener().open(), size, progress)) {
                return DatasetJson.read(in, source.path());
            }
        };
    }
}
