package org.schedlab.ui;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/** Datasets for the view-model and window tests. */
final class UiFixtures {
    private UiFixtures() {
    }

    /**
     * A file chooser stand-in (the real one cannot be driven headless): File > Open gets what
     * {@code next} holds at that moment, the first of it where one file is asked for.
     */
    static FilePicker picking(java.util.function.Supplier<java.util.List<java.nio.file.Path>> next) {
        return new FilePicker() {
            @Override
            public java.util.Optional<java.nio.file.Path> pickDatasetToOpen(javafx.stage.Window owner) {
                return next.get().stream().findFirst();
            }

            @Override
            public java.util.List<java.nio.file.Path> pickFilesToOpen(javafx.stage.Window owner) {
                return next.get();
            }
        };
    }

    /** {@code cpus} CPUs, each running one task back to back over [startNs, startNs + spanNs). */
    static Dataset busy(String source, int cpus, long startNs, long spanNs) {
        DatasetBuilder b = Dataset.builder(Metadata.of(source, "test"));
        for (int c = 0; c < cpus; c++) {
            int t = b.addTask(100 + c, 100, "worker/" + c);
            long step = spanNs / 100;
            for (int i = 0; i < 100; i++) {
                long s = startNs + i * step;
                long e = i == 99 ? startNs + spanNs : s + step;
                if (i % 4 == 3) {
                    b.slice(c, s, e, Intervals.NO_TASK, SliceState.IDLE);
                } else {
                    b.slice(c, s, e, t, SliceState.USER);
                }
            }
        }
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException(e);
        }
    }
}
