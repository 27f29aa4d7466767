package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.render.TrackHit;

/**
 * A counter's hover says over which stretch its value stands: pgbench's "progress: 7.0 s" figure
 * is the second from 6 s to 7 s, not a sample "at 6 s" that reads a second off the log.
 */
class CounterHoverTextTest {
    @Test
    void aStepSampleIsShownWithTheStretchItHoldsFor() throws Exception {
        Dataset d = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset();
        CounterSeries tps = d.counter("pgbench tps").orElseThrow();
        int c = d.counters().indexOf(tps);
        long o = d.startNs();
        String text = HoverText.of(d, new TrackHit.CounterHit(c, o + 6_960_000_000L, tps.tNs(6), tps.value(6)));
        assertEquals("pgbench tps\n" + HoverText.number(tps.value(6)) + " tps\nfrom +6.000000 s to +7.000000 s", text);
        // the last report's second runs to the end of the run
        String last = HoverText.of(d, new TrackHit.CounterHit(c, o + 7_500_000_000L, tps.tNs(7), tps.value(7)));
        assertEquals("pgbench tps\n2,987.10 tps\nfrom +7.000000 s to +8.000000 s", last);
    }

    @Test
    void aGapSaysThereIsNoValueOverTheWholeStretchWithoutOne() throws Exception {
        // real pgbench 15: no transaction finished from 3 s to 5 s (two progress lines of "lat 0.000 ms")
        Dataset d = Fixtures.importAll("real/pgbench-local/runD_pgbench_lock_stall.txt").dataset();
        CounterSeries lat = d.counter("pgbench latency").orElseThrow();
        int c = d.counters().indexOf(lat);
        long o = d.startNs();
        long t = o + 3_500_000_000L;
        int i = lat.indexAt(t);
        String text = HoverText.of(d, new TrackHit.CounterHit(c, t, lat.tNs(i), lat.value(i)));
        assertEquals("pgbench latency\nno value from +3.000000 s to +5.000000 s", text);
        // the selection panel describes a picked counter value as the hover does
        assertEquals(text, SelectionViewModel.describe(d, new TrackHit.CounterHit(c, t, lat.tNs(i), lat.value(i))));
        assertEquals("n/a", HoverText.number(Double.NaN), "a table cell without a value");
    }

    @Test
    void aTinyNegativeValueReadsZeroNotMinusZero() {
        // a mean over samples a hair below zero read "-0.00" in the TCP tab and the hover
        assertEquals("0.00", HoverText.number(-0.001));
        assertEquals("0.00", HoverText.number(-0.0049));
        assertEquals("-0.01", HoverText.number(-0.005), "one that rounds to a figure keeps its sign");
        assertEquals("-1,234.50", HoverText.number(-1234.5));
        assertEquals("0", HoverText.number(-0.0));
    }

    /** YCSB's CLEANUP latency row of a handmade status log, laid out 600 px wide, and where to point at it. */
    private record CleanupRow(Dataset d, CounterSeries cleanup, org.schedlab.render.TimelineData data,
                              org.schedlab.render.TimelineLayout layout, double y) {
        static CleanupRow of() throws Exception {
            Dataset d = Fixtures.importAll("handmade/ycsb/status_read_idle.txt").dataset();
            CounterSeries cleanup = d.counter("ycsb CLEANUP avg latency").orElseThrow();
            org.schedlab.render.Viewport vp = new org.schedlab.render.Viewport(d.startNs(), d.endNs(),
                    org.schedlab.render.TimelineLayout.LABEL_WIDTH_PX + 600, 600);
            org.schedlab.render.TimelineLayout layout = org.schedlab.render.TimelineLayout.of(vp, d,
                    org.schedlab.render.TrackSpec.DEFAULT);
            org.schedlab.render.TrackRow row = layout.find(org.schedlab.render.TrackKind.COUNTER,
                    d.counters().indexOf(cleanup)).orElseThrow();
            return new CleanupRow(d, cleanup, org.schedlab.render.TimelineData.prepare(d, () -> false), layout,
                    row.topPx() + 3);
        }

        java.util.Optional<TrackHit> at(double x) {
            return org.schedlab.render.TrackHits.at(data, layout, x, y);
        }
    }

    @Test
    void beforeASeriesFirstSampleTheHoverSaysItHasNoValueYet() throws Exception {
        // YCSB's CLEANUP runs only in the last interval: before it the row said nothing at all
        CleanupRow r = CleanupRow.of();
        long first = r.cleanup().tNs(0) - r.d().startNs();
        TrackHit hit = r.at(r.layout().xOf(r.d().startNs() + first / 2)).orElseThrow();
        assertEquals("ycsb CLEANUP avg latency\nno value before its first sample, at +"
                + org.schedlab.render.TimeFormat.offset(first), HoverText.of(r.d(), hit));
    }

    @Test
    void pointingAtARowsNameInTheLabelColumnShowsItWhole() throws Exception {
        // the label column cuts or wraps long names ("ycsb CLEANUP avg latency" and longer)
        CleanupRow r = CleanupRow.of();
        String text = HoverText.of(r.d(), r.at(20).orElseThrow());
        org.junit.jupiter.api.Assertions.assertTrue(text.matches("ycsb CLEANUP avg latency\n(max|always) .*"),
                "the whole name, then its range as the column prints it: " + text);
        org.junit.jupiter.api.Assertions.assertTrue(r.at(r.layout().plotLeftPx() - 1).isPresent(), "up to the plot's edge");
    }
}
