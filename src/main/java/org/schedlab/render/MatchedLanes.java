package org.schedlab.render;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The same lanes on two timelines (A and B): a row is matched by what it shows, not by where it
 * is - a CPU lane by its CPU number, a task, lock or counter lane by its name, a group header by
 * its group - so two runs with other task lanes, or another number of CPUs, still line up lane
 * for lane. The workbench scrolls B with A this way, and an exported A/B figure shows B at A's
 * lanes whatever B was scrolled to; what one side shows and the other has not is named.
 */
public final class MatchedLanes {
    /** Rounding in the scroll arithmetic: a row this close to an edge is inside. */
    private static final double EPS_PX = 0.01;
    /** Names listed per group before "and N more". */
    private static final int NAMES_LISTED = 3;

    private MatchedLanes() {
    }

    /**
     * The lane scroll that puts on {@code to} the lanes {@code from} shows: the first row in
     * sight on {@code from} that {@code to} also has at the same height on the canvas (so a row
     * cut by the top edge on one is cut the same on the other). When {@code to} has none of them
     * (A in sight of CPUs 80-87, B with 64 CPUs), {@code to}'s last CPU lane takes the place of
     * {@code from}'s last CPU lane in sight; with no CPU lanes either, {@code to} stays where it is.
     * Always within {@code 0 .. to.maxScrollPx()}.
     */
    public static double scrollLike(TimelineLayout from, TimelineLayout to) {
        Map<String, Integer> index = index(to);
        List<TrackRow> inSight = from.visibleRows();
        for (TrackRow r : inSight) {
            Integer j = index.get(key(r));
            if (j != null) {
                return clamp(contentTop(to, j) - (r.topPx() - from.lanesTopPx()), to);
            }
        }
        Optional<TrackRow> lastCpu = inSight.stream().filter(r -> r.kind() == TrackKind.CPU)
                .reduce((x, y) -> y);
        int toLastCpu = lastCpuIndex(to);
        if (lastCpu.isPresent() && toLastCpu >= 0) {
            TrackRow r = lastCpu.get();
            double bottom = contentTop(to, toLastCpu) + to.row(toLastCpu).heightPx();
            return clamp(bottom - (r.bottomPx() - from.lanesTopPx()), to);
        }
        return to.scrollPx();
    }

    /** {@code b} scrolled to the lanes {@code a} shows (see {@link #scrollLike}). */
    static TimelinePanel scrolledLike(TimelinePanel b, TimelinePanel a) {
        TimelineLayout la = layout(a);
        TimelineLayout lb = layout(b);
        Viewport v = b.viewport();
        Viewport scrolled = v.withLanes(v.heightPx(), scrollLike(la, lb));
        return new TimelinePanel(b.label(), b.data(), scrolled, b.spec(), b.options(), b.highlight());
    }

    /**
     * What only one of two panels shows, for the caption: "only on A: CPUs 64-71 (B has 64
     * CPUs)", "only on B: task lane postgres[40]"; nothing when both show the same lanes. A lane
     * the other side has in a group folded to its header is "folded on A", not "only on B" (A's
     * folded Tasks group made the caption say A lacked the task lanes it has). Group headers are
     * left out: they say how many lanes a group has, which the other notes tell.
     */
    static List<String> differences(TimelinePanel a, String nameA, TimelinePanel b, String nameB) {
        List<TrackRow> shownA = shown(a);
        List<TrackRow> shownB = shown(b);
        List<String> notes = new ArrayList<>();
        notSharedBy(shownA, shownB, b, nameA, nameB, notes);
        notSharedBy(shownB, shownA, a, nameB, nameA, notes);
        return notes;
    }

    /**
     * Adds the notes for the rows of {@code mine} that {@code other} does not show: those it has
     * folded ("folded on B: ...") and the others ("only on A: ...").
     */
    private static void notSharedBy(List<TrackRow> mine, List<TrackRow> otherShown, TimelinePanel other,
                                    String myName, String otherName, List<String> notes) {
        Set<String> theirs = new HashSet<>();
        otherShown.forEach(r -> theirs.add(key(r)));
        Set<String> folded = foldedRows(other);
        List<TrackRow> only = new ArrayList<>();
        List<TrackRow> inFold = new ArrayList<>();
        for (TrackRow r : mine) {
            if (!theirs.contains(key(r))) {
                (folded.contains(key(r)) ? inFold : only).add(r);
            }
        }
        named(only, cpuCount(other), otherName).ifPresent(n -> notes.add("only on " + myName + ": " + n));
        named(inFold, cpuCount(other), otherName).ifPresent(n -> notes.add("folded on " + otherName + ": " + n));
    }

