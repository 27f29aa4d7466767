package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * An exported picture is read pasted into a mailing-list reply, often shown at half its width:
 * its lane names, time axis and legend are no smaller than its caption, and a lock's or an
 * operation's name that the picture has room for is whole, not "buffer_strategy_l...". The
 * screen keeps its own sizes.
 */
class PictureTextTest {
    private static final long US = 1_000;
    private static final int WIDTH = 1200;

    /** {@code cpus} CPUs, each busy with its own task for the whole 400 us. */
    private static Dataset manyCpus(int cpus) {
        DatasetBuilder b = Dataset.builder(Metadata.of("many", "test"));
        for (int c = 0; c < cpus; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, 400 * US, t, SliceState.USER);
        }
        return RenderFixtures.build(b);
    }

    /** Two CPUs, a lock and an operation kind named {@code lock} and {@code operation}. */
    private static Dataset named(String lock, String operation) {
        DatasetBuilder b = Dataset.builder(Metadata.of("named", "test"));
        int t = b.addTask(7, 7, "postgres");
        b.slice(0, 0, 400 * US, t, SliceState.USER);
        b.slice(1, 0, 400 * US, t, SliceState.USER);
        b.lock(lock, "spin", false).hold(10 * US, 200 * US, t);
        b.operation(operation).add(100 * US, 50 * US).add(300 * US, 70 * US);
        return RenderFixtures.build(b);
    }

    private static TimelinePanel panel(String label, Dataset d, double heightPx) {
        return new TimelinePanel(label, TimelineData.of(d), new Viewport(0, 400 * US, WIDTH, heightPx),
                TrackSpec.DEFAULT, PaintOptions.DEFAULT);
    }

    private static RecordingSurface painted(Figure f) {
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        return s;
    }

    @Test
    void aPicturesLaneNamesTicksAndLegendAreNoSmallerThanItsCaption() {
        Dataset d = manyCpus(96);
        TimelinePanel p = panel("", d, 900);
        assertEquals(TimelineLayout.MIN_CPU_HEIGHT_PX, TimelineLayout.of(p.viewport(), d, p.spec()).cpuLaneHeightPx(),
                "96 CPUs get the smallest lanes");
        RecordingSurface s = painted(Figures.timeline("many.json", List.of(), p));

        List<RecordingSurface.Text> cpus = s.texts().stream().filter(t -> t.text().matches("CPU \\d+")).toList();
        assertFalse(cpus.isEmpty());
        for (RecordingSurface.Text t : cpus) {
            assertTrue(t.fontSizePx() >= Figure.CAPTION_FONT_PX, t.text() + " at " + t.fontSizePx() + " px");
            // one lane's digits stay clear of the next lane's, one pixel apart
            assertTrue(t.fontSizePx() <= TimelineLayout.MIN_CPU_HEIGHT_PX + 1, t.text() + " at " + t.fontSizePx());
        }
        List<RecordingSurface.Text> ticks = s.texts().stream()
                .filter(t -> t.baselineYPx() < TimelineLayout.AXIS_HEIGHT_PX && t.text().endsWith("us")).toList();
        assertTrue(ticks.size() >= 3, "ticks: " + ticks);
        ticks.forEach(t -> assertTrue(t.fontSizePx() >= Figure.CAPTION_FONT_PX, t.text() + " at " + t.fontSizePx()));
        RecordingSurface.Text legend = s.texts().stream().filter(t -> t.text().equals("In view")).findFirst()
                .orElseThrow();
        assertTrue(legend.fontSizePx() >= Figure.CAPTION_FONT_PX, "legend at " + legend.fontSizePx());
        s.texts().stream().filter(t -> t.text().startsWith("w") && t.text().contains("[") && t.xPx() > 150)
                .forEach(t -> assertTrue(t.fontSizePx() >= Figure.CAPTION_FONT_PX, t.text() + " at " + t.fontSizePx()));

        // the screen keeps its sizes: the picture has its own
        RecordingSurface screen = new RecordingSurface();
        new TimelineRenderer().render(d, new Viewport(0, 400 * US, WIDTH, 900), screen);
        RecordingSurface.Text cpu0 = screen.texts().stream().filter(t -> t.text().equals("CPU 0")).findFirst()
                .orElseThrow();
        assertEquals(TimelineStyle.LIGHT.smallFontPx(), cpu0.fontSizePx());
        assertEquals(TimelineLayout.LABEL_WIDTH_PX, TimelineLayout.of(new Viewport(0, 400 * US, WIDTH, 900), d,
                TrackSpec.DEFAULT).plotLeftPx());
    }

    @Test
    void aLocksAndAnOperationsNameThePictureHasRoomForAreWhole() {
        String lock = "buffer_strategy_lock";
        String op = "ycsb-read-modify-write";
        Dataset d = named(lock, op);
        RecordingSurface s = painted(Figures.timeline("named.json", List.of(), panel("", d, 600)));
        double font = TimelineStyle.PICTURE.labelFontPx();
        assertTrue(s.textWidthPx(lock, font) > TimelineLayout.LABEL_WIDTH_PX - LabelColumnPainter.MARGINS_PX,
                "the screen's label column is too narrow for it");
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals(lock)), "the lock's name is whole: " + labels(s));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals(op)), "the operation's name is whole: " + labels(s));
        assertFalse(labels(s).toString().contains("\u2026"), labels(s).toString());
        // and the plot starts right of them
        double right = s.texts().stream().filter(t -> t.text().equals(op)).findFirst().orElseThrow().rightPx();
        double separator = s.lines().stream().filter(l -> l.x1Px() == l.x2Px() && l.y1Px() == 0).mapToDouble(
                RecordingSurface.Line::x1Px).min().orElseThrow();
        assertTrue(right < separator, right + " < " + separator);
    }

    @Test
    void aCounterNameWithoutABreakIsWholeInAPictureNotBrokenInsideTheWord() {
        // s390-uperf's nstat counters in a picture: "TcpExtTCPDSACKOldS" over "ent",
        // "TcpExtTCPSpuriousRT" over "Os"; the label column widens for the word as for a lock's name
        String name = "TcpExtTCPDSACKOldSent";
        String words = "tcp.analysis.spurious_retransmission"; // with breaks: two lines at them, as before
        DatasetBuilder b = Dataset.builder(Metadata.of("tcp", "test"));
        int t = b.addTask(7, 7, "vhost");
        b.slice(0, 0, 400 * US, t, SliceState.USER);
        for (String n : List.of(name, words)) {
            DatasetBuilder.CounterBuilder c = b.counter(n, "1/s");
            c.add(0, 0);
            c.add(200 * US, 100);
        }
        Dataset d = RenderFixtures.build(b);
        RecordingSurface s = painted(Figures.timeline("tcp.json", List.of(), panel("", d, 600)));
        double room = TimelineLayout.LABEL_WIDTH_PX - LabelColumnPainter.MARGINS_PX;
        assertTrue(s.textWidthPx(name, TimelineStyle.PICTURE.labelFontPx() - 1) > room,
                "the screen's label column is too narrow for it even a pixel smaller");
        assertTrue(s.texts().stream().anyMatch(t1 -> t1.text().equals(name)), "whole: " + labels(s));
        double separator = s.lines().stream().filter(l -> l.x1Px() == l.x2Px() && l.y1Px() == 0).mapToDouble(
                RecordingSurface.Line::x1Px).min().orElseThrow();
        for (RecordingSurface.Text x : s.texts()) {
            if (x.text().equals(name)) {
                assertTrue(x.rightPx() < separator, x + " left of " + separator);
            }
        }
        assertFalse(s.texts().stream().anyMatch(x -> name.startsWith(x.text()) && !x.text().equals(name)),
                "not cut inside the word: " + labels(s));
    }

    /**
     * A lock lane's second line, its waiters' scale ("spin \u22642  sleep \u226450"), and an operation's
     * and a counter's range under their names: grey at 12 px under a 13 px name, the lock's could
     * not be read at 100 % in a mail client. In a picture they are as large as the names.
     */
    @Test
    void aPicturesSecondLinesAreAsLargeAsTheNamesAboveThem() {
        Dataset d = named("buffer_strategy_lock", "read");
        RecordingSurface s = painted(Figures.timeline("named.json", List.of(), panel("", d, 600)));
        double name = s.texts().stream().filter(t -> t.text().equals("buffer_strategy_lock")).findFirst().orElseThrow()
                .fontSizePx();
        List<RecordingSurface.Text> second = s.texts().stream().filter(t -> t.xPx() < 20
                && (t.text().equals("no waiters") || t.text().startsWith("spin") || t.text().startsWith("sleep")
                        || t.text().startsWith("max ") || t.text().startsWith("min "))).toList();
        assertTrue(second.size() >= 3, "the lock's, the operation's second lines: " + labels(s));
        second.forEach(t -> assertEquals(name, t.fontSizePx(), t.text()));
        // the label column is wide enough for them whole
        assertFalse(labels(s).toString().contains("\u2026"), labels(s).toString());

        // the screen keeps its smaller second lines
        RecordingSurface screen = new RecordingSurface();
        new TimelineRenderer().render(d, new Viewport(0, 400 * US, WIDTH, 600), screen);
        assertTrue(screen.texts().stream().anyMatch(t -> t.text().equals("no waiters")
                && t.fontSizePx() == TimelineStyle.LIGHT.secondLineFontPx()), "the screen's waiters line");
    }

    @Test
    void aNameTooLongForAQuarterOfThePictureIsCutThere() {
        String lock = "a_lock_whose_name_is_far_longer_than_any_label_column_could_ever_hold_whole";
        Dataset d = named(lock, "read");
        RecordingSurface s = painted(Figures.timeline("named.json", List.of(), panel("", d, 600)));
        String drawn = s.texts().stream().filter(t -> t.text().startsWith("a_lock_")).findFirst().orElseThrow().text();
        assertTrue(drawn.endsWith("\u2026"), drawn);
        assertTrue(s.texts().stream().filter(t -> t.text().startsWith("a_lock_"))
                .allMatch(t -> t.rightPx() <= WIDTH * Figure.MAX_LABEL_SHARE), drawn);
    }

    /**
     * An A/B picture of case C left 16 CPUs out and its legend still listed "vhost-3202[3242]
     * 68.3 ms +26 more", tasks that ran only on lanes it cropped: the legend names what is drawn.
     */
    @Test
    void aPicturesLegendNamesOnlyTheTasksOfTheCpuLanesItDraws() {
        Dataset a = manyCpus(40);
        Dataset b = manyCpus(40);
        Figure f = Figures.compare("A/B", List.of(), panel("A", a, 300), panel("B", b, 300), List.of());
        TimelinePanel drawn = WholeLanes.of(panel("A", a, 300));
        List<Integer> lanes = TimelineLayout.of(drawn.viewport(), a, drawn.spec()).visibleRows().stream()
                .filter(r -> r.kind() == TrackKind.CPU).map(TrackRow::ref).toList();
        assertTrue(lanes.size() < 40, "the picture leaves CPUs out: " + lanes);
        RecordingSurface s = painted(f);
        for (RecordingSurface.Text t : s.texts()) {
            for (int c = 0; c < 40; c++) {
                if (!lanes.contains(c)) {
                    assertFalse(t.text().contains("w" + c + "["), "w" + c + " ran only on CPU " + c
                            + ", which the picture leaves out: " + t.text());
                }
            }
            java.util.regex.Matcher more = java.util.regex.Pattern.compile("\\+(\\d+) more").matcher(t.text());
            if (more.find()) {
                assertTrue(Integer.parseInt(more.group(1)) < lanes.size(), "more tasks than lanes drawn: " + t.text());
            }
        }
    }

    @Test
    void aAndBShareOneLabelColumnWhenOnlyOneSideNeedsItWider() {
        Dataset a = named("l", "read");
        Dataset b = named("buffer_strategy_lock", "read");
        RecordingSurface s = painted(Figures.compare("A/B", List.of(), panel("A", a, 400), panel("B", b, 400),
                List.of()));
        // each panel's tick labels, by their height in the picture: the same places on both sides
        List<Double> tickXs = s.texts().stream().filter(t -> t.text().endsWith(" us") || t.text().equals("0"))
                .map(RecordingSurface.Text::xPx).toList();
        assertTrue(tickXs.size() >= 6 && tickXs.size() % 2 == 0, "ticks: " + tickXs);
        assertEquals(tickXs.subList(0, tickXs.size() / 2), tickXs.subList(tickXs.size() / 2, tickXs.size()));
        assertTrue(s.texts().stream().anyMatch(t -> t.text().equals("buffer_strategy_lock")), labels(s).toString());
    }

    @Test
    void aSweepPlotsTicksMarkersAndLegendInAPictureAreNoSmallerThanItsCaption() {
        SweepPlotData data = new SweepPlotData("sweep", "minorFaultUs", List.of("0.5", "1", "2", "4"), "",
                List.of(new SweepPlotData.Series("", List.of(
                        new SweepPlotData.Point(0, 0, 3, 100_000, 90_000, 110_000, 0.10, 0.08, 0.12),
                        new SweepPlotData.Point(2, 2, 3, 200_000, 200_000, 200_000, 0.02, 0.02, 0.02)))),
                "tps", "s_lock");
        Figure f = Figures.sweep("sweep", List.of(), List.of(), new SweepPlotPanel(data, WIDTH, 600));
        RecordingSurface s = painted(f);
        List<RecordingSurface.Text> plot = s.texts().stream().filter(t -> t.baselineYPx() < 600).toList();
        assertTrue(plot.size() > 10, "plot texts: " + plot);
        plot.forEach(t -> assertTrue(t.fontSizePx() >= Figure.CAPTION_FONT_PX, t.text() + " at " + t.fontSizePx()));

        // the Sweep tab keeps its sizes
        RecordingSurface screen = new RecordingSurface();
        new SweepPlotRenderer().render(data, WIDTH, 600, screen);
        assertTrue(screen.texts().stream().anyMatch(t -> t.fontSizePx() == TimelineStyle.LIGHT.axisFontPx()));
    }

    private static List<String> labels(RecordingSurface s) {
        return s.texts().stream().filter(t -> t.xPx() < WIDTH * Figure.MAX_LABEL_SHARE).map(RecordingSurface.Text::text)
                .toList();
    }
}
