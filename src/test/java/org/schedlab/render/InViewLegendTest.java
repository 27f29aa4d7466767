package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * The legend lists and keys what the CPU lanes in sight draw: a 96-CPU run scrolled to CPUs 40-47
 * named the busiest tasks of all 96 "In view", and a picture of a few CPUs keyed a lock-holder
 * preemption on a CPU it left out.
 */
class InViewLegendTest {
    private static final long US = 1_000;
    private static final long WINDOW = 1_000 * US;

    /** CPU c runs its own task w{c} for (c + 1) * 5 us: the higher the CPU, the busier its task. */
    private static Dataset ninetySix() {
        DatasetBuilder b = Dataset.builder(Metadata.of("many", "test"));
        for (int c = 0; c < 96; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, (c + 1) * 5 * US, t, SliceState.USER);
        }
        return RenderFixtures.build(b);
    }

    /** The viewport of a 1280x720 timeline scrolled so that CPU {@code cpu}'s lane is the first in sight. */
    private static Viewport scrolledTo(Dataset d, int cpu) {
        Viewport top = new Viewport(0, WINDOW, 1280, 720);
        TimelineLayout at0 = TimelineLayout.of(top, d, TrackSpec.DEFAULT);
        return top.withLanes(720, at0.cpuLane(cpu).topPx() - at0.lanesTopPx());
    }

    private static List<Integer> cpusInSight(Dataset d, Viewport v) {
        return TimelineLayout.of(v, d, TrackSpec.DEFAULT).visibleRows().stream()
                .filter(r -> r.kind() == TrackKind.CPU).map(TrackRow::ref).toList();
    }

    private static Map<String, Long> tasksListed(FrameSummary f) {
        return f.legend().stream().filter(e -> e.kind() == LegendEntry.Kind.TASK)
                .collect(Collectors.toMap(LegendEntry::label, LegendEntry::runNs));
    }

    @Test
    void scrolledDownToCpu40TheInViewRowListsTheTasksAndTimesOfTheLanesInSightOnly() {
        Dataset d = ninetySix();
        Viewport v = scrolledTo(d, 40);
        List<Integer> inSight = cpusInSight(d, v);
        assertTrue(inSight.contains(40) && !inSight.contains(0) && !inSight.contains(95), "in sight: " + inSight);
        TimelineData data = TimelineData.of(d);

        FrameSummary f = new TimelineRenderer().render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, new RecordingSurface());

        Map<String, Long> listed = tasksListed(f);
        Map<String, Long> expected = inSight.stream().collect(Collectors.toMap(c -> data.taskLabel(c),
                c -> (c + 1) * 5 * US));
        assertEquals(expected, listed, "the tasks of CPUs " + inSight + ", each with its time on its lane");
        // and the drawn row leads with the busiest of those, not w95 of a lane out of sight
        assertEquals(data.taskLabel(inSight.get(inSight.size() - 1)), f.legend().get(0).label());
    }

    /**
     * Scrolling needs no new fold (the window is the same): columns folded with the lanes at the
     * top, painted scrolled to CPU 40, list CPU 40's tasks, from the lanes' own times.
     */
    @Test
    void columnsFoldedOnceFollowTheScrollInTheLegend() {
        Dataset d = ninetySix();
        TimelineData data = TimelineData.of(d);
        Viewport top = new Viewport(0, WINDOW, 1280, 720);
        TimelineLayout layout = TimelineLayout.of(top, d, TrackSpec.DEFAULT);
        FrameColumns cols = FrameAggregator.aggregate(data, FrameRequest.of(layout, TrackSpec.DEFAULT,
                HighlightIndex.NONE), () -> false);
        TimelineRenderer r = new TimelineRenderer();

        FrameSummary atTop = r.paint(data, cols, top, TrackSpec.DEFAULT, PaintOptions.DEFAULT, new RecordingSurface());
        Viewport v = scrolledTo(d, 40);
        FrameSummary scrolled = r.paint(data, cols, v, TrackSpec.DEFAULT, PaintOptions.DEFAULT,
                new RecordingSurface());

        assertEquals(cpusInSight(d, top).stream().map(data::taskLabel).collect(Collectors.toSet()),
                tasksListed(atTop).keySet());
        assertEquals(cpusInSight(d, v).stream().map(data::taskLabel).collect(Collectors.toSet()),
                tasksListed(scrolled).keySet());
        // the columns keep the whole frame's times for whoever shows every lane
        assertEquals(96, java.util.Arrays.stream(cols.runNsByTask).filter(ns -> ns > 0).count());
    }

    /**
     * A task that ran on several lanes in sight is listed with its time on all of them, and the
     * row by state sums the lanes in sight: CPU c runs "shared" for 5 us and its own task w{c}
     * for (c + 1) us, in kernel.
     */
    @Test
    void aTaskOnSeveralLanesInSightHasTheirTimesSummedAndByStateTheLanesAddUp() {
        DatasetBuilder b = Dataset.builder(Metadata.of("many", "test"));
        int shared = b.addTask(99, 99, "shared");
        for (int c = 0; c < 96; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, 5 * US, shared, SliceState.USER).slice(c, 5 * US, (6 + c) * US, t, SliceState.KERNEL);
        }
        Dataset d = RenderFixtures.build(b);
        Viewport v = scrolledTo(d, 40);
        List<Integer> inSight = cpusInSight(d, v);
        TimelineData data = TimelineData.of(d);

        FrameSummary byTask = new TimelineRenderer().render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, new RecordingSurface());
        assertEquals(inSight.size() * 5 * US, tasksListed(byTask).get(data.taskLabel(shared)), "on " + inSight);

        FrameSummary byState = new TimelineRenderer().render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE), new RecordingSurface());
        Function<String, Long> ns = label -> byState.legend().stream().filter(e -> e.label().equals(label))
                .findFirst().orElseThrow().runNs();
        assertEquals(inSight.size() * 5 * US, ns.apply(SliceState.USER.label()));
        assertEquals(inSight.stream().mapToLong(c -> (c + 1) * US).sum(), ns.apply(SliceState.KERNEL.label()));
    }

    /** Every lane in sight, the row is the whole frame's as before. */
    @Test
    void withEveryCpuInSightTheRowCountsThemAll() {
        Dataset d = RenderFixtures.twoCpus();
        FrameSummary f = new TimelineRenderer().render(TimelineData.of(d), new Viewport(0, 4000,
                TimelineLayout.LABEL_WIDTH_PX + 400, 300), TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, new RecordingSurface());
        Function<String, Long> ns = label -> f.legend().stream().filter(e -> e.label().startsWith(label))
                .findFirst().orElseThrow().runNs();
        assertEquals(2000, ns.apply("alpha"));
        assertEquals(2000, ns.apply("beta"));
        assertEquals(2000, ns.apply("stolen"));
    }

    /** Lanes read from the pyramid (zoomed out over many slices): their estimates, of the lanes in sight. */
    @Test
    void coarseLanesScrolledOutAreLeftOutOfTheCoarseRowToo() {
        DatasetBuilder b = Dataset.builder(Metadata.of("busy", "test"));
        int cpus = 24;
        int[][] task = new int[cpus][2];
        for (int c = 0; c < cpus; c++) {
            task[c][0] = b.addTask(1000 + 2 * c, 1000 + 2 * c, "a" + c);
            task[c][1] = b.addTask(1001 + 2 * c, 1001 + 2 * c, "b" + c);
            for (int i = 0; i < 6_000; i++) {
                b.slice(c, i * 1_000L, i * 1_000L + 900, task[c][i % 2], SliceState.USER);
            }
        }
        Dataset d = RenderFixtures.build(b);
        TimelineData data = TimelineData.prepare(d, () -> false);
        Viewport top = new Viewport(0, 6_000_000L, 640, 300);
        TimelineLayout at0 = TimelineLayout.of(top, d, TrackSpec.DEFAULT);
        Viewport v = top.withLanes(300, at0.cpuLane(12).topPx() - at0.lanesTopPx());
        List<Integer> inSight = cpusInSight(d, v);
        assertTrue(inSight.size() < cpus && !inSight.contains(0), "in sight: " + inSight);

        RecordingSurface s = new RecordingSurface();
        FrameSummary f = new TimelineRenderer().render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);

        assertTrue(f.approximate(), "read from the pyramid");
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("In view (coarse)"), "the row says its times are estimates: " + texts);
        java.util.Set<String> expected = new java.util.HashSet<>();
        for (int c : inSight) {
            expected.add(data.taskLabel(task[c][0]));
            expected.add(data.taskLabel(task[c][1]));
        }
        assertTrue(expected.containsAll(tasksListed(f).keySet()), "only tasks of CPUs " + inSight + ": "
                + tasksListed(f).keySet());
        assertFalse(tasksListed(f).isEmpty());
    }

    /** Scrolled past every CPU lane, the row does not say the recording has no CPU data there. */
    @Test
    void scrolledPastTheCpuLanesTheRowSaysNoneIsInView() {
        DatasetBuilder b = Dataset.builder(Metadata.of("tasks", "test"));
        int t = b.addTask(7, 7, "t");
        b.slice(0, 0, 500 * US, t, SliceState.USER);
        for (int i = 0; i < 40; i++) {
            b.counter("c" + i, "").add(0, i).add(WINDOW, i + 1);
        }
        Dataset d = RenderFixtures.build(b);
        Viewport top = new Viewport(0, WINDOW, 1280, 300);
        TimelineLayout at0 = TimelineLayout.of(top, d, TrackSpec.DEFAULT);
        Viewport v = top.withLanes(300, at0.maxScrollPx());
        assertTrue(cpusInSight(d, v).isEmpty(), "scrolled past CPU 0");
        RecordingSurface s = new RecordingSurface();

        new TimelineRenderer().render(TimelineData.of(d), v, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);

        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("No CPU lanes in view"), texts.toString());
        assertFalse(texts.contains("No CPU data in view"), texts.toString());
    }

    /**
     * 40 CPUs, each running its task; {@code markCpu} has a preemption, a lock-holder preemption
     * and a lock handoff stall.
     */
    private static Dataset marksOn(int markCpu) {
        DatasetBuilder b = Dataset.builder(Metadata.of("marks", "test"));
        for (int c = 0; c < 40; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, 400 * US, t, SliceState.USER);
        }
        b.mark(MarkKind.PREEMPTION, 100 * US, markCpu, markCpu, "");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 200 * US, markCpu, markCpu, "L holder preempted");
        b.mark(MarkKind.LOCK_HANDOFF, 300 * US, markCpu, markCpu, "L handoff stall");
        return RenderFixtures.build(b);
    }

    private static List<String> pictureTexts(Dataset d) {
        TimelinePanel p = new TimelinePanel("", TimelineData.of(d), new Viewport(0, 400 * US, 1000, 300),
                TrackSpec.DEFAULT, PaintOptions.DEFAULT);
        RecordingSurface s = new RecordingSurface();
        Figures.timeline("marks.json", List.of(), p).paint(s);
        return s.texts().stream().map(RecordingSurface.Text::text).toList();
    }

    private static List<Integer> pictureCpus(Dataset d) {
        TimelinePanel p = WholeLanes.of(new TimelinePanel("", TimelineData.of(d), new Viewport(0, 400 * US, 1000,
                300), TrackSpec.DEFAULT, PaintOptions.DEFAULT));
        return cpusInSight(d, p.viewport());
    }

    @Test
    void aPictureKeysNoMarkOfACpuItLeavesOut() {
        Dataset out = marksOn(39);
        assertFalse(pictureCpus(out).contains(39), "the picture leaves CPU 39 out: " + pictureCpus(out));
        List<String> texts = pictureTexts(out);
        for (String key : List.of("preemption", "lock-holder preemption", "lock handoff stall")) {
            assertFalse(texts.contains(key), key + " of CPU 39, not drawn: " + texts);
        }
        assertFalse(texts.contains("preemptions: zoom in to see"), texts.toString());

        // on a lane the picture draws, each is keyed
        Dataset in = marksOn(0);
        List<String> drawn = pictureTexts(in);
        for (String key : List.of("preemption", "lock-holder preemption", "lock handoff stall")) {
            assertTrue(drawn.contains(key), key + " of CPU 0: " + drawn);
        }
    }

    @Test
    void theScreensKeyLeavesOutMarksOfLanesScrolledOutOfSight() {
        Dataset d = marksOn(0);
        TimelineData data = TimelineData.of(d);
        Viewport top = new Viewport(0, 400 * US, 1280, 300);
        TimelineLayout at0 = TimelineLayout.of(top, d, TrackSpec.DEFAULT);
        Viewport v = top.withLanes(300, at0.cpuLane(20).topPx() - at0.lanesTopPx());
        assertFalse(cpusInSight(d, v).contains(0));
        TimelineRenderer r = new TimelineRenderer();

        List<String> atTop = r.render(data, top, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface()).keys().stream().map(LegendEntry::label).toList();
        List<String> scrolled = r.render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface()).keys().stream().map(LegendEntry::label).toList();

        assertTrue(atTop.containsAll(List.of("preemption", "lock-holder preemption", "lock handoff stall")),
                atTop.toString());
        assertFalse(scrolled.contains("preemption") || scrolled.contains("lock-holder preemption")
                || scrolled.contains("lock handoff stall"), scrolled.toString());
    }

    /**
     * CPUs 0-9 have a preemption every microsecond (far more than 4 per pixel column between
     * them), CPU 40 one: scrolled to CPU 40, its lanes' own count decides, so its mark is drawn
     * and keyed, where the count over all 96 CPUs said "preemptions: zoom in to see".
     */
    @Test
    void scrolledToLanesWithFewPreemptionsTheirTicksAreDrawnAndKeyed() {
        DatasetBuilder b = Dataset.builder(Metadata.of("preempted", "test"));
        for (int c = 0; c < 96; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, WINDOW, t, SliceState.USER);
        }
        for (long us = 0; us < 1_000; us++) {
            for (int c = 0; c < 10; c++) {
                b.mark(MarkKind.PREEMPTION, us * US, c, c, "");
            }
        }
        b.mark(MarkKind.PREEMPTION, 500 * US, 40, 40, "");
        Dataset d = RenderFixtures.build(b);
        TimelineData data = TimelineData.of(d);
        Viewport top = new Viewport(0, WINDOW, 1280, 720);
        Viewport v = scrolledTo(d, 40);
        assertTrue(cpusInSight(d, v).contains(40) && !cpusInSight(d, v).contains(9), "in sight: " + cpusInSight(d, v));
        TimelineRenderer r = new TimelineRenderer();

        FrameSummary atTop = r.render(data, top, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface());
        FrameSummary scrolled = r.render(data, v, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface());

        List<String> topKeys = atTop.keys().stream().map(LegendEntry::label).toList();
        assertTrue(topKeys.contains("preemptions: zoom in to see"), "CPUs 0-9 in sight: " + topKeys);
        assertEquals(0, atTop.marksDrawn(), "too many to draw at the top");
        List<String> keys = scrolled.keys().stream().map(LegendEntry::label).toList();
        assertTrue(keys.contains("preemption"), keys.toString());
        assertFalse(keys.contains("preemptions: zoom in to see"), keys.toString());
        assertEquals(1, scrolled.marksDrawn(), "CPU 40's preemption drawn");
    }

    /**
     * Two CPUs, both in view, with a preemption every {@code everyPx} pixels of a 1280-px window on
     * each: ticks one per ~2 columns joined into a band over each lane (the count of 4 per column
     * over the lanes in view let them through), so they are drawn only when sparse per lane.
     */
    @Test
    void ticksCloserThanEightColumnsPerLaneAreNotDrawn() {
        FrameSummary dense = twoLanesPreemptedEvery(2);
        List<String> denseKeys = dense.keys().stream().map(LegendEntry::label).toList();
        assertTrue(denseKeys.contains("preemptions: zoom in to see"), denseKeys.toString());
        assertEquals(0, dense.marksDrawn(), "a tick every other column of each lane is a band");

        FrameSummary sparse = twoLanesPreemptedEvery(20);
        List<String> sparseKeys = sparse.keys().stream().map(LegendEntry::label).toList();
        assertTrue(sparseKeys.contains("preemption"), sparseKeys.toString());
        assertTrue(sparse.marksDrawn() > 2 * 40, "ticks drawn on both lanes: " + sparse.marksDrawn());
    }

    private static FrameSummary twoLanesPreemptedEvery(int everyPx) {
        DatasetBuilder b = Dataset.builder(Metadata.of("preempted", "test"));
        for (int c = 0; c < 2; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, WINDOW, t, SliceState.USER);
        }
        long step = WINDOW * everyPx / 1280;
        for (long ns = step / 2; ns < WINDOW; ns += step) {
            for (int c = 0; c < 2; c++) {
                b.mark(MarkKind.PREEMPTION, ns, c, c, "");
            }
        }
        Dataset d = RenderFixtures.build(b);
        return new TimelineRenderer().render(TimelineData.of(d), new Viewport(0, WINDOW, 1280, 720), TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT, new RecordingSurface());
    }

    /**
     * Before a run's first frame is folded the screen paints its rows empty under "refining...":
     * the first row then says the CPU lanes are being drawn, not "No CPU data in view" of a
     * teaching run whose CPU lane is full a moment later. Painted fresh, the same empty columns
     * still say there is no data (a recording that does not reach the view).
     */
    @Test
    void columnsStillBeingComputedDoNotClaimTheCpuLanesHaveNoData() {
        DatasetBuilder b = Dataset.builder(Metadata.of("teach", "test"));
        int a = b.addTask(2001, 2001, "A");
        b.slice(0, 0, WINDOW, a, SliceState.KERNEL);
        Dataset d = RenderFixtures.build(b);
        TimelineData data = TimelineData.of(d);
        Viewport v = new Viewport(0, WINDOW, 1024, 400);
        TimelineLayout layout = TimelineLayout.of(v, d, TrackSpec.DEFAULT);
        // the stand-in the screen paints first: every group collapsed, so nothing of the lanes folded
        TrackSpec none = TrackSpec.DEFAULT;
        for (TrackGroup g : TrackGroup.values()) {
            none = none.collapsing(g);
        }
        FrameColumns empty = FrameAggregator.aggregate(data, FrameRequest.of(layout, none, HighlightIndex.NONE),
                () -> false);

        RecordingSurface refining = new RecordingSurface();
        new TimelineRenderer().paint(data, empty, v, TrackSpec.DEFAULT, PaintOptions.DEFAULT.withStale(true), refining);
        List<String> texts = refining.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("refining\u2026"), texts.toString());
        assertFalse(texts.contains("No CPU data in view"), texts.toString());
        assertTrue(texts.contains("CPU lanes being drawn\u2026"), texts.toString());

        // a fold that failed: the line over the plot says why; the row claims nothing of the data
        RecordingSurface failed = new RecordingSurface();
        FrameSummary said = new TimelineRenderer().paint(data, empty, v, TrackSpec.DEFAULT,
                PaintOptions.DEFAULT.withFoldFailed(true), failed);
        List<String> failedTexts = failed.texts().stream().map(RecordingSurface.Text::text).toList();
        assertFalse(failedTexts.contains("No CPU data in view"), failedTexts.toString());
        assertFalse(failedTexts.contains("CPU lanes being drawn\u2026"), failedTexts.toString());
        assertTrue(failedTexts.contains("CPU lanes not drawn"), failedTexts.toString());
        assertEquals("CPU lanes not drawn", said.legendHeading());

        RecordingSurface fresh = new RecordingSurface();
        new TimelineRenderer().paint(data, empty, v, TrackSpec.DEFAULT, PaintOptions.DEFAULT, fresh);
        assertTrue(fresh.texts().stream().map(RecordingSurface.Text::text).toList().contains("No CPU data in view"));
    }
}
