package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/** What the renderer draws for CPU lanes of known data, through the recording surface. */
class TimelineRendererTest {
    static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;

    private final TimelineRenderer renderer = new TimelineRenderer();

    static int color(Dataset d, int task) {
        return Palette.taskColor(d.task(task));
    }

    /** Rectangles inside a row drawn in one of the given colors (compared without alpha). */
    static List<RecordingSurface.Rect> rectsIn(RecordingSurface s, TrackRow row, int... rgbs) {
        return s.rectsIn(row.topPx(), row.bottomPx()).stream()
                .filter(r -> r.xPx() >= PLOT)
                .filter(r -> {
                    for (int c : rgbs) {
                        if (Argb.rgbOf(r.argb()) == Argb.rgbOf(c)) {
                            return true;
                        }
                    }
                    return false;
                })
                .sorted(Comparator.comparingDouble(RecordingSurface.Rect::xPx))
                .collect(Collectors.toList());
    }

    /** Raw folding only (no level-of-detail pyramid): exact pictures for small fixtures. */
    private FrameSummary raw(Dataset d, Viewport vp, RecordingSurface s) {
        return renderer.render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, s);
    }

    @Test
    void fittedViewDrawsEachSliceAtItsTimeInItsTaskColorAndLeavesIdleBlank() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300); // 10 ns per pixel
        RecordingSurface s = new RecordingSurface();
        raw(d, vp, s);
        TimelineLayout layout = TimelineRenderer.layout(d, vp);
        int alpha = color(d, RenderFixtures.ALPHA);
        int beta = color(d, RenderFixtures.BETA);

        List<RecordingSurface.Rect> cpu0 = rectsIn(s, layout.cpuLane(0), alpha, beta);
        assertEquals(2, cpu0.size(), cpu0.toString());
        assertRect(cpu0.get(0), PLOT, 100, alpha);
        assertRect(cpu0.get(1), PLOT + 200, 200, beta); // [1000, 2000) idle: nothing from x=100 to 200
        assertEquals(layout.cpuLane(0).topPx(), cpu0.get(0).yPx());
        assertEquals(layout.cpuLane(0).heightPx(), cpu0.get(0).heightPx(), "user time has no state strip");

        List<RecordingSurface.Rect> cpu1 = rectsIn(s, layout.cpuLane(1), alpha, beta);
        assertEquals(1, cpu1.size(), cpu1.toString());
        assertRect(cpu1.get(0), PLOT + 200, 100, alpha);
        assertEquals(0, s.openClips(), "every clip pushed is popped");
    }

    /**
     * The selected range's duration badge is drawn over the axis: a tick label half under it read
     * "0 ms" for "20 ms". Labels it would reach are left out; the others stay where they were.
     */
    @Test
    void aTickLabelUnderTheRangesBadgeIsLeftOutNotHalfCovered() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 800, 300);
        RecordingSurface plain = new RecordingSurface();
        FrameSummary f = raw(d, vp, plain);
        RecordingSurface ranged = new RecordingSurface();
        TimeRange range = new TimeRange(1000, 3000);
        renderer.render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withRange(java.util.Optional.of(range)), ranged);
        double top = TimelineRenderer.layout(d, vp).lanesTopPx();
        RecordingSurface.Rect badge = ranged.rects().stream()
                .filter(r -> r.argb() == StateColors.SELECTION_EDGE && r.yPx() < top).findFirst().orElseThrow();
        List<String> labels = f.ticks().stream().map(TimeAxis.Tick::label).toList();
        List<RecordingSurface.Text> before = plain.texts().stream().filter(t -> labels.contains(t.text())
                && t.baselineYPx() < top).toList();
        List<RecordingSurface.Text> after = ranged.texts().stream().filter(t -> labels.contains(t.text())
                && t.baselineYPx() < top).toList();
        List<RecordingSurface.Text> covered = before.stream()
                .filter(t -> t.rightPx() > badge.xPx() && t.xPx() < badge.rightPx()).toList();
        assertFalse(covered.isEmpty(), "the fixture puts a label under the badge: " + before + " " + badge);
        for (RecordingSurface.Text t : after) {
            assertFalse(t.rightPx() > badge.xPx() && t.xPx() < badge.rightPx(), "half covered: " + t + " by " + badge);
        }
        assertEquals(before.size() - covered.size(), after.size(), "only the covered labels are left out");
    }

    /**
     * The pointer's time badge on the axis keeps clear of the selected range's duration badge: it
     * hid the range's duration while the pointer crossed the axis. Wherever the pointer is, over
     * the range's middle too, the two badges do not overlap.
     */
    @Test
    void thePointersTimeBadgeDoesNotCoverTheRangesDuration() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 800, 300);
        double top = TimelineRenderer.layout(d, vp).lanesTopPx();
        TimeRange range = new TimeRange(1000, 3000);
        for (long cursor : new long[] {1000, 1900, 2000, 2100, 2990, 3500, 0, 3999}) {
            RecordingSurface s = new RecordingSurface();
            renderer.render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                    PaintOptions.DEFAULT.withRange(java.util.Optional.of(range)).withCursor(java.util.OptionalLong.of(cursor)), s);
            RecordingSurface.Rect badge = s.rects().stream()
                    .filter(r -> r.argb() == StateColors.SELECTION_EDGE && r.yPx() < top).findFirst().orElseThrow();
            RecordingSurface.Rect time = s.rects().stream()
                    .filter(r -> r.argb() == TimelineStyle.LIGHT.textArgb() && r.yPx() < top).findFirst().orElseThrow();
            assertFalse(time.rightPx() > badge.xPx() && time.xPx() < badge.rightPx(),
                    "pointer at " + cursor + " ns: its badge " + time + " over the range's " + badge);
            assertTrue(time.xPx() >= PLOT && time.rightPx() <= PLOT + 800 + 0.5, "inside the plot: " + time);
        }
    }

    @Test
    void theLegendTellsIdleCpusFromCpusWithNoRecordingInView() {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("partly recorded", "test"));
        int alpha = b.addTask(100, 100, "alpha");
        b.slice(0, 0, 1000, alpha, org.schedlab.model.SliceState.USER)
                .slice(0, 1000, 3000, org.schedlab.model.Intervals.NO_TASK, org.schedlab.model.SliceState.IDLE);
        b.counter("tps", "tps").add(0, 1).add(9000, 2); // another source recorded on to 9 us
        Dataset d = RenderFixtures.build(b);
        java.util.function.Function<Viewport, List<String>> texts = vp -> {
            RecordingSurface s = new RecordingSurface();
            raw(d, vp, s);
            return s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        };
        assertTrue(texts.apply(new Viewport(0, 2000, PLOT + 400, 300)).contains("In view"));
        assertTrue(texts.apply(new Viewport(1500, 2500, PLOT + 400, 300)).contains("Idle in view"));
        List<String> after = texts.apply(new Viewport(5000, 6000, PLOT + 400, 300));
        assertTrue(after.contains("No CPU data in view"), "past the sched recording: " + after);
    }

    /**
     * The CPU group collapsed over a busy recording: the legend said "No CPU data in view", read as
     * a recording that stops short of the view, where the lanes were only folded away.
     */
    @Test
    void theLegendSaysTheCpusAreCollapsedNotThatTheyHaveNoDataInView() {
        Dataset d = RenderFixtures.twoCpus();
        RecordingSurface s = new RecordingSurface();
        renderer.render(TimelineData.of(d), new Viewport(0, 4000, PLOT + 400, 300),
                TrackSpec.DEFAULT.collapsing(TrackGroup.CPUS), HighlightIndex.NONE, PaintOptions.DEFAULT, s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertFalse(texts.contains("No CPU data in view"), texts.toString());
        assertTrue(texts.contains("CPUs collapsed"), texts.toString());
    }

    @Test
    void aViewWithNothingOpenSaysHowToOpenSomethingNotThatADatasetLacksLanes() {
        // what the workbench's views hold before anything is opened (TimelineViewModel.NO_DATASET)
        Dataset none = RenderFixtures.build(Dataset.builder(org.schedlab.model.Metadata.of("nothing open",
                TimelineRenderer.NOTHING_OPEN_FORMAT)));
        RecordingSurface s = new RecordingSurface();
        raw(none, new Viewport(0, 1_000_000, PLOT + 400, 300), s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("Nothing is open: File > Open (Ctrl+O), or drop recordings here"), texts.toString());
        assertFalse(texts.contains("This dataset has no CPU lanes"), texts.toString());
    }

    @Test
    void perfStatTotalsAloneSayWhereTheirValuesAreTheFiguresTab() throws Exception {
        Dataset totals = org.schedlab.io.read.Fixtures.importAll("real/perf-stat/system-wide.txt").dataset();
        RecordingSurface s = new RecordingSurface();
        raw(totals, new Viewport(0, 1_000_000, PLOT + 400, 300), s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("No timeline: perf stat without -I gives totals only."), texts.toString());
        assertTrue(texts.contains("The side panel's Figures tab lists them; A/B compare sets two side by side."),
                texts.toString());
    }

    /**
     * A perf lock contention table has no times: its timeline drew a "0.0 ms .. 0.9 ms" axis and
     * grid of the view's made-up millisecond over the placeholder. No axis, and the placeholder
     * says what the file is and where its figures are.
     */
    @Test
    void aContentionTableDrawsNoMadeUpTimeAxisAndSaysWhereItsFiguresAre() throws Exception {
        Dataset table = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt").dataset();
        assertEquals(0, table.spanNs());
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = raw(table, new Viewport(0, 1_000_000, PLOT + 400, 300), s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(f.ticks().isEmpty(), "ticks: " + f.ticks());
        assertFalse(texts.stream().anyMatch(t -> t.matches("[0-9.]+ [mun]?s") || t.equals("since start")), texts.toString());
        assertTrue(texts.contains("No timeline: a perf lock contention table has no times."), texts.toString());
        assertTrue(texts.contains("The side panel's Locks tab shows it as printed, its Figures tab the row count."),
                texts.toString());
        // nor a legend of a view it has none of: "No CPU data in view" under the placeholder read as a fault
        assertFalse(texts.contains("No CPU data in view") || texts.contains("Key"), texts.toString());
    }

    /**
     * A runqlat histogram has no times either: the placeholder sent the user to the "Figures,
     * Locks and TCP tabs", none of which draws it; the side panel's runqlat tab does.
     */
    @Test
    void aRunqlatHistogramSaysItIsOnTheRunqlatTab() throws Exception {
        for (String file : List.of("public/runqlat/bcc_runqlat_example.txt", "public/runqlat/bpftrace_runqlat_example.txt")) {
            Dataset d = org.schedlab.io.read.Fixtures.importAll(file).dataset();
            RecordingSurface s = new RecordingSurface();
            raw(d, new Viewport(0, 1_000_000, PLOT + 400, 300), s);
            List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
            assertTrue(texts.stream().anyMatch(t -> t.contains("runqlat tab")), file + ": " + texts);
            assertFalse(texts.stream().anyMatch(t -> t.contains("Locks") || t.contains("TCP")), file + ": " + texts);
        }
    }

    /**
     * perf lock's contention events are waits only, with no CPU slices: the key listed the CPU
     * lanes' kernel, fault and spinning strips and the lock lane's "holder off CPU" hatching,
     * none of which such a view can draw; it lists the waiter bands it does draw (the spinners'
     * only: it keyed sleeping waiters too, of which the file has none).
     */
    @Test
    void theKeyOfLockWaitsAloneListsOnlyWhatTheirLanesDraw() throws Exception {
        Dataset d = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runC_perf_lock_script.txt").dataset();
        assertTrue(d.locks().stream().allMatch(l -> l.holds().size() == 0), "waits only");
        // prepared, as the workbench shows it: the waiter bands are drawn from the lock index
        FrameSummary f = renderer.render(TimelineData.prepare(d, () -> false), new Viewport(d.startNs(), d.endNs(),
                PLOT + 900, 400), TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, new RecordingSurface());
        List<String> keys = f.keys().stream().map(LegendEntry::label).collect(Collectors.toList());
        assertFalse(keys.stream().anyMatch(k -> k.endsWith(" strip") || k.equals("holder off CPU")), keys.toString());
        // its waits are all spins (perf lock's contention events of spin locks): no blue band to key
        assertTrue(keys.contains("spinning waiters") && !keys.contains("sleeping waiters"), keys.toString());
    }

    /**
     * The CPU lanes' strips are keyed for the states the view has: a teaching run's key listed the
     * fault and spinning strips beside a task that only ever runs in the kernel and in user mode.
     */
    @Test
    void theKeyListsTheStripsOfTheStatesInView() {
        Dataset d = RenderFixtures.twoCpus(); // user, kernel, idle and stolen time; no fault, no spinning
        FrameSummary f = raw(d, new Viewport(0, 4000, PLOT + 400, 300), new RecordingSurface());
        List<String> keys = f.keys().stream().map(LegendEntry::label).collect(Collectors.toList());
        assertTrue(keys.contains("kernel strip"), keys.toString());
        assertFalse(keys.contains("fault strip") || keys.contains("spinning strip"), keys.toString());
        // a window of user time alone has no strip to key
        FrameSummary user = raw(d, new Viewport(0, 900, PLOT + 400, 300), new RecordingSurface());
        assertFalse(user.keys().stream().anyMatch(k -> k.label().endsWith(" strip")), user.keys().toString());
    }

    /** vmstat and perf stat -I have no CPU lanes but a time span: they keep their axis and counter lanes. */
    @Test
    void countersWithoutCpuLanesKeepTheirTimeAxis() throws Exception {
        for (String file : List.of("real/sysstat/vmstat-1-25.txt", "real/perf-stat/csv-interval.txt")) {
            Dataset d = org.schedlab.io.read.Fixtures.importAll(file).dataset();
            assertEquals(0, d.cpuCount(), file);
            RecordingSurface s = new RecordingSurface();
            FrameSummary f = raw(d, new Viewport(d.startNs(), d.endNs(), PLOT + 400, 300), s);
            List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
            assertTrue(f.ticks().size() >= 3, file + ": ticks " + f.ticks());
            assertTrue(texts.contains("since start"), file + ": " + texts);
            assertTrue(texts.stream().noneMatch(t -> t.startsWith("No timeline")), file + ": " + texts);
            // the legend says the file has no CPU lanes, not that the view should move to find them
            assertTrue(texts.contains("No CPU lanes") && !texts.contains("No CPU data in view"), file + ": " + texts);
            // and with nothing to explain, no "Key" heads an empty row
            assertTrue(f.keys().isEmpty() && !texts.contains("Key"), file + ": " + f.keys() + " " + texts);
            assertTrue(TimelineRenderer.layout(d, new Viewport(d.startNs(), d.endNs(), PLOT + 400, 300)).visibleRows()
                    .stream().anyMatch(r -> r.kind() == TrackKind.COUNTER), file + ": no counter lane");
        }
    }

    @Test
    void kernelTimeCarriesAStateStripUnderTheTaskColor() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300);
        RecordingSurface s = new RecordingSurface();
        raw(d, vp, s);
        TrackRow lane0 = TimelineRenderer.layout(d, vp).cpuLane(0);
        List<RecordingSurface.Rect> strip = rectsIn(s, lane0, StateColors.KERNEL);
        assertEquals(1, strip.size(), strip.toString());
        assertRect(strip.get(0), PLOT + 200, 200, StateColors.KERNEL);
        assertEquals(lane0.bottomPx() - CpuRowPainter.STRIP_PX, strip.get(0).yPx(), 1e-9);
    }

    @Test
    void byStateColorsEveryStateItsOwnColor() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300);
        RecordingSurface s = new RecordingSurface();
        renderer.render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE), s);
        TimelineLayout layout = TimelineRenderer.layout(d, vp);
        List<RecordingSurface.Rect> cpu0 = rectsIn(s, layout.cpuLane(0), StateColors.USER, StateColors.KERNEL);
        assertEquals(2, cpu0.size(), cpu0.toString());
        assertRect(cpu0.get(0), PLOT, 100, StateColors.USER);
        assertRect(cpu0.get(1), PLOT + 200, 200, StateColors.KERNEL);
        assertEquals(1, rectsIn(s, layout.cpuLane(1), Palette.STOLEN).size());
        assertTrue(rectsIn(s, layout.cpuLane(0), color(d, RenderFixtures.ALPHA)).isEmpty(), "no task colors by state");
    }

    @Test
    void zoomedInViewShowsOnlyTheWindowStretchedToTheWidth() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(500, 2500, PLOT + 400, 300); // 5 ns per pixel
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = raw(d, vp, s);
        TrackRow lane0 = TimelineRenderer.layout(d, vp).cpuLane(0);
        List<RecordingSurface.Rect> cpu0 = rectsIn(s, lane0, color(d, 0), color(d, 1));
        assertEquals(2, cpu0.size(), cpu0.toString());
        assertRect(cpu0.get(0), PLOT, 100, color(d, 0));       // alpha [500, 1000)
        assertRect(cpu0.get(1), PLOT + 300, 100, color(d, 1)); // beta [2000, 2500)
        assertEquals(3 + 2, f.slicesVisited(), "visits the 3 + 2 slices overlapping the window, no others");
    }

    @Test
    void sliceStartingBetweenPixelsSoftensItsEdgeColumn() {
        Dataset d = RenderFixtures.twoCpus();
        // 10 ns per pixel, window shifted by 5 ns: alpha [0, 1000) ends halfway through column 99
        Viewport vp = new Viewport(5, 4005, PLOT + 400, 300);
        RecordingSurface s = new RecordingSurface();
        raw(d, vp, s);
        TrackRow lane0 = TimelineRenderer.layout(d, vp).cpuLane(0);
        int alpha = color(d, 0);
        int half = StateColors.over(Argb.withAlpha(alpha, CpuRowPainter.alphaForBusy(0.5)),
                TimelineStyle.LIGHT.laneArgb());
        List<RecordingSurface.Rect> full = rectsIn(s, lane0, alpha);
        List<RecordingSurface.Rect> edge = rectsIn(s, lane0, half);
        assertEquals(1, full.size(), full.toString());
        assertRect(full.get(0), PLOT, 99, alpha);
        assertEquals(1, edge.size(), s.rectsIn(lane0.topPx(), lane0.bottomPx()).toString());
        assertRect(edge.get(0), PLOT + 99, 1, half);
    }

    @Test
    void stolenTimeIsGreyAndHatched() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = raw(d, vp, s);
        TrackRow lane1 = TimelineRenderer.layout(d, vp).cpuLane(1);
        List<RecordingSurface.Rect> stolen = rectsIn(s, lane1, Palette.STOLEN);
        assertEquals(1, stolen.size());
        assertRect(stolen.get(0), PLOT, 200, Palette.STOLEN);
        long hatch = s.lines().stream()
                .filter(l -> l.argb() == Palette.STOLEN_HATCH && l.y1Px() == lane1.bottomPx() && l.y2Px() == lane1.topPx())
                .count();
        assertTrue(hatch >= 200 / BandSink.HATCH_SPACING_PX, "hatch lines across the stolen rectangle, got " + hatch);
        assertTrue(f.legend().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.STOLEN && e.runNs() == 2000));
    }

    @Test
    void subPixelSlicesFoldToAtMostOneRectanglePerPixelColumnInTheDominantTask() {
        // 200k slices over 1.6 ms: alpha 6 ns, beta 2 ns, so alpha covers 3/4 of every column
        Dataset d = RenderFixtures.alternating(200_000, 6, 2);
        double width = 500;
        Viewport vp = new Viewport(0, d.endNs(), PLOT + width, 200);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = raw(d, vp, s);
        List<RecordingSurface.Rect> lane = rectsIn(s, TimelineRenderer.layout(d, vp).cpuLane(0), color(d, 0), color(d, 1));
        assertTrue(f.sliceRects() <= width, "one rectangle per column at most, got " + f.sliceRects());
        assertFalse(lane.isEmpty());
        for (RecordingSurface.Rect r : lane) {
            assertEquals(Argb.rgbOf(color(d, 0)), Argb.rgbOf(r.argb()), "alpha dominates every column");
        }
        double covered = lane.stream().mapToDouble(RecordingSurface.Rect::widthPx).sum();
        assertEquals(width, covered, 1.0, "the busy CPU is drawn across the whole width");
        assertTrue(lane.size() <= 3, "equal columns merge into one rectangle, got " + lane.size());
    }

    @Test
    void zoomedOutFarTheCoarsePyramidIsReadInsteadOfTheSlicesAndShowsTheSamePicture() {
        Dataset d = RenderFixtures.alternating(200_000, 6, 2);
        Viewport vp = new Viewport(0, d.endNs(), PLOT + 500, 200);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = renderer.render(TimelineData.prepare(d, () -> false), vp, TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT, s);
        assertEquals(0, f.slicesVisited(), "no slice is read");
        assertTrue(f.bucketsVisited() > 0 && f.bucketsVisited() < 200_000 / 10, "buckets read: " + f.bucketsVisited());
        assertTrue(f.approximate());
        List<RecordingSurface.Rect> lane = rectsIn(s, TimelineRenderer.layout(d, vp).cpuLane(0), color(d, 0), color(d, 1));
        assertEquals(500, lane.stream().filter(r -> Argb.rgbOf(r.argb()) == Argb.rgbOf(color(d, 0)))
                .mapToDouble(RecordingSurface.Rect::widthPx).sum(), 1.0, "alpha still dominates every column");

        // zoomed in on the same data: back to the exact slices
        Viewport near = new Viewport(1000, 5000, PLOT + 500, 200);
        FrameSummary exact = renderer.render(TimelineData.prepare(d, () -> false), near, TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT, new RecordingSurface());
        assertEquals(0, exact.bucketsVisited());
        assertFalse(exact.approximate());
    }

    @Test
    void anyMixOfSlicesCostsAtMostOneRectanglePerColumnWithoutOverlapAtEveryZoom() {
        SplittableRandom rnd = new SplittableRandom(7);
        DatasetBuilder b = Dataset.builder(Metadata.of("random", "test"));
        for (int t = 0; t < 20; t++) {
            b.addTask(1000 + t, 1000, "task" + t);
        }
        long t = 0;
        for (int i = 0; i < 50_000; i++) {
            long dur = 1 + rnd.nextLong(rnd.nextInt(10) == 0 ? 20_000 : 300);
            if (rnd.nextInt(5) == 0) {
                b.slice(0, t, t + dur, -1, SliceState.IDLE);
            } else {
                b.slice(0, t, t + dur, rnd.nextInt(20), SliceState.USER);
            }
            t += dur;
        }
        Dataset d = RenderFixtures.build(b);
        int[] colors = d.tasks().stream().mapToInt(Palette::taskColor).toArray();
        for (long span : new long[] {d.spanNs(), d.spanNs() / 10, d.spanNs() / 1000}) {
            Viewport vp = new Viewport(d.startNs() + span / 3, d.startNs() + span / 3 + span, PLOT + 640, 200);
            RecordingSurface s = new RecordingSurface();
            FrameSummary f = raw(d, vp, s);
            assertTrue(f.sliceRects() <= 640, "span " + span + ": " + f.sliceRects() + " rectangles");
            List<RecordingSurface.Rect> lane = s.rectsIn(TimelineRenderer.layout(d, vp).cpuLane(0).topPx(),
                    TimelineRenderer.layout(d, vp).cpuLane(0).bottomPx()).stream().filter(r -> r.xPx() >= PLOT)
                    .filter(r -> r.argb() != TimelineStyle.LIGHT.laneArgb()).sorted(
                            Comparator.comparingDouble(RecordingSurface.Rect::xPx)).collect(Collectors.toList());
            for (int i = 1; i < lane.size(); i++) {
                assertTrue(lane.get(i).xPx() >= lane.get(i - 1).rightPx(), "rectangles never overlap");
            }
            for (RecordingSurface.Rect r : lane) {
                assertEquals(Math.rint(r.xPx()), r.xPx(), "snapped to whole columns");
                assertTrue(r.xPx() >= PLOT && r.rightPx() <= PLOT + 640, "inside the plot");
            }
            assertTrue(colors.length > 0);
        }
    }

    @Test
    void legendListsTasksByRunTimeInTheWindowLongestFirst() {
        Dataset d = RenderFixtures.twoCpus();
        FrameSummary all = raw(d, new Viewport(0, 4000, PLOT + 800, 300), new RecordingSurface());
        List<LegendEntry> tasks = all.legend().stream().filter(e -> e.kind() == LegendEntry.Kind.TASK)
                .collect(Collectors.toList());
        assertEquals(List.of("alpha[100]", "beta[200]"), tasks.stream().map(LegendEntry::label).collect(Collectors.toList()));
        assertEquals(2000, tasks.get(0).runNs()); // tie with beta broken by task id
        FrameSummary late = raw(d, new Viewport(2000, 4000, PLOT + 800, 300), new RecordingSurface());
        List<LegendEntry> lateTasks = late.legend().stream().filter(e -> e.kind() == LegendEntry.Kind.TASK)
                .collect(Collectors.toList());
        assertEquals("beta[200]", lateTasks.get(0).label());
        assertEquals(2000, lateTasks.get(0).runNs());
        assertEquals(1000, lateTasks.get(1).runNs());
        assertTrue(all.keys().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.MARK && e.label().equals("preemption")));
        assertTrue(all.keys().stream().anyMatch(e -> e.label().equals("kernel strip")), "the strip is explained");
    }

    @Test
    void byStateLegendNamesEveryStateWithItsTime() {
        Dataset d = RenderFixtures.twoCpus();
        FrameSummary f = renderer.render(TimelineData.of(d), new Viewport(0, 4000, PLOT + 900, 300), TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE), new RecordingSurface());
        List<String> labels = f.legend().stream().map(LegendEntry::label).collect(Collectors.toList());
        assertEquals(List.of("user", "kernel", "fault", "spinning", "stolen", "idle"), labels);
        assertEquals(2000, f.legend().get(0).runNs(), "user: alpha's two slices");
        assertEquals(2000, f.legend().get(5).runNs(), "idle");
    }

    /** What a sched_switch reader makes, or (format "simulation") a run with the same slices. */
    private static Dataset switchTrace(String format) {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", format));
        int pg = b.addTask(10, 10, "postgres");
        int kw = b.addTask(20, 20, "kworker/0:1");
        b.slice(0, 0, 2000, pg, SliceState.USER).slice(0, 2000, 3000, kw, SliceState.KERNEL)
                .slice(0, 3000, 4000, org.schedlab.model.Intervals.NO_TASK, SliceState.IDLE);
        return RenderFixtures.build(b);
    }

    @Test
    void aSwitchTraceIsDrawnAsRunningNotAsItsReadersGuessOfUserAndKernel() {
        Dataset d = switchTrace("perf-sched-script");
        TimelineData prepared = TimelineData.prepare(d, () -> false);
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = renderer.render(prepared, vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE), s);
        assertEquals(List.of("running", "idle"), f.legend().stream().map(LegendEntry::label).collect(Collectors.toList()));
        assertEquals(3000, f.legend().get(0).runNs(), "the backend's and the kernel thread's time");
        TrackRow cpu0 = TimelineRenderer.layout(d, vp).cpuLane(0);
        assertTrue(rectsIn(s, cpu0, StateColors.slice(SliceState.KERNEL)).isEmpty(), "no kernel color");
        assertFalse(rectsIn(s, cpu0, StateColors.slice(SliceState.USER)).isEmpty());

        FrameSummary byTask = renderer.render(prepared, vp, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface());
        assertTrue(byTask.keys().stream().noneMatch(e -> e.label().endsWith(" strip")), byTask.keys().toString());

        // a simulated run's kernel is what it simulated: its own color, entry and strip
        TimelineData run = TimelineData.prepare(switchTrace("simulation"), () -> false);
        FrameSummary runByState = renderer.render(run, vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withColorMode(ColorMode.BY_STATE), new RecordingSurface());
        assertEquals(List.of("user", "kernel", "fault", "spinning", "idle"),
                runByState.legend().stream().map(LegendEntry::label).collect(Collectors.toList()));
        FrameSummary runByTask = renderer.render(run, vp, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface());
        assertTrue(runByTask.keys().stream().anyMatch(e -> e.label().equals("kernel strip")));
    }

    @Test
    void legendThatDoesNotFitSaysHowManyMoreThereAre() {
        DatasetBuilder b = Dataset.builder(Metadata.of("many", "test"));
        for (int i = 0; i < 30; i++) {
            int t = b.addTask(500 + i, 500, "worker-with-a-long-name");
            b.slice(0, i * 1000L, i * 1000L + 1000 - i, t, SliceState.USER);
        }
        Dataset d = RenderFixtures.build(b);
        RecordingSurface s = new RecordingSurface();
        Viewport vp = new Viewport(0, 30_000, PLOT + 600, 200);
        FrameSummary f = raw(d, vp, s);
        assertTrue(f.legendItemsDrawn() > 0 && f.legendItemsDrawn() < 30);
        String more = "+" + (30 - f.legendItemsDrawn()) + " more";
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals(more)), "expected '" + more + "'");
        double legendTop = TimelineRenderer.layout(d, vp).legendTopPx();
        for (RecordingSurface.Text t : s.texts()) {
            if (t.baselineYPx() > legendTop) {
                assertTrue(t.rightPx() <= PLOT + 600, "legend text inside the window: " + t);
            }
        }
    }

    @Test
    void laneLabelsNameEachCpuAndTheGroup() {
        Dataset d = RenderFixtures.twoCpus();
        RecordingSurface s = new RecordingSurface();
        raw(d, new Viewport(0, 4000, PLOT + 400, 300), s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("CPU 0") && texts.contains("CPU 1"), texts.toString());
        assertTrue(texts.contains("\u25BE CPUs (2)"), texts.toString());
    }

    @Test
    void wideSlicesCarryTheirTaskNameWhereItFits() {
        Dataset d = RenderFixtures.twoCpus();
        RecordingSurface s = new RecordingSurface();
        raw(d, new Viewport(0, 4000, PLOT + 400, 300), s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("beta[200]") && t.xPx() >= PLOT + 200
                && t.rightPx() <= PLOT + 400), "beta's 200 px slice is labelled");
        RecordingSurface narrow = new RecordingSurface();
        raw(d, new Viewport(0, 4000, PLOT + 40, 300), narrow);
        assertTrue(narrow.texts().stream().noneMatch(t -> t.text().startsWith("beta") && t.baselineYPx() < 200),
                "no label squeezed into a 20 px slice");
    }

    @Test
    void scrolledLanesMoveUpAndOnlyVisibleOnesAreDrawn() {
        DatasetBuilder b = Dataset.builder(Metadata.of("many cpus", "test"));
        int t = b.addTask(1, 1, "busy");
        for (int cpu = 0; cpu < 64; cpu++) {
            b.slice(cpu, 0, 1000, t, SliceState.USER);
        }
        Dataset d = RenderFixtures.build(b);
        Viewport top = new Viewport(0, 1000, PLOT + 100, 400);
        Viewport scrolled = new Viewport(0, 1000, PLOT + 100, 400, 500);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = raw(d, scrolled, s);
        TimelineLayout layout = TimelineRenderer.layout(d, scrolled);
        assertEquals(TimelineRenderer.layout(d, top).cpuLane(10).topPx() - 500, layout.cpuLane(10).topPx());
        int visible = (int) layout.visibleRows().stream().filter(r -> r.kind() == TrackKind.CPU).count();
        assertTrue(visible < 64);
        assertEquals(visible, f.sliceRects(), "one rectangle per visible lane, none for lanes scrolled away");
        // "In view" counts the lanes in view: it counted all 64, scrolled-away ones too
        assertEquals(visible * 1000L, f.legend().get(0).runNs(), "the legend counts the CPU lanes in view");
    }

    static void assertRect(RecordingSurface.Rect r, double x, double w, int argb) {
        assertEquals(x, r.xPx(), 1e-9, "x of " + r);
        assertEquals(w, r.widthPx(), 1e-9, "width of " + r);
        assertEquals(Argb.rgbOf(argb), Argb.rgbOf(r.argb()), "color of " + r);
    }
}
