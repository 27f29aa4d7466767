package org.schedlab.ui;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.DoubleSupplier;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;

import org.schedlab.analysis.CpuModes;
import org.schedlab.model.Dataset;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.render.ColorMode;
import org.schedlab.render.CounterStyle;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackSpec;

/**
 * The state of one timeline: which dataset it shows (and its prepared drawing data), which time
 * window is on screen, which rows exist (chosen task lanes, collapsed groups), how CPU lanes and
 * counters are colored and drawn, what is under the pointer - plus the selection, search,
 * bookmarks and summary that hang off it. The window always stays inside the dataset and never
 * gets shorter than {@link #MIN_SPAN_NS}; every command keeps that rule so the view never has
 * to. No controls here: the view turns mouse and keys into these calls.
 */
public final class TimelineViewModel {
    /** Shortest window: below about a nanosecond per 100 pixels nothing more can be seen. */
    public static final long MIN_SPAN_NS = 100;
    /** What a timeline shows before anything is loaded: no lanes, one millisecond of axis. */
    public static final Dataset NO_DATASET = emptyDataset();
    private static final long EMPTY_SPAN_NS = 1_000_000;

    private final ObjectProperty<Dataset> dataset = new SimpleObjectProperty<>(this, "dataset", NO_DATASET);
    private final ReadOnlyObjectWrapper<TimelineData> data =
            new ReadOnlyObjectWrapper<>(this, "data", TimelineData.of(NO_DATASET));
    private final ReadOnlyLongWrapper startNs = new ReadOnlyLongWrapper(this, "startNs", 0);
    private final ReadOnlyLongWrapper endNs = new ReadOnlyLongWrapper(this, "endNs", EMPTY_SPAN_NS);
    private final DoubleProperty laneScrollPx = new SimpleDoubleProperty(this, "laneScrollPx", 0);
    private final ReadOnlyStringWrapper hoverText = new ReadOnlyStringWrapper(this, "hoverText", "");
    private final ReadOnlyObjectWrapper<OptionalLong> cursorNs =
            new ReadOnlyObjectWrapper<>(this, "cursorNs", OptionalLong.empty());
    private final ObjectProperty<ColorMode> colorMode = new SimpleObjectProperty<>(this, "colorMode", ColorMode.BY_TASK);
    private final ObjectProperty<CounterStyle> counterStyle =
            new SimpleObjectProperty<>(this, "counterStyle", CounterStyle.STEP);
    private final ObjectProperty<TrackSpec> trackSpec = new SimpleObjectProperty<>(this, "trackSpec", TrackSpec.DEFAULT);
    private final BooleanProperty fitCpuLanes = new SimpleBooleanProperty(this, "fitCpuLanes", false);
    private final ReadOnlyObjectWrapper<LateLanes> lateOpeningLanes = new ReadOnlyObjectWrapper<>(this, "lateOpeningLanes");
    /** The mark {@code L} or the step bar last went to and the view it left there ({@link MarkNavigation}); null before. */
    private MarkNavigation.Went wentTo;
    /** Where a new dataset's lanes open: the top until a view, which knows its height, says otherwise. */
    private DoubleSupplier openingLaneScroll = () -> 0;
    private final Optional<TaskExecutor> executor;
    private final LatestJob<TimelineData> preparation;
    private final SelectionViewModel selection;
    private final SearchViewModel search;
    private final BookmarksViewModel bookmarks;
    private final SummaryViewModel summary;
    private final StepViewModel steps;

    /** A timeline that does all its work on the calling thread (navigation tests, no FX toolkit). */
    public TimelineViewModel() {
        this(Optional.empty());
    }

    /** A timeline that prepares datasets, summaries and searches through {@code executor}. */
    public TimelineViewModel(TaskExecutor executor) {
        this(Optional.of(executor));
    }

    private TimelineViewModel(Optional<TaskExecutor> executor) {
        this.executor = executor;
        this.preparation = new LatestJob<>(executor);
        this.selection = new SelectionViewModel(this);
        this.search = new SearchViewModel(this, executor);
        this.bookmarks = new BookmarksViewModel(this);
        this.summary = new SummaryViewModel(this, executor);
        this.steps = new StepViewModel(this);
        // the rows keep the mode: a relayout, nothing rerun or refolded
        fitCpuLanes.addListener((Observable o) -> trackSpec.set(trackSpec.get().withFitCpuLanes(fitCpuLanes.get())));
    }

