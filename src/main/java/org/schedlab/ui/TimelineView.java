package org.schedlab.ui;

import java.util.Optional;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Orientation;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.layout.Region;

import org.schedlab.io.read.ImportOutOfMemoryError;
import org.schedlab.render.FrameAggregator;
import org.schedlab.render.FrameRequest;
import org.schedlab.render.FrameSummary;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.Viewport;

/**
 * The timeline on screen: a canvas exactly the size of this region (less the lane scroll bar),
 * repainted whenever anything it shows changes - several changes in one pulse paint once.
 * Aggregation goes through a {@link FrameScheduler} (cheap windows at once, dear ones in the
 * background with the last picture stretched meanwhile), painting through the renderer onto
 * the canvas, dense lanes as one image. Mouse and keys are turned into view-model commands by
 * {@link TimelineInput}. Paint and aggregation times are published for the status bar. A fold
 * that fails (out of memory on a huge window) is said in one line over the plot and logged once;
 * the next pan or zoom folds again.
 */
public final class TimelineView extends Region {
    /** Zoom per W/S press and per wheel notch. */
    static final double KEY_ZOOM_FACTOR = 1.5;
    static final double WHEEL_ZOOM_PER_NOTCH = 1.25;
    /** A/D move the window by this share of its span. */
    static final double KEY_PAN_FRACTION = 0.2;
    /** The fold failure's line keeps this far from the plot's left and right edges. */
    static final double FAILURE_INSET_PX = 12;

    private final TimelineViewModel vm;
    private final Canvas canvas = new Canvas();
    private final FxSurface surface = new FxSurface(canvas.getGraphicsContext2D());
    private final TimelineRenderer renderer = new TimelineRenderer();
    private final FrameScheduler scheduler;
    private final ScrollBar scrollBar = new ScrollBar();
    private final Label hover = new Label();
    private final Label failureLabel = new Label();
    /** The keyboard's focus, outlined over the whole view (see the constructor). */
    private final Region focusRing = new Region();
    private final ReadOnlyStringWrapper foldFailure = new ReadOnlyStringWrapper(this, "foldFailure", "");
    /** The failure last logged, until a frame is folded again: a failure is logged once, not per frame. */
    private String loggedFailure = "";
    private final ReadOnlyIntegerWrapper paintCount = new ReadOnlyIntegerWrapper(this, "paintCount", 0);
    private final ReadOnlyDoubleWrapper paintMillis = new ReadOnlyDoubleWrapper(this, "paintMillis", 0);
    private final ReadOnlyDoubleWrapper aggregationMillis = new ReadOnlyDoubleWrapper(this, "aggregationMillis", 0);
    private final TimelineInput input;
    private Viewport lastPainted;
    private FrameSummary lastFrame;
    private boolean lastStale;
    private boolean repaintQueued;
    /** A dataset came while the canvas had no size: its lanes open where the first frame's layout says. */
    private boolean lanesToOpen;
    /**
     * The lanes are where the dataset opened them ({@link TimelineLayout#openingScrollPx}), at
     * {@link #openedAtPx}, for a canvas {@link #openedForHeightPx} high: no scroll of the user's since.
     */
    private boolean lanesAsOpened;
    private double openedAtPx;
    private double openedForHeightPx;
    /** Where the lanes were when "Fit CPU lanes" was turned on: turned off, they go back there. */
    private double scrollBeforeFit;
    private boolean asOpenedBeforeFit = true;

    /** The view model this view shows. */
    public TimelineViewModel viewModel() {
        return vm;
    }

    /**
     * A view that folds dear windows where {@code vm} does its background work, if anywhere: the
     * A/B sides and the Live run (their runs' timelines, {@code RunViewModel}) folded every window
     * on the FX thread, up to a million slices, 0.4-1.4 s a frame on the first screen.
     */
    public TimelineView(TimelineViewModel vm) {
        this(vm, vm.executor());
    }

    /** A view that folds dear windows on {@code executor}'s threads. */
    public TimelineView(TimelineViewModel vm, Optional<TaskExecutor> executor) {
        this(vm, executor, FrameAggregator::aggregate);
    }

