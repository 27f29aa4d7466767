package org.schedlab.cli;

import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;

/**
 * The import part of {@code bench}: a whole import (detection, parsing, lanes, the scheduler
 * event log, the Dataset) of a recording held in memory, so the disk is not what is timed.
 */
final class BenchImport {
    private BenchImport() {
    }

    /** A recording's display name and its bytes as stored (gzip or plain). */
    record Recording(String file, byte[] bytes) {
    }

    record Result(String file, WallTimes wall, long lines) {
        double linesPerSec() {
            return lines / (wall.medianMs() / 1000.0);
        }
    }

    static Result measure(Recording recording, int runs) throws Exception {
        RecordingSource source = RecordingSource.ofBytes(recording.file(), recording.bytes());
        long[] lines = new long[1];
        WallTimes wall = WallTimes.measure(runs, () -> {
            ImportResult r;
            try {
                r = Importer.standard().importFile(source);
            } catch (ImportException e) {
                throw new IllegalStateException("the bundled recording does not import: " + e.getMessage(), e);
            }
            lines[0] = r.report().files().get(0).lines();
        });
        return new Result(recording.file(), wall, lines[0]);
    }
}
