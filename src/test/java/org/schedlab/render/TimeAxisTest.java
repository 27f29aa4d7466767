package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeAxisTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;

    @ParameterizedTest(name = "{0} ns from {1} over {2} px reads in {3}")
    @CsvSource({
        "300,               0,              800, ns",
        "1000,              0,              800, ns",
        "200000,            0,              800, us",
        "1000000,           0,              800, us",
        "5000000,           0,              800, ms",
        "50000000,          0,              800, ms",
        "30000000000,       0,              800, s",
        "2000,              330000000000,   800, s",
        "50000000,          330000000000,   300, s",
        "600000000000,      0,              1600, s",
    })
    void labelsFitBetweenTicksAndUseOneSensibleUnit(long spanNs, long startNs, double plotPx, String unit) {
        long origin = 0;
        Viewport vp = new Viewport(startNs, startNs + spanNs, PLOT + plotPx, 300);
        RecordingSurface s = new RecordingSurface();
        TimelineLayout layout = TimelineLayout.of(vp, 1);
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(layout, origin, t -> s.textWidthPx(t, 11));
        assertTrue(ticks.size() >= 2, "at least two ticks: " + ticks);
        assertTrue(ticks.size() <= plotPx / TimeAxis.MIN_SPACING_PX + 1, "not crowded: " + ticks.size());
        for (int i = 0; i < ticks.size(); i++) {
            TimeAxis.Tick t = ticks.get(i);
            assertTrue(t.label().matches("[+-]\\d+(\\.\\d+)? " + unit), t.label() + " should read in " + unit);
            assertTrue(t.tNs() >= vp.startNs() && t.tNs() < vp.endNs(), "tick inside the window");
            assertEquals(layout.xOf(t.tNs()), t.xPx(), 1e-9);
            if (i > 0) {
                double prevRight = ticks.get(i - 1).xPx() + s.textWidthPx(ticks.get(i - 1).label(), 11);
                assertTrue(prevRight + 8 <= t.xPx(), "label " + ticks.get(i - 1).label() + " runs into " + t.label());
            }
        }
        long step = TimeAxis.stepNs(ticks);
        assertTrue(String.valueOf(step).matches("[125]0*"), "1-2-5 step, got " + step);
    }

    @Test
    void aWindowEndingAtTheLargestTimeGetsItsTicksAndStops() {
        // a slice ending at Long.MAX_VALUE: the tick after the last wrapped to a negative time, "before
        // the end", and render added ticks until it ran out of memory
        for (long start : new long[] {0, Long.MAX_VALUE - 1_000_000_000L, Long.MAX_VALUE - 1000}) {
            Viewport vp = new Viewport(start, Long.MAX_VALUE, PLOT + 1600, 300);
            List<TimeAxis.Tick> ticks = TimeAxis.ticks(TimelineLayout.of(vp, 1), 0, t -> t.length() * 6.6);
            assertTrue(ticks.size() >= 2 && ticks.size() <= 1600 / TimeAxis.MIN_SPACING_PX + 1, start + ": " + ticks);
            for (TimeAxis.Tick t : ticks) {
                assertTrue(t.tNs() >= start && t.tNs() < Long.MAX_VALUE, start + ": " + ticks);
            }
        }
    }

    @Test
    void ticksCountFromTheDatasetStartNotFromBoot() {
        long origin = 330_000_000_000L;
        Viewport vp = new Viewport(origin, origin + 50_000_000, PLOT + 1000, 300);
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(TimelineLayout.of(vp, 2), origin, t -> t.length() * 6.6);
        List<String> labels = ticks.stream().map(TimeAxis.Tick::label).collect(Collectors.toList());
        assertEquals("+0 ms", labels.get(0));
        assertTrue(labels.contains("+10 ms") && labels.contains("+20 ms"), labels.toString());
    }

    @Test
    void zoomedIntoASubMillisecondStepLabelsInTenthsOfTheBiggerUnit() {
        Viewport vp = new Viewport(0, 2_000_000, PLOT + 1000, 300); // 2 ms over 1000 px: 200 us steps
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(TimelineLayout.of(vp, 1), 0, t -> t.length() * 6.6);
        assertEquals(200_000, TimeAxis.stepNs(ticks));
        assertEquals(List.of("+0.0 ms", "+0.2 ms", "+0.4 ms"),
                ticks.subList(0, 3).stream().map(TimeAxis.Tick::label).collect(Collectors.toList()));
    }

    @Test
    void zoomedInFiftyMillisecondsAfterTheStartTheTicksReadAsTheCursorReadout() {
        // L in the Live run: the axis read "50000 us, 50020 us" beside the readout "+50.032 ms"
        long origin = 330_000_000_000L;
        Viewport vp = new Viewport(origin + 50_000_000, origin + 50_100_000, PLOT + 1000, 300);
        RecordingSurface s = new RecordingSurface();
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(TimelineLayout.of(vp, 1), origin, t -> s.textWidthPx(t, 11));
        List<String> labels = ticks.stream().map(TimeAxis.Tick::label).collect(Collectors.toList());
        assertTrue(labels.size() >= 3, labels.toString());
        for (TimeAxis.Tick t : ticks) {
            assertTrue(t.label().matches("\\+50\\.\\d+ ms"), "reads as the readout: " + labels);
            assertEquals((t.tNs() - origin) / 1e6, Double.parseDouble(t.label().substring(1, t.label().length() - 3)), 1e-9,
                    "each label says its own time: " + labels);
        }
        for (int i = 1; i < ticks.size(); i++) {
            double prevRight = ticks.get(i - 1).xPx() + s.textWidthPx(ticks.get(i - 1).label(), 11);
            assertTrue(prevRight + 8 <= ticks.get(i).xPx(), "uncrowded: " + labels);
        }
    }

    @Test
    void noPlotWidthMeansNoTicks() {
        Viewport vp = new Viewport(0, 1000, PLOT, 300);
        assertTrue(TimeAxis.ticks(TimelineLayout.of(vp, 1), 0, t -> 10).isEmpty());
    }
}