    /** A view whose frames {@code fold} folds (tests: one that fails). */
    TimelineView(TimelineViewModel vm, Optional<TaskExecutor> executor, FrameScheduler.Fold fold) {
        this.vm = vm;
        this.scheduler = new FrameScheduler(executor, this::requestRepaint, FrameScheduler.SYNC_COST, fold,
                this::foldFailed);
        failureLabel.setId("timeline-fold-failure");
        failureLabel.getStyleClass().add("timeline-fold-failure");
        failureLabel.setStyle("-fx-background-color: -color-bg-default; -fx-border-color: -color-danger-emphasis;"
                + " -fx-text-fill: -color-danger-fg; -fx-border-radius: 4; -fx-background-radius: 4;"
                + " -fx-padding: 4 8 4 8;");
        failureLabel.setWrapText(true); // one line of text; wrapped only where the pane is narrower
        failureLabel.setMouseTransparent(true);
        failureLabel.setManaged(false);
        failureLabel.textProperty().bind(foldFailure);
        failureLabel.visibleProperty().bind(foldFailure.isNotEmpty());
        foldFailure.addListener((Observable o) -> requestLayout()); // unmanaged: its new size is laid out here
        getStyleClass().add("timeline-view");
        setFocusTraversable(true);
        setMinSize(200, 120);
        hover.setId("timeline-hover");
        hover.getStyleClass().add("timeline-hover");
        hover.setStyle("-fx-background-color: -color-bg-default; -fx-border-color: -color-border-default;"
                + " -fx-border-radius: 4; -fx-background-radius: 4; -fx-padding: 4 8 4 8;"
                + " -fx-effect: dropshadow(gaussian, rgba(0,0,0,0.18), 6, 0, 0, 2);");
        hover.setMouseTransparent(true);
        hover.setManaged(false);
        hover.textProperty().bind(vm.hoverTextProperty());
        hover.visibleProperty().bind(vm.hoverTextProperty().isNotEmpty());
        scrollBar.setOrientation(Orientation.VERTICAL);
        scrollBar.setId("timeline-scroll");
        scrollBar.setFocusTraversable(false);
        scrollBar.valueProperty().bindBidirectional(vm.laneScrollPxProperty());
        // the canvas covers the view's own border, so the keyboard's focus is a ring over it,
        // shown when Tab (not a click) gave the timeline the keyboard, as the buttons' ring is
        focusRing.setId("timeline-focus-ring");
        focusRing.getStyleClass().add("timeline-focus-ring");
        focusRing.setStyle("-fx-border-color: -color-accent-emphasis; -fx-border-width: 2;");
        focusRing.setMouseTransparent(true);
        focusRing.setManaged(false);
        focusRing.visibleProperty().bind(focusVisibleProperty());
        getChildren().addAll(canvas, scrollBar, failureLabel, hover, focusRing);
        for (Observable o : new Observable[] {vm.datasetProperty(), vm.dataProperty(), vm.startNsProperty(),
            vm.endNsProperty(), vm.laneScrollPxProperty(), vm.colorModeProperty(), vm.counterStyleProperty(),
            vm.trackSpecProperty(), vm.cursorNsProperty(), vm.selection().itemProperty(),
            vm.selection().rangeProperty(), vm.bookmarks().bookmarks(), vm.search().highlightProperty()}) {
            o.addListener(x -> requestRepaint());
        }
        vm.selection().itemProperty().addListener((Observable o) -> revealSelected());
        Theme.follow(this, this::requestRepaint); // View > Dark theme: the same frame in the other colors
        vm.openLanesAt(this::openingScrollPx);
        // any other scroll (the wheel, the keys, the scroll bar, a jump, the other A/B side's) is
        // where the lanes are now: a new height no longer opens them again
        vm.laneScrollPxProperty().addListener((Observable o) -> {
            if (lanesAsOpened && vm.laneScrollPxProperty().get() != openedAtPx) {
                lanesAsOpened = false;
            }
        });
        // after the view model's own listener, which gave the rows the mode
        vm.fitCpuLanesProperty().addListener((Observable o) -> fitToggled());
        vm.datasetProperty().addListener((Observable o) -> asOpenedBeforeFit = true);
        this.input = new TimelineInput(this, vm);
    }

    /**
     * "Fit CPU lanes" turned on: the lanes open as fitted (the top, the whole machine in view where
     * the lanes were shrunk); turned off: they go back to where they were before it, or open
     * again for the view's height if they were where they opened (a run put on since included).
     */
    private void fitToggled() {
        if (canvas.getWidth() < 1 || canvas.getHeight() < 1) {
            return; // the first frame opens them
        }
        if (vm.fitCpuLanesProperty().get()) {
            scrollBeforeFit = vm.laneScrollPxProperty().get();
            asOpenedBeforeFit = lanesAsOpened;
            openLanes();
        } else if (asOpenedBeforeFit) {
            openLanes();
        } else {
            vm.laneScrollPxProperty().set(Math.min(scrollBeforeFit, currentLayout().maxScrollPx()));
            lanesAsOpened = false;
        }
    }

    /**
     * Where the lanes of the dataset being set open ({@link TimelineLayout#openingScrollPx}): a
     * short pane with few CPUs opens on its task lanes. Before the canvas has a size, the top,
     * and the first frame decides. Until the lanes are scrolled, a frame at another height opens
     * them again for it (see {@link #paintNow}).
     */
    private double openingScrollPx() {
        lanesToOpen = canvas.getWidth() < 1 || canvas.getHeight() < 1;
        if (lanesToOpen) {
            lanesAsOpened = false; // the first frame opens them
            return 0;
        }
        return opened(currentLayout().openingScrollPx());
    }