    public ReadOnlyObjectProperty<Dataset> datasetProperty() {
        return dataset;
    }

    public Dataset dataset() {
        return dataset.get();
    }

    /**
     * The dataset with what drawing it needs; right after a dataset is set this is the quick
     * form, replaced by the prepared one (lock index, level-of-detail pyramid) when the
     * background preparation finishes.
     */
    public ReadOnlyObjectProperty<TimelineData> dataProperty() {
        return data.getReadOnlyProperty();
    }

    public TimelineData data() {
        return data.get();
    }

    /** Whether the dataset's CPU lanes record modes ({@link CpuModes}): known once it is prepared. */
    Optional<CpuModes> cpuModes() {
        return data.get().dataset() == dataset.get() ? data.get().cpuModes() : Optional.empty();
    }

    /**
     * Shows {@code d}, fitted to its whole span, lanes scrolled to the top (or where the view
     * opens them), default rows, no selection. Listeners should be invalidation listeners: a
     * change listener compares datasets with equals, which walks every slice.
     */
    public void setDataset(Dataset d) {
        Dataset next = d == null ? NO_DATASET : d;
        setDataset(next, MarkNavigation.defaultTaskLanes(next));
    }

    /**
     * The task lanes {@code d} opens with (lock-holder preemption victims, then the busiest tasks
     * with lanes): a pass over every slice, for the thread that reads or makes the dataset to call
     * and hand to {@link #setDataset(Dataset, java.util.List)}.
     */
    public static java.util.List<Integer> defaultTaskLanes(Dataset d) {
        return MarkNavigation.defaultTaskLanes(d);
    }

    /**
     * As {@link #setDataset(Dataset)}, with the task lanes to open with already chosen
     * ({@link MarkNavigation#defaultTaskLanes}, a pass over every slice) where the dataset was
     * read: the FX thread does not walk the 9.8 million slices of a second of pgbench-graviton4.
     */
    public void setDataset(Dataset d, java.util.List<Integer> taskLanes) {
        Dataset next = d == null ? NO_DATASET : d;
        preparation.cancel();
        wentTo = null; // a mark of the dataset before
        lateOpeningLanes.set(null); // nor does it hold the dataset before (a second of case A) in memory
        data.set(TimelineData.of(next));
        trackSpec.set(new TrackSpec(taskLanes, Set.of(), fitCpuLanes.get()));
        dataset.set(next);
        // after the dataset: A/B's lane link takes it for the new run's scroll, not the user's
        laneScrollPx.set(openingLaneScroll.getAsDouble());
        hoverText.set("");
        cursorNs.set(OptionalLong.empty());
        fitAll();
        preparation.run(cancelled -> TimelineData.prepare(next, cancelled), prepared -> {
            if (prepared.dataset() == dataset.get()) {
                data.set(prepared);
            }
        });
    }

    /**
     * What {@link #setDataset(Dataset, java.util.List)} scrolls the lanes to, asked once the
     * dataset and its task lanes are set: the view's {@link org.schedlab.render.TimelineLayout#openingScrollPx}.
     */
    void openLanesAt(DoubleSupplier scrollPx) {
        openingLaneScroll = scrollPx;
    }

    /** Where this timeline's background work runs (the view sends dear frames there too). */
    Optional<TaskExecutor> executor() {
        return executor;
    }

    public SelectionViewModel selection() {
        return selection;
    }

    public SearchViewModel search() {
        return search;
    }

    public BookmarksViewModel bookmarks() {
        return bookmarks;
    }

    public SummaryViewModel summary() {
        return summary;
    }

    /** Step-through mode: the run's events one by one, each with why it happened. */
    public StepViewModel steps() {
        return steps;
    }

