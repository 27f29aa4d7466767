package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.Observable;

import org.schedlab.model.Dataset;
import org.schedlab.render.TimeRange;
import org.schedlab.ui.TimelineViewModel;

/**
 * Keeps two timelines on one time axis: the same window, counted from each dataset's own start
 * (two runs of one scenario both start at the end of warm-up; two recordings start wherever
 * their clocks were). Navigating either moves both; a timeline that gets a new dataset takes the
 * other one's window, so a rerun does not reset the view the user is looking at. The range dragged
 * on either axis is the other's too, at the same time since its start, and a new dataset takes
 * the other's: a range on one side only was marked in the picture of A over B on that side alone,
 * and Copy summary of selection, which needs both, copied the whole runs.
 */
public final class TimelineSync {
    private final TimelineViewModel a;
    private final TimelineViewModel b;
    private boolean syncing;
    /**
     * The dataset each timeline had when it last took the other's window and range: a range that
     * goes as its timeline gets a new dataset ({@link org.schedlab.ui.SelectionViewModel} clears it,
     * its listener being the timeline's own and so called first) is not cleared on the other side.
     */
    private Dataset seenA = TimelineViewModel.NO_DATASET;
    private Dataset seenB = TimelineViewModel.NO_DATASET;

    public TimelineSync(TimelineViewModel a, TimelineViewModel b) {
        this.a = a;
        this.b = b;
        a.startNsProperty().addListener((Observable o) -> push(a, b));
        a.endNsProperty().addListener((Observable o) -> push(a, b));
        b.startNsProperty().addListener((Observable o) -> push(b, a));
        b.endNsProperty().addListener((Observable o) -> push(b, a));
        a.datasetProperty().addListener((Observable o) -> pull(a, b));
        b.datasetProperty().addListener((Observable o) -> pull(b, a));
        a.selection().rangeProperty().addListener((Observable o) -> pushRange(a, b));
        b.selection().rangeProperty().addListener((Observable o) -> pushRange(b, a));
    }

    private void push(TimelineViewModel from, TimelineViewModel to) {
        if (syncing || from.dataset() == TimelineViewModel.NO_DATASET || to.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        copy(from, to);
    }

    private void pull(TimelineViewModel into, TimelineViewModel from) {
        if (into == a) {
            seenA = into.dataset();
        } else {
            seenB = into.dataset();
        }
        if (syncing || from.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        copy(from, into);
        copyRange(from, into);
    }

    private void pushRange(TimelineViewModel from, TimelineViewModel to) {
        if (syncing || from.dataset() != (from == a ? seenA : seenB)
                || from.dataset() == TimelineViewModel.NO_DATASET || to.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        copyRange(from, to);
    }

    private void copyRange(TimelineViewModel from, TimelineViewModel to) {
        if (to.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        syncing = true;
        try {
            Optional<TimeRange> r = from.selection().range();
            if (r.isEmpty()) {
                to.selection().clearRange();
            } else {
                long shift = to.dataset().startNs() - from.dataset().startNs();
                to.selection().selectRange(r.get().startNs() + shift, r.get().endNs() + shift);
            }
        } finally {
            syncing = false;
        }
    }

    private void copy(TimelineViewModel from, TimelineViewModel to) {
        syncing = true;
        try {
            Dataset f = from.dataset();
            Dataset t = to.dataset();
            long offset = from.startNs() - f.startNs();
            long span = from.spanNs();
            to.setWindow(t.startNs() + offset, t.startNs() + offset + span);
        } finally {
            syncing = false;
        }
    }
}
