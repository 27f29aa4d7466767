package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * "Fit CPU lanes": a 96-CPU machine in one glance. The CPU lanes shrink to the lanes area, down to
 * a pixel each (no gap under ~4 px), names only as many as fit without overlapping, the pointer
 * still finds the CPU under it, and the other groups keep their heights below.
 */
class FitCpuLanesLayoutTest {
    private static final TrackSpec TASKS = TrackSpec.DEFAULT.withTaskLanes(List.of(0, 1, 2));
    private static final TrackSpec FIT = TASKS.withFitCpuLanes(true);

    /** A viewport whose lanes area is {@code lanesPx} high. */
    private static Viewport lanes(double lanesPx, double scrollPx) {
        return new Viewport(0, 1_000_000, 1200, lanesPx + TimelineLayout.AXIS_HEIGHT_PX + TimelineLayout.LEGEND_HEIGHT_PX,
                scrollPx);
    }

    @Test
    void ninetySixCpusFitEvenAShortPaneAtAPixelEachWithoutGaps() throws Exception {
        Dataset d = machine(96);
        // the CPUs header (20 px and its 1 px gap) and 96 one-pixel lanes
        TimelineLayout l = TimelineLayout.of(lanes(117, 0), d, FIT);
        assertTrue(l.cpuLanesFitted());
        assertEquals(1, l.cpuLaneHeightPx());
        assertEquals(0, l.cpuLaneGapPx());
        assertWholeAndStacked(l, 96);

        TimelineLayout own = TimelineLayout.of(lanes(117, 0), d, TASKS);
        assertEquals(TimelineLayout.MIN_CPU_HEIGHT_PX, own.cpuLaneHeightPx(), "without it: 12 px lanes");
        assertTrue(own.cpuLane(95).bottomPx() > own.lanesBottomPx(), "and a few of them in sight");
    }

    @Test
    void aTallerPaneGivesThickerLanesWithAGapAndNeverMoreThanTheirOwnHeight() throws Exception {
        Dataset d = machine(96);
        TimelineLayout l = TimelineLayout.of(lanes(600, 0), d, FIT); // 1600 x 900 picture's lanes are ~826
        assertEquals(5, l.cpuLaneHeightPx(), "(600 - 21 + 1) / 96 = 6 a lane with its gap");
        assertEquals(1, l.cpuLaneGapPx());
        assertWholeAndStacked(l, 96);

        TimelineLayout thin = TimelineLayout.of(lanes(400, 0), d, FIT);
        assertEquals(3, thin.cpuLaneHeightPx(), "under 4 px the lanes touch: 379 / 96");
        assertEquals(0, thin.cpuLaneGapPx());
        assertWholeAndStacked(thin, 96);

        Dataset two = machine(2);
        TimelineLayout few = TimelineLayout.of(lanes(600, 0), two, FIT);
        assertFalse(few.cpuLanesFitted(), "two CPUs fit at their own height: nothing changes");
        assertEquals(TimelineLayout.of(lanes(600, 0), two, TASKS).cpuLaneHeightPx(), few.cpuLaneHeightPx());
        assertEquals(TimelineLayout.of(lanes(600, 0), two, TASKS).contentHeightPx(), few.contentHeightPx());
    }

