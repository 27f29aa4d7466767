package org.schedlab.ui.lab;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;

import org.schedlab.render.MatchedLanes;
import org.schedlab.render.TrackSpec;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;

/**
 * Scrolls A's and B's lanes together while {@code linked} is on: the side the user scrolls
 * leads, and the other shows the same lanes (CPU by number, task, lock and counter lanes by
 * name; see {@link MatchedLanes#scrollLike}). A side that gets a new run (which opens at the
 * top, or on its task lanes where the side is short) goes back to the other side's lanes, so a
 * rerun does not lose the CPUs the user was looking at. Until either side is scrolled each side
 * shows the lanes its run opens with for its own height ({@link TimelineView#lanesAsOpened}),
 * opened again when that height changes; the other side keeps its own.
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
    /** Each side's rows as last seen: a change of "Fit CPU lanes" alone is not followed. */
    private TrackSpec specA;
    private TrackSpec specB;

    LaneScrollLink(TimelineView viewA, TimelineView viewB, BooleanProperty linked) {
        this.viewA = viewA;
        this.viewB = viewB;
        this.linked = linked;
        TimelineViewModel a = viewA.viewModel();
        TimelineViewModel b = viewB.viewModel();
        // a side whose lanes are still as its run opened them moved them for a new height, not a
        // scroll: the other keeps its own (a dragged divider gave B room for all its lanes, and A's
        // task lanes went out of sight under its CPU lanes). A scroll has ended that before this
        // listener runs: the view's own listener came first, with the view.
        a.laneScrollPxProperty().addListener((Observable o) -> {
            if (!settlingA && !viewA.lanesAsOpened()) {
                follow(viewA, viewB);
            }
        });
        b.laneScrollPxProperty().addListener((Observable o) -> {
            if (!settlingB && !viewB.lanesAsOpened()) {
                follow(viewB, viewA);
            }
        });
        // other rows follow; "Fit CPU lanes" alone is turned on both sides at once, each view
        // putting its own lanes (see TimelineView): followed, a side took the other's lanes
        // before its own were fitted
        specA = a.trackSpecProperty().get();
        specB = b.trackSpecProperty().get();
        a.trackSpecProperty().addListener((Observable o) -> {
            TrackSpec was = specA;
            specA = a.trackSpecProperty().get();
            if (!onlyFitChanged(was, specA)) {
                follow(viewA, viewB);
            }
        });
        b.trackSpecProperty().addListener((Observable o) -> {
            TrackSpec was = specB;
            specB = b.trackSpecProperty().get();
            if (!onlyFitChanged(was, specB)) {
                follow(viewB, viewA);
            }
        });
        a.datasetProperty().addListener((Observable o) -> settle(true));
        b.datasetProperty().addListener((Observable o) -> settle(false));
        linked.addListener((Observable o) -> follow(viewA, viewB)); // turned on: B joins A
    }

    private static boolean onlyFitChanged(TrackSpec was, TrackSpec now) {
        return was != null && now != null && was.fitCpuLanes() != now.fitCpuLanes()
                && was.withFitCpuLanes(now.fitCpuLanes()).equals(now);
    }

    /**
     * After the new run is on the side (its lanes reset to the top in the same step), it takes the
     * other's lanes - those the user scrolled to: lanes where the other side's run opened them were
     * chosen for that side's height, and the new run's own opening lanes stay.
     */
    private void settle(boolean sideA) {
        if (sideA) {
            settlingA = true;
        } else {
            settlingB = true;
        }
        Platform.runLater(() -> {
            if (sideA) {
                settlingA = false;
                follow(viewB, viewA, true);
            } else {
                settlingB = false;
                follow(viewA, viewB, true);
            }
        });
    }

    private void follow(TimelineView from, TimelineView to) {
        follow(from, to, false);
    }

    /** {@code to} shows the lanes {@code from} shows; for {@code newRun}, only lanes someone scrolled to. */
    private void follow(TimelineView from, TimelineView to, boolean newRun) {
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
            if (newRun && from.lanesAsOpened()) {
                // nobody chose those lanes, and they were chosen for that side's height: the new run
                // opens its own for its height (A's run came in on a card 44 px taller than the split
                // then made it, and B's, following, kept A's scroll for that height: task B cut)
                to.openLanes();
            } else {
                t.laneScrollPxProperty().set(MatchedLanes.scrollLike(from.currentLayout(), to.currentLayout()));
            }
        } finally {
            moving = false;
        }
    }
}
