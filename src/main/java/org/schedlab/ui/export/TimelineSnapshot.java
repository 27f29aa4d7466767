package org.schedlab.ui.export;

import java.util.Optional;

import org.schedlab.render.TimelinePanel;
import org.schedlab.render.Viewport;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;

/**
 * A timeline on screen as a figure panel: its window, the canvas size (no narrower than {@link
 * #READABLE_WIDTH_PX}) and scroll, rows, colors and search highlight.
 */
public final class TimelineSnapshot {
    /** Size used when a timeline has not been laid out yet (a tab never shown). */
    static final double FALLBACK_WIDTH_PX = 1400;
    static final double FALLBACK_HEIGHT_PX = 700;

    /**
     * The narrowest picture a timeline exports at: 1,200 px, the screen's 150 px label column and
     * 1,050 px of lanes. A 1024 x 768 laptop's Live run tab has about 380 px for its timeline (the
     * parameter panel left, the tour and summary right), and its picture was a strip: lanes of
     * 215 px, two axis labels, a legend of one entry a line, the label column held at the screen's
     * 150 px (a picture widens it up to a quarter of its width, {@code Figure.MAX_LABEL_SHARE}).
     * At 1,200 px the lanes have about ten axis labels (+0 ms, +10 ms, ... over 100 ms), the
     * legend six to eight entries a line, the label column up to 300 px for whole names and
     * counter scales with their units, and the picture still shows at 1:1 in a mail client's
     * reading pane or on a 1280 px slide. A 1600 x 900 screen's A/B tab (about 1,210 px) is
     * exported as it is.
     */
    public static final double READABLE_WIDTH_PX = 1200;

    private TimelineSnapshot() {
    }

    /**
     * The canvas a picture of the view {@code onScreen} is drawn on: the same window, lanes (their
     * heights and scroll) and label column, at least {@link #READABLE_WIDTH_PX} wide, its lanes
     * getting the extra width (more pixels per ms); a view as wide or wider exactly as on screen.
     */
    public static Viewport pictureViewport(Viewport onScreen) {
        return onScreen.widthPx() >= READABLE_WIDTH_PX ? onScreen : onScreen.withWidth(READABLE_WIDTH_PX);
    }

    /**
     * Whether {@link #of} gives a panel for {@code vm}: a dataset on screen over a window that is
     * not empty. Cheap, for a menu deciding whether Export view is enabled (see {@link ViewSource#hasFigure}).
     */
    public static boolean available(TimelineViewModel vm) {
        return vm.dataset() != TimelineViewModel.NO_DATASET && vm.spanNs() > 0;
    }

    /**
     * Empty while the timeline shows no dataset ({@link #available}). The panel has the view's
     * window, lanes and scroll, on a canvas at least {@link #READABLE_WIDTH_PX} wide ({@link #pictureViewport}).
     */
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
        Viewport vp = pictureViewport(new Viewport(vm.startNs(), vm.endNs(), Math.floor(w), Math.floor(h),
                Math.max(0, vm.laneScrollPxProperty().get())));
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
