package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * A counter's gap (a NaN sample: no value until the next sample) is drawn as nothing: no fill,
 * no line and no step edge into or out of it, zoomed in (from the samples) and zoomed out (from
 * the per-column reduction); the label and the cursor readout count it for nothing.
 */
class CounterGapPaintTest {
    static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private static final long US = 1_000;

    /** A 600 us dataset whose first counter gets {@code samples}; at 1 us per pixel, x of t us is PLOT + t. */
    private static Dataset build(java.util.function.Consumer<DatasetBuilder.CounterBuilder> samples) {
        DatasetBuilder b = Dataset.builder(Metadata.of("gaps", "test"));
        samples.accept(b.counter("latency", "us"));
        b.counter("end", "").add(600 * US, 0); // the dataset runs to 600 us
        return RenderFixtures.build(b);
    }

    private static RecordingSurface paint(Dataset d, PaintOptions o) {
        RecordingSurface s = new RecordingSurface();
        Viewport vp = new Viewport(0, 600 * US, PLOT + 600, 400);
        new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp, TrackSpec.DEFAULT,
                HighlightIndex.NONE, o, s);
        return s;
    }

    private static TrackRow row(Dataset d) {
        Viewport vp = new Viewport(0, 600 * US, PLOT + 600, 400);
        return TimelineLayout.of(vp, d, TrackSpec.DEFAULT).find(TrackKind.COUNTER, 0).orElseThrow();
    }

    /** Fills and line pieces of the counter row that reach into {@code (fromUs, toUs)}. */
    private static List<String> drawnInside(RecordingSurface s, TrackRow row, double fromUs, double toUs) {
        double a = PLOT + fromUs;
        double b = PLOT + toUs;
        List<String> out = s.rectsIn(row.topPx(), row.bottomPx()).stream()
                .filter(r -> Argb.rgbOf(r.argb()) == Argb.rgbOf(StateColors.COUNTER_FILL)
                        || Argb.rgbOf(r.argb()) == Argb.rgbOf(StateColors.COUNTER_LINE))
                .filter(r -> r.xPx() < b && r.rightPx() > a)
                .map(Object::toString).collect(Collectors.toList());
        s.lines().stream()
                .filter(l -> Argb.rgbOf(l.argb()) == Argb.rgbOf(StateColors.COUNTER_LINE))
                .filter(l -> Math.max(l.y1Px(), l.y2Px()) >= row.topPx() && Math.min(l.y1Px(), l.y2Px()) <= row.bottomPx())
                .filter(l -> Math.min(l.x1Px(), l.x2Px()) < b && Math.max(l.x1Px(), l.x2Px()) > a)
                .forEach(l -> out.add(l.toString()));
        return out;
    }

    /** Vertical counter-line pieces (step edges) at x of {@code us}. */
    private static long edgesAt(RecordingSurface s, TrackRow row, double us) {
        double x = PLOT + us;
        return s.lines().stream()
                .filter(l -> Argb.rgbOf(l.argb()) == Argb.rgbOf(StateColors.COUNTER_LINE))
                .filter(l -> l.x1Px() == x && l.x2Px() == x && l.y1Px() != l.y2Px())
                .filter(l -> l.y1Px() >= row.topPx() && l.y1Px() <= row.bottomPx())
                .count();
    }

    @Test
    void zoomedInAGapHasNoFillNoLineAndNoStepIntoOrOutOfIt() {
        // 10 us from 0, nothing from 100 to 300 us, 20 us from 300, 15 us from 400
        Dataset d = build(c -> c.add(0, 10).add(100 * US, Double.NaN).add(300 * US, 20).add(400 * US, 15));
        RecordingSurface s = paint(d, PaintOptions.DEFAULT);
        TrackRow row = row(d);
        assertEquals(List.of(), drawnInside(s, row, 100.5, 299.5), "nothing over the gap");
        assertEquals(0, edgesAt(s, row, 100), "no step down into the gap");
        assertEquals(0, edgesAt(s, row, 300), "no step up out of it");
        assertEquals(1, edgesAt(s, row, 400), "the step between two values is still drawn");
        assertFalse(drawnInside(s, row, 0.5, 99.5).isEmpty(), "the value before the gap is drawn up to it");
        assertFalse(drawnInside(s, row, 300.5, 399.5).isEmpty(), "and the one after from its end");
        // drawn as a line between samples: none into the gap, none out of it
        RecordingSurface line = paint(d, PaintOptions.DEFAULT.withCounterStyle(CounterStyle.LINE));
        assertEquals(List.of(), drawnInside(line, row, 100.5, 299.5));
    }

    @Test
    void zoomedOutTheColumnsOfAGapDrawNothingAndTheirNeighboursDoNotJoinAcrossIt() {
        // a sample every microsecond (too many to draw one by one) with a gap from 200 to 400 us
        Dataset d = build(c -> {
            for (int t = 0; t < 200; t++) {
                c.add(t * US, t % 2 == 0 ? 10 : 12);
            }
            c.add(200 * US, Double.NaN);
            for (int t = 400; t < 600; t++) {
                c.add(t * US, 30);
            }
        });
        RecordingSurface s = paint(d, PaintOptions.DEFAULT);
        TrackRow row = row(d);
        assertEquals(List.of(), drawnInside(s, row, 201, 399), "nothing over the gap's columns");
        assertFalse(drawnInside(s, row, 100, 199).isEmpty());
        assertFalse(drawnInside(s, row, 401, 599).isEmpty());
        // the column where the values resume is a bar at 30 alone, as every column after it: not one
        // reaching down to the 10-12 before the gap, as if the line joined across it
        List<RecordingSurface.Rect> bars = s.rectsIn(row.topPx(), row.bottomPx()).stream()
                .filter(r -> r.argb() == StateColors.COUNTER_LINE && r.xPx() >= PLOT + 399).collect(Collectors.toList());
        assertFalse(bars.isEmpty());
        assertEquals(1, bars.stream().mapToDouble(RecordingSurface.Rect::heightPx).max().orElseThrow(), 1e-9,
                "a flat 30 from where the values resume: " + bars.get(0));
    }

    @Test
    void aColumnHalfGapKeepsOnlyItsValuesAndSaysWhereItOpensOrClosesInTheGap() {
        Dataset d = build(c -> c.add(0, 5).add(30 * US, Double.NaN).add(70 * US, 8).add(120 * US, 9));
        FrameColumns.CounterColumns cc = FrameAggregator.reduce(d.counters().get(0), 0, 50 * US, 3);
        assertEquals(5, cc.min[0]);
        assertEquals(5, cc.max[0], "the gap is no value: not NaN spread over the column");
        assertTrue(Double.isNaN(cc.last[0]), "column 0 closes in the gap");
        assertTrue(Double.isNaN(cc.first[1]), "column 1 opens in it");
        assertEquals(8, cc.min[1]);
        assertEquals(8, cc.last[1]);
        assertEquals(8, cc.first[2]);
        assertEquals(9, cc.max[2]);
    }

    @Test
    void theCursorBeforeACountersFirstSampleSaysItHasNoValueYet() {
        Dataset d = build(c -> c.add(250 * US, 10).add(400 * US, 15));
        List<String> before = paint(d, PaintOptions.DEFAULT.withCursor(OptionalLong.of(100 * US))).texts().stream()
                .map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertEquals(2, before.stream().filter("no value yet"::equals).count(),
                "both counters start later (latency at 250 us, end at 600 us): " + before);
        List<String> after = paint(d, PaintOptions.DEFAULT.withCursor(OptionalLong.of(300 * US))).texts().stream()
                .map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(after.contains("10 us"), after.toString());
        assertEquals(1, after.stream().filter("no value yet"::equals).count(), "only 'end' has none yet: " + after);
    }

    @Test
    void theCursorInAGapSaysThereIsNoValueAndTheLabelAndScaleIgnoreGaps() {
        Dataset d = build(c -> c.add(0, 10).add(100 * US, Double.NaN).add(300 * US, 20).add(400 * US, 15));
        RecordingSurface s = paint(d, PaintOptions.DEFAULT.withCursor(OptionalLong.of(200 * US)));
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("no value"), texts.toString());
        assertFalse(texts.stream().anyMatch(t -> t.contains("NaN")), texts.toString());
        assertEquals("max 20 us", CounterRowPainter.rangeLabel(d.counters().get(0)));
        assertEquals(20, CounterRowPainter.scale(d.counters().get(0))[1]);
        Dataset flat = build(c -> c.add(0, 7).add(100 * US, Double.NaN).add(300 * US, 7));
        assertEquals("always 7 us", CounterRowPainter.rangeLabel(flat.counters().get(0)), "a gap is no change");
        Dataset none = build(c -> c.add(0, Double.NaN).add(100 * US, Double.NaN));
        assertEquals("no values", CounterRowPainter.rangeLabel(none.counters().get(0)));
    }

    @Test
    void asLinesALastValueAfterAGapIsADotNotNothing() {
        // 10 us from 0, nothing from 100 us, then one last value (25 us) at 500 us
        Dataset d = build(c -> c.add(0, 10).add(100 * US, Double.NaN).add(500 * US, 25));
        RecordingSurface s = paint(d, PaintOptions.DEFAULT.withCounterStyle(CounterStyle.LINE));
        TrackRow row = row(d);
        assertEquals(List.of(), drawnInside(s, row, 100.5, 498), "nothing over the gap");
        assertFalse(drawnInside(s, row, 498, 502).isEmpty(), "the value at 500 us is drawn");
    }
}
