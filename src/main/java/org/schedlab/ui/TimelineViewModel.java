package org.schedlab.ui;

import java.util.Optional;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;

import org.schedlab.model.Dataset;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeFormat;

/**
 * The state of one timeline: which dataset it shows and which time window is on screen, plus
 * the navigation commands (zoom at a point, pan, fit all). The window always stays inside the
 * dataset and never gets shorter than {@link #MIN_SPAN_NS}; every command keeps that rule so the
 * view never has to. No controls here: the view turns mouse and keys into these calls.
 */
public final class TimelineViewModel {
    /** Shortest window: below about a nanosecond per 100 pixels nothing more can be seen. */
    public static final long MIN_SPAN_NS = 100;
    /** What a timeline shows before anything is loaded: no lanes, one millisecond of axis. */
    public static final Dataset NO_DATASET = emptyDataset();
    private static final long EMPTY_SPAN_NS = 1_000_000;

    private final ObjectProperty<Dataset> dataset = new SimpleObjectProperty<>(this, "dataset", NO_DATASET);
    private final ReadOnlyLongWrapper startNs = new ReadOnlyLongWrapper(this, "startNs", 0);
    private final ReadOnlyLongWrapper endNs = new ReadOnlyLongWrapper(this, "endNs", EMPTY_SPAN_NS);
    private final DoubleProperty laneScrollPx = new SimpleDoubleProperty(this, "laneScrollPx", 0);
    private final ReadOnlyStringWrapper hoverText = new ReadOnlyStringWrapper(this, "hoverText", "");

    public TimelineViewModel() {
    }

    public ReadOnlyObjectProperty<Dataset> datasetProperty() {
        return dataset;
    }

    public Dataset dataset() {
        return dataset.get();
    }

    /**
     * Shows {@code d}, fitted to its whole span, lanes scrolled to the top. Listeners should be
     * invalidation listeners: a change listener compares datasets with equals, which walks
     * every slice.
     */
    public void setDataset(Dataset d) {
        dataset.set(d == null ? NO_DATASET : d);
        laneScrollPx.set(0);
        fitAll();
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

    /** The slice under the pointer as a few lines (task, state and CPU, when); empty when none. */
    public ReadOnlyStringProperty hoverTextProperty() {
        return hoverText.getReadOnlyProperty();
    }

    /** The view reports the slice under the pointer, if any. */
    public void pointerAt(Optional<SliceHit> hit) {
        if (hit.isEmpty()) {
            hoverText.set("");
            return;
        }
        SliceHit h = hit.get();
        Dataset d = dataset.get();
        String who = h.task() >= 0 ? d.task(h.task()).label() : h.state().label();
        String state = h.task() >= 0 ? h.state().label() + " " : "";
        hoverText.set(who + "\n" + state + "on CPU " + h.cpu() + ", " + TimeFormat.duration(h.durationNs())
                + "\nfrom +" + TimeFormat.offset(h.startNs() - d.startNs())
                + " to +" + TimeFormat.offset(h.endNs() - d.startNs()));
    }

    /** The pointer left the timeline. */
    public void pointerLeft() {
        hoverText.set("");
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
            return Dataset.builder(Metadata.of("nothing open", "none")).build();
        } catch (InvalidDatasetException e) {
            throw new IllegalStateException("an empty dataset is always valid", e);
        }
    }
}
