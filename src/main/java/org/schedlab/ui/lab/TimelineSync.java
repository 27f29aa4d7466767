package org.schedlab.ui.lab;

import javafx.beans.Observable;

import org.schedlab.model.Dataset;
import org.schedlab.ui.TimelineViewModel;

/**
 * Keeps two timelines on one time axis: the same window, counted from each dataset's own start
 * (two runs of one scenario both start at the end of warm-up; two recordings start wherever
 * their clocks were). Navigating either moves both; a timeline that gets a new dataset takes the
 * other one's window, so a rerun does not reset the view the user is looking at.
 */
public final class TimelineSync {
    private final TimelineViewModel a;
    private final TimelineViewModel b;
    private boolean syncing;

    public TimelineSync(TimelineViewModel a, TimelineViewModel b) {
        this.a = a;
        this.b = b;
        a.startNsProperty().addListener((Observable o) -> push(a, b));
        a.endNsProperty().addListener((Observable o) -> push(a, b));
        b.startNsProperty().addListener((Observable o) -> push(b, a));
        b.endNsProperty().addListener((Observable o) -> push(b, a));
        a.datasetProperty().addListener((Observable o) -> pull(a, b));
        b.datasetProperty().addListener((Observable o) -> pull(b, a));
    }

    private void push(TimelineViewModel from, TimelineViewModel to) {
        if (syncing || from.dataset() == TimelineViewModel.NO_DATASET || to.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        copy(from, to);
    }

    private void pull(TimelineViewModel into, TimelineViewModel from) {
        if (syncing || from.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        copy(from, into);
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
