package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.Version;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A simulated run's scheduler ticks on the time axis: a teacher pointing at "here the lazy
 * request waited for the tick" had nothing to point at, A and B switching every 4 ms under
 * HZ=250 with nothing saying those instants were ticks. One notch per tick, at the multiples of
 * the simulator's own tick period; none for a recording, none (and no key) when too dense.
 */
class SchedulerTickNotchTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private static final int TEAL = TimelineStyle.LIGHT.schedulerTickArgb();

    /** One CPU busy over {@code [fromNs, toNs)} in a dataset of format {@code format} with parameter hz. */
    private static Dataset busy(String format, String hz, long fromNs, long toNs) {
        Metadata m = new Metadata("ticks", format, hz == null ? Map.of() : Map.of("hz", hz), OptionalLong.of(1),
                Version.current());
        DatasetBuilder b = Dataset.builder(m);
        int a = b.addTask(10, 10, "a");
        b.slice(0, fromNs, toNs, a, SliceState.USER);
        return RenderFixtures.build(b);
    }

    private static FrameSummary paint(Dataset d, Viewport vp, DrawSurface s) {
        return new TimelineRenderer().render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);
    }

    /** The left edges of the notches' 2 px tips, in drawing order. */
    private static List<Double> notchTips(RecordingSurface s) {
        List<Double> out = new ArrayList<>();
        for (RecordingSurface.Rect r : s.rects()) {
            if (r.argb() == TEAL && r.widthPx() == SchedulerTicks.NOTCH_WIDTH_PX
                    && r.yPx() < TimelineLayout.AXIS_HEIGHT_PX) {
                out.add(r.xPx());
            }
        }
        return out;
    }

    /** The x of every multiple of {@code periodNs} in {@code [startNs, endNs)} on a plot of {@code nsPerPx}. */
    private static List<Double> expectedTips(long periodNs, long startNs, long endNs, double nsPerPx) {
        List<Double> out = new ArrayList<>();
        for (long t = 0; t < endNs; t += periodNs) {
            if (t >= startNs) {
                out.add(Math.floor(PLOT + (t - startNs) / nsPerPx));
            }
        }
        return out;
    }

    @Test
    void aSimulatedRunHasANotchAtEachMultipleOfTheTickInTheWindowOnly() {
        // a warmed-up run starts at 100 ms; the window starts on a tick (drawn) and ends on one (not in it)
        Dataset d = busy(Metadata.SIMULATION, "1000", 100_000_000, 110_000_000);
        Viewport vp = new Viewport(101_000_000, 105_000_000, PLOT + 800, 300); // 5000 ns per pixel
        RecordingSurface s = new RecordingSurface();
        paint(d, vp, s);
        assertEquals(List.of(PLOT, PLOT + 200, PLOT + 400, PLOT + 600), notchTips(s));
    }

    /**
     * HZ=300 ticks every 3,333,333 ns, as the simulator's jiffy: the k-th tick is at k times that,
     * not at k / 300 s rounded (3,333,334 ns for the second), which drifts a pixel a few ms in.
     */
    @Test
    void theNotchesFollowTheSimulatorsOwnTickPeriod() {
        long period = MachineConfig.defaults(1, PreemptionModel.LAZY).withHz(300).tickNs();
        long start = 200_000_000 + 1_234_567;
        long end = start + 50_000_000;
        Dataset d = busy(Metadata.SIMULATION, "300", 200_000_000, 300_000_000);
        Viewport vp = new Viewport(start, end, PLOT + 5000, 300); // 10,000 ns per pixel
        RecordingSurface s = new RecordingSurface();
        paint(d, vp, s);
        List<Double> want = expectedTips(period, start, end, 10_000);
        assertEquals(15, want.size());
        assertEquals(want, notchTips(s));
        // the 90th tick, 30 ns before 300 ms, at half a nanosecond per pixel
        assertEquals(299_999_970L, 90 * period);
        RecordingSurface close = new RecordingSurface();
        paint(d, new Viewport(299_999_900, 300_000_100, PLOT + 400, 300), close);
        assertEquals(List.of(PLOT + 140), notchTips(close));
    }

    @Test
    void aRecordingHasNoNotchesNorKeyWhereASimulatedRunHasThem() {
        Viewport vp = new Viewport(100_000_000, 120_000_000, PLOT + 1000, 300);
        RecordingSurface simulated = new RecordingSurface();
        FrameSummary sim = paint(busy(Metadata.SIMULATION, "250", 100_000_000, 120_000_000), vp, simulated);
        assertEquals(5, notchTips(simulated).size());
        assertTrue(sim.keys().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.TICK));
        for (String format : List.of("perf-sched-script", "ftrace")) {
            // even one that carries an "hz" parameter of its own: a recording's tick phase is unknown
            RecordingSurface s = new RecordingSurface();
            FrameSummary f = paint(busy(format, "250", 100_000_000, 120_000_000), vp, s);
            assertEquals(List.of(), notchTips(s), format);
            assertTrue(s.rects().stream().noneMatch(r -> r.argb() == TEAL), format);
            assertTrue(f.keys().stream().noneMatch(e -> e.kind() == LegendEntry.Kind.TICK), format + ": " + f.keys());
        }
        RecordingSurface noHz = new RecordingSurface();
        paint(busy(Metadata.SIMULATION, null, 100_000_000, 120_000_000), vp, noHz);
        assertEquals(List.of(), notchTips(noHz), "a simulated dataset that does not name its HZ");
    }

    @Test
    void ticksCloserThanTheThresholdAreNeitherDrawnNorKeyed() {
        Dataset d = busy(Metadata.SIMULATION, "1000", 0, 1_000_000_000);
        double px = 400;
        // 1 ms apart at exactly the threshold: drawn and keyed
        long atThreshold = Math.round(1_000_000 * px / SchedulerTicks.MIN_GAP_PX);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, new Viewport(0, atThreshold, PLOT + px, 300), s);
        assertEquals(50, notchTips(s).size());
        assertTrue(f.keys().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.TICK), f.keys().toString());
        // a little closer: nothing on the axis, nothing in the key, no note either
        RecordingSurface dense = new RecordingSurface();
        FrameSummary g = paint(d, new Viewport(0, atThreshold + 2_000_000, PLOT + px, 300), dense);
        assertEquals(List.of(), notchTips(dense));
        assertTrue(dense.rects().stream().noneMatch(r -> r.argb() == TEAL));
        assertTrue(g.keys().stream().noneMatch(e -> e.label().contains("tick")), g.keys().toString());
        // zoomed all the way out: no notch per tick either (the renderer stays one pass per tick in view)
        RecordingSurface out = new RecordingSurface();
        paint(d, new Viewport(0, 1_000_000_000, PLOT + px, 300), out);
        assertEquals(List.of(), notchTips(out));
    }

    @Test
    void theKeyNamesTheHzAndShowsTheNotch() {
        Dataset d = busy(Metadata.SIMULATION, "250", 100_000_000, 120_000_000);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, new Viewport(100_000_000, 120_000_000, PLOT + 1000, 300), s);
        LegendEntry key = f.keys().stream().filter(e -> e.kind() == LegendEntry.Kind.TICK).findFirst().orElseThrow();
        assertEquals("scheduler tick (HZ=250)", key.label());
        assertEquals(TEAL, key.argb());
        RecordingSurface.Text text = s.texts().stream().filter(t -> t.text().equals("scheduler tick (HZ=250)"))
                .findFirst().orElseThrow(() -> new AssertionError("the key's text is drawn: " + s.texts()));
        // its swatch is the notch's caret, left of its text
        assertTrue(s.rects().stream().anyMatch(r -> r.argb() == TEAL && r.yPx() > TimelineLayout.AXIS_HEIGHT_PX
                && r.rightPx() <= text.xPx() && r.xPx() >= text.xPx() - LegendEntry.SWATCH_PX - 6));
    }

    /**
     * The selected range's duration badge and the pointer's time badge sit on the axis over the
     * ticks' carets: the range's covered each caret's head under it, leaving a 2 px stub that read
     * as one of the axis' own ticks, and the pointer's hid the carets whole. In the picture every
     * caret keeps its head while both badges are drawn, a caret under each of them.
     */
    @Test
    void theRangesBadgeAndThePointersLeaveEveryCaretWhole() {
        Dataset d = busy(Metadata.SIMULATION, "250", 100_000_000, 120_000_000);
        Viewport vp = new Viewport(100_000_000, 120_000_000, PLOT + 1000, 300); // a tick every 200 px
        // the range's middle on the 108 ms tick, the pointer's badge right of 115.9 ms over the 116 ms tick
        PaintOptions options = PaintOptions.DEFAULT.withRange(java.util.Optional.of(new TimeRange(106_000_000, 110_000_000)))
                .withCursor(java.util.OptionalLong.of(115_900_000));
        RecordingSurface rec = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE, options, rec);
        List<Double> tips = notchTips(rec);
        assertEquals(List.of(PLOT, PLOT + 200, PLOT + 400, PLOT + 600, PLOT + 800), tips);
        RecordingSurface.Rect range = rec.rects().stream().filter(r -> r.argb() == StateColors.SELECTION_EDGE
                && r.yPx() < TimelineLayout.AXIS_HEIGHT_PX).findFirst().orElseThrow();
        RecordingSurface.Rect pointer = rec.rects().stream().filter(r -> r.argb() == TimelineStyle.LIGHT.textArgb()
                && r.yPx() < TimelineLayout.AXIS_HEIGHT_PX).findFirst().orElseThrow();
        assertTrue(range.xPx() < PLOT + 400 && range.rightPx() > PLOT + 402, "the range's badge over a caret: " + range);
        assertTrue(pointer.xPx() < PLOT + 800 && pointer.rightPx() > PLOT + 802, "the pointer's over one: " + pointer);

        java.awt.image.BufferedImage img = Java2dSurface.paint((int) vp.widthPx(), 300,
                png -> new TimelineRenderer().render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                        options, png));
        int head = (int) (TimelineLayout.AXIS_HEIGHT_PX - 1 - SchedulerTicks.NOTCH_PX); // the caret's widest row
        for (double tip : tips) {
            // the first tick's, on the plot's first column, whole over the label column's edge
            for (int x = (int) tip - 2; x < tip + SchedulerTicks.NOTCH_WIDTH_PX + 2; x++) {
                for (int y = head; y < head + 2; y++) {
                    assertEquals(Integer.toHexString(TEAL & 0xFFFFFF), Integer.toHexString(img.getRGB(x, y) & 0xFFFFFF),
                            "the caret at x " + tip + ", pixel (" + x + ", " + y + ")");
                }
            }
        }
        // and the badges are still there, above the carets
        assertEquals(Integer.toHexString(StateColors.SELECTION_EDGE & 0xFFFFFF),
                Integer.toHexString(img.getRGB((int) range.xPx() + 3, (int) range.yPx() + 1) & 0xFFFFFF));
        assertEquals(Integer.toHexString(TimelineStyle.LIGHT.textArgb() & 0xFFFFFF),
                Integer.toHexString(img.getRGB((int) pointer.xPx() + 2, (int) pointer.yPx() + 1) & 0xFFFFFF));
    }

    /**
     * A caret on the plot's first column (a run's recording starts on a tick, often with a
     * preemption there) is drawn whole, its left shoulders over the label column's edge; pointing
     * at those shoulders read nothing. Every teal pixel on the axis answers with its tick.
     */
    @Test
    void everyPixelOfACaretFindsItsTickEvenOverTheLabelColumnsEdge() {
        Dataset d = busy(Metadata.SIMULATION, "250", 100_000_000, 120_000_000);
        Viewport vp = new Viewport(100_000_000, 120_000_000, PLOT + 1000, 300); // a tick every 200 px, one at PLOT
        TimelineData data = TimelineData.of(d);
        TimelineLayout layout = TimelineLayout.of(vp, d, TrackSpec.DEFAULT);
        java.awt.image.BufferedImage img = Java2dSurface.paint((int) vp.widthPx(), 300,
                png -> paint(d, vp, png));
        int pixels = 0;
        int overLabels = 0;
        for (int y = 0; y < layout.lanesTopPx(); y++) {
            for (int x = 0; x < PLOT + 1000; x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != (TEAL & 0xFFFFFF)) {
                    continue;
                }
                pixels++;
                long tick = 100_000_000 + Math.round((x + SchedulerTicks.SHOULDER_PX + 1 - PLOT) / 200) * 4_000_000L;
                java.util.Optional<TrackHit> hit = TrackHits.at(data, layout, x + 0.5, y + 0.5);
                assertTrue(hit.isPresent() && hit.get() instanceof TrackHit.SchedulerTickHit h && h.tNs() == tick,
                        "the caret's pixel (" + x + ", " + y + ") finds the tick at " + tick + " ns: " + hit);
                if (x < PLOT) {
                    overLabels++;
                }
            }
        }
        assertTrue(pixels > 5 * 10, "five carets drawn: " + pixels + " teal pixels");
        assertTrue(overLabels >= 2, "the first caret's left shoulders are over the label column: " + overLabels);
        // past the shoulders' reach the label column's axis is nothing to point at
        double y = layout.lanesTopPx() - 1 - SchedulerTicks.NOTCH_PX + 0.5;
        assertEquals(java.util.Optional.empty(),
                TrackHits.at(data, layout, PLOT - SchedulerTicks.SHOULDER_PX - SchedulerTicks.REACH_PX - 1, y));
    }

    /**
     * A real run of teach-fair-share under lazy: A and B trade the CPU at slice expiries, found
     * at the tick, so each preemption mark is drawn right under a notch's tip.
     */
    @Test
    void aRunsTickPreemptionsSitUnderTheNotches() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("teach-fair-share"), Map.of("preemption", "lazy"),
                Simulation.Options.recording(40), () -> false).dataset().orElseThrow();
        long start = d.startNs();
        Viewport vp = new Viewport(start, start + 40_000_000, PLOT + 1000, 300);
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, vp, s);
        List<Double> tips = notchTips(s);
        assertTrue(f.keys().stream().anyMatch(e -> e.label().equals("scheduler tick (HZ=250)")), f.keys().toString());
        int preemptions = 0;
        for (int i = 0; i < d.marks().size(); i++) {
            long t = d.marks().tNs(i);
            if (d.marks().kind(i) == MarkKind.PREEMPTION && t >= start && t < vp.endNs()) {
                preemptions++;
                double x = Math.floor(PLOT + (t - start) / (40_000_000 / 1000.0));
                assertTrue(tips.contains(x), "a preemption at " + t + " ns (x " + x + ") under no notch: " + tips);
            }
        }
        assertTrue(preemptions >= 5, "preemptions in view: " + preemptions);
        assertFalse(tips.isEmpty());
    }
}
