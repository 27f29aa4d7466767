package org.schedlab.ui.export;

import java.util.Optional;

import org.schedlab.io.AtomicFiles;
import org.schedlab.model.Dataset;
import org.schedlab.render.Figure;

/**
 * What a workspace tab offers for sharing, read on the FX thread (cheap: the figure holds
 * immutable drawing data and the window; painting and formatting happen in the background).
 * Each method is empty when the tab has nothing of that kind (no dataset yet, no TCP counters).
 */
public interface ViewSource {
    /**
     * The view as on screen, for a review thread: its window, the lanes in sight (whole ones,
     * cropped to them), colors, legend and caption; not the pointer or the selection's tint.
     */
    Optional<Figure> figure();

    /**
     * Whether {@link #figure()} has a picture, answered from what the view already holds (a
     * dataset on screen over a window that is not empty, a finished sweep) without building it:
     * File > Export view is greyed out by this as the menu opens, on the FX thread, where building
     * the figure at each opening laid out its lanes and wrote its caption (80-130 ms the first time).
     * The same answer as {@code figure().isPresent()}, except that a figure failing to build counts.
     */
    boolean hasFigure();

    /** The dataset behind the view (Chrome trace and CSV export). */
    Optional<Dataset> dataset();

    /** A short name for suggested file names ("pgbench-graviton4-ab"). */
    String fileStem();

    /**
     * A short name for the suggested name of {@link #dataset()}'s export: {@link #fileStem()},
     * unless the view shows more datasets than the one exported (the A/B tab's "-a" or "-b").
     */
    default String datasetStem() {
        return fileStem();
    }

    /** The text for {@code kind}, computed off the FX thread; empty if the view has none. */
    Optional<TextJob> text(TextKind kind);

    /**
     * Whether a range is selected on the view's timeline, so that its summary ({@link TextKind#SUMMARY})
     * is that of the range; read on the FX thread when the Edit menu opens.
     */
    default boolean rangeSelected() {
        return false;
    }

    /**
     * Why {@link #figure()} is empty, completing "Nothing to export yet: ..." (the Sweep tab's
     * reason is that its sweep still runs, or has not run).
     */
    default String noFigureReason() {
        return "this tab shows no timeline";
    }

    /** Why {@link #dataset()} is empty, completing "Nothing to export yet: ...". */
    default String noDatasetReason() {
        return "this tab shows no dataset";
    }

    /**
     * A table of points, for a tab that has one (the Sweep tab: summary.csv's table, as
     * {@code schedlab sweep} writes it); written as CSV off the FX thread. Empty without one.
     */
    default Optional<AtomicFiles.Body> pointsCsv() {
        return Optional.empty();
    }

    /** Why {@link #pointsCsv()} is empty, completing "Nothing to export yet: ...". */
    default String noPointsReason() {
        return "this tab has no sweep points (the Sweep tab has them once a sweep has run)";
    }

    /** What a tab without a timeline offers: nothing, so each command says so instead of acting on another tab. */
    static ViewSource none() {
        return new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                return Optional.empty();
            }

            @Override
            public boolean hasFigure() {
                return false;
            }

            @Override
            public Optional<Dataset> dataset() {
                return Optional.empty();
            }

            @Override
            public String fileStem() {
                return "schedlab-view";
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                return Optional.empty();
            }
        };
    }

    /** Work that produces a text (runs on a background thread). */
    @FunctionalInterface
    interface TextJob {
        String compute();

        /** What the status bar calls the copied text when it is not the kind's own title. */
        default Optional<String> title() {
            return Optional.empty();
        }

        /** {@code job}, called {@code title} in the status bar ("Copied the A/B delta and TCP tables"). */
        static TextJob titled(String title, TextJob job) {
            return new TextJob() {
                @Override
                public String compute() {
                    return job.compute();
                }

                @Override
                public Optional<String> title() {
                    return Optional.of(title);
                }
            };
        }
    }
}