    /** The lanes go to {@code scrollPx} as opened, for the canvas's height now; returns it. */
    private double opened(double scrollPx) {
        lanesAsOpened = true;
        openedAtPx = scrollPx;
        openedForHeightPx = canvas.getHeight();
        return scrollPx;
    }

    /**
     * Whether the lanes are still where the dataset opened them for this view's height: no scroll
     * since. A/B's linked sides follow only lanes someone scrolled to ({@link #openLanes}).
     */
    public boolean lanesAsOpened() {
        return lanesAsOpened;
    }

    /**
     * Opens the lanes again where the dataset shown opens them at this view's height (A/B's linked
     * lanes, when the other side's lanes are where its run opened them: nobody chose lanes there
     * to follow, and the other side's were chosen for its own height).
     */
    public void openLanes() {
        vm.laneScrollPxProperty().set(openingScrollPx());
    }

    /** Scrolls the lanes so the selected item's row is in view (a jump may select one off screen). */
    private void revealSelected() {
        vm.selection().outline().ifPresent(sel -> currentLayout().find(sel.kind(), sel.ref()).ifPresent(row -> {
            TimelineLayout layout = currentLayout();
            double area = layout.lanesBottomPx() - layout.lanesTopPx();
            if (row.topPx() < layout.lanesTopPx() || row.bottomPx() > layout.lanesBottomPx()) {
                double scroll = layout.scrollPx() + row.topPx() - layout.lanesTopPx() - (area - row.heightPx()) / 2;
                vm.laneScrollPxProperty().set(Math.max(0, Math.min(layout.maxScrollPx(), scroll)));
            }
        }));
    }

    /** How many frames were painted: lets tests see that a change reached the screen. */
    public ReadOnlyIntegerProperty paintCountProperty() {
        return paintCount.getReadOnlyProperty();
    }

    /** Milliseconds the last frame took to paint on the FX thread (not counting background aggregation). */
    public ReadOnlyDoubleProperty paintMillisProperty() {
        return paintMillis.getReadOnlyProperty();
    }

    /** Milliseconds the last aggregation took, on whichever thread it ran. */
    public ReadOnlyDoubleProperty aggregationMillisProperty() {
        return aggregationMillis.getReadOnlyProperty();
    }

    /** The viewport of the last frame painted. */
    public Optional<Viewport> lastPaintedViewport() {
        return Optional.ofNullable(lastPainted);
    }

    /** What the last frame drew (legend, axis ticks, cost). */
    public Optional<FrameSummary> lastFrame() {
        return Optional.ofNullable(lastFrame);
    }

    /** Whether the last frame showed stretched columns while exact ones were being computed. */
    public boolean lastFrameStale() {
        return lastStale;
    }

    /** The layout of what is on screen now, for hit-testing. */
    public TimelineLayout currentLayout() {
        return TimelineLayout.of(viewport(), vm.dataset(), vm.trackSpecProperty().get());
    }

    Label hoverLabel() {
        return hover;
    }

    /**
     * Why the window on screen could not be folded, in one line ("case A: out of memory: ..."); empty
     * when nothing failed. Shown over the plot while the stand-in frame stays.
     */
    public ReadOnlyStringProperty foldFailureProperty() {
        return foldFailure.getReadOnlyProperty();
    }

    /** A background fold threw: logged here, once per failure; the frame that follows says it. */
    private void foldFailed(Throwable e) {
        log(describeFoldFailure(vm.dataset().metadata().source(), e), e);
    }

    private void log(String message, Throwable e) {
        if (!message.equals(loggedFailure)) {
            loggedFailure = message;
            System.getLogger(TimelineView.class.getName()).log(System.Logger.Level.WARNING, message, e);
        }
    }

