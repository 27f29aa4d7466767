package org.schedlab.render;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A timeline as a figure shows it: the rows the view had in sight, whole ones only, and no
 * taller than they are. On screen a lane may be cut by the bottom (or, scrolled, the top) of
 * the canvas, and lanes that stop short leave empty space above the legend; in a picture both
 * read as a mistake. So the picture starts at the first row whose top is in view, ends with the
 * last whose bottom is, and the legend follows it; the caption then says which lanes of a group
 * are left out ("CPUs 0-6 of 96 shown").
 *
 * <p>Lanes keep the height they had on screen: the layout shares out what the other rows leave
 * to the CPU lanes, and lanes cut short in the canvas are always at their smallest height, lanes
 * that stop short are exactly as tall as the space they are now given.
 */
final class WholeLanes {
    /** Rounding in the scroll arithmetic: a row this close to an edge is inside. */
    private static final double EPS_PX = 0.01;

    private WholeLanes() {
    }

    /** {@code p} cut to its whole rows and their height (unchanged when no row fits whole, or it has none). */
    static TimelinePanel of(TimelinePanel p) {
        TimelineLayout l = layout(p);
        int[] r = l.visibleRange();
        int from = r[0];
        int to = r[1];
        while (from < to && l.row(from).topPx() < l.lanesTopPx() - EPS_PX) {
            from++;
        }
        while (to > from && l.row(to - 1).bottomPx() > l.lanesBottomPx() + EPS_PX) {
            to--;
        }
        if (from == to) {
            return p;
        }
        double top = l.row(from).topPx();
        // down to the next row's top (the gap after the last row), or the end of all rows
        double end = to < l.rowCount() ? l.row(to).topPx() : l.lanesTopPx() + l.contentHeightPx() - l.scrollPx();
        end = Math.min(end, l.lanesBottomPx());
        Viewport v = p.viewport();
        double height = TimelineLayout.AXIS_HEIGHT_PX + (end - top) + TimelineLayout.LEGEND_HEIGHT_PX;
        Viewport cut = v.withLanes(Math.min(v.heightPx(), height), l.scrollPx() + (top - l.lanesTopPx()));
        TimelinePanel out = new TimelinePanel(p.label(), p.data(), cut, p.spec(), p.options(), p.highlight());
        if (layout(out).cpuLaneHeightPx() != l.cpuLaneHeightPx()) {
            return p; // not expected (see the class comment); never a picture with other lanes than the view's
        }
        return out;
    }

    /**
     * What the panel leaves out of the lanes it has open, for the caption: "CPUs 0-6 of 96 shown;
     * 3 task lanes, 1 lock, 4 counters left out"; empty when every lane is whole in the picture.
     */
    static Optional<String> leftOut(TimelinePanel p) {
        TimelineLayout l = layout(p);
        Map<TrackGroup, Integer> all = new EnumMap<>(TrackGroup.class);
        Map<TrackGroup, Integer> shown = new EnumMap<>(TrackGroup.class);
        int firstCpu = -1;
        int lastCpu = -1;
        for (int i = 0; i < l.rowCount(); i++) {
            TrackRow row = l.row(i);
            if (row.kind() == TrackKind.HEADER) {
                continue;
            }
            all.merge(row.group(), 1, Integer::sum);
            if (row.topPx() >= l.lanesTopPx() - EPS_PX && row.bottomPx() <= l.lanesBottomPx() + EPS_PX) {
                shown.merge(row.group(), 1, Integer::sum);
                if (row.kind() == TrackKind.CPU) {
                    firstCpu = firstCpu < 0 ? row.ref() : firstCpu;
                    lastCpu = row.ref();
                }
            }
        }
        List<String> partly = new ArrayList<>();
        List<String> none = new ArrayList<>();
        for (Map.Entry<TrackGroup, Integer> e : all.entrySet()) {
            int n = e.getValue();
            int s = shown.getOrDefault(e.getKey(), 0);
            if (s == n) {
                continue;
            }
            if (s == 0) {
                none.add(count(n, e.getKey()));
            } else if (e.getKey() == TrackGroup.CPUS) {
                partly.add("CPUs " + (firstCpu == lastCpu ? "" + firstCpu : firstCpu + "-" + lastCpu) + " of " + n);
            } else {
                partly.add(s + " of " + count(n, e.getKey()));
            }
        }
        List<String> parts = new ArrayList<>();
        if (!partly.isEmpty()) {
            parts.add(String.join(", ", partly) + " shown");
        }
        if (!none.isEmpty()) {
            parts.add(String.join(", ", none) + " left out");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
    }

    /** "96 CPUs", "1 lock", "3 task lanes". */
    private static String count(int n, TrackGroup g) {
        String one = g.laneNoun();
        return n + " " + one + (n == 1 ? "" : "s");
    }

    private static TimelineLayout layout(TimelinePanel p) {
        return TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
    }
}
