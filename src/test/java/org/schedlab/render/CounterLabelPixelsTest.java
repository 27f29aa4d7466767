package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * A counter's name in the label column: the simulator's long names ({@code READ (server) mean
 * latency (us, 10 ms)}) are cut after a few words on one line, and the mean and the max of an
 * operation, or two operations, read the same. They go on two lines, whole when they fit there;
 * a longer one keeps its start and its end (the unit) around an ellipsis. Same painter for the
 * screen, PNG and SVG: checked with the test surface's fixed character width and with real
 * pixels from the Java2D (PNG) path.
 */
class CounterLabelPixelsTest {
    static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private static final long US = 1_000;
    static final String READ_MEAN = "READ (server) mean latency (us, 10 ms)";
    static final String READ_MAX = "READ (server) max latency (us, 10 ms)";
    static final String TX_MAX = "transaction max latency (us, 10 ms)";
    static final String TOO_LONG = "tcp.analysis.spurious_retransmission per connection and queue (1/s, 10 ms)";

    private static Dataset dataset() {
        DatasetBuilder b = Dataset.builder(Metadata.of("labels", "test"));
        for (String name : List.of("throughput", READ_MEAN, READ_MAX, TX_MAX, TOO_LONG)) {
            DatasetBuilder.CounterBuilder c = b.counter(name, name.equals("throughput") ? "ops/s" : "us");
            c.add(0, 10);
            c.add(300 * US, 40);
            c.add(600 * US, 20);
        }
        return RenderFixtures.build(b);
    }

    private static Viewport viewport() {
        return new Viewport(0, 600 * US, PLOT + 600, 600);
    }

    private static TrackRow row(Dataset d, int counter) {
        return TimelineLayout.of(viewport(), d, TrackSpec.DEFAULT).find(TrackKind.COUNTER, counter).orElseThrow();
    }

    /** The texts drawn in the label column of {@code row}, top to bottom. */
    private static List<RecordingSurface.Text> labelTexts(RecordingSurface s, TrackRow row) {
        return s.texts().stream().filter(t -> t.xPx() < PLOT)
                .filter(t -> t.baselineYPx() > row.topPx() && t.baselineYPx() <= row.bottomPx())
                .sorted(Comparator.comparingDouble(RecordingSurface.Text::baselineYPx)).collect(Collectors.toList());
    }

    @Test
    void aLongCounterNameGoesOnTwoLinesWholeAndAboveItsScale() {
        Dataset d = dataset();
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.prepare(d, () -> false), viewport(), TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT, s);

        List<RecordingSurface.Text> tp = labelTexts(s, row(d, 0));
        assertEquals(List.of("throughput", "max 40 ops/s"), tp.stream().map(RecordingSurface.Text::text).toList(),
                "a name that fits stays on one line");
        assertEquals(TimelineStyle.LIGHT.labelFontPx(), tp.get(0).fontSizePx());

        for (int c = 1; c <= 3; c++) {
            TrackRow row = row(d, c);
            List<RecordingSurface.Text> texts = labelTexts(s, row);
            assertEquals(3, texts.size(), texts.toString());
            String name = texts.get(0).text() + " " + texts.get(1).text();
            assertEquals(d.counters().get(c).name(), name, "the whole name, on two lines");
            assertEquals("max 40 us", texts.get(2).text(), "and the scale under it");
            for (int i = 0; i < texts.size(); i++) {
                RecordingSurface.Text t = texts.get(i);
                assertTrue(t.rightPx() <= PLOT - 4, "inside the label column: " + t);
                assertTrue(t.baselineYPx() + t.fontSizePx() * 0.25 <= row.bottomPx(), "inside the row: " + t);
                if (i > 0) {
                    RecordingSurface.Text above = texts.get(i - 1);
                    assertTrue(t.baselineYPx() - above.baselineYPx() >= t.fontSizePx(),
                            "the lines do not overlap: " + above + " / " + t);
                }
            }
        }
        assertEquals("READ (server) mean", labelTexts(s, row(d, 1)).get(0).text());
        assertEquals("READ (server) max", labelTexts(s, row(d, 2)).get(0).text(),
                "mean and max read apart");