    public ReadOnlyLongProperty startNsProperty() {
        return startNs.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty endNsProperty() {
        return endNs.getReadOnlyProperty();
    }

    public long startNs() {
        return startNs.get();
    }

    public long endNs() {
        return endNs.get();
    }

    public long spanNs() {
        return endNs.get() - startNs.get();
    }

    /** Vertical lane scroll in pixels; the view limits it to what the lanes need. */
    public DoubleProperty laneScrollPxProperty() {
        return laneScrollPx;
    }

    public ObjectProperty<ColorMode> colorModeProperty() {
        return colorMode;
    }

    public ObjectProperty<CounterStyle> counterStyleProperty() {
        return counterStyle;
    }

    /** Which rows exist: chosen task lanes and collapsed groups. */
    public ObjectProperty<TrackSpec> trackSpecProperty() {
        return trackSpec;
    }

    /**
     * "Fit CPU lanes": the CPU lanes shrink, down to a pixel each, so all of them fit the lanes
     * area ({@link TrackSpec#fitCpuLanes}); one setting for every timeline of the window.
     */
    public BooleanProperty fitCpuLanesProperty() {
        return fitCpuLanes;
    }

    public void toggleGroup(TrackGroup g) {
        trackSpec.set(trackSpec.get().toggled(g));
    }

    /**
     * The task lanes a dataset opened without ({@link #setDataset(Dataset, java.util.List)} with
     * none) turned out to open with, once a pass over its slices chose them: {@code tasks} of
     * {@code dataset}.
     */
    public record LateLanes(Dataset dataset, java.util.List<Integer> tasks) {
        public LateLanes {
            tasks = java.util.List.copyOf(tasks);
        }
    }

    /**
     * The lanes the dataset shown opens with are known now (its summary's pass, after it was put on
     * without them): it shows them if it shows no lanes yet, and says so either way
     * ({@link #lateOpeningLanesProperty}). A side A/B lined up with A's lanes meanwhile is not without
     * lanes, yet these are its own, to go after A's; a pick the user made meanwhile wins. Nothing for
     * a dataset no longer shown.
     */
    public void openingLanesKnown(Dataset d, java.util.List<Integer> tasks) {
        if (d != dataset.get()) {
            return;
        }
        if (trackSpec.get().taskLanes().isEmpty()) {
            setTaskLanes(tasks);
        }
        lateOpeningLanes.set(new LateLanes(d, tasks));
    }

    /** The lanes last known late for a dataset shown ({@link #openingLanesKnown}); null before any. */
    public ReadOnlyObjectProperty<LateLanes> lateOpeningLanesProperty() {
        return lateOpeningLanes.getReadOnlyProperty();
    }

    /** Where {@code L} or the step bar last went, and the view it left ({@link MarkNavigation#searchStart}); null before. */
    MarkNavigation.Went wentTo() {
        return wentTo;
    }

    void wentTo(MarkNavigation.Went went) {
        wentTo = went;
    }

    /** Shows a state lane for each of {@code tasks} (task ids, in this order). */
    public void setTaskLanes(java.util.List<Integer> tasks) {
        trackSpec.set(trackSpec.get().withTaskLanes(tasks));
    }

    /** What is under the pointer as a few lines; empty when nothing is. */
    public ReadOnlyStringProperty hoverTextProperty() {
        return hoverText.getReadOnlyProperty();
    }

    /** The time under the pointer while it is over the plot (drawn as a line, read by counters). */
    public ReadOnlyObjectProperty<OptionalLong> cursorNsProperty() {
        return cursorNs.getReadOnlyProperty();
    }

    /** The view reports what is under the pointer, if anything. */
    public void pointerAt(Optional<? extends TrackHit> hit) {
        hoverText.set(hit.map(h -> HoverText.of(dataset.get(), cpuModes(), h)).orElse(""));
    }

    /** The view reports the pointer's time over the plot (empty when it is elsewhere) and what is there. */
    public void pointerAt(OptionalLong tNs, Optional<? extends TrackHit> hit) {
        if (!tNs.equals(cursorNs.get())) {
            cursorNs.set(tNs); // an object property fires on every new instance: set only real changes
        }
        pointerAt(hit);
    }

    /** The pointer is on the legend strip: the readout lists the row's entries ({@code text}). */
    public void pointerOverLegend(String text) {
        hoverText.set(text);
        if (cursorNs.get().isPresent()) {
            cursorNs.set(OptionalLong.empty());
        }
    }

    /** The pointer left the timeline. */
    public void pointerLeft() {
        hoverText.set("");
        if (cursorNs.get().isPresent()) {
            cursorNs.set(OptionalLong.empty());
        }
    }

    /** What a frame draws on top of the data, from the current state. */
    public PaintOptions paintOptions() {
        return new PaintOptions(colorMode.get(), counterStyle.get(), selection.range(), selection.outline(),
                bookmarks.list(), cursorNs.get(), false);
    }

    /** Earliest time the window may show. */
    public long boundStartNs() {
        return dataset.get().startNs();
    }

    /** Latest time the window may show. */
    public long boundEndNs() {
        Dataset d = dataset.get();
        return d.spanNs() > 0 ? d.endNs() : d.startNs() + EMPTY_SPAN_NS;
    }

    /** Shows the whole dataset. */
    public void fitAll() {
        setWindow(boundStartNs(), boundEndNs());
    }

    /**
     * Shows the selected range, or else the selected item, with a little air around an item; does
     * nothing when nothing is selected.
     */
    public void fitSelection() {
        selection.range().ifPresentOrElse(r -> setWindow(r.startNs(), r.endNs()),
                () -> selection.outline().ifPresent(s -> {
                    long pad = Math.max(MIN_SPAN_NS, (s.endNs() - s.startNs()) / 10);
                    setWindow(s.startNs() - pad, s.endNs() + pad);
                }));
    }

    /**
     * Goes to the next lock-holder preemption after the window's middle (wrapping to the first),
     * closes in on it and selects the holder's slice; false when the dataset has none. See
     * {@link MarkNavigation}.
     */
    public boolean nextLockHolderPreemption() {
        return MarkNavigation.nextLockHolderPreemption(this);
    }

    /** Centers the window on {@code tNs}, keeping its span. */
    public void centerOn(long tNs) {
        long span = spanNs();
        setWindow(tNs - span / 2, tNs - span / 2 + span);
    }

    /**
     * Zooms by {@code factor} (above 1 zooms in) keeping {@code anchorNs} where it is on screen:
     * the time under the mouse stays under the mouse. Near the edges of the dataset the window
     * is shifted back inside, which moves the anchor only as far as the clamp requires.
     */
    public void zoomAt(long anchorNs, double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("zoom factor must be a positive finite number, was " + factor);
        }
        double start = startNs.get();
        double newSpan = Math.max(MIN_SPAN_NS, Math.min(boundEndNs() - boundStartNs(), spanNs() / factor));
        double fraction = (anchorNs - start) / spanNs();
        double newStart = anchorNs - fraction * newSpan;
        long s = Math.round(newStart);
        setWindow(s, s + Math.round(newSpan));
    }

