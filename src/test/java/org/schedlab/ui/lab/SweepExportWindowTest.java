package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import javafx.scene.control.Button;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.PlainText;
import org.schedlab.cli.SchedLabCli;
import org.schedlab.model.Version;
import org.schedlab.render.Figure;
import org.schedlab.render.FigureWriter;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Sweep tab's results leave the workbench as the CLI's do: its buttons (and File > Export)
 * write the plot as PNG or SVG under a caption saying what was swept, the points as the CSV
 * {@code schedlab sweep --out} writes as summary.csv, and copy the table {@code schedlab sweep}
 * prints; none of them acts before a sweep has finished a run, nor while one runs.
 */
@ExtendWith(ApplicationExtension.class)
class SweepExportWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private Workbench workbench;
    private AnsweringExportPicker picker;

    @Start
    void start(Stage stage) {
        picker = new AnsweringExportPicker(dir);
        window.beforeShow(wb -> wb.setExportPicker(picker)).show(stage);
        workbench = window.workbench;
    }

    private void menu(String menu, String item) {
        clickOn(menu);
        clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean disabled(String id) throws Exception {
        return FxWait.onFx(() -> lookup(id).queryAs(Button.class).isDisabled());
    }

    /** {@code schedlab sweep} run in-process: its stdout. */
    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute(args));
        return out.toString();
    }

    @Test
    void exportsThePlotWithItsCaptionThePointsAsTheClisCsvAndCopiesItsTable() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "200"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent()
                && vm.base().equals(Map.of("durationMs", "200")));
        for (String id : List.of("#sweep-export-png", "#sweep-export-csv", "#sweep-copy")) {
            assertTrue(disabled(id), id + " before any sweep");
        }
        // the menu's item is greyed out as the buttons are: clicked, it asks for no file and
        // answers with no error dialog ("Could not export or copy" was for nothing to export)
        clickOn("File");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus().get(0)
                .getItems().stream().filter(i -> "menu-export-sweep-csv".equals(i.getId())).findFirst().orElseThrow()
                .isDisable()), "File > Export sweep points before any sweep");
        clickOn("Export sweep points as CSV\u2026");
        push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> lookup("#export-error-dialog").tryQuery().isPresent()));
        assertEquals(List.of(), picker.asked);

        boolean[] disabledWhileRunning = new boolean[1];
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            vm.key2Property().set("");
            vm.seedsProperty().set(2);
            vm.threadsProperty().set(2);
            assertTrue(vm.start(), vm.problemProperty().get());
            disabledWhileRunning[0] = lookup("#sweep-export-png").queryAs(Button.class).isDisabled()
                    && lookup("#sweep-export-csv").queryAs(Button.class).isDisabled();
        });
        assertTrue(disabledWhileRunning[0], "no export of a curve still growing");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get());
        assertEquals("done: 4 runs", FxWait.onFx(() -> vm.statusProperty().get()));
        assertFalse(disabled("#sweep-export-png"));

        // the points: summary.csv byte for byte, as the CLI writes it for the same sweep
        clickOn("#sweep-export-csv");
        Path csv = dir.resolve("teach-kernel-section-sweep.csv");
        FxWait.until("the CSV is written", 60, () -> Files.exists(csv));
        Path cliDir = dir.resolve("cli");
        String printed = cli("sweep", "--scenario", "teach-kernel-section", "--vary", "preemption=none,full",
                "--set", "durationMs=200", "--seeds", "2", "--threads", "1", "--out", cliDir.toString());
        assertArrayEquals(Files.readAllBytes(cliDir.resolve("summary.csv")), Files.readAllBytes(csv),
                Files.readString(csv));

        // the plot under its caption, read from the figure the PNG is painted from
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = workbench.exports().current().figure().orElseThrow());
        List<String> caption = figure[0].caption().lines();
        assertEquals("teach-kernel-section sweep  (seeds 1..2 per point)", caption.get(0));
        assertTrue(caption.contains("varies preemption: none, full"), caption.toString());
        assertTrue(caption.contains("base: differs from defaults: durationMs=200"), caption.toString());
        assertTrue(caption.stream().anyMatch(l -> l.startsWith("plotted: throughput (sections/s) and top site ")
                && l.endsWith("; each point the mean over its seeds, bar min..max")), caption.toString());
        assertEquals("SchedLab " + Version.current(), caption.get(caption.size() - 1), "no time window: whole runs");
        SweepPlotView plot = window.ui.sweepPane().plotView();
        assertEquals(Math.floor(FxWait.onFx(plot::getWidth)), figure[0].plot().orElseThrow().widthPx(),
                "the plot as on screen");
        clickOn("#sweep-export-png");
        Path png = dir.resolve("teach-kernel-section-sweep.png");
        FxWait.until("the PNG is written", 60, () -> Files.exists(png));
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(figure[0].widthPx(), img.getWidth());
        assertEquals(FigureWriter.heightPx(figure[0]), img.getHeight(), "the plot and the caption strip");
        menu("File", "Export view as SVG (vector)\u2026");
        Path svg = dir.resolve("teach-kernel-section-sweep.svg");
        FxWait.until("the SVG is written", 60, () -> Files.exists(svg));
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains(">varies preemption: none, full</text>"), "the caption is in the SVG");

        // the table for a mail: what the CLI prints under its "results in" line, within 72 columns
        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#sweep-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        for (String line : copied.split("\n")) {
            assertTrue(PlainText.columns(line) <= PlainText.WIDTH, "72 columns: " + line);
        }
        String table = printed.substring(printed.indexOf("\n\n") + 2);
        assertTrue(copied.endsWith(table), copied + "\n---\n" + table);
        assertTrue(copied.startsWith("sweep teach-kernel-section: 2 points x 2 seeds"), copied);
        assertTrue(copied.contains("\nbase      differs from defaults: durationMs=200\n"), copied);
    }
}