    /**
     * The one line for a fold of {@code source}'s timeline that threw {@code e}: running out of
     * memory worded as an import that did ({@link ImportOutOfMemoryError#message}), anything else
     * named without its stack, with what to do.
     */
    static String describeFoldFailure(String source, Throwable e) {
        if (e instanceof OutOfMemoryError) {
            return ImportOutOfMemoryError.message(source, "its timeline at this zoom", Runtime.getRuntime().maxMemory());
        }
        return (source + ": the timeline could not be drawn (" + e + "); pan or zoom to try again")
                .replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth());
        double h = snapSizeY(getHeight());
        double bar = snapSizeX(scrollBar.prefWidth(-1));
        scrollBar.resizeRelocate(w - bar, TimelineLayout.AXIS_HEIGHT_PX, bar,
                Math.max(0, h - TimelineLayout.AXIS_HEIGHT_PX - TimelineLayout.LEGEND_HEIGHT_PX));
        double cw = Math.max(0, w - bar);
        double lanesTop = TimelineLayout.AXIS_HEIGHT_PX;
        // over the plot, right of the lanes' names, wrapped to its width: centred over the whole
        // canvas, a long line (an out-of-memory one names the heap and -Xmx) covered CPU 0-2's names
        double plotLeft = Math.min(TimelineLayout.LABEL_WIDTH_PX, cw);
        double plotWidth = Math.max(0, cw - plotLeft);
        double maxText = Math.max(0, plotWidth - 2 * FAILURE_INSET_PX);
        double lw = Math.min(maxText, failureLabel.prefWidth(-1));
        double lh = failureLabel.prefHeight(lw);
        failureLabel.resizeRelocate(plotLeft + Math.max(0, (plotWidth - lw) / 2), lanesTop + 12, lw, lh);
        focusRing.resizeRelocate(0, 0, w, h);
        if (canvas.getWidth() != cw || canvas.getHeight() != h) {
            canvas.setWidth(cw);
            canvas.setHeight(h);
            requestRepaint();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 900;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 500;
    }

    void requestRepaint() {
        if (!repaintQueued) {
            repaintQueued = true;
            Platform.runLater(this::paintNow);
        }
    }

    Viewport viewport() {
        return new Viewport(vm.startNs(), vm.endNs(), canvas.getWidth(), canvas.getHeight(),
                Math.max(0, vm.laneScrollPxProperty().get()));
    }

    private void paintNow() {
        repaintQueued = false;
        if (canvas.getWidth() < 1 || canvas.getHeight() < 1) {
            return;
        }
        TimelineData data = vm.data();
        if (data.dataset() != vm.dataset()) {
            return; // a new dataset is being set; its data follows in the same pulse
        }
        TrackSpec spec = vm.trackSpecProperty().get();
        TimelineLayout layout = currentLayout();
        double maxScroll = layout.maxScrollPx();
        scrollBar.setMax(maxScroll);
        scrollBar.setVisibleAmount(Math.max(1, layout.lanesBottomPx() - layout.lanesTopPx()));
        scrollBar.setDisable(maxScroll <= 0);
        if (lanesToOpen || lanesAsOpened && canvas.getHeight() != openedForHeightPx) {
            // the lanes open for the height they are shown at: a pane whose height changed before
            // the user scrolled (an A/B card laid out anew after its run came in, a divider dragged)
            // kept the scroll chosen for the height before, and a teaching scenario's task B was
            // cut 4 px short at the card's bottom
            lanesToOpen = false;
            vm.laneScrollPxProperty().set(opened(layout.openingScrollPx()));
            layout = currentLayout();
        } else if (vm.laneScrollPxProperty().get() > maxScroll) {
            if (lanesAsOpened) {
                openedAtPx = maxScroll; // still the lanes as opened, only with fewer of them
            }
            vm.laneScrollPxProperty().set(maxScroll); // a smaller window or fewer lanes need less scroll
            layout = currentLayout();
        }
        Viewport vp = layout.viewport();
        FrameRequest req = FrameRequest.of(layout, spec, vm.search().highlightProperty().get());
        FrameScheduler.Frame frame;
        try {
            frame = scheduler.columnsFor(data, req);
        } catch (RuntimeException | OutOfMemoryError e) {
            // a cheap window or a stand-in, folded here: the last picture stays, the line says why,
            // the next change tries again
            String message = describeFoldFailure(vm.dataset().metadata().source(), e);
            log(message, e);
            foldFailure.set(message);
            return;
        }
        String failed = frame.failure().map(e -> describeFoldFailure(vm.dataset().metadata().source(), e)).orElse("");
        foldFailure.set(failed);
        if (!frame.stale()) {
            loggedFailure = "";
        }
        // "refining..." only while a fold is on its way: after a failure the line says why instead
        // and the legend says the CPU lanes were not drawn, not that the view has no data in them
        PaintOptions options = vm.paintOptions().withStale(frame.stale() && frame.failure().isEmpty())
                .withFoldFailed(frame.failure().isPresent());
        long painting = System.nanoTime();
        renderer.setStyle(Theme.timelineStyle(this));
        lastFrame = renderer.paint(data, frame.columns(), vp, spec, options, surface);
        long done = System.nanoTime();
        lastPainted = vp;
        lastStale = frame.stale();
        paintMillis.set((done - painting) / 1e6);
        aggregationMillis.set(scheduler.lastAggregationNanos() / 1e6);
        paintCount.set(paintCount.get() + 1);
        input.refreshHover();
    }
}