    /**
     * Every lanes height from a pixel a CPU up: the lanes are whole and stacked, as tall as fits
     * (a pixel more and CPU 95 would be cut), a gap only under lanes of 4 px or more, and one
     * wherever such lanes have room for it.
     */
    @Test
    void atEveryPaneHeightTheMachineIsWholeAndAsTallAsFits() throws Exception {
        Dataset d = machine(96);
        for (int lanesPx = 117; lanesPx <= 1300; lanesPx++) {
            TimelineLayout l = TimelineLayout.of(lanes(lanesPx, 0), d, FIT);
            if (!l.cpuLanesFitted()) {
                continue;
            }
            assertWholeAndStacked(l, 96);
            double h = l.cpuLaneHeightPx();
            double gap = l.cpuLaneGapPx();
            assertTrue(gap == 0 || gap == 1 && h >= TimelineLayout.FIT_GAP_MIN_PX, lanesPx + " px: " + h + " px, gap " + gap);
            double avail = l.lanesBottomPx() - l.cpuLane(0).topPx();
            double taller = gap == 0 ? 96 * (h + 1) : 96 * (h + 2) - 1;
            assertTrue(taller > avail, lanesPx + " px: lanes of " + h + " px, " + (h + 1) + " px would fit too");
            if (gap == 0 && h >= TimelineLayout.FIT_GAP_MIN_PX) {
                assertTrue(96 * (h + 1) - 1 > avail, lanesPx + " px: " + h + " px lanes fit with their gap");
            }
        }
        TimelineLayout four = TimelineLayout.of(lanes(500, 0), d, FIT);
        assertEquals(4, four.cpuLaneHeightPx(), "(500 - 21 + 1) / 96 = 5 a lane with its gap");
        assertEquals(1, four.cpuLaneGapPx(), "4 px lanes keep their gap");
    }

    @Test
    void whereEvenAPixelEachDoesNotFitTheLanesArePixelsAndScroll() throws Exception {
        Dataset d = machine(96);
        // an A/B side on a 1280 x 720 laptop: 73 px of lanes
        TimelineLayout l = TimelineLayout.of(lanes(73, 0), d, FIT);
        assertEquals(1, l.cpuLaneHeightPx());
        assertEquals(0, l.cpuLaneGapPx());
        assertTrue(l.maxScrollPx() > 0);
        assertEquals(0, l.openingScrollPx(), "opens on the machine, not on the task lanes");
        TimelineLayout end = TimelineLayout.of(lanes(73, 21 + 96 - 73), d, FIT);
        TrackRow last = end.cpuLane(95);
        assertEquals(end.lanesBottomPx(), last.bottomPx(), 1e-9, "CPU 95 a scroll down");
        assertEquals(95, end.rowAt(last.topPx()).orElseThrow().cpu());
    }

    /**
     * The opening scroll of README's "The timeline's lanes" holds in both modes: two CPUs and three
     * task lanes in an A/B side on a laptop open on the task lanes either way (the CPU lanes fit at
     * their own height, so nothing is fitted), and fitted lanes open at CPU 0.
     */
    @Test
    void aPaneOpensWhereItOpensWithoutItUnlessItsCpuLanesWereFitted() throws Exception {
        Dataset two = machine(2);
        Viewport laptop = lanes(73, 0);
        TimelineLayout own = TimelineLayout.of(laptop, two, TASKS);
        TimelineLayout fit = TimelineLayout.of(laptop, two, FIT);
        assertFalse(fit.cpuLanesFitted());
        assertTrue(own.openingScrollPx() > 0, "on the task lanes: " + own.openingScrollPx());
        assertEquals(own.openingScrollPx(), fit.openingScrollPx());

        Dataset sixteen = machine(16);
        Viewport tall = lanes(150, 0);
        assertEquals(0, TimelineLayout.of(tall, sixteen, TASKS).openingScrollPx(), "12 px lanes overflow the pane: the top");
        TimelineLayout fitted = TimelineLayout.of(tall, sixteen, FIT);
        assertTrue(fitted.cpuLanesFitted());
        assertEquals(0, fitted.openingScrollPx(), "16 fitted CPU lanes fill the pane: from CPU 0");
    }

    @Test
    void thePointerFindsTheCpuUnderItAtAPixelALane() throws Exception {
        TimelineLayout l = TimelineLayout.of(lanes(117, 0), machine(96), FIT);
        double first = l.cpuLane(0).topPx();
        for (int c = 0; c < 96; c++) {
            double y = first + c; // pixel row c of the CPU lanes
            assertEquals(c, l.rowAt(y).orElseThrow().cpu(), "y " + y);
            assertEquals(c, l.rowAt(y + 0.99).orElseThrow().cpu(), "y " + (y + 0.99));
            assertEquals(TrackKind.CPU, l.rowAt(y + 0.5).orElseThrow().kind());
        }
        assertEquals(TrackKind.HEADER, l.rowAt(first - 2).orElseThrow().kind(), "the CPUs header above");
    }

