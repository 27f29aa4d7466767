package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepPlotRendererTest {
    private static final double W = 800;
    private static final double H = 500;

    private static SweepPlotData oneSeries() {
        return new SweepPlotData("sweep", "minorFaultUs", List.of("0.5", "1", "2", "4"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 3, 100_000, 90_000, 110_000, 0.10, 0.08, 0.12),
                        new SweepPlotData.Point(2, 2, 3, 200_000, 200_000, 200_000, 0.02, 0.02, 0.02)))),
                "tps", "s_lock");
    }

    @Test
    void aMicrosecondFigureBesideMillisecondsIsWrittenInMicroseconds() {
        // teach-kernel-section, bClass fair vs fifo: B's wake-up p99 3.99 ms and 2 us on one plot
        SweepPlotData.Scale ms = new SweepPlotData.Scale(1e-3, "ms");
        assertEquals("3.99 ms", SweepPlotRenderer.metricLabel(3990, ms));
        assertEquals("2.0 us", SweepPlotRenderer.metricLabel(2.0, ms), "not 0.00 ms");
        assertEquals("0.00 ms", SweepPlotRenderer.metricLabel(0, ms), "a real 0 stays 0");
        assertEquals("0.01 ms", SweepPlotRenderer.metricLabel(8, ms));
    }

    @Test
    void eachFinishedPointGetsAMarkerInBothPanelsAndPendingPointsNone() {
        RecordingSurface s = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(oneSeries(), W, H, s);
        assertEquals(4, layout.markers().size(), "two points x two panels");
        SweepPlotLayout.Marker p0 = layout.markers().get(0);
        SweepPlotLayout.Marker p2 = layout.markers().get(1);
        assertTrue(p0.xPx() < p2.xPx());
        assertTrue(p2.yPx() < p0.yPx(), "twice the throughput sits higher");
        // x to scale: 0.5, 1, 2, 4 -> 2 is 3/7 of the way from 0.5 to 4
        double left = SweepPlotRenderer.LEFT_PX;
        double plotW = W - SweepPlotRenderer.LEFT_PX - SweepPlotRenderer.RIGHT_PX;
        double pad = plotW * 0.06;
        assertEquals(left + pad + 3.0 / 7 * (plotW - 2 * pad), p2.xPx(), 1e-6);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("throughput (tps)")));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().startsWith("s_lock: share")));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("minorFaultUs")));
        assertEquals(0, s.openClips());
    }

    @Test
    void minMaxBarsAreDrawnOnlyWhereSeedsDisagree() {
        RecordingSurface s = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(oneSeries(), W, H, s);
        double x0 = layout.markers().get(0).xPx();
        double x2 = layout.markers().get(1).xPx();
        // vertical lines longer than the 4 px axis tick
        long barsAt0 = s.lines().stream().filter(l -> l.x1Px() == x0 && l.x2Px() == x0
                && Math.abs(l.y2Px() - l.y1Px()) > 4).count();
        long barsAt2 = s.lines().stream().filter(l -> l.x1Px() == x2 && l.x2Px() == x2
                && Math.abs(l.y2Px() - l.y1Px()) > 4).count();
        assertEquals(2, barsAt0, "a min..max bar in each panel");
        assertEquals(0, barsAt2);
    }

    @Test
    void aShareNearAllOfTheCpuTimeIsScaledToAHundredPercentNotBeyond() {
        SweepPlotData d = new SweepPlotData("sweep", "preemption", List.of("none", "full"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 1, 40, 40, 40, 0.993, 0.993, 0.993),
                        new SweepPlotData.Point(1, 1, 1, 39, 39, 39, 0.980, 0.980, 0.980)))),
                "sections/s", "kernel section (A)");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, W, H, s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("100")), "a 100 % tick");
        assertTrue(s.texts().stream().noneMatch(t -> t.text().equals("125") || t.text().equals("150")),
                "no tick above 100 %");
    }

    @Test
    void aValueAtThePanelsTopOrRightEdgeIsWrittenWhereTheClipDoesNotCutIt() {
        // 99.5 % of the CPU time sits on the 100 % line, the last throughput on the right edge
        SweepPlotData d = new SweepPlotData("sweep", "preemption", List.of("none", "full"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 1, 39, 39, 39, 0.980, 0.980, 0.980),
                        new SweepPlotData.Point(1, 1, 1, 123_456, 123_456, 123_456, 0.995, 0.995, 0.995)))),
                "sections/s", "kernel section (A)");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, W, H, s);
        RecordingSurface.Clip clip = null;
        int labels = 0;
        for (RecordingSurface.Op op : s.ops()) {
            if (op instanceof RecordingSurface.Clip c) {
                clip = c;
            } else if (op instanceof RecordingSurface.Unclip) {
                clip = null;
            } else if (op instanceof RecordingSurface.Text t && clip != null) {
                labels++;
                assertTrue(t.baselineYPx() - t.fontSizePx() >= clip.yPx(), t + " cut at the top of " + clip);
                assertTrue(t.baselineYPx() <= clip.yPx() + clip.heightPx(), t + " cut at the bottom of " + clip);
                assertTrue(t.xPx() >= clip.xPx() && t.rightPx() <= clip.xPx() + clip.widthPx(),
                        t + " cut at a side of " + clip);
            }
        }
        assertEquals(4, labels, "both points' values in both panels");
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("99.5 %")));
    }

    @Test
    void aPanelsTitleCoversNoPointAndNoValue() {
        // the Sweep tab on teach-kernel-section: "kernel section (A): share of CPU time (%)" was
        // written over the first point, 99.3 %, and its label
        SweepPlotData d = new SweepPlotData("sweep", "preemption", List.of("none", "voluntary", "full", "lazy"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 1, 99.5, 99.5, 99.5, 0.993, 0.993, 0.993),
                        new SweepPlotData.Point(1, 1, 1, 99.5, 99.5, 99.5, 0.993, 0.993, 0.993),
                        new SweepPlotData.Point(2, 2, 1, 98.5, 98.5, 98.5, 0.981, 0.981, 0.981),
                        new SweepPlotData.Point(3, 3, 1, 98.5, 98.5, 98.5, 0.985, 0.985, 0.985)))),
                "sections/s", "kernel section (A)");
        RecordingSurface s = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(d, 1500, 640, s);
        List<RecordingSurface.Text> titles = s.texts().stream()
                .filter(t -> t.text().startsWith("throughput (") || t.text().startsWith("kernel section (A): share")).toList();
        assertEquals(2, titles.size());
        for (RecordingSurface.Text title : titles) {
            double top = title.baselineYPx() - title.fontSizePx();
            for (RecordingSurface.Text t : s.texts()) {
                if (t == title) {
                    continue;
                }
                boolean overlaps = t.xPx() < title.rightPx() && t.rightPx() > title.xPx()
                        && t.baselineYPx() - t.fontSizePx() < title.baselineYPx() && t.baselineYPx() > top;
                assertTrue(!overlaps, "'" + title.text() + "' over '" + t.text() + "'");
            }
            for (SweepPlotLayout.Marker m : layout.markers()) {
                double half = SweepPlotRenderer.MARKER_PX / 2;
                boolean overlaps = m.xPx() - half < title.rightPx() && m.xPx() + half > title.xPx()
                        && m.yPx() - half < title.baselineYPx() && m.yPx() + half > top;
                assertTrue(!overlaps, "'" + title.text() + "' over the point at " + m.xPx() + ", " + m.yPx());
            }
        }
    }

    @Test
    void valuesOfSeriesThatMeetAtOnePointAreWrittenApartNotOverEachOther() {
        // the Sweep tab on teach-kernel-section, scheduler x bClass: fair and fifo both ran
        // 1.00 sections/s at 100.0 %, and the two labels were printed over each other as "1100"
        SweepPlotData d = new SweepPlotData("sweep", "scheduler", List.of("eevdf", "cfs"), "bClass",
                List.of(new SweepPlotData.Series("fair", List.of(
                                new SweepPlotData.Point(0, 0, 1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
                                new SweepPlotData.Point(1, 2, 1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0))),
                        new SweepPlotData.Series("fifo", List.of(
                                new SweepPlotData.Point(0, 1, 1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
                                new SweepPlotData.Point(1, 3, 1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)))),
                "sections/s", "kernel section (A)");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, 1500, 640, s);
        List<RecordingSurface.Text> values = s.texts().stream()
                .filter(t -> t.text().equals("1.00") || t.text().equals("100.0 %")).toList();
        assertEquals(8, values.size(), "each series' value at each point, in both panels");
        for (int i = 0; i < values.size(); i++) {
            for (int j = i + 1; j < values.size(); j++) {
                RecordingSurface.Text a = values.get(i);
                RecordingSurface.Text b = values.get(j);
                boolean overlaps = a.xPx() < b.rightPx() && b.xPx() < a.rightPx()
                        && a.baselineYPx() - a.fontSizePx() < b.baselineYPx()
                        && b.baselineYPx() - b.fontSizePx() < a.baselineYPx();
                assertTrue(!overlaps, a + " over " + b);
            }
        }
    }

    @Test
    void aValueIsNotWrittenOverAnotherSeriesMarker() {
        // the Sweep tab on mongodb-ycsb-a, arch x readerSpinning: on's 39.2k sits a few pixels
        // under off's 42.5k, and on's value, written above and right of its point, covered off's
        // marker - read as off's value, the one written over it
        SweepPlotData d = new SweepPlotData("sweep", "arch", List.of("x86", "arm64"), "readerSpinning",
                List.of(new SweepPlotData.Series("on", List.of(
                                new SweepPlotData.Point(0, 0, 1, 39_154, 39_154, 39_154, 0.857, 0.857, 0.857),
                                new SweepPlotData.Point(1, 2, 1, 39_869, 39_869, 39_869, 0.878, 0.878, 0.878))),
                        new SweepPlotData.Series("off", List.of(
                                new SweepPlotData.Point(0, 1, 1, 42_534, 42_534, 42_534, 0.936, 0.936, 0.936),
                                new SweepPlotData.Point(1, 3, 1, 42_580, 42_580, 42_580, 0.937, 0.937, 0.937)))),
                "ops/s", "mongod (user)");
        // a 1600 px window's plot, and a laptop's, whose lower panel is short: off's 93.6 %, a few
        // pixels under the panel's top, had no free place left once on's value was kept off its marker
        for (double[] size : new double[][] {{1510, 620}, {1260, 420}}) {
            RecordingSurface s = new RecordingSurface();
            SweepPlotLayout layout = new SweepPlotRenderer().render(d, size[0], size[1], s);
            List<RecordingSurface.Text> values = s.texts().stream()
                    .filter(t -> t.text().matches("\\d+\\.\\dk|\\d+\\.\\d %")).toList();
            assertEquals(8, values.size(), "each series' value at each point, in both panels, at " + size[0]
                    + " px: " + values);
            double half = SweepPlotRenderer.MARKER_PX / 2;
            for (RecordingSurface.Text t : values) {
                for (SweepPlotLayout.Marker m : layout.markers()) {
                    boolean covers = t.xPx() < m.xPx() + half && m.xPx() - half < t.rightPx()
                            && t.baselineYPx() - t.fontSizePx() < m.yPx() + half && m.yPx() - half < t.baselineYPx();
                    assertTrue(!covers, t + " over the marker of series " + m.seriesIndex() + " at " + m);
                }
            }
        }
    }

    @Test
    void theLegendIsNotWrittenOverTheTitle() {
        // a laptop's Sweep tab: four preemption models as series, two seeds per point
        String title = "teach-kernel-section: throughput and kernel section (A) share against sectionUs"
                + " (2 seeds per point: mean, min..max)";
        List<SweepPlotData.Series> series = new java.util.ArrayList<>();
        int i = 0;
        for (String model : List.of("none", "voluntary", "full", "lazy")) {
            series.add(new SweepPlotData.Series(model, List.of(
                    new SweepPlotData.Point(0, i++, 2, 99.5, 99, 100, 0.99, 0.99, 0.99))));
        }
        SweepPlotData d = new SweepPlotData(title, "sectionUs", List.of("1000", "10000"), "preemption", series,
                "sections/s", "kernel section (A)");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, 1240, 600, s);
        RecordingSurface.Text t = s.texts().stream().filter(x -> x.text().equals(title)).findFirst().orElseThrow();
        for (RecordingSurface.Text other : s.texts()) {
            if (other != t && other.text().startsWith("preemption=")) {
                boolean overlaps = other.xPx() < t.rightPx() && t.xPx() < other.rightPx()
                        && other.baselineYPx() - other.fontSizePx() < t.baselineYPx()
                        && t.baselineYPx() - t.fontSizePx() < other.baselineYPx();
                assertTrue(!overlaps, "'" + other.text() + "' over the title");
            }
        }
    }

    @Test
    void aClickFindsTheNearestMarkerWithinTheRadius() {
        SweepPlotLayout layout = new SweepPlotRenderer().render(oneSeries(), W, H, new RecordingSurface());
        SweepPlotLayout.Marker m = layout.markers().get(1);
        assertEquals(2, layout.markerAt(m.xPx() + 3, m.yPx() - 2, 8).orElseThrow().pointIndex());
        assertTrue(layout.markerAt(m.xPx() + 30, m.yPx(), 8).isEmpty());
    }

    @Test
    void secondParameterMakesOneColoredSeriesPerValueWithALegendAndCategoriesSpreadEvenly() {
        SweepPlotData d = new SweepPlotData("sweep", "preemption", List.of("none", "full", "lazy"), "pageSize",
                List.of(new SweepPlotData.Series("4k", List.of(new SweepPlotData.Point(0, 0, 1, 10, 10, 10, 0.1, 0.1, 0.1))),
                        new SweepPlotData.Series("2m", List.of(new SweepPlotData.Point(0, 3, 1, 20, 20, 20, 0, 0, 0)))),
                "tps", "s_lock");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, W, H, s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("pageSize=4k")));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("pageSize=2m")));
        assertTrue(s.rects().stream().anyMatch(r -> r.argb() == SweepPlotRenderer.seriesColor(1)
                && r.widthPx() == SweepPlotRenderer.MARKER_PX));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("lazy")));
    }

    @Test
    void pointsOfANumericParameterAreJoinedAndThoseOfAChoiceStandAlone() {
        SweepPlotLayout numeric = new SweepPlotRenderer().render(oneSeries(), W, H, new RecordingSurface());
        RecordingSurface numericLines = new RecordingSurface();
        new SweepPlotRenderer().render(oneSeries(), W, H, numericLines);
        assertTrue(joins(numericLines, numeric.markers().get(0), numeric.markers().get(1)),
                "minorFaultUs 0.5 and 2 are joined");

        SweepPlotData choice = new SweepPlotData("sweep", "arch", List.of("x86", "arm64"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 1, 40_000, 40_000, 40_000, 0.8, 0.8, 0.8),
                        new SweepPlotData.Point(1, 1, 1, 42_000, 42_000, 42_000, 0.9, 0.9, 0.9)))),
                "ops/s", "mongod (user)");
        RecordingSurface choiceLines = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(choice, W, H, choiceLines);
        assertEquals(4, layout.markers().size());
        assertTrue(!joins(choiceLines, layout.markers().get(0), layout.markers().get(1)), "x86 and arm64 stand alone");
    }

    private static boolean joins(RecordingSurface s, SweepPlotLayout.Marker a, SweepPlotLayout.Marker b) {
        return s.lines().stream().anyMatch(l -> l.x1Px() == a.xPx() && l.y1Px() == a.yPx()
                && l.x2Px() == b.xPx() && l.y2Px() == b.yPx());
    }

    @Test
    void anEmptySweepSaysSoAndDrawsNoScale() {
        SweepPlotData d = new SweepPlotData("sweep", "hz", List.of("100", "250"), "", List.of(
                new SweepPlotData.Series("", List.of())), "", "");
        RecordingSurface s = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(d, W, H, s);
        assertTrue(layout.markers().isEmpty());
        assertTrue(s.texts().stream().anyMatch(t -> t.text().startsWith("no finished runs yet")));
        assertTrue(s.texts().stream().noneMatch(t -> t.text().equals("0")), "no y-axis ticks without data");
    }

    /** Before any run finishes the lower panel says so too: it was blank under the upper one's message. */
    @Test
    void bothPanelsOfAnEmptySweepSaySo() {
        for (SweepPlotData d : List.of(
                new SweepPlotData("sweep", "hz", List.of("100", "250"), "", List.of(
                        new SweepPlotData.Series("", List.of())), "", ""),
                new SweepPlotData("", "", List.of(), "", List.of(), "", ""))) {
            RecordingSurface s = new RecordingSurface();
            new SweepPlotRenderer().render(d, W, H, s);
            List<Double> ys = s.texts().stream().filter(t -> t.text().startsWith("no finished runs yet"))
                    .map(RecordingSurface.Text::baselineYPx).sorted().toList();
            assertEquals(2, ys.size(), "one message in each panel");
            assertTrue(ys.get(0) < H / 2.0 && ys.get(1) > H / 2.0, "the upper panel's and the lower's: " + ys);
        }
    }

    /** A sweep under way whose first run has not finished is not told to "Run sweep". */
    @Test
    void onlyASweepNotYetStartedSaysWhatToDo() {
        SweepPlotData running = new SweepPlotData("sweep", "hz", List.of("100", "250"), "", List.of(
                new SweepPlotData.Series("", List.of())), "", "");
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(running, W, H, s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("no finished runs yet")));
        assertTrue(s.texts().stream().noneMatch(t -> t.text().contains("Run sweep")));

        SweepPlotData none = new SweepPlotData("", "", List.of(), "", List.of(), "", "");
        RecordingSurface n = new RecordingSurface();
        new SweepPlotRenderer().render(none, W, H, n);
        assertTrue(n.texts().stream().anyMatch(t -> t.text().endsWith("pick a parameter, list its values, Run sweep")));
    }

    @Test
    void fewPointsCarryTheirValuesManyDoNot() {
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(oneSeries(), W, H, s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("100.0k")), "throughput beside its point");
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("10.0 %")), "share beside its point");

        List<SweepPlotData.Point> many = new java.util.ArrayList<>();
        List<String> xs = new java.util.ArrayList<>();
        for (int i = 0; i <= SweepPlotRenderer.MAX_LABELLED_POINTS; i++) {
            xs.add(String.valueOf(i + 1));
            many.add(new SweepPlotData.Point(i, i, 1, 123_456, 123_456, 123_456, 0.5, 0.5, 0.5));
        }
        RecordingSurface crowded = new RecordingSurface();
        new SweepPlotRenderer().render(new SweepPlotData("sweep", "cpus", xs, "",
                List.of(new SweepPlotData.Series("", many)), "tps", "s_lock"), W, H, crowded);
        assertTrue(crowded.texts().stream().noneMatch(t -> t.text().equals("123.5k")), "labels would cover each other");
        assertEquals("1.23M", SweepPlotRenderer.valueLabel(1_234_567));
        assertEquals("42.0", SweepPlotRenderer.valueLabel(42));
    }

    @Test
    void tickStepsAreOneTwoFiveAndLabelsCompact() {
        assertEquals(50_000, SweepPlotRenderer.niceStep(41_000), 1e-9);
        assertEquals(2, SweepPlotRenderer.niceStep(1.3), 1e-12);
        assertEquals("150k", SweepPlotRenderer.tickLabel(150_000, 50_000));
        assertEquals("2.5", SweepPlotRenderer.tickLabel(2.5, 0.5));
    }

    /**
     * teach-kernel-section swept over the four models, B's wake-up p99 plotted: 8 ms at most, so
     * the axis steps by 2.5 ms. Its ticks read "3" and "8" at 2.5 and 7.5, and the 8.00 ms points
     * sat above the "8".
     */
    @Test
    void aTickBetweenWholeNumbersIsWrittenWithItsDecimal() {
        SweepPlotData d = new SweepPlotData("sweep", "preemption", List.of("none", "voluntary", "full", "lazy"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 1, 99.5, 99.5, 99.5, 8000, 8000, 8000, 1),
                        new SweepPlotData.Point(1, 1, 1, 99.5, 99.5, 99.5, 8000, 8000, 8000, 1),
                        new SweepPlotData.Point(2, 2, 1, 98.5, 98.5, 98.5, 2, 2, 2, 1),
                        new SweepPlotData.Point(3, 3, 1, 98.5, 98.5, 98.5, 3990, 3990, 3990, 1)))),
                "sections/s", "runqlat B p99", SweepPlotData.MetricUnit.MICROS);
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(d, W, H, s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("2.5") && texts.contains("7.5"), "the ticks between whole ms: " + texts);
        assertTrue(!texts.contains("3") && !texts.contains("8"), "no tick rounded to a whole ms: " + texts);
        assertEquals("0.25", SweepPlotRenderer.tickLabel(0.25, 0.25));
        assertEquals("0.075", SweepPlotRenderer.tickLabel(0.075, 0.025));
        assertEquals("7.5k", SweepPlotRenderer.tickLabel(7_500, 2_500));
        assertEquals("10.0", SweepPlotRenderer.tickLabel(10, 2.5), "as the 2.5 and 7.5 beside it");
    }

    @Test
    void aLatencyMetricIsDrawnInMillisecondsWithItsUnitOnTheAxisAndBesideEachPoint() {
        SweepPlotData d = new SweepPlotData("sweep", "hz", List.of("100", "250", "1000"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 2, 900, 800, 1000, 40_000, 39_000, 41_000, 2),
                        new SweepPlotData.Point(1, 1, 2, 930, 930, 930, Double.NaN, Double.NaN, Double.NaN, 0),
                        new SweepPlotData.Point(2, 2, 2, 950, 950, 950, 850, 850, 850, 2)))),
                "tps", "transaction p99", SweepPlotData.MetricUnit.MICROS);
        RecordingSurface s = new RecordingSurface();
        SweepPlotLayout layout = new SweepPlotRenderer().render(d, W, H, s);
        assertEquals(5, layout.markers().size(), "three throughput markers, two latency: hz=250 reports none");
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("transaction p99 latency (ms)")));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("40.0 ms")), "the point's label has its unit");
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("0.85 ms")), "in the panel's unit");
        assertTrue(s.texts().stream().noneMatch(t -> t.text().endsWith("%")), "no share anywhere");
        double x100 = layout.markers().get(3).xPx();
        assertEquals(2, s.lines().stream().filter(l -> l.x1Px() == x100 && l.x2Px() == x100
                && Math.abs(l.y2Px() - l.y1Px()) > 4).count(), "min..max bars in both panels where seeds disagree");
    }

    @Test
    void smallTimesStayInMicrosecondsAndCountsHaveNoUnit() {
        SweepPlotData us = new SweepPlotData("sweep", "hz", List.of("100", "1000"), "",
                List.of(new SweepPlotData.Series("", List.of(new SweepPlotData.Point(0, 0, 1, 9, 9, 9, 12.5, 12.5, 12.5)))),
                "tps", "buffer_strategy_lock mean wait", SweepPlotData.MetricUnit.MICROS);
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer().render(us, W, H, s);
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("buffer_strategy_lock mean wait (us)")));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("12.5 us")));
        SweepPlotData count = new SweepPlotData("sweep", "hz", List.of("100", "1000"), "",
                List.of(new SweepPlotData.Series("", List.of(new SweepPlotData.Point(0, 0, 1, 9, 9, 9, 7, 7, 7)))),
                "tps", "buffer_strategy_lock holder preemptions", SweepPlotData.MetricUnit.COUNT);
        RecordingSurface c = new RecordingSurface();
        new SweepPlotRenderer().render(count, W, H, c);
        assertTrue(c.texts().stream().anyMatch(t -> t.text().equals("buffer_strategy_lock holder preemptions"
                + " (count per run)")));
        assertTrue(c.texts().stream().anyMatch(t -> t.text().equals("7")));
    }
}
