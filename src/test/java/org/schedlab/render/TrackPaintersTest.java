package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;

/**
 * Task, lock and counter lanes, marks and search highlighting, drawn for the lock-holder
 * preemption fixture at 1 us per pixel (600 px for its 600 us) unless a test zooms.
 */
class TrackPaintersTest {
    static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private final Dataset d = LockHolderPreemption.dataset();
    private final TimelineData data = TimelineData.prepare(d, () -> false);
    private final TrackSpec spec = new TrackSpec(List.of(LockHolderPreemption.HOLDER, LockHolderPreemption.SLEEPER),
            Set.of());
    private final Viewport vp = new Viewport(us(0), us(600), PLOT + 600, 1400);
    private final TimelineRenderer renderer = new TimelineRenderer();

    private FrameSummary render(RecordingSurface s, PaintOptions o, HighlightIndex h) {
        return renderer.render(data, vp, spec, h, o, s);
    }

    private TrackRow row(TrackKind kind, int ref) {
        return TimelineLayout.of(vp, d, spec).find(kind, ref).orElseThrow();
    }

    private static double x(long micros) {
        return PLOT + micros;
    }

    @Test
    void lockLaneDrawsHolderSegmentsInTheHoldersColors() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow lock = row(TrackKind.LOCK, 0);
        List<RecordingSurface.Rect> holder = TimelineRendererTest.rectsIn(s, lock,
                Palette.taskColor(d.task(LockHolderPreemption.HOLDER))).stream()
                .filter(r -> r.yPx() < LockRowPainter.waiterTopPx(lock)).collect(Collectors.toList());
        assertFalse(holder.isEmpty());
        assertEquals(x(100), holder.get(0).xPx(), 1e-9, "the holder's hold starts at 100 us");
        double right = holder.stream().mapToDouble(RecordingSurface.Rect::rightPx).max().orElseThrow();
        assertEquals(x(400), right, 1e-9, "and ends at 400 us");
        TrackRow backend3 = lock;
        assertEquals(1, TimelineRendererTest.rectsIn(s, backend3, Palette.taskColor(d.task(3))).stream()
                .filter(r -> r.heightPx() > LockRowPainter.OFF_BAR_PX)
                .filter(r -> r.xPx() == x(LockHolderPreemption.acquireUs(3)) && r.widthPx() == 10).count(),
                "backend 3's 10 us hold");
    }

    @Test
    void holderOffCpuStretchIsHighlightedOnlyWhereTheHolderWasPreempted() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow lock = row(TrackKind.LOCK, 0);
        List<RecordingSurface.Rect> off = TimelineRendererTest.rectsIn(s, lock, StateColors.HOLDER_OFF_CPU);
        assertEquals(1, off.size(), off.toString());
        assertEquals(x(150), off.get(0).xPx(), 1e-9);
        assertEquals(200, off.get(0).widthPx(), 1e-9);
        long hatch = s.lines().stream().filter(l -> l.argb() == StateColors.HOLDER_OFF_CPU
                && l.y2Px() >= lock.topPx() && l.y1Px() <= lock.bottomPx()).count();
        assertTrue(hatch >= 200 / BandSink.HATCH_SPACING_PX, "hatched, got " + hatch);
    }

    @Test
    void waiterBandShowsSpinningAndSleepingCountsScaledToTheirMaxima() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow lock = row(TrackKind.LOCK, 0);
        double half = Math.floor(LockRowPainter.waiterHeightPx(lock) / 2);
        List<RecordingSurface.Rect> spin = TimelineRendererTest.rectsIn(s, lock, StateColors.SPIN_WAITERS);
        // at 300 us all 8 backends spin: the full spin half; between 180 and 185 us 4 spin: half of it
        assertEquals(half - 1, heightAt(spin, x(300)), 1e-9);
        assertEquals(Math.ceil(4.0 / 8 * (half - 1)), heightAt(spin, x(182)), 1e-9);
        assertEquals(0, heightAt(spin, x(100)), 1e-9, "nobody waits yet");
        List<RecordingSurface.Rect> sleep = TimelineRendererTest.rectsIn(s, lock, StateColors.SLEEP_WAITERS);
        assertEquals(half, heightAt(sleep, x(300)), 1e-9, "the one sleeper is the most that ever slept");
        assertEquals(0, heightAt(sleep, x(190)), 1e-9);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("spin \u22648  sleep \u22641")), "scale label");
        assertEquals("spin \u22642", LabelColumnPainter.waiterScaleLabel(2, 0), "a kind that never waits is left out");
        assertEquals("sleep \u22643", LabelColumnPainter.waiterScaleLabel(0, 3));
        assertEquals("no waiters", LabelColumnPainter.waiterScaleLabel(0, 0));
    }

    private static double heightAt(List<RecordingSurface.Rect> rects, double xPx) {
        return rects.stream().filter(r -> r.xPx() <= xPx && r.rightPx() > xPx).mapToDouble(RecordingSurface.Rect::heightPx)
                .sum();
    }

    @Test
    void taskLanesColorEachState() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow holder = row(TrackKind.TASK, LockHolderPreemption.HOLDER);
        assertEquals(x(150), TimelineRendererTest.rectsIn(s, holder, StateColors.RUNNABLE).get(0).xPx(), 1e-9);
        assertEquals(200, TimelineRendererTest.rectsIn(s, holder, StateColors.RUNNABLE).get(0).widthPx(), 1e-9);
        assertEquals(2, TimelineRendererTest.rectsIn(s, holder, StateColors.RUNNING).size());
        assertEquals(x(420), TimelineRendererTest.rectsIn(s, holder, StateColors.SLEEPING).get(0).xPx(), 1e-9);
        TrackRow sleeper = row(TrackKind.TASK, LockHolderPreemption.SLEEPER);
        assertEquals(270, TimelineRendererTest.rectsIn(s, sleeper, StateColors.BLOCKED).get(0).widthPx(), 1e-9);
    }

    @Test
    void lockHolderPreemptionMarkRunsTheHeightOfItsCpuLane() {
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow cpu0 = row(TrackKind.CPU, 0);
        List<RecordingSurface.Rect> lhp = s.rects().stream()
                .filter(r -> r.argb() == TimelineStyle.LIGHT.lockHolderPreemptionArgb() && r.heightPx() == cpu0.heightPx())
                .collect(Collectors.toList());
        assertEquals(1, lhp.size());
        assertEquals(x(150), lhp.get(0).xPx(), 1e-9);
        assertEquals(cpu0.topPx(), lhp.get(0).yPx(), 1e-9);
        assertTrue(f.keys().stream().anyMatch(e -> e.label().equals("lock-holder preemption")));
        assertTrue(f.keys().stream().anyMatch(e -> e.label().equals("holder off CPU")));
    }

    @Test
    void lockHandoffStallMarkRunsTheHeightOfTheWaitersCpuLaneCappedBelow() {
        Dataset small = org.schedlab.fixtures.HandoffStall.dataset();
        TimelineData td = TimelineData.prepare(small, () -> false);
        TrackSpec none = new TrackSpec(List.of(), Set.of());
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = renderer.render(td, vp, none, HighlightIndex.NONE, PaintOptions.DEFAULT, s);
        TrackRow cpu1 = TimelineLayout.of(vp, small, none).find(TrackKind.CPU, 1).orElseThrow();
        int argb = TimelineStyle.LIGHT.lockHandoffArgb();
        List<RecordingSurface.Rect> bar = s.rects().stream()
                .filter(r -> r.argb() == argb && r.heightPx() == cpu1.heightPx()).collect(Collectors.toList());
        assertEquals(1, bar.size(), s.rects().stream().filter(r -> r.argb() == argb).collect(Collectors.toList())
                .toString());
        assertEquals(x(100), bar.get(0).xPx(), 1e-9);
        assertEquals(cpu1.topPx(), bar.get(0).yPx(), 1e-9);
        assertTrue(s.rects().stream().anyMatch(r -> r.argb() == argb && r.widthPx() == 6
                && r.yPx() == cpu1.topPx() + cpu1.heightPx() - 2), "the cap sits at the lane's bottom");
        assertTrue(f.keys().stream().anyMatch(e -> e.label().equals("lock handoff stall")));
        assertFalse(f.keys().stream().anyMatch(e -> e.label().equals("lock-holder preemption")));
    }

    @Test
    void spinningShowsAsARedStripUnderTheBackendsColor() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT, HighlightIndex.NONE);
        TrackRow cpu8 = row(TrackKind.CPU, 8);
        List<RecordingSurface.Rect> strip = TimelineRendererTest.rectsIn(s, cpu8, StateColors.SPINNING);
        assertEquals(1, strip.size());
        assertEquals(x(LockHolderPreemption.spinStartUs(8)), strip.get(0).xPx(), 1e-9);
        assertEquals(x(LockHolderPreemption.acquireUs(8)), strip.get(0).rightPx(), 1e-9);
        assertEquals(CpuRowPainter.STRIP_PX, strip.get(0).heightPx(), 1e-9);
    }

    @Test
    void searchKeepsTheMatchedTasksColorsAndFadesEverythingElse() {
        HighlightIndex h = HighlightIndex.of(d, List.of(LockHolderPreemption.KWORKER), "kworker", () -> false);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = render(s, PaintOptions.DEFAULT, h);
        TrackRow cpu0 = row(TrackKind.CPU, 0);
        int kworker = Palette.taskColor(d.task(LockHolderPreemption.KWORKER));
        int holder = Palette.taskColor(d.task(LockHolderPreemption.HOLDER));
        assertEquals(1, TimelineRendererTest.rectsIn(s, cpu0, kworker).size(), "the match keeps its color");
        assertTrue(TimelineRendererTest.rectsIn(s, cpu0, holder).isEmpty(), "the holder's slices fade");
        int faded = StateColors.fade(holder, TimelineStyle.LIGHT.laneArgb(), CpuRowPainter.FADE);
        assertEquals(2, TimelineRendererTest.rectsIn(s, cpu0, faded).size());
        assertTrue(f.keys().stream().anyMatch(e -> e.label().startsWith("search \u201Ckworker\u201D")));
    }

    @Test
    void counterColumnsKeepMinAndMaxSoASpikeIsNeverLost() {
        // one column spans 50 us: values 1, 9, 2 inside it
        var b = Dataset.builder(org.schedlab.model.Metadata.of("spike", "test"));
        b.counter("c", "x").add(0, 1).add(10, 9).add(20, 2).add(100, 5);
        Dataset spiky = RenderFixtures.build(b);
        FrameColumns.CounterColumns cc = FrameAggregator.reduce(spiky.counters().get(0), 0, 50, 3);
        assertEquals(1, cc.min[0]);
        assertEquals(9, cc.max[0]);
        assertEquals(1, cc.first[0]);
        assertEquals(2, cc.last[0]);
        assertEquals(2, cc.min[1], "the value held from before the column counts");
        assertEquals(2, cc.max[1]);
        assertEquals(5, cc.max[2]);
    }

    @Test
    void counterTrackPrintsTheValueUnderTheCursor() {
        RecordingSurface s = new RecordingSurface();
        render(s, PaintOptions.DEFAULT.withCursor(java.util.OptionalLong.of(us(260))), HighlightIndex.NONE);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("8 CPUs"), "spinning CPUs at 260 us: " + texts);
        assertTrue(texts.contains("0 tps"), texts.toString());
        assertTrue(texts.contains("max 20,000 tps"), texts.toString());
    }

    @Test
    void aCounterThatNeverChangesSaysSoInsteadOfAMadeUpMaximum() {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("flat", "test"));
        b.counter("TcpExtTCPTimeouts", "1/s").add(0, 0).add(10_000_000, 0).add(20_000_000, 0);
        b.counter("tcp.dsack", "1/s").add(0, 0).add(10_000_000, 3800).add(20_000_000, 1200);
        b.counter("queue", "").add(0, 7).add(10_000_000, 7);
        b.counter("TcpInSegs", "count").add(0, 4585);
        Dataset flat = RenderFixtures.build(b);
        assertEquals("always 0 1/s", CounterRowPainter.rangeLabel(flat.counters().get(0)));
        assertEquals("max 3,800 1/s", CounterRowPainter.rangeLabel(flat.counters().get(1)));
        assertEquals("always 7", CounterRowPainter.rangeLabel(flat.counters().get(2)));
        assertEquals("one sample: 4,585 count", CounterRowPainter.rangeLabel(flat.counters().get(3)));
        b = Dataset.builder(org.schedlab.model.Metadata.of("counts", "test"));
        b.counter("waiting for a CPU", "tasks").add(0, 1).add(10_000_000, 1);
        b.counter("spinning CPUs", "cpus").add(0, 0).add(10_000_000, 8);
        b.counter("pgbench retries", "retries").add(0, 1);
        b.counter("transactions", "transactions").add(0, 0).add(10_000_000, 1);
        Dataset counts = RenderFixtures.build(b);
        // one of a count in the singular, and the recorder's "cpus" as the track's name writes it
        assertEquals("always 1 task", CounterRowPainter.rangeLabel(counts.counters().get(0)));
        assertEquals("max 8 CPUs", CounterRowPainter.rangeLabel(counts.counters().get(1)));
        assertEquals("one sample: 1 retry", CounterRowPainter.rangeLabel(counts.counters().get(2)));
        assertEquals("max 1 transaction", CounterRowPainter.rangeLabel(counts.counters().get(3)));
        assertEquals("0.00417", CounterRowPainter.format(0.0041666), "small but not zero: significant digits");
        assertEquals("0.5", CounterRowPainter.format(0.5));
        assertEquals("-0.012", CounterRowPainter.format(-0.012));
        assertEquals("2.50", CounterRowPainter.format(2.5));
        assertEquals(1, CounterRowPainter.scale(flat.counters().get(0))[1], "the drawing still gets a scale");
    }

    @Test
    void rasterPathPaintsTheSamePixelsAsRectangles() {
        RecordingSurface raster = new RecordingSurface(true);
        RecordingSurface vector = new RecordingSurface();
        render(raster, PaintOptions.DEFAULT, HighlightIndex.NONE);
        FrameSummary vf = render(vector, PaintOptions.DEFAULT, HighlightIndex.NONE);
        assertEquals(1, raster.pixels().size(), "one image for all lanes");
        assertTrue(vf.sliceRects() > 0);
        RecordingSurface.Pixels px = raster.pixels().get(0);
        TrackRow cpu5 = row(TrackKind.CPU, 5);
        TrackRow lock = row(TrackKind.LOCK, 0);
        double[][] points = {
            {x(50) + 0.5, cpu5.topPx() + 2}, {x(300) + 0.5, cpu5.topPx() + 2}, {x(300) + 0.5, cpu5.bottomPx() - 1},
            {x(250) + 0.5, lock.topPx() + LockRowPainter.HOLDER_PX - 1}, {x(300) + 0.5, lock.bottomPx() - 3},
            {x(300) + 0.5, LockRowPainter.waiterTopPx(lock) + 2},
        };
        for (double[] p : points) {
            int want = 0;
            for (RecordingSurface.Rect r : vector.rects()) {
                if (r.xPx() <= p[0] && r.rightPx() > p[0] && r.yPx() <= p[1] && r.yPx() + r.heightPx() > p[1]
                        && r.xPx() >= PLOT && r.argb() != TimelineStyle.LIGHT.laneArgb()
                        && r.argb() != TimelineStyle.LIGHT.laneAltArgb()) {
                    want = r.argb(); // the last rectangle drawn there wins, as on screen
                }
            }
            assertEquals(Argb.rgbOf(want), Argb.rgbOf(px.argbAtCanvas(p[0], p[1])), "pixel at " + p[0] + "," + p[1]
                    + " " + vector.rects().stream().filter(r -> r.yPx() <= p[1] && r.yPx() + r.heightPx() > p[1])
                    .collect(Collectors.toList()));
        }
    }

    @Test
    void columnsMadeForAnotherWindowAreShiftedOntoTheNewOne() {
        TimelineLayout layout = TimelineLayout.of(vp, d, spec);
        FrameColumns old = FrameAggregator.aggregate(data, FrameRequest.of(layout, spec, HighlightIndex.NONE), () -> false);
        Viewport panned = new Viewport(us(100), us(700), PLOT + 600, 1400);
        RecordingSurface s = new RecordingSurface();
        renderer.paint(data, old, panned, spec, PaintOptions.DEFAULT.withStale(true), s);
        TrackRow cpu0 = TimelineLayout.of(panned, d, spec).find(TrackKind.CPU, 0).orElseThrow();
        int kworker = Palette.taskColor(d.task(LockHolderPreemption.KWORKER));
        List<RecordingSurface.Rect> k = TimelineRendererTest.rectsIn(s, cpu0, kworker);
        assertEquals(1, k.size());
        assertEquals(PLOT + 50, k.get(0).xPx(), 1e-9, "kworker's [150, 350) now starts 100 px further left");
        assertEquals(200, k.get(0).widthPx(), 1e-9);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("refining\u2026")));
    }

    @Test
    void readersHoldingTogetherGetOneNameAtATimeAndTheHoverCountsThem() {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("readers", "test"));
        int[] r = new int[4];
        for (int i = 0; i < r.length; i++) {
            r[i] = b.addTask(4001 + i, 4000, "conn" + (i + 1));
            b.slice(i, 0, us(600), r[i], org.schedlab.model.SliceState.USER);
        }
        // four readers of mmap_lock; the second to fourth start while the first holds
        b.lock("mmap_lock", "rwsem", true).hold(us(50), us(300), r[0]).hold(us(60), us(550), r[1])
                .hold(us(70), us(500), r[2]).hold(us(80), us(200), r[3]);
        Dataset readers = RenderFixtures.build(b);
        TimelineData rd = TimelineData.prepare(readers, () -> false);
        TrackSpec none = new TrackSpec(List.of(), Set.of());
        RecordingSurface s = new RecordingSurface();
        renderer.render(rd, vp, none, HighlightIndex.NONE, PaintOptions.DEFAULT, s);
        TrackRow lock = TimelineLayout.of(vp, readers, none).find(TrackKind.LOCK, 0).orElseThrow();
        List<RecordingSurface.Text> names = s.texts().stream()
                .filter(t -> t.xPx() >= PLOT && t.baselineYPx() > lock.topPx() && t.baselineYPx() < lock.bottomPx())
                .filter(t -> t.text().startsWith("conn"))
                .sorted(java.util.Comparator.comparingDouble(RecordingSurface.Text::xPx))
                .collect(Collectors.toList());
        assertEquals(List.of("conn1[4001]", "conn2[4002]"), names.stream().map(RecordingSurface.Text::text)
                .collect(Collectors.toList()), "the longest-standing reader, then the next: " + names);
        assertEquals(x(50) + 4, names.get(0).xPx(), 1.0);
        assertEquals(x(300) + 4, names.get(1).xPx(), 1.0, "conn2 from when conn1 lets go");
        List<RecordingSurface.Rect> conn3 = TimelineRendererTest.rectsIn(s, lock, Palette.taskColor(readers.task(r[2])))
                .stream().filter(x -> x.yPx() < LockRowPainter.waiterTopPx(lock)).collect(Collectors.toList());
        assertTrue(conn3.isEmpty(), "conn3 never stood longest: " + conn3);
        RecordingSurface early = new RecordingSurface(); // before the view is prepared: no names on overlapping holds
        renderer.render(TimelineData.of(readers), vp, none, HighlightIndex.NONE, PaintOptions.DEFAULT, early);
        assertTrue(early.texts().stream().noneMatch(t -> t.xPx() >= PLOT && t.text().startsWith("conn")
                && t.baselineYPx() > lock.topPx() && t.baselineYPx() < lock.bottomPx()), early.texts().toString());
        TrackHit.LockHoldHit hit = (TrackHit.LockHoldHit) TrackHits.at(rd, TimelineLayout.of(vp, readers, none),
                x(100), lock.topPx() + 3).orElseThrow();
        assertEquals(r[0], hit.task());
        assertEquals(4, hit.holders());
        assertEquals(3, ((TrackHit.LockHoldHit) TrackHits.at(rd, TimelineLayout.of(vp, readers, none),
                x(250), lock.topPx() + 3).orElseThrow()).holders());
    }

    @Test
    void aSharedHoldsHoverCountsOnlyItsOwnHoldersTimeOffCpu() {
        // mmap_lock's read phases: the hover of a 2.99 ms hold said "holder off CPU 254 ms of it",
        // the off-CPU time of all 200 granted readers added up
        var b = Dataset.builder(org.schedlab.model.Metadata.of("readers", "test"));
        int r0 = b.addTask(4001, 4000, "conn1");
        int r1 = b.addTask(4002, 4000, "conn2");
        int r2 = b.addTask(4003, 4000, "conn3");
        b.slice(0, 0, us(600), r0, org.schedlab.model.SliceState.USER); // conn1 runs all along
        b.slice(1, 0, us(100), r1, org.schedlab.model.SliceState.USER); // conn2 off CPU 100..400
        b.slice(1, us(400), us(600), r1, org.schedlab.model.SliceState.USER);
        b.slice(2, us(550), us(600), r2, org.schedlab.model.SliceState.USER); // conn3 granted, waits for a CPU
        b.lock("mmap_lock", "rwsem", true).hold(us(50), us(300), r0).hold(us(60), us(550), r1)
                .hold(us(70), us(500), r2);
        Dataset readers = RenderFixtures.build(b);
        TimelineData rd = TimelineData.prepare(readers, () -> false);
        TrackSpec none = new TrackSpec(List.of(), Set.of());
        TimelineLayout layout = TimelineLayout.of(vp, readers, none);
        TrackRow lock = layout.find(TrackKind.LOCK, 0).orElseThrow();
        TrackHit.LockHoldHit first = (TrackHit.LockHoldHit) TrackHits.at(rd, layout, x(100), lock.topPx() + 3)
                .orElseThrow();
        assertEquals(r0, first.task());
        assertEquals(0, first.offCpuNs(), "conn1 ran through its hold");
        TrackHit.LockHoldHit second = (TrackHit.LockHoldHit) TrackHits.at(rd, layout, x(450), lock.topPx() + 3)
                .orElseThrow();
        assertEquals(r1, second.task());
        assertEquals(us(400) - us(100), second.offCpuNs(), "conn2's own 100..400, not conn3's wait for a CPU too");
        assertTrue(second.offCpuNs() <= second.endNs() - second.startNs());
    }

    @Test
    void hitsFindSlicesTaskStatesHoldsWaitersCountersAndHeaders() {
        TimelineLayout layout = TimelineLayout.of(vp, d, spec);
        TrackRow lock = layout.find(TrackKind.LOCK, 0).orElseThrow();
        TrackHit hold = TrackHits.at(data, layout, x(200), lock.topPx() + 3).orElseThrow();
        assertEquals(new TrackHit.LockHoldHit(0, 0, LockHolderPreemption.HOLDER, us(100), us(400), 200_000), hold);
        TrackHit waiters = TrackHits.at(data, layout, x(300), lock.bottomPx() - 2).orElseThrow();
        assertEquals(8, ((TrackHit.LockWaitersHit) waiters).spinning());
        assertEquals(1, ((TrackHit.LockWaitersHit) waiters).sleeping());
        TrackRow spinning = layout.find(TrackKind.COUNTER, 0).orElseThrow();
        TrackHit.CounterHit c = (TrackHit.CounterHit) TrackHits.at(data, layout, x(260), spinning.topPx() + 5).orElseThrow();
        assertEquals(8, c.value());
        TrackRow header = layout.visibleRows().get(0);
        assertEquals(new TrackHit.HeaderHit(TrackGroup.CPUS), TrackHits.at(data, layout, 20, header.topPx() + 2).orElseThrow());
        TrackRow task = layout.find(TrackKind.TASK, LockHolderPreemption.HOLDER).orElseThrow();
        TrackHit.TaskStateHit st = (TrackHit.TaskStateHit) TrackHits.at(data, layout, x(200), task.topPx() + 5).orElseThrow();
        assertEquals(org.schedlab.model.TaskState.RUNNABLE, st.state());
        SliceHit slice = (SliceHit) TrackHits.at(data, layout, x(200), layout.cpuLane(0).topPx() + 3).orElseThrow();
        assertEquals(LockHolderPreemption.KWORKER, slice.task());
    }
}
