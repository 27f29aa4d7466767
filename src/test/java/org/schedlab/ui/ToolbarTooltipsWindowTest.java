package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The toolbars' and the status bar's tooltips show on hover with the texts they always had, and a
 * screen reader has each text from the start (accessible help); but none of these popups is made
 * while the first screen is built - only when the pointer first enters its control or it takes the
 * focus. The status bar's file name tooltip follows the file that is open.
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarTooltipsWindowTest extends FxRobot {
    private static final Map<String, String> TEXTS = Map.of(
            "#color-by-task", "Color CPU lanes by task (C toggles)",
            "#counter-lines", "Counters as lines between samples instead of steps",
            // the example names 30 tasks but has no task states: the list, greyed out, says so
            "#task-lanes", TimelineToolBar.NO_STATES_HELP,
            "#tool-zoom-in", "Zoom in (W)",
            "#tool-fit-all", "Fit all (0)");

    @TempDir
    Path dir;

    private List<Path> nextPick = List.of();
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;

    @Start
    void start(Stage stage) throws Exception {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard(),
                RecentFiles.storedIn(Files.createTempDirectory("schedlab-recent").resolve("recent-files.json")));
        FilePicker picker = UiFixtures.picking(() -> nextPick);
        new Workbench(vm, picker).show(stage);
        vm.openExample();
    }

    @AfterEach
    void stopWorkers() {
        executor.shutdown();
    }

    /** The text of the tooltip on screen, empty when none shows. */
    private static String shownTooltip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                .filter(w -> w instanceof Tooltip && w.isShowing()).map(w -> ((Tooltip) w).getText())
                .findFirst().orElse("")).get(30, TimeUnit.SECONDS);
    }

    private void hoverShows(String id, String text) throws Exception {
        Node n = lookup(id).query();
        moveTo(n);
        moveBy(2, 1); // a move inside the node after entering it, as a hand's would be
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shownTooltip().equals(text));
        } catch (java.util.concurrent.TimeoutException e) {
            // say which and what showed instead
        }
        assertEquals(text, shownTooltip(), id + " (visible " + n.isVisible() + ", at "
                + n.localToScreen(n.getLayoutBounds()) + ")");
        moveTo("#status-counts"); // away, so the next hover enters afresh
    }

    @Test
    void noToolbarTooltipIsMadeBeforeAHoverAndEachShowsItsTextOnHover() throws Exception {
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        for (Map.Entry<String, String> e : TEXTS.entrySet()) {
            Control c = lookup(e.getKey()).queryAs(Control.class);
            assertNull(c.getTooltip(), e.getKey() + ": a tooltip made before anything was hovered");
            assertEquals(e.getValue(), c.getAccessibleHelp(), e.getKey());
        }
        for (Map.Entry<String, String> e : TEXTS.entrySet()) {
            if (!e.getKey().equals("#task-lanes")) { // ControlsFX's CheckComboBox: its inner box takes the hover
                hoverShows(e.getKey(), e.getValue());
            }
        }
    }

    @Test
    void theFileNamesTooltipFollowsTheFileThatIsOpen() throws Exception {
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Control file = FxWait.onFx(() -> lookup("#status-file").queryAs(Control.class));
        assertNull(file.getTooltip());
        assertEquals("pgbench-2cpu-50ms.json", file.getAccessibleHelp());
        hoverShows("#status-file", "pgbench-2cpu-50ms.json");

        Path pg = dir.resolve("runB_pgbench.txt");
        Files.copy(StandardOpenerTest.PGBENCH, pg);
        nextPick = List.of(pg);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the pgbench log is open", 30, () -> "runB_pgbench.txt".equals(file.getAccessibleHelp()));
        assertEquals("runB_pgbench.txt", file.getTooltip().getText(), "the tooltip made on the first hover follows");
        hoverShows("#status-file", "runB_pgbench.txt");
    }

    @Test
    void theFrameTimesTooltipIsMadeOnHoverAndFollowsEachFrame() throws Exception {
        FxWait.untilOnFx("the example is shown", 60, () -> vm.timeline().dataset().cpuCount() == 2);
        Control frame = FxWait.onFx(() -> lookup("#status-frame").queryAs(Control.class));
        FxWait.untilOnFx("a frame painted", 60, () -> frame.getAccessibleHelp() != null
                && frame.getAccessibleHelp().startsWith("Last frame: "));
        assertNull(frame.getTooltip(), "made before anything was hovered");
        assertTrue(frame.getAccessibleHelp().matches("Last frame: \\d+\\.\\d ms painting on the UI thread, \\d+\\.\\d ms"
                + " folding the window into pixel columns \\(on a worker thread when it is dear\\)"), frame.getAccessibleHelp());
        // the pointer's way there crosses the timeline, which may paint again: the last frame's text shows
        moveTo("#status-counts");
        moveTo(frame);
        moveBy(2, 1);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shownTooltip().startsWith("Last frame: "));
        assertEquals(WaitForAsyncUtils.asyncFx(frame::getAccessibleHelp).get(30, TimeUnit.SECONDS), shownTooltip());
        moveTo("#status-counts");

        // frames after the hover: the made tooltip says the last one's times, as the help does
        String before = frame.getAccessibleHelp();
        for (int i = 0; i < 40 && frame.getAccessibleHelp().equals(before); i++) {
            double factor = i % 2 == 0 ? 0.5 : 2; // in and out: a window that changes, so a frame each time
            interact(() -> vm.timeline().zoomCenter(factor));
            WaitForAsyncUtils.waitForFxEvents();
        }
        String after = WaitForAsyncUtils.asyncFx(frame::getAccessibleHelp).get(30, TimeUnit.SECONDS);
        assertTrue(!after.equals(before), "forty frames took the same time to the tenth of a millisecond: " + after);
        assertEquals(after, WaitForAsyncUtils.asyncFx(() -> frame.getTooltip().getText()).get(30, TimeUnit.SECONDS));
    }
}