    /** The {@link #key}s of the lanes {@code p} has in its groups folded to their headers. */
    private static Set<String> foldedRows(TimelinePanel p) {
        TrackSpec spec = p.spec();
        if (spec.collapsed().isEmpty()) {
            return Set.of();
        }
        TimelineLayout open = TimelineLayout.of(p.viewport(), p.data().dataset(),
                new TrackSpec(spec.taskLanes(), Set.of(), spec.fitCpuLanes()));
        Set<String> out = new HashSet<>();
        for (int i = 0; i < open.rowCount(); i++) {
            TrackRow r = open.row(i);
            if (r.kind() != TrackKind.HEADER && spec.isCollapsed(r.group())) {
                out.add(key(r));
            }
        }
        return out;
    }

    /** {@code rows} named; empty when there are none. */
    private static Optional<String> named(List<TrackRow> rows, int otherCpus, String otherName) {
        TreeSet<Integer> cpus = new TreeSet<>();
        Map<TrackGroup, List<String>> named = new EnumMap<>(TrackGroup.class);
        for (TrackRow r : rows) {
            if (r.kind() == TrackKind.CPU) {
                cpus.add(r.cpu());
            } else {
                named.computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r.label());
            }
        }
        List<String> parts = new ArrayList<>();
        if (!cpus.isEmpty()) {
            // the other side cannot show them at all: say why, the cpus slider differs
            boolean beyond = cpus.last() >= otherCpus;
            parts.add(cpuRanges(cpus) + (beyond ? " (" + otherName + " has " + otherCpus + " CPU"
                    + (otherCpus == 1 ? "" : "s") + ")" : ""));
        }
        named.forEach((g, names) -> parts.add(names(g, names)));
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
    }

    /** "CPU 5", "CPUs 64-71", "CPUs 3, 64-71". */
    private static String cpuRanges(TreeSet<Integer> cpus) {
        List<String> ranges = new ArrayList<>();
        Integer start = null;
        Integer prev = null;
        for (int c : cpus) {
            if (prev != null && c == prev + 1) {
                prev = c;
                continue;
            }
            if (start != null) {
                ranges.add(start.equals(prev) ? "" + start : start + "-" + prev);
            }
            start = c;
            prev = c;
        }
        ranges.add(start.equals(prev) ? "" + start : start + "-" + prev);
        return (cpus.size() == 1 ? "CPU " : "CPUs ") + String.join(", ", ranges);
    }

    /** "task lane postgres[40]", "locks a, b", "counters x, y, z and 2 more". */
    private static String names(TrackGroup g, List<String> names) {
        String one = g.laneNoun();
        String listed = String.join(", ", names.subList(0, Math.min(NAMES_LISTED, names.size())));
        String more = names.size() > NAMES_LISTED ? " and " + (names.size() - NAMES_LISTED) + " more" : "";
        return one + (names.size() == 1 ? " " : "s ") + listed + more;
    }

    /** The lanes a panel shows whole (headers aside), top to bottom. */
    private static List<TrackRow> shown(TimelinePanel p) {
        TimelineLayout l = layout(p);
        List<TrackRow> out = new ArrayList<>();
        for (TrackRow r : l.visibleRows()) {
            if (r.kind() != TrackKind.HEADER && r.topPx() >= l.lanesTopPx() - EPS_PX
                    && r.bottomPx() <= l.lanesBottomPx() + EPS_PX) {
                out.add(r);
            }
        }
        return out;
    }

    /** What a row shows, the same on both sides: "CPU 3", a task's or lock's or counter's name, a group. */
    private static String key(TrackRow r) {
        return r.kind() == TrackKind.HEADER ? "header " + r.group() : r.kind() + " " + r.label();
    }

    /** Each row's index by {@link #key}; the first of two rows with one name wins. */
    private static Map<String, Integer> index(TimelineLayout l) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < l.rowCount(); i++) {
            out.putIfAbsent(key(l.row(i)), i);
        }
        return out;
    }

    private static int lastCpuIndex(TimelineLayout l) {
        for (int i = l.rowCount() - 1; i >= 0; i--) {
            if (l.row(i).kind() == TrackKind.CPU) {
                return i;
            }
        }
        return -1;
    }

    private static int cpuCount(TimelinePanel p) {
        return p.data().dataset().cpuCount();
    }

    /** Where row {@code i} starts in the unscrolled content. */
    private static double contentTop(TimelineLayout l, int i) {
        return l.row(i).topPx() - l.lanesTopPx() + l.scrollPx();
    }

    private static double clamp(double scrollPx, TimelineLayout l) {
        return Math.max(0, Math.min(l.maxScrollPx(), scrollPx));
    }

    private static TimelineLayout layout(TimelinePanel p) {
        return TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
    }
}