    @Test
    void cpuNamesNeverOverlapAndEveryKthIsShown() throws Exception {
        namesNeverOverlap(96);
        namesNeverOverlap(100); // the last k-th CPU near the end: a name running past the lanes is left out
    }

    private static void namesNeverOverlap(int cpus) throws Exception {
        Dataset d = machine(cpus);
        for (double lanesPx : new double[] {117, 150, 200, 250, 300, 400, 600, 900, 1400}) {
            TimelineLayout l = TimelineLayout.of(lanes(lanesPx, 0), d, FIT);
            for (double font : new double[] {TimelineStyle.LIGHT.smallFontPx(), TimelineStyle.PICTURE.smallFontPx()}) {
                List<Integer> shown = new ArrayList<>();
                for (int c = 0; c < cpus; c++) {
                    if (l.cpuLabelShown(c, font)) {
                        shown.add(c);
                    }
                }
                assertTrue(shown.contains(0), "CPU 0 named at " + lanesPx + " px: " + shown);
                int k = l.cpuLabelEvery(font);
                assertTrue(Integer.bitCount(k) == 1, "every " + k);
                for (int i = 0; i < shown.size(); i++) {
                    int c = shown.get(i);
                    assertEquals(0, c % k, "CPU " + c + " every " + k);
                    // a name drawn from its lane's top (or centred in a lane as tall as it) ends
                    // before the next name's lane starts, and inside the CPU lanes
                    double top = k == 1 ? l.cpuLane(c).topPx() + l.cpuLaneHeightPx() / 2 - font / 2 : l.cpuLane(c).topPx();
                    double bottom = top + font;
                    if (i + 1 < shown.size()) {
                        int next = shown.get(i + 1);
                        double nextTop = k == 1 ? l.cpuLane(next).topPx() + l.cpuLaneHeightPx() / 2 - font / 2
                                : l.cpuLane(next).topPx();
                        assertTrue(bottom <= nextTop, lanesPx + " px, font " + font + ": CPU " + c
                                + " [" + top + ", " + bottom + ") runs into CPU " + next + " at " + nextTop);
                        if (k > 1) {
                            // names read apart, not as one block of text: the label spacing between them
                            assertTrue(nextTop - bottom >= TimelineLayout.LABEL_SPACING_PX, lanesPx + " px, font "
                                    + font + ": CPU " + c + "'s name ends " + (nextTop - bottom) + " px above CPU " + next
                                    + "'s");
                        }
                    }
                    assertTrue(bottom <= l.cpuLane(cpus - 1).bottomPx() + 0.5, "CPU " + c + "'s name inside the lanes");
                }
                if (k > 1) {
                    // and as many names as that leaves room for: every k/2-th would be closer than the spacing
                    double step = l.cpuLaneHeightPx() + l.cpuLaneGapPx();
                    assertTrue(k / 2 * step < font + TimelineLayout.LABEL_SPACING_PX, lanesPx + " px, font " + font
                            + ": every " + k + "-th named where every " + k / 2 + "-th fits");
                }
                if (l.cpuLaneHeightPx() == 1) {
                    assertTrue(k >= 8 && shown.size() >= cpus / k - 1, "1 px lanes: every " + k + ", " + shown);
                }
            }
        }
    }

