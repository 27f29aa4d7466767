package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javax.imageio.ImageIO;

import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.ComparisonTable;
import org.schedlab.io.CsvExport;
import org.schedlab.render.Figure;
import org.schedlab.render.FigureWriter;
import org.schedlab.render.RecordingSurface;
import org.schedlab.render.StateColors;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.Viewport;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Sharing from the real window, headless: File > Export view writes the picture of what is on
 * screen (Dataset tab, then A over B) - the data, whole lanes cropped to them, without the range
 * just selected or the pointer - File > Export dataset writes Chrome trace JSON and CSV,
 * Edit > Copy puts the A/B table on the clipboard as mail text. Only the save dialog is
 * answered by the test (a native dialog cannot be driven under Monocle).
 */
@ExtendWith(ApplicationExtension.class)
class ExportWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private Workbench workbench;
    private LabViewModel lab;
    private Lab labUi;
    private AnsweringExportPicker picker;

    @Start
    void start(Stage stage) {
        picker = new AnsweringExportPicker(dir);
        window.opener(DatasetOpener.standard()).beforeShow(wb -> wb.setExportPicker(picker)).show(stage);
        workbench = window.workbench;
        lab = window.lab;
        labUi = window.ui;
        window.vm.openExample();
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 30, condition);
    }

    /**
     * Opens {@code menu} and clicks {@code item}; the menu opens without building the view's figure
     * on the FX thread (whether its items are enabled is read from the view's state).
     */
    private void menu(String menu, String item) {
        int before = FxWait.onFx(org.schedlab.ui.export.TimelineSnapshot::takenOnThisThread);
        clickOn(menu);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, (int) FxWait.onFx(org.schedlab.ui.export.TimelineSnapshot::takenOnThisThread),
                "timeline figures built on the FX thread as " + menu + " opened");
        clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void exportsTheDatasetTabsViewAsPngAt1xAnd2xAndTheDatasetAsChromeTraceAndCsv() throws Exception {
        waitUntil("the example is open and painted", () -> workbench.timelineView().lastPaintedViewport().isPresent()
                && workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> workbench.selectWorkspace(lookup("#workspaces").queryAs(javafx.scene.control.TabPane.class)
                .getTabs().get(0)));
        WaitForAsyncUtils.waitForFxEvents();
        Viewport onScreen = workbench.timelineView().lastPaintedViewport().orElseThrow();
        // a range dragged on the axis and fitted with F, as one does before taking a picture
        TimelineLayout l = workbench.timelineView().currentLayout();
        long start = onScreen.startNs();
        moveTo(workbench.timelineView().localToScreen(l.xOf(start + onScreen.spanNs() / 5) + 0.5, 10))
                .press(MouseButton.PRIMARY)
                .moveTo(workbench.timelineView().localToScreen(l.xOf(start + onScreen.spanNs() / 2) + 0.5, 10))
                .release(MouseButton.PRIMARY);
        waitUntil("a range", () -> workbench.viewModel().timeline().selection().range().isPresent());
        type(KeyCode.F);
        waitUntil("F fits it and the view is painted", () -> workbench.timelineView().lastPaintedViewport()
                .map(v -> v.startNs() > start).orElse(false));
        moveTo(workbench.timelineView().localToScreen(l.plotLeftPx() + 100, 60)); // a pointer over the lanes

        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        RecordingSurface drawn = new RecordingSurface();
        figure[0].paint(drawn);
        assertFalse(drawn.rects().stream().anyMatch(r -> r.argb() == StateColors.SELECTION_FILL
                || r.argb() == StateColors.SELECTION_EDGE), "no selection tint, no duration badge on the axis");
        assertFalse(drawn.lines().stream().anyMatch(r -> r.argb() == StateColors.CURSOR), "no pointer line");
        TimelineLayout cut = TimelineLayout.of(figure[0].panels().get(0).viewport(),
                workbench.viewModel().timeline().dataset(), workbench.viewModel().timeline().trackSpecProperty().get());
        assertEquals(TimelineLayout.AXIS_HEIGHT_PX + cut.contentHeightPx() + TimelineLayout.LEGEND_HEIGHT_PX,
                figure[0].panels().get(0).viewport().heightPx(), 1e-9, "the legend right under the last lane");
        drawn.texts().stream().filter(t -> t.baselineYPx() > cut.viewport().heightPx())
                .forEach(t -> assertTrue(t.rightPx() <= figure[0].widthPx(), "the caption fits: " + t));

        menu("File", "Export view as PNG\u2026");
        Path png = dir.resolve("pgbench-2cpu-50ms.png");
        FxWait.until("the PNG is written", 30, () -> Files.exists(png));
        BufferedImage img = ImageIO.read(png.toFile());
        // as wide as the timeline on screen, or the readable width where that is narrower
        assertEquals((int) Math.max(Math.floor(onScreen.widthPx()),
                org.schedlab.ui.export.TimelineSnapshot.READABLE_WIDTH_PX), img.getWidth(), "the picture's width");
        assertEquals(FigureWriter.heightPx(figure[0]), img.getHeight(), "the lanes, the legend and the caption strip");
        assertTrue(img.getHeight() < onScreen.heightPx(), "two CPUs' lanes need less than the canvas had");
        assertTrue(FxWait.onFx(() -> lookup("#status-export").queryLabeled().getText())
                .startsWith("Exported the view to"),
                FxWait.onFx(() -> lookup("#status-export").queryLabeled().getText()));

        menu("File", "Export view as PNG (2x, for high-density screens)\u2026");
        Path png2 = dir.resolve("pgbench-2cpu-50ms@2x.png");
        FxWait.until("the 2x PNG is written", 30, () -> Files.exists(png2));
        BufferedImage img2 = ImageIO.read(png2.toFile());
        assertEquals(2 * img.getWidth(), img2.getWidth());
        assertEquals(2 * img.getHeight(), img2.getHeight());

        menu("File", "Export dataset as Chrome trace JSON\u2026");
        Path trace = dir.resolve("pgbench-2cpu-50ms.trace.json");
        waitUntil("the trace is written", () -> Files.exists(trace) && lookup("#status-export").queryLabeled()
                .getText().contains("Chrome trace"));
        assertTrue(Files.readString(trace, StandardCharsets.UTF_8).contains("\"traceEvents\""));

        menu("File", "Export dataset as CSV\u2026");
        Path csv = dir.resolve("pgbench-2cpu-50ms-csv");
        FxWait.until("the CSV tables are written", 30, () -> Files.exists(csv.resolve(CsvExport.MARKS)));
        assertTrue(Files.readAllLines(csv.resolve(CsvExport.SLICES)).size() > 10);
    }

    @Test
    void exportsAOverBWithTheTableAndCopiesTheTableAsMailText() throws Exception {
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            labUi.showCompare();
        });
        waitUntil("both sides and the table", () -> !lab.compare().rows().isEmpty()
                && !lab.compare().rowsStaleProperty().get()
                && labUi.comparePane().card(CompareViewModel.Side.B).timelineView().lastPaintedViewport().isPresent());

        menu("File", "Export view as SVG (vector)\u2026");
        Path svg = dir.resolve("teach-kernel-section-ab.svg");
        FxWait.until("the SVG is written", 30, () -> Files.exists(svg));
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        String shown = java.util.regex.Pattern.compile(">([^<]+)</text>").matcher(text).results()
                .map(m -> m.group(1)).reduce("", (x, y) -> x + "\n" + y);
        // the textbook scenario's default model is none: A differs only in its duration; each side
        // names every choice-type parameter with its value, so a mail reader can reproduce it
        String joined = shown.replace('\n', ' ');
        assertTrue(joined.contains(" A (base): preemption=none scheduler=eevdf arch=x86 hz=250"
                + " bClass=fair; differs from defaults: durationMs=300 "), "caption names A's parameters: " + shown);
        assertTrue(joined.contains(" B (test): preemption=full scheduler=eevdf arch=x86 hz=250"
                + " bClass=fair; differs from defaults: durationMs=300 "), "caption names B's parameters: " + shown);
        assertTrue(text.contains("throughput"), "the delta table is in the figure");
        assertTrue(joined.contains("A/B deltas over the measured "), "the table names the span its counts cover: "
                + shown);
        assertTrue(shown.contains("\nteach-kernel-section  A/B  (seed 1)\n"), "the caption names the seed: " + shown);
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        // the rows Copy table prints: 0-vs-0 ones included, those neither side has named under it instead
        assertEquals(lab.compare().rows().stream().filter(r -> !ComparisonTable.inNeither(r)).count(),
                figure[0].table().orElseThrow().rows().size(), "the rows of Copy table, 0-vs-0 ones included");
        assertEquals(ComparisonTable.notInEitherItems(lab.compare().rows()), figure[0].table().orElseThrow().note(),
                "the line Copy table ends with, if any");
        // and under it the notes Copy table ends with: here where the simulated runs' waits end
        List<String> notes = figure[0].table().orElseThrow().notes();
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("runqlat: ")), "runqlat's note under the table: " + notes);
        assertTrue(figure[0].tcpTable().isEmpty(), "the teaching case counts no TCP: no Wireshark table");
        assertFalse(joined.contains("Wireshark"), shown);
        for (org.schedlab.render.TimelinePanel p : figure[0].panels()) {
            TimelineLayout l = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
            l.visibleRows().forEach(r -> assertTrue(r.topPx() >= l.lanesTopPx() && r.bottomPx() <= l.lanesBottomPx(),
                    p.label() + ": whole lanes only, " + r));
        }

        interact(() -> Clipboard.getSystemClipboard().clear());
        menu("Edit", "Copy A/B table as text");
        waitUntil("the table is on the clipboard", () -> {
            String got = Clipboard.getSystemClipboard().getString();
            return got != null && got.contains("test/base");
        });
        String[] copied = new String[1];
        interact(() -> copied[0] = Clipboard.getSystemClipboard().getString());
        assertEquals(lab.compare().tableText(), copied[0]);
        copied[0].lines().forEach(l -> assertTrue(l.length() <= 72, "mail width: " + l));
        String copiedFlat = copied[0].replaceAll("\\s+", " ");
        notes.forEach(n -> assertTrue(copiedFlat.contains(n), "the picture's note is Copy table's: " + n));
        assertTrue(copied[0].lines().anyMatch(l -> l.startsWith("throughput")
                && l.matches(".*\\s(x\\d+\\.\\d\\d|0\\.\\d\\dx)$")), "ratio as x1.94 or 0.51x: " + copied[0]);
        assertEquals(List.of("teach-kernel-section-ab.svg"), picker.asked);
    }

    @Test
    void anABPictureOfCaseCCarriesTheTcpTabsWiresharkTable() throws Exception {
        // the tab beside the deltas showed the s390 mail's table; the exported picture had only the deltas
        org.schedlab.sim.scenario.Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            lab.compare().open(s390, Map.of("preemption", "full", "warmupMs", "10", "durationMs", "30"),
                    Map.of("preemption", "lazy", "warmupMs", "10", "durationMs", "30"));
            labUi.showCompare();
        });
        waitUntil("both sides and the table", () -> !lab.compare().rows().isEmpty()
                && !lab.compare().rowsStaleProperty().get()
                && LabViewSources.wiresharkText(lab.compare()).isPresent()
                && labUi.comparePane().card(CompareViewModel.Side.B).timelineView().lastPaintedViewport().isPresent());
        Figure[] figure = new Figure[1];
        String[] tab = new String[1];
        interact(() -> {
            figure[0] = workbench.exports().current().figure().orElseThrow();
            tab[0] = LabViewSources.wiresharkText(lab.compare()).orElseThrow();
        });
        org.schedlab.render.TextTable t = figure[0].tcpTable().orElseThrow(() -> new AssertionError(
                "no Wireshark table under the deltas: " + figure[0].tables()));
        // the tab's table, cell by cell: its head, then each row
        List<List<String>> said = tab[0].lines().filter(l -> l.startsWith("| "))
                .map(l -> java.util.Arrays.stream(l.substring(1, l.length() - 1).split("\\|")).map(String::strip)
                        .toList()).toList();
        assertEquals(said.get(0), t.header(), tab[0]);
        assertEquals(List.of("Wireshark warning / note", "full", "lazy", "change"), t.header());
        assertEquals(said.subList(1, said.size()), t.rows(), tab[0]);
        assertEquals(List.of(figure[0].table().orElseThrow(), t), figure[0].tables(), "under the delta table");
    }

    @Test
    void anABPictureOfTwoOpenedFilesIsHeadedByTheirNamesAsRenderHeadsIt() throws Exception {
        // the scenario left in the A/B panel headed it ("teach-kernel-section  A/B"), of runs not
        // in the picture; render --view compare a b writes the files' names (RenderCommandTest)
        waitUntil("the example is open", () -> workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "300"), Map.of("durationMs", "300"));
            org.schedlab.model.Dataset d = workbench.viewModel().timeline().dataset();
            lab.compare().showDataset(CompareViewModel.Side.A, d, "none.json", workbench.viewModel().openedSources());
            lab.compare().showDataset(CompareViewModel.Side.B, d, "lazy.json", workbench.viewModel().openedSources());
            labUi.showCompare();
        });
        Figure[] figure = {pictureOfTwoFiles()};
        assertEquals("none.json vs lazy.json  A/B", figure[0].caption().subject());
    }

    @Test
    void anABPictureOfTwoOpenedFilesSaysWhatEachFileIsAsRenderSaysIt() throws Exception {
        // "A (base): none.json" named the file only; render --view compare a b writes each file's
        // scenario, seed and parameters (RenderCommandTest): a saved run on A, a recording on B
        waitUntil("the example is open", () -> workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "300"),
                Map.of("durationMs", "300")));
        waitUntil("A's run", () -> lab.compare().side(CompareViewModel.Side.A).outcome()
                .flatMap(RunOutcome::dataset).isPresent());
        interact(() -> {
            org.schedlab.model.Dataset run = lab.compare().side(CompareViewModel.Side.A).outcome().get().dataset()
                    .get();
            org.schedlab.model.Dataset recording = workbench.viewModel().timeline().dataset();
            lab.compare().showDataset(CompareViewModel.Side.A, run, "none.json", workbench.viewModel().openedSources());
            lab.compare().showDataset(CompareViewModel.Side.B, recording, "rec.json",
                    workbench.viewModel().openedSources());
            labUi.showCompare();
        });
        Figure[] figure = {pictureOfTwoFiles()};
        assertEquals(List.of("A: none.json (teach-kernel-section, simulation, seed 1): differs from defaults:"
                        + " durationMs=300",
                "B: rec.json (pgbench-local-runA-50ms.perf-sched-script.txt.gz, perf-sched-script)"),
                figure[0].caption().parameterLines());
    }

    @Test
    void anABPictureOfARecordingTheImportWarnedAboutNamesTheWarningAsRenderDoes() throws Exception {
        // render --view compare names each side's import warnings under the side lines; the
        // workbench's A/B picture of the same recording on B said nothing of its damaged line
        org.schedlab.model.Dataset warned = org.schedlab.io.read.Importer.standard().importFile(
                org.schedlab.io.read.RecordingSource.ofBytes("sched.txt",
                        org.schedlab.io.ImportWarningsJsonTest.WARNED.getBytes(StandardCharsets.UTF_8))).dataset();
        assertEquals(1, warned.metadata().importWarnings().size());
        waitUntil("the example is open", () -> workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "300"), Map.of("durationMs", "300"));
            org.schedlab.model.Dataset example = workbench.viewModel().timeline().dataset();
            lab.compare().showDataset(CompareViewModel.Side.A, example, "example.json", List.of());
            lab.compare().showDataset(CompareViewModel.Side.B, warned, "sched.txt", List.of());
            labUi.showCompare();
        });
        Figure figure = pictureOfTwoFiles();
        assertEquals(List.of("import warning: " + warned.metadata().importWarnings().get(0)),
                figure.caption().parameterLines().subList(2, figure.caption().parameterLines().size()),
                "under the two side lines: " + figure.caption().parameterLines());
    }

    @Test
    void theDatasetTabsPictureOfASavedRunSaysItsChangedParametersReadAsTheFileWasOpened() throws Exception {
        // the caption's "differs from defaults" line read and resolved the run's scenario on the
        // FX thread as the picture was built; it is found as the file is read, off that thread
        org.schedlab.model.Dataset run = org.schedlab.sim.Simulation.run(LabFixtures.teach(), Map.of("durationMs", "300",
                "preemption", "full", "seed", "3"), org.schedlab.sim.Simulation.Options.recording(100), () -> false)
                .dataset().orElseThrow();
        Path file = dir.resolve("full.json");
        org.schedlab.io.DatasetJson.write(run, file);
        interact(() -> {
            workbench.viewModel().openFiles(List.of(file));
            workbench.selectWorkspace(lookup("#workspaces").queryAs(javafx.scene.control.TabPane.class).getTabs().get(0));
        });
        waitUntil("the saved run is open and painted", () -> workbench.viewModel().sourceNameProperty().get()
                .equals("full.json") && workbench.timelineView().lastPaintedViewport().isPresent());
        Figure figure = pictureReadingNoScenario();
        assertEquals(List.of(org.schedlab.render.Caption.parameterLine("", org.schedlab.sim.scenario.DefaultsDiff.ofRun(
                run.metadata()).orElseThrow())), figure.caption().parameterLines());
        assertTrue(figure.caption().parameterLines().get(0).contains("preemption=full"), figure.caption().toString());
    }

    @Test
    void theLiveRunsPictureNamesItsSeed() throws Exception {
        // a picture of a run that does not say which seed it is cannot be reproduced from the thread
        liveTeachRunPainted();
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        // as render --scenario heads a run's picture (RenderCommandTest): "(live run, seed 7)" was the tab's own
        assertEquals("teach-kernel-section (simulation, seed 7)", figure[0].caption().subject());
        // and the scenario's choices it ran with, as the A/B picture names them: "scenario defaults"
        // alone did not say the class saw preemption=none
        String params = String.join("\n", figure[0].caption().parameterLines());
        assertTrue(params.contains("preemption=none scheduler=eevdf"), params);
    }

    @Test
    void aRangeCopiedWhileANewRunsSummarySimulatesIsOfTheRunOnScreen() throws Exception {
        liveTeachRunPainted();
        String[] text = new String[1];
        String[] caption = new String[1];
        org.schedlab.model.Dataset[] onScreen = new org.schedlab.model.Dataset[1];
        // an hour-long run: its timeline is in long before its summary
        interact(() -> {
            lab.live().phaseProperty().addListener((obs, was, now) -> {
                if (now == RunViewModel.Phase.TIMELINE_READY && text[0] == null) {
                    onScreen[0] = lab.live().timeline().dataset();
                    long from = onScreen[0].startNs() + 10_000_000;
                    lab.live().timeline().selection().selectRange(from, from + 20_000_000);
                    text[0] = workbench.exports().current().text(org.schedlab.ui.export.TextKind.SUMMARY).orElseThrow()
                            .compute();
                    caption[0] = workbench.exports().current().figure().orElseThrow().caption().subject();
                    lab.live().cancel();
                }
            });
            lab.live().runNow(LabFixtures.teach(), Map.of("durationMs", "3600000", "seed", "8"), 1);
        });
        waitUntil("the new run's timeline, copied from", () -> text[0] != null && !lab.live().busyProperty().get());
        assertTrue(lab.live().outcome().orElseThrow().overrides().get("seed").equals("7"), "the summary is the old run's");
        assertEquals("8", onScreen[0].metadata().parameters().get("seed"), "the timeline the new run's");
        assertTrue(text[0].startsWith("window 10..30 ms of teach-kernel-section (simulation, seed 8)\n"), text[0]);
        assertTrue(text[0].contains("durationMs=3600000"), "the window of the run on screen: " + text[0]);
        assertEquals("teach-kernel-section (simulation, seed 8)", caption[0], "a picture names the run it shows");
    }

    @Test
    void withARangeSelectedTheLiveAndABSummariesAreThoseOfTheRange() throws Exception {
        liveTeachRunPainted();
        org.schedlab.model.Dataset d = lab.live().outcome().flatMap(RunOutcome::dataset).orElseThrow();
        boolean[] selected = new boolean[1];
        String[] text = new String[1];
        interact(() -> selected[0] = workbench.exports().current().rangeSelected());
        assertFalse(selected[0]);
        long from = d.startNs() + 10_000_000;
        long to = d.startNs() + 30_000_000;
        interact(() -> {
            lab.live().timeline().selection().selectRange(from, to);
            selected[0] = workbench.exports().current().rangeSelected();
            text[0] = workbench.exports().current().text(org.schedlab.ui.export.TextKind.SUMMARY).orElseThrow().compute();
        });
        assertTrue(selected[0], "Edit says Copy summary of selection");
        assertEquals("window 10..30 ms of teach-kernel-section (simulation, seed 7)\n\n"
                + org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(d.crop(from, to))),
                text[0]);

        // B recording 50 ms, A 100 (RunViewModel.RECORD_MS): a range of A's that B's window does not reach
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "50"));
            labUi.showCompare();
        });
        waitUntil("both sides", () -> !lab.compare().rows().isEmpty() && !lab.compare().rowsStaleProperty().get());
        org.schedlab.model.Dataset a = lab.compare().side(CompareViewModel.Side.A).outcome()
                .flatMap(RunOutcome::dataset).orElseThrow();
        org.schedlab.model.Dataset b = lab.compare().side(CompareViewModel.Side.B).outcome()
                .flatMap(RunOutcome::dataset).orElseThrow();
        interact(() -> {
            // B takes the range A has (the same time since its start), as from a drag on A's axis
            lab.compare().side(CompareViewModel.Side.A).timeline().selection().selectRange(from, to);
            selected[0] = workbench.exports().current().rangeSelected();
            text[0] = workbench.exports().current().text(org.schedlab.ui.export.TextKind.SUMMARY).orElseThrow().compute();
        });
        assertTrue(selected[0]);
        assertEquals("window 10..30 ms of A (base)\n\n"
                + org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(a.crop(from, to)))
                + "\nwindow 10..30 ms of B (test)\n\n"
                + org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(b.crop(from, to))),
                text[0]);

        // a range past B's recorded window: B says so, not its whole run under the selection's name
        long pastB = a.startNs() + b.endNs() - b.startNs();
        assertTrue(pastB + 2_000_000 < a.endNs(), "A's recorded window goes on past B's");
        interact(() -> {
            lab.compare().side(CompareViewModel.Side.A).timeline().selection().selectRange(pastB + 1_000_000,
                    pastB + 2_000_000);
            text[0] = workbench.exports().current().text(org.schedlab.ui.export.TextKind.SUMMARY).orElseThrow().compute();
        });
        assertTrue(text[0].startsWith("window ") && text[0].indexOf(" ms of A (base)\n\n") > 0, text[0]);
        assertTrue(text[0].endsWith("\nB (test): the selected range lies outside its recorded window; nothing to"
                + " summarize there\n"), text[0]);
    }

    @Test
    void aRangeShiftDraggedInABIsMarkedInThePictureAndCopiedAsTheSummaryOfSelection() throws Exception {
        // the A/B tab's Shift+drag showed its band on both timelines, but the picture had no blue
        // lines and no "selected" in its caption, and Edit still read Copy summary (whole runs)
        OffsetRange r = shiftDraggedInTeachAB();

        Offered offered = offered();
        assertTrue(offered.selected(), "Edit says Copy summary of selection");
        assertTrue(offered.figure().caption().notes().stream().anyMatch(n -> n.startsWith("selected +")
                && n.endsWith("between the blue lines")), "the caption names the range: " + offered.figure().caption().notes());
        for (org.schedlab.render.TimelinePanel p : offered.figure().panels()) {
            long origin = p.data().dataset().startNs();
            assertEquals(java.util.Optional.of(new org.schedlab.render.TimeRange(origin + r.fromNs(), origin + r.toNs())),
                    Figure.markedRange(p), p.label() + ": the blue lines at the range's ends");
        }
        org.schedlab.model.Dataset a = FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.A).timeline().dataset());
        assertTrue(offered.summary().startsWith("window "), offered.summary());
        assertEquals(org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(
                a.crop(a.startNs() + r.fromNs(), a.startNs() + r.toNs()))),
                offered.summary().substring(offered.summary().indexOf("\n\n") + 2, offered.summary().indexOf("\nwindow ", 1)),
                "A's part is the summary of A cut to the range");
    }

    @Test
    void aRangeDraggedOnOneSidesAxisInABIsSelectedOnBothMarkedOnBothAndCopiedAsTheSummaryOfSelection()
            throws Exception {
        // the two timelines share one time axis, but a plain drag on A's axis selected the range on
        // A alone: the picture marked it on A only, and Edit read Copy summary (of the whole runs)
        teachABPainted();
        org.schedlab.ui.TimelineView view = labUi.comparePane().card(CompareViewModel.Side.A).timelineView();
        TimelineLayout l = FxWait.onFx(view::currentLayout);
        axisDrag(view, l, l.plotLeftPx() + l.plotWidthPx() * 0.3, l.plotLeftPx() + l.plotWidthPx() * 0.6);
        waitUntil("A's range", () -> lab.compare().side(CompareViewModel.Side.A).timeline().selection().range().isPresent());
        org.schedlab.render.TimeRange onA = FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.A).timeline()
                .selection().range().orElseThrow());
        long fromNs = onA.startNs() - FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.A).timeline().dataset())
                .startNs();
        long toNs = fromNs + onA.durationNs();
        org.schedlab.model.Dataset b = FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.B).timeline().dataset());
        assertEquals(java.util.Optional.of(new org.schedlab.render.TimeRange(b.startNs() + fromNs, b.startNs() + toNs)),
                FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.B).timeline().selection().range()),
                "B shows the same stretch since its start");

        Offered offered = offered();
        assertTrue(offered.selected(), "Edit says Copy summary of selection");
        for (org.schedlab.render.TimelinePanel p : offered.figure().panels()) {
            long origin = p.data().dataset().startNs();
            assertEquals(java.util.Optional.of(new org.schedlab.render.TimeRange(origin + fromNs, origin + toNs)),
                    Figure.markedRange(p), p.label() + ": the blue lines at the range's ends");
        }
        assertEquals(org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(
                b.crop(b.startNs() + fromNs, b.startNs() + toNs))),
                offered.summary().substring(offered.summary().indexOf("\n\n", offered.summary().indexOf("\nwindow ")) + 2),
                "B's part is the summary of B cut to the range");

        // Esc on A clears it on both
        clickOn(view);
        type(KeyCode.ESCAPE);
        waitUntil("no range on B", () -> lab.compare().side(CompareViewModel.Side.B).timeline().selection().range()
                .isEmpty());
    }

    @Test
    void aRangeShiftDraggedInABReplacesOneDraggedOnTheAxisAndTheOtherWayRound() throws Exception {
        // both stayed on screen, the axis range's band and badge beside the Shift+dragged one's,
        // while the picture and Copy summary of selection took the Shift+dragged one alone
        teachABPainted();
        org.schedlab.ui.TimelineView view = labUi.comparePane().card(CompareViewModel.Side.A).timelineView();
        TimelineLayout l = FxWait.onFx(view::currentLayout);
        axisDrag(view, l, l.plotLeftPx() + l.plotWidthPx() * 0.1, l.plotLeftPx() + l.plotWidthPx() * 0.2);
        waitUntil("the axis range", () -> lab.compare().side(CompareViewModel.Side.B).timeline().selection().range()
                .isPresent());
        shiftDrag(view, l, l.plotLeftPx() + l.plotWidthPx() * 0.3, l.plotLeftPx() + l.plotWidthPx() * 0.6);
        waitUntil("the Shift+dragged range", () -> lab.compare().selectionProperty().get().isPresent());
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            assertEquals(java.util.Optional.empty(), FxWait.onFx(() -> lab.compare().side(s).timeline().selection()
                    .range()), s + ": the axis range is replaced");
        }

        axisDrag(view, l, l.plotLeftPx() + l.plotWidthPx() * 0.1, l.plotLeftPx() + l.plotWidthPx() * 0.2);
        waitUntil("the axis range again", () -> lab.compare().side(CompareViewModel.Side.A).timeline().selection()
                .range().isPresent());
        assertEquals(java.util.Optional.empty(), FxWait.onFx(() -> lab.compare().selectionProperty().get()),
                "the Shift+dragged range is replaced");
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        org.schedlab.render.TimeRange onA = FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.A).timeline()
                .selection().range().orElseThrow());
        assertEquals(java.util.Optional.of(onA), Figure.markedRange(figure[0].panels().get(0)),
                "the picture marks the range on screen");
    }

    @Test
    void fWithARangeShiftDraggedInABFitsBothSidesToItAndThePictureIsOfThatWindow() throws Exception {
        // "a range fitted with F is the picture's window": F fitted only a range dragged on the
        // axis, so after a Shift+drag (A/B's way to select) it did nothing
        OffsetRange r = shiftDraggedInTeachAB();
        type(KeyCode.F);
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            waitUntil(s + " fitted to the range", () -> {
                org.schedlab.ui.TimelineViewModel t = lab.compare().side(s).timeline();
                return t.startNs() == t.dataset().startNs() + r.fromNs() && t.endNs() == t.dataset().startNs() + r.toNs();
            });
        }
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        assertEquals(java.util.Optional.of(new org.schedlab.render.TimeRange(r.fromNs(), r.toNs())),
                figure[0].caption().window(), "the picture's window is the range");
        assertFalse(figure[0].caption().notes().stream().anyMatch(n -> n.startsWith("selected")),
                "no blue lines at the picture's own edges: " + figure[0].caption().notes());
    }

    @Test
    void aRangeShiftDraggedOnTheLiveRunIsMarkedInThePictureAndCopiedAsTheSummaryOfSelection() throws Exception {
        // the Live tab's hint says "Shift+drag selects a range", and the band showed, but the
        // picture and Edit > Copy summary went on as if nothing were selected
        liveTeachRunPainted();
        org.schedlab.ui.TimelineView view = lookup("#live-timeline").queryAs(org.schedlab.ui.TimelineView.class);
        TimelineLayout l = FxWait.onFx(view::currentLayout);
        double x1 = l.plotLeftPx() + l.plotWidthPx() * 0.3;
        double x2 = l.plotLeftPx() + l.plotWidthPx() * 0.6;
        shiftDrag(view, l, x1, x2);
        org.schedlab.model.Dataset d = FxWait.onFx(() -> lab.live().timeline().dataset());
        long from = l.timeAt(x1);
        long to = l.timeAt(x2);

        Offered offered = offered();
        assertTrue(offered.selected(), "Edit says Copy summary of selection");
        assertTrue(offered.figure().caption().notes().stream().anyMatch(n -> n.startsWith("selected +")),
                "the caption names the range: " + offered.figure().caption().notes());
        org.schedlab.render.TimeRange marked = Figure.markedRange(offered.figure().panels().get(0)).orElseThrow();
        assertTrue(Math.abs(marked.startNs() - from) < l.nsPerPx() * 2 && Math.abs(marked.endNs() - to) < l.nsPerPx() * 2,
                "the blue lines where the drag was: " + marked + " vs " + from + ".." + to);
        assertEquals("window " + offered.summary().substring(7, offered.summary().indexOf(" of ")) + " of teach-kernel-section (simulation,"
                + " seed 7)\n\n" + org.schedlab.analysis.SummaryReport.render(org.schedlab.analysis.DatasetSummary.of(
                d.crop(marked.startNs(), marked.endNs()))), offered.summary(), "the summary of the range");
    }

    @Test
    void theABTabsDatasetExportIsNamedForTheSideItWrites() throws Exception {
        // the A/B tab writes the side being edited (B when the window opens), but offered the
        // name "teach-kernel-section-ab.trace.json": a reply could attach lazy's trace as none's
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            labUi.showCompare();
            lab.compare().editingProperty().set(CompareViewModel.Side.B);
        });
        waitUntil("both sides", () -> !lab.compare().rows().isEmpty() && !lab.compare().rowsStaleProperty().get());
        menu("File", "Export dataset as Chrome trace JSON\u2026");
        Path b = dir.resolve("teach-kernel-section-b.trace.json");
        FxWait.until("B's trace is written", 30, () -> Files.exists(b));
        long bSlices = FxWait.onFx(() -> lab.compare().side(CompareViewModel.Side.B).outcome()
                .flatMap(RunOutcome::dataset).orElseThrow().sliceCount());
        waitUntil("the status names it", () -> lookup("#status-export").queryLabeled().getText()
                .equals("Exported " + bSlices + " slices as Chrome trace JSON to " + b));

        interact(() -> lab.compare().editingProperty().set(CompareViewModel.Side.A));
        menu("File", "Export dataset as CSV\u2026");
        FxWait.until("A's tables are written", 30, () -> Files.exists(dir.resolve("teach-kernel-section-a-csv")
                .resolve(CsvExport.MARKS)));
        assertEquals(List.of("teach-kernel-section-b.trace.json", "teach-kernel-section-a-csv"), picker.asked);
    }

    @Test
    void theSweepTabsExportsAreGreyedOutBeforeItHasAPicture() throws Exception {
        // File > Export view on the Sweep tab asked for a file name, and only once one was
        // chosen said there was nothing to export; then it said so in an error dialog. Now the
        // items are greyed out, and a click on one asks for nothing and shows no dialog
        waitUntil("the example is open", () -> workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> labUi.showSweep());
        WaitForAsyncUtils.waitForFxEvents();
        for (String item : List.of("Export view as PNG\u2026", "Export view as SVG (vector)\u2026",
                "Export dataset as CSV\u2026")) {
            clickOn("File");
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(FxWait.onFx(() -> lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus()
                    .get(0).getItems().stream().filter(i -> item.equals(org.schedlab.ui.MenuText.of(i))).findFirst().orElseThrow()
                    .isDisable()), item + " on the Sweep tab before a sweep");
            clickOn(item);
            push(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(FxWait.onFx(() -> lookup("#export-error-dialog").tryQuery().isPresent()), item);
            assertEquals(List.of(), picker.asked, item + ": no file asked for");
        }
    }

    @Test
    void aFailedExportIsReportedInADialogAndLeavesNoFile() throws Exception {
        waitUntil("the example is open and painted", () -> workbench.timelineView().lastPaintedViewport().isPresent()
                && workbench.viewModel().sourceNameProperty().get().endsWith(".json"));
        interact(() -> workbench.selectWorkspace(lookup("#workspaces").queryAs(javafx.scene.control.TabPane.class)
                .getTabs().get(0)));
        picker.into("no-such-dir");
        menu("File", "Export view as PNG\u2026");
        waitUntil("the error dialog", () -> lookup("#export-error-dialog").tryQuery().isPresent());
        javafx.scene.control.DialogPane pane = FxWait.onFx(() -> lookup("#export-error-dialog")
                .queryAs(javafx.scene.control.DialogPane.class));
        assertTrue(pane.getContentText().contains("no-such-dir") && pane.getContentText().contains("does not exist"),
                pane.getContentText());
        assertTrue(Files.notExists(dir.resolve("no-such-dir")));
        interact(() -> ((Stage) pane.getScene().getWindow()).close());
    }

    /**
     * {@link #teachABPainted} and a range Shift+dragged over 30-60 % of A's plot: the range both
     * sides share.
     */
    /** What the export offers for the tab in front: whether a range is selected, the picture and the summary text. */
    private record Offered(boolean selected, Figure figure, String summary) {
    }

    private Offered offered() {
        Offered[] o = new Offered[1];
        interact(() -> o[0] = new Offered(workbench.exports().current().rangeSelected(),
                workbench.exports().current().figure().orElseThrow(), workbench.exports().current()
                        .text(org.schedlab.ui.export.TextKind.SUMMARY).orElseThrow().compute()));
        return o[0];
    }

    private OffsetRange shiftDraggedInTeachAB() throws Exception {
        teachABPainted();
        org.schedlab.ui.TimelineView view = labUi.comparePane().card(CompareViewModel.Side.A).timelineView();
        TimelineLayout l = FxWait.onFx(view::currentLayout);
        shiftDrag(view, l, l.plotLeftPx() + l.plotWidthPx() * 0.3, l.plotLeftPx() + l.plotWidthPx() * 0.6);
        waitUntil("the shared range", () -> lab.compare().selectionProperty().get().isPresent());
        return FxWait.onFx(() -> lab.compare().selectionProperty().get().orElseThrow());
    }

    /** Teach-kernel-section on A/B (none against full, 300 ms), both sides' summaries in and their timelines painted. */
    private void teachABPainted() throws Exception {
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            labUi.showCompare();
        });
        waitUntil("both sides painted", () -> !lab.compare().rows().isEmpty() && !lab.compare().rowsStaleProperty().get()
                && labUi.comparePane().card(CompareViewModel.Side.A).timelineView().lastPaintedViewport().isPresent()
                && labUi.comparePane().card(CompareViewModel.Side.B).timelineView().lastPaintedViewport().isPresent());
    }

    /** A Shift+drag across {@code view}'s lanes from {@code x1} to {@code x2} (its own pixels). */
    private void shiftDrag(org.schedlab.ui.TimelineView view, TimelineLayout l, double x1, double x2) throws Exception {
        double y = (l.lanesTopPx() + l.lanesBottomPx()) / 2;
        press(KeyCode.SHIFT);
        moveTo(view.localToScreen(x1, y)).press(MouseButton.PRIMARY)
                .moveTo(view.localToScreen((x1 + x2) / 2, y)).moveTo(view.localToScreen(x2, y))
                .release(MouseButton.PRIMARY);
        release(KeyCode.SHIFT);
    }

    /** A plain drag on {@code view}'s time axis from {@code x1} to {@code x2} (its own pixels). */
    private void axisDrag(org.schedlab.ui.TimelineView view, TimelineLayout l, double x1, double x2) {
        double y = l.lanesTopPx() / 2;
        moveTo(view.localToScreen(x1, y)).press(MouseButton.PRIMARY)
                .moveTo(view.localToScreen((x1 + x2) / 2, y)).moveTo(view.localToScreen(x2, y))
                .release(MouseButton.PRIMARY);
    }

    /** Teach-kernel-section run in the Live tab (300 ms, seed 7), its summary in and its timeline painted. */
    private void liveTeachRunPainted() throws Exception {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "300", "seed", "7"));
            labUi.showLive();
        });
        waitUntil("the live run's summary, painted", () -> lab.live().outcome().filter(RunOutcome::simulated).isPresent()
                && !lab.live().busyProperty().get() && lookup("#live-timeline").tryQuery()
                .map(n -> ((org.schedlab.ui.TimelineView) n).lastPaintedViewport().isPresent()).orElse(false));
    }

    /** The A/B tab's picture once both sides show an opened file, summarized and B painted. */
    private Figure pictureOfTwoFiles() throws Exception {
        waitUntil("both files summarized", () -> lab.compare().side(CompareViewModel.Side.A).outcome()
                .filter(o -> !o.simulated()).isPresent() && lab.compare().side(CompareViewModel.Side.B).outcome()
                .filter(o -> !o.simulated()).isPresent()
                && labUi.comparePane().card(CompareViewModel.Side.B).timelineView().lastPaintedViewport().isPresent());
        return pictureReadingNoScenario();
    }

    /**
     * The picture of the tab on show, built on the FX thread as Export builds it, which reads no
     * scenario there: a saved run's parameters that differ from its scenario's defaults were found
     * by reading and resolving the scenario (DefaultsDiff.ofRun) as the picture was built.
     */
    private Figure pictureReadingNoScenario() {
        Figure[] figure = new Figure[1];
        int[] reads = new int[1];
        interact(() -> {
            int before = org.schedlab.sim.scenario.ScenarioCatalog.readsOnThisThread();
            figure[0] = workbench.exports().current().figure().orElseThrow();
            reads[0] = org.schedlab.sim.scenario.ScenarioCatalog.readsOnThisThread() - before;
        });
        assertEquals(0, reads[0], "scenarios read on the FX thread for the picture");
        return figure[0];
    }
}
