package org.schedlab.ui.lab;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;

import org.schedlab.render.MatchedLanes;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;

/**
 * Scrolls A's and B's lanes together while {@code linked} is on: the side the user scrolls
 * leads, and the other shows the same lanes (CPU by number, task, lock and counter lanes by
 * name; see {@link MatchedLanes#scrollLike}). A side that gets a new run (which opens at the
 * top, or on its task lanes where the side is short) goes back to the other side's lanes, so a
 * rerun does not lose the CPUs the user was looking at.
 * Lives with the views, not the view models: which lanes are in sight depends on the canvas size.
 */
final class LaneScrollLink {
    private final TimelineView viewA;
    private final TimelineView viewB;
    private final BooleanProperty linked;
    private boolean moving;
    /** A side whose new run is being put on screen: its scroll reset is not the user's, not followed. */
    private boolean settlingA;
    private boolean settlingB;

    LaneScrollLink(TimelineView viewA, TimelineView viewB, BooleanProperty linked) {
        this.viewA = viewA;
        this.viewB = viewB;
        this.linked = linked;
        TimelineViewModel a = viewA.viewModel();
        TimelineViewModel b = viewB.viewModel();
        a.laneScrollPxProperty().addListener((Observable o) -> {
            if (!settlingA) {
                follow(viewA, viewB);
            }
        });
        b.laneScrollPxProperty().addListener((Observable o) -> {
            if (!settlingB) {
                follow(viewB, viewA);
            }
        });
        a.trackSpecProperty().addListener((Observable o) -> follow(viewA, viewB));
        b.trackSpecProperty().addListener((Observable o) -> follow(viewB, viewA));
        a.datasetProperty().addListener((Observable o) -> settle(true));
        b.datasetProperty().addListener((Observable o) -> settle(false));
        linked.addListener((Observable o) -> follow(viewA, viewB)); // turned on: B joins A
    }

    /** After the new run is on the side (its lanes reset to the top in the same step), it takes the other's lanes. */
    private void settle(boolean sideA) {
        if (sideA) {
            settlingA = true;
        } else {
            settlingB = true;
        }
        Platform.runLater(() -> {
            if (sideA) {
                settlingA = false;
                follow(viewB, viewA);
            } else {
                settlingB = false;
                follow(viewA, viewB);
            }
        });
    }

    private void follow(TimelineView from, TimelineView to) {
        TimelineViewModel f = from.viewModel();
        TimelineViewModel t = to.viewModel();
        if (moving || !linked.get() || f.dataset() == TimelineViewModel.NO_DATASET
                || t.dataset() == TimelineViewModel.NO_DATASET || from.getHeight() < 1 || to.getHeight() < 1
                || f.data().dataset() != f.dataset() || t.data().dataset() != t.dataset()) {
            // (the last two: a new run is being set - its rows come with its dataset, later in the same step)
            return;
        }
        moving = true;
        try {
            t.laneScrollPxProperty().set(MatchedLanes.scrollLike(from.currentLayout(), to.currentLayout()));
        } finally {
            moving = false;
        }
    }
}