    @Test
    void theOtherGroupsKeepTheirHeightsBelowTheMachine() throws Exception {
        Dataset d = machine(96);
        TimelineLayout fit = TimelineLayout.of(lanes(300, 0), d, FIT);
        TimelineLayout own = TimelineLayout.of(lanes(300, 0), d, TASKS);
        double cpusBottom = fit.cpuLane(95).bottomPx();
        assertTrue(cpusBottom <= fit.lanesBottomPx(), "the machine whole");
        for (int t = 0; t < 3; t++) {
            TrackRow a = fit.find(TrackKind.TASK, t).orElseThrow();
            TrackRow b = own.find(TrackKind.TASK, t).orElseThrow();
            assertEquals(b.heightPx(), a.heightPx(), "task lane " + t);
            assertTrue(a.topPx() >= cpusBottom, "task lane " + t + " under the CPU lanes");
        }
        TrackRow counters = fit.find(TrackKind.COUNTER, 0).orElseThrow();
        assertEquals(TimelineLayout.COUNTER_HEIGHT_PX, counters.heightPx());
        assertTrue(fit.maxScrollPx() > 0, "reachable by scrolling");
        TimelineLayout scrolled = TimelineLayout.of(lanes(300, 1e9), d, FIT);
        TrackRow last = scrolled.find(TrackKind.COUNTER, 0).orElseThrow();
        assertTrue(last.bottomPx() <= scrolled.lanesBottomPx() + 1e-9 && last.topPx() >= scrolled.lanesTopPx(),
                "the counter whole at the end of the scroll: " + last);
    }

