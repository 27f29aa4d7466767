package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;
import org.w3c.dom.Document;

/** Exported figures: size at 1x and 2x, caption and lanes drawn, SVG as well-formed vectors. */
class FigureTest {
    private static final int WIDTH = 560;
    private static final int HEIGHT = 220;

    private static Figure single() {
        Dataset d = RenderFixtures.twoCpus();
        Caption c = new Caption("fixture.json", List.of(Caption.parameterLine("", Map.of("preemption", "lazy"))),
                1000, 3000, "9.9-test");
        return Figure.single(c, TimelinePanel.of("", TimelineData.of(d), new Viewport(1000, 3000, WIDTH, HEIGHT)));
    }

    private static Figure stacked() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, WIDTH, HEIGHT);
        Caption c = new Caption("ab-scenario", List.of("A: scenario defaults", "B: differs from defaults: x=1"), 0, 4000,
                "9.9-test");
        TextTable t = new TextTable("A/B deltas", List.of("metric", "A", "B", "B/A"),
                List.of(List.of("throughput", "98565.9", "50751.9", "0.51x"), List.of("cpu.spin", "0.1", "0.55", "x5.50")));
        return new Figure(c, List.of(TimelinePanel.of("A  base", TimelineData.of(d), vp),
                TimelinePanel.of("B  test", TimelineData.of(d), vp)), Optional.of(t));
    }

    @Test
    void pngIsTheViewWidthWithTheCaptionUnderItAndTwiceAsLargeAt2x() throws Exception {
        Figure f = single();
        BufferedImage one = FigureWriter.image(f, 1);
        BufferedImage two = FigureWriter.image(f, 2);
        assertEquals(WIDTH, one.getWidth());
        assertTrue(one.getHeight() > HEIGHT, "the caption strip adds height under the timeline");
        assertTrue(one.getHeight() < HEIGHT + 120, "three caption lines, not more: " + one.getHeight());
        assertEquals(2 * one.getWidth(), two.getWidth());
        assertEquals(2 * one.getHeight(), two.getHeight());
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        FigureWriter.writePng(f, 2, png);
        BufferedImage read = ImageIO.read(new ByteArrayInputStream(png.toByteArray()));
        assertEquals(two.getWidth(), read.getWidth());
        assertEquals(two.getHeight(), read.getHeight());
    }

    /** A 2x PNG says it is 192 dpi, a 1x one 96: pasted into a document the 2x shows at the 1x size. */
    @Test
    void aPngSaysItsDensitySoA2xPictureShowsAtThe1xSize() throws Exception {
        for (int scale = 1; scale <= FigureWriter.MAX_SCALE; scale++) {
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            FigureWriter.writePng(single(), scale, png);
            try (javax.imageio.stream.ImageInputStream in = ImageIO.createImageInputStream(
                    new ByteArrayInputStream(png.toByteArray()))) {
                javax.imageio.ImageReader reader = ImageIO.getImageReaders(in).next();
                reader.setInput(in);
                org.w3c.dom.Node root = reader.getImageMetadata(0).getAsTree("javax_imageio_png_1.0");
                org.w3c.dom.Node phys = null;
                for (org.w3c.dom.Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
                    phys = n.getNodeName().equals("pHYs") ? n : phys;
                }
                assertTrue(phys != null, "no pHYs chunk at " + scale + "x");
                org.w3c.dom.NamedNodeMap a = phys.getAttributes();
                assertEquals("meter", a.getNamedItem("unitSpecifier").getNodeValue());
                long perMetre = Long.parseLong(a.getNamedItem("pixelsPerUnitXAxis").getNodeValue());
                assertEquals(96.0 * scale, perMetre * 0.0254, 0.05, scale + "x: dpi");
                assertEquals(Long.toString(perMetre), a.getNamedItem("pixelsPerUnitYAxis").getNodeValue());
                reader.dispose();
            }
        }
    }

    @Test
    void pngShowsTheLanesOfTheVisibleWindowOnly() {
        Figure f = single();
        BufferedImage img = FigureWriter.image(f, 1);
        Dataset d = RenderFixtures.twoCpus();
        TimelineLayout layout = TimelineRenderer.layout(d, new Viewport(1000, 3000, WIDTH, HEIGHT));
        int y = (int) layout.cpuLane(0).topPx() + 3;
        double plot = layout.plotLeftPx();
        // window 1000..3000 over 410 px: CPU 0 is idle for the first half, beta for the second
        int beta = Argb.rgbOf(Palette.taskColor(d.task(RenderFixtures.BETA)));
        assertEquals(beta, img.getRGB((int) (plot + layout.plotWidthPx() * 0.75), y) & 0xFFFFFF);
        int lane = Argb.rgbOf(TimelineStyle.LIGHT.laneArgb());
        int laneBackground = 0;
        for (double at = 0.02; at < 0.48; at += 0.02) {
            int rgb = img.getRGB((int) (plot + layout.plotWidthPx() * at), y) & 0xFFFFFF;
            assertTrue(rgb != beta, "beta runs only in the second half of the window");
            laneBackground += rgb == lane ? 1 : 0;
        }
        assertTrue(laneBackground > 15, "the idle half shows the lane background (grid lines aside)");
        // at 2x the same pixel is at twice the coordinates
        BufferedImage two = FigureWriter.image(f, 2);
        assertEquals(beta, two.getRGB((int) (plot + layout.plotWidthPx() * 0.75) * 2, y * 2) & 0xFFFFFF);
    }

    @Test
    void captionSaysWhatWhichParametersWhichWindowAndVersion() {
        RecordingSurface s = new RecordingSurface();
        single().paint(s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("fixture.json"), texts.toString());
        assertTrue(texts.contains("differs from defaults: preemption=lazy"), texts.toString());
        String last = texts.get(texts.size() - 1);
        assertTrue(last.startsWith("window +1.00 us .. +3.00 us  (span 2.00 us)"), last);
        assertTrue(last.endsWith("SchedLab 9.9-test"), last);
        RecordingSurface.Text subject = s.texts().stream().filter(t -> t.text().equals("fixture.json")).findFirst()
                .orElseThrow();
        assertTrue(subject.baselineYPx() > HEIGHT, "the caption is under the timeline");
        assertEquals(0, s.openClips());
    }

    /**
     * An import's warnings in a caption: each file by its name, at most three named, the rest
     * counted with where to read them; a warning without a path stays as it is.
     */
    @Test
    void importWarningsAreCaptionNotesByFileNameThreeAtMost() {
        assertEquals(List.of(), Caption.importNotes(List.of()));
        assertEquals(List.of("import warning: runA.txt: 502 events ran under a task",
                        "import warning: no CPU numbers"),
                Caption.importNotes(List.of("/tmp/x y/runA.txt: 502 events ran under a task", "no CPU numbers")));
        List<String> five = Caption.importNotes(List.of("a.txt: 1", "d/b.txt: 2", "c.txt: 3", "e.txt: 4",
                "f.txt: 5"));
        assertEquals(List.of("import warning: a.txt: 1", "import warning: b.txt: 2", "import warning: c.txt: 3",
                "import: 2 more warnings ('schedlab import FILE' prints them all)"), five);
    }

    @Test
    void legendIsPartOfTheFigure() {
        RecordingSurface s = new RecordingSurface();
        single().paint(s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("In view"), texts.toString());
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("beta")), "the task in view is in the legend: " + texts);
    }

    @Test
    void stackedFigureDrawsBothTimelinesTheirLabelsAndTheTable() {
        RecordingSurface s = new RecordingSurface();
        Figure f = stacked();
        f.paint(s);
        List<RecordingSurface.Text> texts = s.texts();
        double a = texts.stream().filter(t -> t.text().equals("A  base")).findFirst().orElseThrow().baselineYPx();
        double b = texts.stream().filter(t -> t.text().equals("B  test")).findFirst().orElseThrow().baselineYPx();
        // under A's lanes and its legend, which a picture this narrow wraps onto more lines than the screen's two
        double extra = b - a - (Figure.PANEL_HEADER_PX + HEIGHT);
        assertTrue(extra >= 0 && extra % TimelineLayout.LEGEND_ROW_PX == 0, "B's timeline starts under A's: " + extra);
        assertTrue(texts.stream().filter(t -> t.baselineYPx() > a && t.baselineYPx() < b).anyMatch(t -> t.text()
                .equals("Key")), "A's legend is between the two");
        long cpuLabels = texts.stream().filter(t -> t.text().equals("CPU 0")).count();
        assertEquals(2, cpuLabels, "both timelines draw their lanes");
        int alpha = Palette.taskColor(RenderFixtures.twoCpus().task(RenderFixtures.ALPHA));
        double bTop = Figure.PANEL_HEADER_PX * 2 + HEIGHT;
        assertTrue(s.rects().stream().anyMatch(r -> r.argb() == alpha && r.yPx() > bTop),
                "alpha's slices are drawn in B's lanes");
        assertTrue(texts.stream().anyMatch(t -> t.text().equals("0.51x")));
        double ratioX = texts.stream().filter(t -> t.text().equals("0.51x")).findFirst().orElseThrow().rightPx();
        double ratioX2 = texts.stream().filter(t -> t.text().equals("x5.50")).findFirst().orElseThrow().rightPx();
        assertEquals(ratioX, ratioX2, 1e-9, "number columns are right-aligned");
        assertEquals(f.heightPx(s), (int) Math.ceil(texts.get(texts.size() - 1).baselineYPx() + 12), 10);
    }

    @Test
    void aTableWithTheSeedsSpreadDrawsItUnderEachMeanInMutedType() {
        // the workbench table and Copy table show min..max over the seeds; the picture showed the mean alone
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, WIDTH, HEIGHT);
        Caption c = new Caption("ab-scenario  (3 seeds per side)", List.of(), 0, 4000, "9.9-test");
        List<List<String>> rows = List.of(List.of("throughput", "98565.9", "50751.9", "0.51x"),
                List.of("cpu.spin", "34.69%", "1.96%", "0.06x"));
        List<List<String>> under = List.of(List.of("", "97k..100k", "50k..52k", ""),
                List.of("", "34.6..34.8%", "1.92..2.04%", ""));
        List<TimelinePanel> panels = List.of(TimelinePanel.of("A", TimelineData.of(d), vp),
                TimelinePanel.of("B", TimelineData.of(d), vp));
        Figure plain = new Figure(c, panels, Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows)));
        Figure spread = new Figure(c, panels,
                Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows, under)));
        RecordingSurface s = new RecordingSurface();
        spread.paint(s);
        assertEquals(plain.heightPx(s) + 2 * Figure.TABLE_ROW_PX, spread.heightPx(s), 1e-9, "a line per row more");
        for (int i = 0; i < rows.size(); i++) {
            for (int col = 1; col <= 2; col++) {
                RecordingSurface.Text mean = text(s, rows.get(i).get(col));
                RecordingSurface.Text range = text(s, under.get(i).get(col));
                assertEquals(mean.baselineYPx() + Figure.TABLE_ROW_PX, range.baselineYPx(), 1e-9,
                        range.text() + " on the line under " + mean.text());
                assertEquals(mean.rightPx(), range.rightPx(), 1e-9, "in the mean's column, right-aligned");
                assertEquals(TimelineStyle.LIGHT.mutedTextArgb(), range.argb(), "muted: it qualifies the mean");
            }
        }
        double cpuSpin = text(s, "cpu.spin").baselineYPx();
        assertEquals(text(s, "throughput").baselineYPx() + 2 * Figure.TABLE_ROW_PX, cpuSpin, 1e-9);
        assertTrue(s.rects().stream().anyMatch(r -> r.argb() == TimelineStyle.LIGHT.laneArgb()
                && r.heightPx() == 2 * Figure.TABLE_ROW_PX && r.yPx() < cpuSpin && r.yPx() + r.heightPx() > cpuSpin
                + Figure.TABLE_ROW_PX), "the second row's stripe takes in its spread");
        assertEquals(0, s.openClips());
    }

    @Test
    void aTablesNoteIsWrappedUnderItsRowsItemsKeptWhole() {
        // the A/B text names the rows neither input has under the table; the picture drew them as
        // "n/a n/a n/a" rows: the note is drawn under the rows, wrapped to the picture's width
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, 300, HEIGHT);
        Caption c = new Caption("a.json vs b.json  A/B", List.of(), 0, 4000, "9.9-test");
        List<List<String>> rows = List.of(List.of("throughput", "98565.9", "50751.9", "0.51x"));
        List<String> note = List.of("not in either input:", "throughput,", "cpu shares,", "holder preemptions,",
                "run-queue latency");
        List<TimelinePanel> panels = List.of(TimelinePanel.of("A", TimelineData.of(d), vp),
                TimelinePanel.of("B", TimelineData.of(d), vp));
        Figure plain = new Figure(c, panels, Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows)));
        Figure noted = new Figure(c, panels,
                Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows, List.of(), note)));
        RecordingSurface s = new RecordingSurface();
        noted.paint(s);
        double rowY = text(s, "throughput").baselineYPx();
        double captionY = text(s, "a.json vs b.json  A/B").baselineYPx();
        List<RecordingSurface.Text> lines = s.texts().stream().filter(t -> t.baselineYPx() > rowY
                && t.baselineYPx() < captionY
                && t.fontSizePx() == Figure.TABLE_FONT_PX && t.argb() == TimelineStyle.LIGHT.mutedTextArgb()).toList();
        assertTrue(lines.size() > 1, "wrapped at 300 px: " + lines);
        assertEquals(String.join(" ", note), String.join(" ", lines.stream().map(t -> t.text().strip()).toList()),
                "every name, in order");
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(rowY + (i + 1) * Figure.TABLE_ROW_PX, lines.get(i).baselineYPx(), 1e-9, "a line each");
            assertTrue(lines.get(i).rightPx() <= 300 - Figure.PAD_PX, "inside the picture: " + lines.get(i));
            assertFalse(lines.get(i).text().strip().equals("preemptions,"), "an item is not split: " + lines);
        }
        assertEquals(plain.heightPx(s) + lines.size() * Figure.TABLE_ROW_PX, noted.heightPx(s), 1e-9,
                "the table grows by the note's lines");
        assertEquals(0, s.openClips());
    }

    @Test
    void aTablesParagraphsAreDrawnUnderItsNoteEachFromALineOfItsOwnWrappedToThePicture() {
        // the text tables end with what an rwsem's spinWhile and rwsem_* rows count and where
        // runqlat's waits end; the picture drew the rows without a word of it
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, 400, HEIGHT);
        Caption c = new Caption("mongodb-ycsb-a  A/B  (seed 1)", List.of(), 0, 4000, "9.9-test");
        List<List<String>> rows = List.of(List.of("mmap_lock spinWhile.handoff", "7.55%", "0.0027%", "1/2,800x"));
        List<String> note = List.of("not in either input:", "throughput");
        List<String> paragraphs = List.of(org.schedlab.analysis.SummaryReport.SPIN_WHILE_NOTE,
                "runqlat: each wait ends after the context switch (ctxSwitchUs 2 us included)");
        List<TimelinePanel> panels = List.of(TimelinePanel.of("A", TimelineData.of(d), vp),
                TimelinePanel.of("B", TimelineData.of(d), vp));
        Figure noted = new Figure(c, panels,
                Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows, List.of(), note)));
        Figure explained = new Figure(c, panels,
                Optional.of(new TextTable("A/B deltas", Figures.DELTA_HEADER, rows, List.of(), note, paragraphs)));
        RecordingSurface s = new RecordingSurface();
        explained.paint(s);
        double rowY = text(s, "mmap_lock spinWhile.handoff").baselineYPx();
        double captionY = text(s, "mongodb-ycsb-a  A/B  (seed 1)").baselineYPx();
        List<RecordingSurface.Text> lines = s.texts().stream().filter(t -> t.baselineYPx() > rowY
                && t.baselineYPx() < captionY && t.fontSizePx() == Figure.TABLE_FONT_PX
                && t.argb() == TimelineStyle.LIGHT.mutedTextArgb()).toList();
        assertEquals("not in either input: throughput", lines.get(0).text(), "the note first, as the text has it");
        List<String> texts = lines.stream().map(RecordingSurface.Text::text).toList();
        int spin = texts.indexOf(texts.stream().filter(t -> t.startsWith("spinWhile: ")).findFirst().orElseThrow());
        int runqlat = texts.indexOf(texts.stream().filter(t -> t.startsWith("runqlat: ")).findFirst().orElseThrow());
        assertEquals(1, spin, "under the note, from a line of its own: " + texts);
        assertTrue(runqlat - spin > 2, "the spinWhile note wraps at 400 px: " + texts);
        assertEquals(paragraphs.get(0), String.join(" ", texts.subList(spin, runqlat).stream().map(String::strip)
                .toList()), "every word, in order");
        assertEquals(paragraphs.get(1), String.join(" ", texts.subList(runqlat, texts.size()).stream()
                .map(String::strip).toList()));
        for (RecordingSurface.Text l : lines) {
            assertTrue(l.rightPx() <= 400 - Figure.PAD_PX + 1e-9, "inside the picture: " + l);
        }
        for (int i = 1; i < lines.size(); i++) {
            assertTrue(lines.get(i).baselineYPx() - lines.get(i - 1).baselineYPx() >= Figure.TABLE_ROW_PX - 1e-9,
                    "a line each: " + lines);
        }
        RecordingSurface plain = new RecordingSurface();
        assertEquals(noted.heightPx(plain) + (lines.size() - 1) * Figure.TABLE_ROW_PX + Figure.TABLE_ROW_PX / 2,
                explained.heightPx(s), 1e-9, "the table grows by the paragraphs' lines and the gap above them");
        assertTrue(lines.get(lines.size() - 1).baselineYPx() < captionY - Figure.TABLE_ROW_PX,
                "the last line above the caption strip");
        assertEquals(0, s.openClips());
    }

    private static RecordingSurface.Text text(RecordingSurface s, String text) {
        return s.texts().stream().filter(t -> t.text().equals(text)).findFirst()
                .orElseThrow(() -> new AssertionError("not drawn: " + text));
    }

    @Test
    void svgIsWellFormedVectorWithTheCaptionAsText(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("view.svg");
        FigureWriter.write(stacked(), ExportFormat.SVG, 1, out);
        String svg = Files.readString(out, StandardCharsets.UTF_8);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        // well-formedness only: do not fetch the SVG DTD from the network
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals(WIDTH, Double.parseDouble(doc.getDocumentElement().getAttribute("width")), 1e-9);
        assertTrue(svg.contains("ab-scenario"));
        assertTrue(svg.contains("SchedLab 9.9-test"));
        assertFalse(svg.contains("<image"), "lanes are vector rectangles, not an embedded bitmap");
        assertTrue(doc.getElementsByTagName("rect").getLength() > 20);
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary left");
        }
    }

    @Test
    void formatComesFromTheExtensionAndScaleIsOneOrTwo() {
        assertEquals(Optional.of(ExportFormat.PNG), ExportFormat.ofFile(Path.of("a/b/View.PNG")));
        assertEquals(Optional.of(ExportFormat.SVG), ExportFormat.ofFile(Path.of("x.svg")));
        assertEquals(Optional.empty(), ExportFormat.ofFile(Path.of("x.jpg")));
        assertThrows(IllegalArgumentException.class, () -> FigureWriter.image(single(), 3));
        assertThrows(IllegalArgumentException.class, () -> FigureWriter.image(single(), 0));
    }

    @Test
    void aLongCaptionWrapsInsideThePictureAndMakesItTaller() {
        Dataset d = RenderFixtures.twoCpus();
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            many.append("param").append(i).append("=value").append(i).append("  ");
        }
        Caption c = new Caption("fixture.json", List.of(many.toString().strip()), 0, 4000, "9.9-test");
        Figure f = Figure.single(c, TimelinePanel.of("", TimelineData.of(d), new Viewport(0, 4000, 420, HEIGHT)));
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<RecordingSurface.Text> caption = s.texts().stream().filter(t -> t.baselineYPx() > HEIGHT).toList();
        assertTrue(caption.size() > 4, "the parameter line wraps: " + caption.size());
        caption.forEach(t -> assertTrue(t.rightPx() <= 420 - Figure.PAD_PX + 1e-9, "inside the picture: " + t));
        assertTrue(caption.stream().anyMatch(t -> t.text().contains("param29=value29")), "nothing is dropped");
        assertTrue(f.heightPx(s) > single().heightPx(s));
    }

    @Test
    void writingAPictureLeavesAFileNamedLikeItsTemporaryAlone(@TempDir Path dir) throws Exception {
        // the temporary was always "<name>.tmp": a file of that name was overwritten, then deleted
        Path out = dir.resolve("fig.svg");
        Path mine = Files.writeString(dir.resolve("fig.svg.tmp"), "the user's notes");
        FigureWriter.write(single(), ExportFormat.SVG, 1, out);
        assertEquals("the user's notes", Files.readString(mine));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("fig.svg", "fig.svg.tmp"), files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void controlCharactersInNamesStillMakeAWellFormedSvg() throws Exception {
        // a comm or file name with \u0001 or an escape sequence went into the SVG raw: XML 1.0 forbids
        // those characters, so browsers refused to show the picture at all
        Dataset d = RenderFixtures.twoCpus();
        Caption c = new Caption("trace\u0002.json \u001b[31mred", List.of("note\u0007"), 1000, 3000, "9.9-test");
        TextTable t = new TextTable("A/B\u0001", List.of("metric", "A"), List.of(List.of("x\u000b", "1")));
        Figure f = new Figure(c, List.of(TimelinePanel.of("A\u0003", TimelineData.of(d),
                new Viewport(1000, 3000, WIDTH, HEIGHT))), Optional.of(t));
        String svg = FigureWriter.svg(f);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertTrue(svg.contains("trace\ufffd.json"), "a control character shows as a replacement mark");
    }
}
