package org.schedlab.render;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/** Small datasets whose pictures are easy to work out by hand. */
final class RenderFixtures {
    /** Task ids in {@link #twoCpus()}. */
    static final int ALPHA = 0;
    static final int BETA = 1;

    private RenderFixtures() {
    }

    /**
     * CPU 0: alpha [0, 1000), idle [1000, 2000), beta [2000, 4000).
     * CPU 1: stolen [0, 2000), alpha [2000, 3000), idle [3000, 4000); a preemption at 1000 on CPU 0.
     */
    static Dataset twoCpus() {
        DatasetBuilder b = Dataset.builder(Metadata.of("fixture", "test"));
        int alpha = b.addTask(100, 100, "alpha");
        int beta = b.addTask(200, 200, "beta");
        b.slice(0, 0, 1000, alpha, SliceState.USER)
                .slice(0, 1000, 2000, Intervals.NO_TASK, SliceState.IDLE)
                .slice(0, 2000, 4000, beta, SliceState.KERNEL)
                .slice(1, 0, 2000, Intervals.NO_TASK, SliceState.STOLEN)
                .slice(1, 2000, 3000, alpha, SliceState.USER)
                .slice(1, 3000, 4000, Intervals.NO_TASK, SliceState.IDLE);
        b.mark(MarkKind.PREEMPTION, 1000, 0, alpha, "");
        return build(b);
    }

    /**
     * One CPU running {@code n} slices alternating alpha ({@code alphaNs}) and beta ({@code betaNs}),
     * back to back from 0: far more slices than pixels when zoomed out.
     */
    static Dataset alternating(int n, long alphaNs, long betaNs) {
        DatasetBuilder b = Dataset.builder(Metadata.of("alternating", "test"));
        int alpha = b.addTask(100, 100, "alpha");
        int beta = b.addTask(200, 200, "beta");
        long t = 0;
        for (int i = 0; i < n; i++) {
            boolean a = i % 2 == 0;
            long d = a ? alphaNs : betaNs;
            b.slice(0, t, t + d, a ? alpha : beta, SliceState.USER);
            t += d;
        }
        return build(b);
    }

    static Dataset build(DatasetBuilder b) {
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException(e);
        }
    }
}