    /**
     * A 1 px lane is all state strip where it has one: a spinning CPU's pixel row is the spinning
     * red, a CPU in user mode keeps its task's colour. Without the strip on thin lanes the machine's
     * spinning did not show at all.
     */
    @Test
    void aSpinningCpusOnePixelLaneIsSpinningRed() throws Exception {
        Dataset d = machine(96);
        Viewport v = lanes(117, 0);
        TimelineLayout l = TimelineLayout.of(v, d, FIT);
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage((int) v.widthPx(), (int) v.heightPx(),
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        try {
            new TimelineRenderer().render(TimelineData.prepare(d, () -> false), v, FIT, HighlightIndex.NONE,
                    PaintOptions.DEFAULT, new Java2dSurface(g));
        } finally {
            g.dispose();
        }
        int x = (int) (l.plotLeftPx() + l.plotWidthPx() / 2);
        int red = StateColors.slice(SliceState.SPINNING) & 0xFFFFFF;
        for (int c = 0; c < 96; c++) {
            int rgb = img.getRGB(x, (int) l.cpuLane(c).topPx()) & 0xFFFFFF;
            if (c % 3 == 0) {
                assertEquals(Integer.toHexString(red), Integer.toHexString(rgb), "CPU " + c + " spins");
            } else {
                assertTrue(rgb != red, "CPU " + c + " runs in user mode: its task's colour");
            }
        }
    }

    /**
     * A lock mark on a lane thinner than {@link CpuRowPainter#THIN_MARK_LANE_PX} is a bar a pixel
     * taller than its lane each way, edged left and right, without its 6 px cap: capped, a 1 px
     * lane's marks covered four lanes and the spinning under them. Lanes as tall as that keep
     * the cap. What the marks change in the picture, against the same machine without them:
     */
    @Test
    void aLockMarkOnAThinLaneCoversItsLaneAndAPixelEachWayAndNoCap() throws Exception {
        Dataset plain = machine(96);
        Dataset marked = machine(96, true);
        for (double lanesPx : new double[] {117, 400, 600, 800}) {
            Viewport v = lanes(lanesPx, 0);
            TimelineLayout l = TimelineLayout.of(v, marked, FIT);
            boolean thin = l.cpuLaneHeightPx() < CpuRowPainter.THIN_MARK_LANE_PX;
            assertEquals(lanesPx < 700, thin, lanesPx + " px: lanes " + l.cpuLaneHeightPx());
            java.awt.image.BufferedImage without = picture(plain, v);
            java.awt.image.BufferedImage with = picture(marked, v);
            for (int[] mark : new int[][] {{LHP_CPU, LHP_NS}, {HANDOFF_CPU, HANDOFF_NS}}) {
                TrackRow lane = l.cpuLane(mark[0]);
                double markX = l.plotLeftPx() + (double) mark[1] / 1_000_000 * l.plotWidthPx();
                int left = Integer.MAX_VALUE;
                int right = Integer.MIN_VALUE;
                int top = Integer.MAX_VALUE;
                int bottom = Integer.MIN_VALUE;
                for (int y = (int) l.lanesTopPx(); y < (int) l.lanesBottomPx(); y++) {
                    for (int x = (int) markX - 12; x <= (int) markX + 12; x++) {
                        if (with.getRGB(x, y) != without.getRGB(x, y)) {
                            left = Math.min(left, x);
                            right = Math.max(right, x + 1);
                            top = Math.min(top, y);
                            bottom = Math.max(bottom, y + 1);
                        }
                    }
                }
                String what = lanesPx + " px (" + l.cpuLaneHeightPx() + " px lanes), CPU " + mark[0] + "'s mark: x "
                        + left + ".." + right + ", y " + top + ".." + bottom + " on a lane " + lane.topPx() + ".."
                        + lane.bottomPx();
                assertTrue(left < right, what + ": drawn");
                if (thin) {
                    assertTrue(right - left <= 4, what + ": the bar and its edges, no cap");
                    assertTrue(top >= lane.topPx() - 1 && bottom <= lane.bottomPx() + 1, what + ": a pixel each way");
                    assertTrue(bottom - top >= l.cpuLaneHeightPx() + 1, what + ": past its lane, in sight on a 1 px lane");
                } else {
                    assertTrue(right - left >= 6, what + ": capped");
                    assertTrue(top >= lane.topPx() && bottom <= lane.bottomPx(), what + ": in its lane");
                }
            }
        }
    }

    private static final int LHP_CPU = 40;
    private static final int LHP_NS = 300_000;
    private static final int HANDOFF_CPU = 61;
    private static final int HANDOFF_NS = 600_000;

    private static java.awt.image.BufferedImage picture(Dataset d, Viewport v) {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage((int) v.widthPx(), (int) v.heightPx(),
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        try {
            new TimelineRenderer().render(TimelineData.prepare(d, () -> false), v, FIT, HighlightIndex.NONE,
                    PaintOptions.DEFAULT, new Java2dSurface(g));
        } finally {
            g.dispose();
        }
        return img;
    }

    /** All {@code cpus} lanes whole in the lanes area, each right under the one before. */
    private static void assertWholeAndStacked(TimelineLayout l, int cpus) {
        for (int c = 0; c < cpus; c++) {
            TrackRow r = l.cpuLane(c);
            assertTrue(r.topPx() >= l.lanesTopPx() && r.bottomPx() <= l.lanesBottomPx(),
                    "CPU " + c + " whole: " + r + " in " + l.lanesTopPx() + ".." + l.lanesBottomPx());
            if (c > 0) {
                assertEquals(l.cpuLane(c - 1).bottomPx() + l.cpuLaneGapPx(), r.topPx(), 1e-9, "CPU " + c);
            }
        }
    }

    /** {@code cpus} CPUs, each busy with a task of its own, three of them with task lanes, and a counter. */
    static Dataset machine(int cpus) throws Exception {
        return machine(cpus, false);
    }

    /** As {@link #machine(int)}, with a lock-holder preemption and a lock handoff stall mark if {@code marks}. */
    static Dataset machine(int cpus, boolean marks) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("machine", "simulation"));
        for (int c = 0; c < Math.max(cpus, 3); c++) {
            int t = b.addTask(4000 + c, 4000 + c, "pgbench");
            if (c < cpus) {
                b.slice(c, 0, 1_000_000, t, c % 3 == 0 ? SliceState.SPINNING : SliceState.USER);
            }
        }
        if (marks) {
            b.mark(org.schedlab.model.MarkKind.LOCK_HOLDER_PREEMPTION, LHP_NS, LHP_CPU, LHP_CPU, "holder preempted");
            b.mark(org.schedlab.model.MarkKind.LOCK_HANDOFF, HANDOFF_NS, HANDOFF_CPU, HANDOFF_CPU, "lock free");
        }
        b.counter("spinning CPUs", "count").add(0, 1).add(500_000, 2);
        return b.build();
    }
}