    /** Zooms around the middle of the window (keyboard and toolbar zoom). */
    public void zoomCenter(double factor) {
        zoomAt(startNs.get() + spanNs() / 2, factor);
    }

    /** Moves the window by {@code deltaNs} (positive: later), stopping at the dataset's ends. */
    public void pan(long deltaNs) {
        setWindow(startNs.get() + deltaNs, endNs.get() + deltaNs);
    }

    /** Moves the window by a fraction of its own span (keyboard pan). */
    public void panByFraction(double fraction) {
        pan(Math.round(spanNs() * fraction));
    }

    /**
     * Shows {@code [start, end)} as far as the rules allow: a window longer than the dataset
     * becomes the dataset, one shorter than the minimum grows around its middle, and one
     * sticking out of the dataset is slid back in, keeping its length.
     */
    public void setWindow(long start, long end) {
        long lo = boundStartNs();
        long hi = boundEndNs();
        long span = Math.max(MIN_SPAN_NS, end - start);
        if (span >= hi - lo) {
            start = lo;
            end = hi;
        } else {
            if (end - start < MIN_SPAN_NS) {
                start = start + (end - start) / 2 - span / 2;
            }
            start = Math.max(lo, Math.min(start, hi - span));
            end = start + span;
        }
        // end first when moving right, start first when moving left: start < end at every step
        if (start >= endNs.get()) {
            endNs.set(end);
            startNs.set(start);
        } else {
            startNs.set(start);
            endNs.set(end);
        }
    }

    private static Dataset emptyDataset() {
        try {
            return Dataset.builder(Metadata.of("nothing open", org.schedlab.render.TimelineRenderer.NOTHING_OPEN_FORMAT)).build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException("an empty dataset is always valid", e);
        }
    }
}
