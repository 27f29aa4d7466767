package org.schedlab.ui.export;

import java.util.Optional;

import org.schedlab.render.TimelinePanel;
import org.schedlab.render.Viewport;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;

/** A timeline on screen as a figure panel: its window, the canvas size and scroll, rows, colors and search highlight. */
public final class TimelineSnapshot {
    /** Size used when a timeline has not been laid out yet (a tab never shown). */
    static final double FALLBACK_WIDTH_PX = 1400;
    static final double FALLBACK_HEIGHT_PX = 700;

    private TimelineSnapshot() {
    }

    /**
     * Whether {@link #of} gives a panel for {@code vm}: a dataset on screen over a window that is
     * not empty. Cheap, for a menu deciding whether Export view is enabled (see {@link ViewSource#hasFigure}).
     */
    public static boolean available(TimelineViewModel vm) {
        return vm.dataset() != TimelineViewModel.NO_DATASET && vm.spanNs() > 0;
    }

    /** Empty while the timeline shows no dataset ({@link #available}). */
    public static Optional<TimelinePanel> of(String label, TimelineViewModel vm, TimelineView view) {
        if (!available(vm)) {
            return Optional.empty();
        }
        TAKEN.get()[0]++;
        double w = view.getWidth() >= 1 ? view.getWidth() : FALLBACK_WIDTH_PX;
        double h = view.getHeight() >= 1 ? view.getHeight() : FALLBACK_HEIGHT_PX;
        Optional<Viewport> painted = view.lastPaintedViewport();
        if (painted.isPresent()) {
            w = painted.get().widthPx();
            h = painted.get().heightPx();
        }
        Viewport vp = new Viewport(vm.startNs(), vm.endNs(), Math.floor(w), Math.floor(h),
                Math.max(0, vm.laneScrollPxProperty().get()));
        return Optional.of(new TimelinePanel(label, vm.data(), vp, vm.trackSpecProperty().get(), vm.paintOptions(),
                vm.search().highlightProperty().get()));
    }

    /**
     * How many panels this thread has taken here, each the start of a timeline's figure: a window
     * test's way to see that the FX thread builds none as a menu opens (as
     * {@code ScenarioCatalog.readsOnThisThread} counts scenario reads).
     */
    public static int takenOnThisThread() {
        return TAKEN.get()[0];
    }

    private static final ThreadLocal<int[]> TAKEN = ThreadLocal.withInitial(() -> new int[1]);

    /** "pgbench-2cpu-50ms.json + x.txt" -> "pgbench-2cpu-50ms": a file name stem without odd characters. */
    public static String stem(String name) {
        String first = name.split(" \\+ ")[0].trim();
        first = first.replaceAll("\\.(json|txt|log|csv|html)(\\.gz)?$", "").replaceAll("\\.gz$", "");
        String clean = first.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        return clean.isEmpty() ? "schedlab-view" : clean;
    }
}
