package org.schedlab.ui;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.schedlab.io.DatasetFormatException;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.ContentSniffer;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;

/**
 * What File > Open, drag and drop and the recent-files menu use: looks at each file's content
 * (never its name). SchedLab's own dataset JSON opens as it is; anything else goes through the
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
        long totalBytes = 0;
        for (DatasetSource s : sources) {
            RecordingSource r = recording(s);
            if (ContentSniffer.sniff(r).isSchedLabDataset()) {
                if (sources.size() > 1) {
                    throw new ImportException(s.path(), 0, "is a SchedLab dataset, which opens on its own;"
                            + " open it alone, or open the recordings it was made from together");
                }
                return new Opened(readDatasetJson(s, progress), List.of());
            }
            recordings.add(r);
            totalBytes = totalBytes < 0 || r.sizeBytes() < 0 ? -1 : totalBytes + r.sizeBytes();
        }
        ImportResult result = importer.importFiles(recordings, new Monitor(recordings, totalBytes, progress));
        return new Opened(result.dataset(), result.report().warnings());
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