        List<RecordingSurface.Text> longest = labelTexts(s, row(d, 4));
        assertEquals(3, longest.size(), longest.toString());
        assertTrue(TOO_LONG.startsWith(longest.get(0).text()), "starts with what it is: " + longest.get(0));
        String second = longest.get(1).text();
        assertTrue(second.contains("\u2026") && second.endsWith("(1/s, 10 ms)"),
                "cut in the middle, its unit kept: " + second);
        assertTrue(longest.get(1).rightPx() <= PLOT - 4, longest.get(1).toString());
    }

    @Test
    void aNameWithoutABreakThatFitsOnlyAPixelSmallerIsDrawnAtThatSizeInsideTheColumn() {
        // nstat's TcpExtTCPDSACKRecv in an exported picture (13 px) lost its last letter under
        // the plot: one line was kept a pixel smaller but drawn at the full size
        String name = "TcpExtTCPSACKReorder";
        double font = TimelineStyle.LIGHT.labelFontPx();
        double room = PLOT - LabelColumnPainter.MARGINS_PX;
        RecordingSurface probe = new RecordingSurface();
        assertTrue(probe.textWidthPx(name, font) > room && probe.textWidthPx(name, font - 1) <= room,
                "the case: too wide at the label font, not a pixel smaller");
        DatasetBuilder b = Dataset.builder(Metadata.of("labels", "test"));
        DatasetBuilder.CounterBuilder c = b.counter(name, "1/s");
        c.add(0, 10);
        c.add(300 * US, 40);
        Dataset d = RenderFixtures.build(b);
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.prepare(d, () -> false), viewport(), TrackSpec.DEFAULT,
                HighlightIndex.NONE, PaintOptions.DEFAULT, s);

        List<RecordingSurface.Text> texts = labelTexts(s, row(d, 0));
        assertEquals(List.of(name, "max 40 1/s"), texts.stream().map(RecordingSurface.Text::text).toList(),
                "the whole name on one line, its scale under it");
        texts.forEach(t -> assertTrue(t.rightPx() <= PLOT - 4, "inside the label column: " + t));
    }

    /**
     * A one-sample nstat snapshot's lanes: "TcpExtTCPDSACKOldSent" was drawn as
     * "TcpExtTCPDSACKOldSen" over "t", and "one sample: 135,976,650 count" as "one sample:
     * 135,976,65...", a number misread. The name breaks between its camel-case words; the scale
     * drops "one sample", then its unit, before a digit; the hover over the label has both whole.
     */
    @Test
    void aOneSampleNstatLaneBreaksItsNameBetweenWordsAndKeepsItsNumberWhole() {
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat_snapshot.txt", "nstat"));
        b.counter("TcpExtTCPDSACKOldSent", "count").add(0, 7);
        b.counter("IpExtInOctets", "count").add(0, 135_976_650);
        b.counter("TcpExtTCPSpuriousRtxHostQueues", "count").add(0, 2);
        Dataset d = RenderFixtures.build(b);
        RecordingSurface s = new RecordingSurface();
        TimelineData data = TimelineData.prepare(d, () -> false);
        new TimelineRenderer().render(data, viewport(), TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);

        List<String> old = labelTexts(s, row(d, 0)).stream().map(RecordingSurface.Text::text).toList();
        assertEquals(List.of("TcpExtTCPDSACKOld", "Sent", "one sample: 7 count"), old);
        List<String> queues = labelTexts(s, row(d, 2)).stream().map(RecordingSurface.Text::text).toList();
        assertEquals(List.of("TcpExtTCPSpuriousRtx", "HostQueues", "one sample: 2 count"), queues);
        List<String> octets = labelTexts(s, row(d, 1)).stream().map(RecordingSurface.Text::text).toList();
        assertEquals(List.of("IpExtInOctets", "135,976,650 count"), octets,
                "the number whole where \"one sample: 135,976,650 count\" is too wide");
        for (int c = 0; c < 3; c++) {
            labelTexts(s, row(d, c)).forEach(t -> assertTrue(t.rightPx() <= PLOT - 4, "inside the label column: " + t));
        }
        // the hover over the label still has it whole
        TrackRow r = row(d, 1);
        var hit = TrackHits.at(data, TimelineLayout.of(viewport(), d, TrackSpec.DEFAULT), 20, r.topPx() + 10);
        assertTrue(hit.isPresent() && hit.get().toString().contains("one sample: 135,976,650 count"), String.valueOf(hit));
    }

    /**
     * teach-kernel-section's "always 100 sections/s" in a Live run picture read "always 100": the
     * unit went first. It goes last, after what the value is.
     */
    @Test
    void aCounterScaleDropsWhatItIsThenItsUnitBeforeADigit() {
        DatasetBuilder b = Dataset.builder(Metadata.of("labels", "test"));
        b.counter("IpExtInOctets", "count").add(0, 135_976_650);
        b.counter("tcp.dsack", "1/s").add(0, 0).add(10, 3800);
        Dataset d = RenderFixtures.build(b);
        assertEquals(List.of("one sample: 135,976,650 count", "135,976,650 count", "135,976,650"),
                List.of(CounterRowPainter.rangeLabels(d.counters().get(0))));
        assertEquals(List.of("max 3,800 1/s", "3,800 1/s", "3,800"),
                List.of(CounterRowPainter.rangeLabels(d.counters().get(1))));
        RecordingSurface fit = new RecordingSurface();
        assertEquals("3,800 1/s", LabelColumnPainter.firstThatFits(fit,
                List.of(CounterRowPainter.rangeLabels(d.counters().get(1))), 10, fit.textWidthPx("max 3,800 1/", 10)),
                "the unit kept where \"max 3,800\" would fit too");
        RecordingSurface s = new RecordingSurface();
        assertEquals("3,800", LabelColumnPainter.firstThatFits(s, List.of(CounterRowPainter.rangeLabels(d.counters().get(1))),
                10, s.textWidthPx("3,800 1/", 10)));
        assertEquals("3,\u2026", LabelColumnPainter.firstThatFits(s, List.of("3,800"), 10, s.textWidthPx("3,8", 10)),
                "cut at its end only when the number alone does not fit");
        assertEquals("3,\u2026", LabelColumnPainter.firstThatFits(s, List.of(CounterRowPainter.rangeLabels(d.counters().get(1))),
                10, s.textWidthPx("3,8", 10)), "where no form fits, the number alone cut, not \"max 3,...\"");
    }

    @Test
    void aCamelCaseNameBreaksAfterADigitWhereNoLaterWordFits() {
        // nstat's Ip6OutRequests in a label column narrower than "Ip6Out": "Ip6" over the rest, not
        // "Ip6Ou" over "tRequests"
        RecordingSurface s = new RecordingSurface();
        double font = TimelineStyle.LIGHT.labelFontPx();
        double width = s.textWidthPx("Ip6Ou", font - 1);
        assertEquals("Ip6", LabelColumnPainter.counterNameLines(s, "Ip6OutRequests", font, width).get(0));
        // not inside a run of capitals (an acronym): "TcpExt" over "TCPDSACKOldSent", not "TcpExtTCPDSAC" over "K..."
        double acronym = s.textWidthPx("TcpExtTCPDSAC", font - 1);
        assertEquals("TcpExt", LabelColumnPainter.counterNameLines(s, "TcpExtTCPDSACKOldSent", font, acronym).get(0));
    }

    @Test
    void aRateNameWrapsBeforeItsUnitNotInsideIt() {
        // perf stat -I's per-CPU tracks: "CPU0 cpu-migrations (/s)" was drawn as "CPU0 cpu-migrations (/" over "s)"
        RecordingSurface s = new RecordingSurface();
        String name = "S0-D0-C1 cpu-migrations (/s)";
        double font = TimelineStyle.LIGHT.labelFontPx();
        double width = s.textWidthPx("S0-D0-C1 cpu-migrations (/", font - 1);
        assertEquals(List.of("S0-D0-C1 cpu-migrations", "(/s)"), LabelColumnPainter.counterNameLines(s, name, font, width));
    }

    @Test
    void inThePngTheSecondLineOfAWrappedNameIsDarkTextInTheLabelColumn() {
        Dataset d = dataset();
        int w = (int) PLOT + 600;
        List<String[]> drawn = new java.util.ArrayList<>(); // text, baseline, width in the PNG's font
        BufferedImage img = Java2dSurface.paint(w, 600, png -> new TimelineRenderer().render(
                TimelineData.prepare(d, () -> false), viewport(), TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, new DrawSurface() {
                    @Override
                    public void setColor(int argb) {
                        png.setColor(argb);
                    }

                    @Override
                    public void fillRect(double x, double y, double width, double height) {
                        png.fillRect(x, y, width, height);
                    }

                    @Override
                    public void strokeLine(double x1, double y1, double x2, double y2) {
                        png.strokeLine(x1, y1, x2, y2);
                    }

                    @Override
                    public void fillText(String text, double x, double baseline, double font) {
                        if (x < PLOT) {
                            drawn.add(new String[] {text, Double.toString(baseline),
                                Double.toString(x + png.textWidthPx(text, font))});
                        }
                        png.fillText(text, x, baseline, font);
                    }

                    @Override
                    public double textWidthPx(String text, double font) {
                        return png.textWidthPx(text, font);
                    }

                    @Override
                    public void pushClip(double x, double y, double width, double height) {
                        png.pushClip(x, y, width, height);
                    }

                    @Override
                    public void popClip() {
                        png.popClip();
                    }
                }));
        TrackRow wrapped = row(d, 1);
        TrackRow single = row(d, 0);
        // measured in the PNG's own font: the name's two lines, whole, inside the column
        List<String[]> name = drawn.stream().filter(t -> Double.parseDouble(t[1]) > wrapped.topPx()
                && Double.parseDouble(t[1]) <= wrapped.bottomPx()).toList();
        assertEquals(READ_MEAN + " max 40 us", name.stream().map(t -> t[0]).collect(Collectors.joining(" ")));
        name.forEach(t -> assertTrue(Double.parseDouble(t[2]) <= PLOT - 4, "inside the column: " + t[0]));
        // the band between the first line's baseline and the second's: the name's second line in
        // dark text (the scale under it is the muted color)
        assertTrue(darkPixels(img, wrapped, 19, 25) > 20, "the name's second line is drawn");
        assertEquals(0, darkPixels(img, single, 19, 25), "a one-line name has only its muted scale there");
        for (int y = (int) wrapped.topPx(); y < wrapped.bottomPx(); y++) {
            for (int x = (int) PLOT - 4; x < PLOT; x++) {
                assertFalse(Argb.luminance(img.getRGB(x, y)) < 0.3, "no text runs into the plot at " + x + "," + y);
            }
        }
    }

    private static int darkPixels(BufferedImage img, TrackRow row, int fromPx, int toPx) {
        int n = 0;
        for (int y = (int) row.topPx() + fromPx; y <= row.topPx() + toPx; y++) {
            for (int x = 0; x < PLOT - 4; x++) {
                n += Argb.luminance(img.getRGB(x, y)) < 0.25 ? 1 : 0;
            }
        }
        return n;
    }
}
