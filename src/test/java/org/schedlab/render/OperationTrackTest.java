package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * The Operations group: one latency-over-time row per operation kind that has operations, where
 * a slow transaction stands above the fast ones at the x of its end, zoomed in (one dot per
 * operation, with its start..end once it is a few pixels wide) and zoomed out (per pixel column
 * the slowest as a dot, from the coarse levels when there are many per column); pointing at its
 * dot finds it.
 */
class OperationTrackTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    /**
     * {@code n} fast transactions (80..120 us) ending evenly over one second, one slow one (25 ms)
     * ending at 400 ms, and a YCSB-like second kind with a few reads; a kind with none.
     */
    static Dataset dataset(int n) {
        DatasetBuilder b = Dataset.builder(Metadata.of("ops", "test"));
        int cpu = 0;
        b.cpuCount(1);
        int t = b.addTask(10, 10, "postgres");
        b.slice(cpu, 0, 1_000 * MS, t, org.schedlab.model.SliceState.USER);
        DatasetBuilder.OperationBuilder tx = b.operation("transaction");
        long step = 1_000 * MS / n;
        boolean slowAdded = false;
        for (int i = 1; i <= n; i++) {
            long end = i * step;
            if (!slowAdded && end >= 400 * MS) {
                tx.add(400 * MS, 25 * MS);
                slowAdded = true;
                if (end == 400 * MS) {
                    continue;
                }
            }
            tx.add(end, 80 * US + (i * 7919L % 41) * US);
        }
        b.operation("read").add(100 * MS, 50 * US).add(600 * MS, 70 * US);
        b.operation("cleanup"); // the workload has it, none ended
        return RenderFixtures.build(b);
    }

    private static int indexOf(Dataset d, String name) {
        for (int i = 0; i < d.operations().size(); i++) {
            if (d.operations().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void oneRowPerOperationKindThatHasOperationsAndNoneWithout() {
        Dataset d = dataset(1_000);
        Viewport vp = new Viewport(0, 1_000 * MS, PLOT + 1_000, 900);
        TimelineLayout l = TimelineLayout.of(vp, d, TrackSpec.DEFAULT);
        List<TrackRow> ops = rows(l).stream().filter(r -> r.group() == TrackGroup.OPERATIONS).collect(Collectors.toList());
        assertEquals(List.of(TrackKind.HEADER, TrackKind.OPERATION, TrackKind.OPERATION),
                ops.stream().map(TrackRow::kind).collect(Collectors.toList()));
        assertEquals("Operations (2)", ops.get(0).label());
        assertEquals(List.of("transaction", "read"), List.of(ops.get(1).label(), ops.get(2).label()));
        assertEquals(indexOf(d, "read"), ops.get(2).ref());

        TimelineLayout collapsed = TimelineLayout.of(vp, d, new TrackSpec(List.of(), Set.of(TrackGroup.OPERATIONS)));
        assertEquals(1, rows(collapsed).stream().filter(r -> r.group() == TrackGroup.OPERATIONS).count(),
                "collapsed: its header only");

        Dataset without = RenderFixtures.twoCpus();
        assertTrue(rows(TimelineLayout.of(vp, without, TrackSpec.DEFAULT)).stream()
                .noneMatch(r -> r.group() == TrackGroup.OPERATIONS), "no operations, no group");
    }

    private static List<TrackRow> rows(TimelineLayout l) {
        List<TrackRow> out = new java.util.ArrayList<>();
        for (int i = 0; i < l.rowCount(); i++) {
            out.add(l.row(i));
        }
        return out;
    }

    /** Paints {@code d} in a window of {@code fromNs..toNs} over 1000 px; returns the surface. */
    private static RecordingSurface paint(TimelineData data, Viewport vp) {
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(data, vp, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, s);
        return s;
    }

    private static List<RecordingSurface.Rect> dots(RecordingSurface s, TrackRow row) {
        return s.rectsIn(row.topPx(), row.bottomPx()).stream()
                .filter(r -> r.argb() == OperationRowPainter.DOT && r.xPx() >= PLOT - 2)
                .collect(Collectors.toList());
    }

    @Test
    void zoomedInTheSlowTransactionsDotIsAtItsEndAboveTheFastOnesWithItsStartToEnd() {
        Dataset d = dataset(1_000); // one per ms
        TimelineData data = TimelineData.prepare(d, () -> false);
        // 380..420 ms over 1000 px: 40 us per px, 40 transactions, the slow one 625 px wide
        Viewport vp = new Viewport(380 * MS, 420 * MS, PLOT + 1_000, 900);
        TimelineLayout l = TimelineLayout.of(vp, d, TrackSpec.DEFAULT);
        TrackRow row = l.find(TrackKind.OPERATION, indexOf(d, "transaction")).orElseThrow();
        RecordingSurface s = paint(data, vp);
        List<RecordingSurface.Rect> dots = dots(s, row);
        assertTrue(dots.size() >= 40, "one dot per transaction: " + dots.size());
        RecordingSurface.Rect top = dots.stream().min(java.util.Comparator.comparingDouble(RecordingSurface.Rect::yPx))
                .orElseThrow();
        assertEquals(l.xOf(400 * MS), top.xPx() + top.widthPx() / 2, 0.01, "at the x of its end");
        assertEquals(row.topPx() + OperationRowPainter.PAD_TOP_PX, top.yPx() + top.heightPx() / 2, 0.01,
                "the slowest at the top of its log scale");
        for (RecordingSurface.Rect r : dots) {
            if (r != top) {
                assertTrue(r.yPx() > top.yPx() + 20, "fast ones well below: " + r);
            }
        }
        // its start..end: a thin line at its latency from 375 ms (left of the window) to its end
        List<RecordingSurface.Line> extents = s.lines().stream()
                .filter(x -> x.argb() == OperationRowPainter.EXTENT).collect(Collectors.toList());
        assertTrue(extents.stream().anyMatch(x -> x.x1Px() == l.plotLeftPx() && Math.abs(x.x2Px() - l.xOf(400 * MS)) < 0.01
                && Math.abs(x.y1Px() - (row.topPx() + OperationRowPainter.PAD_TOP_PX)) < 0.01), extents.toString());
        // the label column gives the scale
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("max 25.0 ms"), texts.toString());
        assertTrue(texts.stream().anyMatch(x -> x.startsWith("min 80.0 us")), texts.toString());
    }

    @Test
    void manyOverlappingTransactionsAreDotsWithoutTheirStartToEndThatWouldHideThem() {
        // a thousand clients: one transaction ends every 2 us, each took 2 ms
        DatasetBuilder b = Dataset.builder(Metadata.of("busy", "test"));
        DatasetBuilder.OperationBuilder tx = b.operation("transaction");
        for (int i = 1; i <= 5_000; i++) {
            tx.add(2 * MS + i * 2 * US, 2 * MS + (i % 3) * US);
        }
        Dataset d = RenderFixtures.build(b);
        Viewport vp = new Viewport(5 * MS, 6 * MS, PLOT + 1_000, 900); // 500 ending, 1000 in flight
        RecordingSurface s = paint(TimelineData.prepare(d, () -> false), vp);
        TrackRow row = TimelineLayout.of(vp, d, TrackSpec.DEFAULT).find(TrackKind.OPERATION, 0).orElseThrow();
        assertEquals(500, dots(s, row).size(), "one dot per transaction ending in the window");
        assertTrue(s.lines().stream().noneMatch(x -> x.argb() == OperationRowPainter.EXTENT),
                "no start..end lines: they would be one solid band");
        assertTrue(!legend(s).contains("its start..end"), legend(s).toString());
    }

    @Test
    void zoomedOutEachColumnShowsItsSlowestSoTheSlowTransactionStandsOut() {
        Dataset d = dataset(200_000); // 200 per ms, 200 per column: from the coarse levels once prepared
        Viewport vp = new Viewport(0, 1_000 * MS, PLOT + 1_000, 900);
        TimelineLayout l = TimelineLayout.of(vp, d, TrackSpec.DEFAULT);
        int tx = indexOf(d, "transaction");
        TrackRow row = l.find(TrackKind.OPERATION, tx).orElseThrow();
        for (TimelineData data : List.of(TimelineData.of(d), TimelineData.prepare(d, () -> false))) {
            FrameColumns cols = FrameAggregator.aggregate(data, FrameRequest.of(l, TrackSpec.DEFAULT,
                    HighlightIndex.NONE), () -> false);
            assertEquals(data.isPrepared(), cols.operations[tx].coarse, "coarse levels once prepared");
            assertTrue(cols.operations[tx].visited < (data.isPrepared() ? 20_000 : 300_000),
                    "read " + cols.operations[tx].visited);
            RecordingSurface s = paint(data, vp);
            List<RecordingSurface.Rect> dots = dots(s, row);
            assertTrue(dots.size() >= 990 && dots.size() <= 1_000, "a dot per column: " + dots.size());
            RecordingSurface.Rect top = dots.stream()
                    .min(java.util.Comparator.comparingDouble(RecordingSurface.Rect::yPx)).orElseThrow();
            // 400 ms ends column 400 (1 ms per px); the dot is centred on its column
            assertEquals(l.xOf(400 * MS) + 0.5, top.xPx() + top.widthPx() / 2, 1.01, "in the column of its end");
            assertEquals(row.topPx() + OperationRowPainter.PAD_TOP_PX, top.yPx() + top.heightPx() / 2, 0.01);
            assertTrue(dots.stream().filter(r -> r != top).allMatch(r -> r.yPx() > top.yPx() + 20));
            // every column's median is drawn, among the fast ones
            long medians = s.rectsIn(row.topPx(), row.bottomPx()).stream()
                    .filter(r -> r.argb() == OperationRowPainter.MEDIAN).count();
            assertTrue(medians >= 990, "medians: " + medians);
        }
    }

    @Test
    void pointingAtTheSlowDotFindsThatTransaction() {
        Dataset d = dataset(200_000);
        TimelineData data = TimelineData.prepare(d, () -> false);
        Viewport vp = new Viewport(0, 1_000 * MS, PLOT + 1_000, 900);
        TimelineLayout l = TimelineLayout.of(vp, d, TrackSpec.DEFAULT);
        int tx = indexOf(d, "transaction");
        TrackRow row = l.find(TrackKind.OPERATION, tx).orElseThrow();
        TrackHit hit = TrackHits.at(data, l, l.xOf(400 * MS) + 3, row.topPx() + OperationRowPainter.PAD_TOP_PX + 2)
                .orElseThrow();
        TrackHit.OperationHit op = (TrackHit.OperationHit) hit;
        assertEquals(tx, op.operation());
        assertEquals(25 * MS, op.latencyNs());
        assertEquals(400 * MS, op.endNs());
        assertEquals(375 * MS, op.startNs());
        assertEquals(25 * MS, d.operations().get(tx).latencyNs(op.index()));
        // low in the row, the nearest is a fast one
        TrackHit.OperationHit fast = (TrackHit.OperationHit) TrackHits.at(data, l, l.xOf(400 * MS) + 3,
                row.bottomPx() - OperationRowPainter.PAD_BOTTOM_PX).orElseThrow();
        assertTrue(fast.latencyNs() < 200 * US, fast.toString());
    }

    @Test
    void theLegendExplainsWhatTheOperationRowsDraw() {
        Dataset d = dataset(5_000);
        TimelineData data = TimelineData.prepare(d, () -> false);
        List<String> out = legend(paint(data, new Viewport(0, 1_000 * MS, PLOT + 1_400, 900)));
        assertTrue(out.contains("slowest operation of a column") && out.contains("median")
                && out.contains("min..max"), out.toString());
        List<String> in = legend(paint(data, new Viewport(390 * MS, 410 * MS, PLOT + 1_400, 900)));
        assertTrue(in.contains("operation (end, latency)") && in.contains("its start..end"), in.toString());
        assertTrue(!in.contains("median"), "no medians drawn zoomed in: " + in);
    }

    /** The Key's entries (all of them, also those a narrow row would fold into "+N more"). */
    private static List<String> keys(TimelineData data, Viewport vp, RecordingSurface s) {
        return new TimelineRenderer().render(data, vp, TrackSpec.DEFAULT, HighlightIndex.NONE, PaintOptions.DEFAULT, s)
                .keys().stream().map(LegendEntry::label).collect(Collectors.toList());
    }

    /**
     * A 40 us window of case A between two transactions' ends keyed "operation (end, latency)"
     * though its rows drew no dot: the Key names a dot only where one ends in view, and the
     * start..end line alone (a slow transaction ending right after the window) as an operation's.
     */
    @Test
    void theKeyNamesAnOperationsDotOnlyWhereOneEndsInView() {
        Dataset d = dataset(1_000); // one per ms, the 25 ms one ending at 400 ms
        TimelineData data = TimelineData.prepare(d, () -> false);
        TrackRow tx = TimelineLayout.of(new Viewport(0, MS, PLOT + 1_400, 900), d, TrackSpec.DEFAULT)
                .find(TrackKind.OPERATION, indexOf(d, "transaction")).orElseThrow();
        // 390.10..390.14 ms: no transaction nor read ends in it, none reaches into it
        Viewport between = new Viewport(390 * MS + 100 * US, 390 * MS + 140 * US, PLOT + 1_400, 900);
        RecordingSurface s = new RecordingSurface();
        List<String> none = keys(data, between, s);
        assertEquals(List.of(), dots(s, tx), "no dot drawn");
        assertTrue(s.lines().stream().noneMatch(x -> x.argb() == OperationRowPainter.EXTENT), "nor a line");
        assertTrue(none.stream().noneMatch(k -> k.contains("operation") || k.contains("start..end")), none.toString());
        // 399.96..400.00 ms: the slow one ends right after it, its start..end across the window
        Viewport before = new Viewport(400 * MS - 40 * US, 400 * MS, PLOT + 1_400, 900);
        RecordingSurface line = new RecordingSurface();
        List<String> alone = keys(data, before, line);
        assertEquals(List.of(), dots(line, tx));
        assertTrue(line.lines().stream().anyMatch(x -> x.argb() == OperationRowPainter.EXTENT), "its line is drawn");
        assertTrue(alone.contains("operation start..end") && !alone.contains("operation (end, latency)")
                && !alone.contains("its start..end"), alone.toString());
        // one more microsecond: its dot too, keyed as before
        List<String> both = keys(data, new Viewport(400 * MS - 40 * US, 400 * MS + US, PLOT + 1_400, 900),
                new RecordingSurface());
        assertTrue(both.contains("operation (end, latency)") && both.contains("its start..end"), both.toString());
    }

    private static List<String> legend(RecordingSurface s) {
        return s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
    }
}
