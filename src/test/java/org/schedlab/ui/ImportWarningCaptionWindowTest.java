package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * File > Export view of a recording the import warned about: the status bar said "1 import warning",
 * the PNG said nothing, and pasted into a review thread it passed for a whole recording. Its
 * caption names the warning, the file by its name.
 */
@ExtendWith(ApplicationExtension.class)
class ImportWarningCaptionWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    private List<String> exportedCaption(Path file) throws Exception {
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the recording is shown", 30, () -> window.vm.sourceNameProperty().get().contains(
                file.getFileName().toString()) && window.workbench.timelineView().lastPaintedViewport().isPresent());
        return FxWait.onFx(() -> window.workbench.exports().current().figure().orElseThrow().caption().lines());
    }

    @Test
    void theExportedPictureOfARecordingWithWarningsSaysSo() throws Exception {
        String switches = "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf"
                + " prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n";
        Path warned = dir.resolve("warned.txt");
        Files.writeString(warned, switches.replace("\n              sh", "\ngarbage\n              sh"),
                StandardCharsets.UTF_8);
        List<String> lines = exportedCaption(warned);
        assertEquals(1, FxWait.onFx(() -> window.vm.warningsProperty().size()), "the status bar's one warning");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("import warning: warned.txt: 1 of 3 lines not understood"
                + " (line 2)")), lines.toString());
        assertTrue(lines.stream().noneMatch(l -> l.contains(dir.toString())), "no directory: " + lines);

        Path clean = dir.resolve("clean.txt");
        Files.writeString(clean, switches, StandardCharsets.UTF_8);
        List<String> cleanLines = exportedCaption(clean);
        assertTrue(cleanLines.stream().noneMatch(l -> l.contains("import")), "a whole recording: " + cleanLines);
    }

    /**
     * The dataset saved from that import ({@code import --out}) says the same when reopened: the
     * status bar's "1 import warning" and the caption's line. No dialog pops, as none did for the import.
     */
    @Test
    void aSavedDatasetOfThatImportSaysItToo() throws Exception {
        Path warned = dir.resolve("warned.txt");
        Files.writeString(warned, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf"
                + " prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "garbage\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n",
                StandardCharsets.UTF_8);
        Path saved = dir.resolve("saved.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.io.read.Importer.standard().importFile(
                org.schedlab.io.read.RecordingSource.of(warned)).dataset(), saved);
        List<String> lines = exportedCaption(saved);
        assertEquals(1, FxWait.onFx(() -> window.vm.warningsProperty().size()), "the status bar's one warning");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("import warning: warned.txt: 1 of 3 lines not understood"
                + " (line 2)")), lines.toString());
        assertTrue(lookup("#import-warnings-dialog").tryQuery().isEmpty(), "no dialog on opening");
    }
}
