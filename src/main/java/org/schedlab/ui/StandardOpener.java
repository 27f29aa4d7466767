package org.schedlab.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.schedlab.io.CsvTables;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ContentSniffer;
import org.schedlab.io.read.ExportTables;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.io.read.Sniff;

/**
 * What File > Open, drag and drop and the recent-files menu use: looks at each file's content
 * (never its name). SchedLab's own dataset JSON opens as it is, a table of its CSV export opens
 * with the other tables of its directory ({@link CsvTables}); anything else goes through the
 * {@link Importer}, all files of one open into one dataset, with the importer's progress and
 * cancellation wired to the load task and its warnings (lines not understood) handed back.
 */
final class StandardOpener implements DatasetOpener {
    private final Importer importer = Importer.standard();

    @Override
    public Opened open(List<DatasetSource> sources, Progress progress)
            throws IOException, DatasetFormatException, ImportException {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to open");
        }
        List<RecordingSource> recordings = new ArrayList<>(sources.size());
        List<Path> tables = new ArrayList<>();
        long totalBytes = 0;
        for (DatasetSource s : sources) {
            RecordingSource r = recording(s);
            Sniff sniff = ContentSniffer.sniff(r);
            if (sniff.isSchedLabDataset()) {
                if (sources.size() > 1) {
                    throw new ImportException(s.path(), 0, "is a SchedLab dataset, which opens on its own;"
                            + " open it alone, or open the recordings it was made from together");
                }
                return saved(readDatasetJson(s, progress));
            }
            if (s.file().isPresent() && !sniff.binary()
                    && ExportTables.tableOf(sniff.firstContentLine()).isPresent()) {
                tables.add(s.file().get());
                continue;
            }
            recordings.add(r);
            totalBytes = totalBytes < 0 || r.sizeBytes() < 0 ? -1 : totalBytes + r.sizeBytes();
        }
        if (!tables.isEmpty()) {
            return openTables(tables, recordings, progress);
        }
        ImportResult result = importer.importFiles(recordings, new Monitor(recordings, totalBytes, progress));
        return new Opened(result.dataset(), result.report().warnings());
    }

    /**
     * The tables of a CSV export, read back as one dataset: any of them names its directory, whose
     * other tables are read with it (picking all seven is the same as picking one).
     */
    private static Opened openTables(List<Path> tables, List<RecordingSource> others, Progress progress)
            throws IOException, DatasetFormatException, ImportException {
        Path dir = tables.get(0).getParent();
        if (!others.isEmpty()) {
            throw new ImportException(others.get(0).name(), 0, "was opened with " + tables.get(0).getFileName()
                    + " of a SchedLab CSV export, which opens on its own (its directory's tables together);"
                    + " open the export alone");
        }
        for (Path t : tables) {
            if (!t.getParent().equals(dir)) {
                throw new ImportException(t.toString(), 0, "is a table of another CSV export than "
                        + tables.get(0) + "; open one export at a time");
            }
        }
        CsvTables.Read read = CsvTables.read(dir, new CsvTables.Progress() {
            @Override
            public void bytesRead(long done, long total) {
                progress.bytesRead(done, total);
            }

            @Override
            public boolean isCancelled() {
                return progress.isCancelled();
            }
        });
        return new Opened(read.dataset(), read.warnings());
    }

    /**
     * A saved dataset with the warnings of the import it was saved from: the status bar and the
     * caption say of it what they said of that import (the warnings dialog opens from the status
     * bar, as then).
     */
    static Opened saved(org.schedlab.model.Dataset d) {
        return new Opened(d, d.metadata().importWarnings());
    }

    static org.schedlab.model.Dataset readDatasetJson(DatasetSource source, Progress progress)
            throws IOException, DatasetFormatException {
        long size = source.sizer().sizeBytes();
        try (ProgressInputStream in = new ProgressInputStream(source.opener().open(), size, progress)) {
            return DatasetJson.read(in, source.path());
        }
    }

    /**
     * Errors name the file as the user knows it (its path); the size drives the progress bar.
     * Asking for the size first lets a missing or unreadable file fail as itself ("no such file").
     */
    private static RecordingSource recording(DatasetSource s) throws IOException {
        return new RecordingSource(s.path(), s.sizer().sizeBytes(), () -> s.opener().open());
    }

    /**
     * The importer reports bytes per file; the progress bar shows the whole open, so bytes of
     * the files already read are added. Unknown sizes (a resource) make the bar indeterminate.
     */
    private static final class Monitor implements ImportMonitor {
        private final List<RecordingSource> files;
        private final long totalBytes;
        private final Progress progress;
        private int current;
        private long doneBefore;

        Monitor(List<RecordingSource> files, long totalBytes, Progress progress) {
            this.files = files;
            this.totalBytes = totalBytes;
            this.progress = progress;
        }

        @Override
        public void progress(String file, long bytesDone, long bytesTotal) {
            while (current < files.size() - 1 && !files.get(current).name().equals(file)) {
                doneBefore += Math.max(0, files.get(current).sizeBytes());
                current++;
            }
            if (totalBytes > 0) {
                progress.bytesRead(Math.min(totalBytes, doneBefore + bytesDone), totalBytes);
            }
        }

        @Override
        public boolean cancelRequested() {
            return progress.isCancelled();
        }
    }
}
