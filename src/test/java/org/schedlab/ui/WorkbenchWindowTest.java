package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.geometry.VerticalDirection;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.Viewport;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real window, headless: menus clicked, keys typed and the wheel turned as a user would.
 * Only the file chooser is replaced (it cannot be driven headless); File > Open still goes
 * through the real menu item and the real background load.
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private List<Path> nextPick = List.of();
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;

    @Start
    void start(Stage stage) throws Exception {
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        Path config = Files.createTempDirectory("schedlab-recent");
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard(),
                RecentFiles.storedIn(config.resolve("recent-files.json")));
        FilePicker picker = new FilePicker() {
            @Override
            public Optional<Path> pickDatasetToOpen(javafx.stage.Window owner) {
                return nextPick.stream().findFirst();
            }

            @Override
            public List<Path> pickFilesToOpen(javafx.stage.Window owner) {
                return nextPick;
            }
        };
        workbench = new Workbench(vm, picker);
        workbench.show(stage);
        vm.openExample();
    }

    @AfterEach
    void stopWorkers() {
        executor.shutdown();
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    private int paints() {
        return workbench.timelineView().paintCountProperty().get();
    }

    /** The window the canvas last painted agrees with the view model's window (both read on FX, which paints). */
    private void assertPaintedCurrentWindow() {
        Viewport painted = FxWait.onFx(() -> workbench.timelineView().lastPaintedViewport().orElseThrow());
        long[] window = FxWait.onFx(() -> new long[] {vm.timeline().startNs(), vm.timeline().endNs()});
        assertEquals(window[0], painted.startNs());
        assertEquals(window[1], painted.endNs());
    }

    /** The text of the label {@code query} finds, read on FX: other panels may be changing meanwhile. */
    private String labelText(String query) {
        return FxWait.onFx(() -> lookup(query).queryAs(Label.class).getText());
    }

    private void openThroughMenu(Path... files) {
        nextPick = List.of(files);
        clickOn("File");
        clickOn("Open\u2026");
    }

    @Test
    void opensOnTheExampleThenOpensAFileFromTheMenuAndNavigates() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        assertEquals("pgbench-2cpu-50ms.json", labelText("#status-file"));

        Path file = dir.resolve("four-cpus.json");
        DatasetJson.write(UiFixtures.busy("four", 4, 1_000_000_000L, 8_000_000), file);
        openThroughMenu(file);
        waitUntil("the picked file is shown", () -> vm.timeline().dataset().cpuCount() == 4);
        waitUntil("it is painted", () -> workbench.timelineView().lastPaintedViewport()
                .map(v -> v.endNs() == 1_008_000_000L).orElse(false));
        assertEquals("four-cpus.json", labelText("#status-file"));
        assertTrue(FxWait.onFx(() -> lookup("#status-file").query().isVisible()));
        assertTrue(labelText("#status-counts").startsWith("4 CPUs"));
        assertEquals("SchedLab - four-cpus.json",
                FxWait.onFx(() -> ((Stage) workbench.timelineView().getScene().getWindow()).getTitle()));
        assertPaintedCurrentWindow();

        // keyboard: W zooms in (the pointer rests on the timeline, so it zooms at the pointer)
        moveTo(workbench.timelineView());
        clickOn(workbench.timelineView());
        long span = vm.timeline().spanNs();
        int before = paints();
        type(KeyCode.W);
        waitUntil("W repaints", () -> paints() > before);
        assertEquals(span / TimelineView.KEY_ZOOM_FACTOR, vm.timeline().spanNs(), 2);
        assertPaintedCurrentWindow();

        // D pans right by a fifth of the window
        long start = vm.timeline().startNs();
        long zoomedSpan = vm.timeline().spanNs();
        int beforePan = paints();
        type(KeyCode.D);
        waitUntil("D repaints", () -> paints() > beforePan);
        assertEquals(start + Math.round(zoomedSpan * TimelineView.KEY_PAN_FRACTION), vm.timeline().startNs(), 2);
        assertPaintedCurrentWindow();

        // the robot's wheel (its direction convention differs between platforms and Monocle:
        // which way zooms in is pinned by wheelAwayFromUserZoomsInAtThePointer)
        long spanBeforeWheel = vm.timeline().spanNs();
        int beforeWheel = paints();
        scroll(2, VerticalDirection.UP);
        waitUntil("the wheel repaints", () -> paints() > beforeWheel);
        long afterUp = vm.timeline().spanNs();
        assertNotEquals(spanBeforeWheel, afterUp, "the wheel zooms");
        assertPaintedCurrentWindow();
        scroll(2, VerticalDirection.DOWN);
        waitUntil("the other way zooms back", () -> Long.signum(vm.timeline().spanNs() - afterUp)
                == -Long.signum(afterUp - spanBeforeWheel));
        assertPaintedCurrentWindow();

        // 0 fits all again
        int beforeFit = paints();
        type(KeyCode.DIGIT0);
        waitUntil("0 repaints", () -> paints() > beforeFit);
        assertEquals(1_000_000_000L, vm.timeline().startNs());
        assertEquals(1_008_000_000L, vm.timeline().endNs());
        assertPaintedCurrentWindow();
        assertTrue(labelText("#status-window").endsWith("(8.00 ms)"));
    }

    @Test
    void theArrowsPanAndTabShowsWhereTheKeyboardIs() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        TimelineView view = workbench.timelineView();
        moveTo(view);
        clickOn(view);
        assertFalse(FxWait.onFx(() -> lookup("#timeline-focus-ring").query().isVisible()),
                "a click gives the timeline the keyboard without a ring, as it gives a button none");
        type(KeyCode.W);
        long start = vm.timeline().startNs();
        long span = vm.timeline().spanNs();
        type(KeyCode.RIGHT);
        assertEquals(start + Math.round(span * TimelineView.KEY_PAN_FRACTION), vm.timeline().startNs(), 2,
                "Right pans as D does");
        type(KeyCode.LEFT);
        assertEquals(start, vm.timeline().startNs(), 2, "Left pans back");
        assertTrue(FxWait.onFx(view::isFocused), "the arrows left the keyboard on the timeline");

        // Tab walks away from the timeline and round to it again: then the ring shows where it is
        type(KeyCode.TAB);
        assertFalse(FxWait.onFx(view::isFocused));
        for (int i = 0; i < 80 && !FxWait.onFx(view::isFocused); i++) {
            type(KeyCode.TAB);
        }
        assertTrue(FxWait.onFx(view::isFocused), "Tab reaches the timeline");
        assertTrue(FxWait.onFx(() -> lookup("#timeline-focus-ring").query().isVisible()),
                "reached by Tab, the timeline is outlined");
        javafx.geometry.Bounds ring = FxWait.onFx(() -> lookup("#timeline-focus-ring").query().getBoundsInParent());
        assertEquals(FxWait.onFx(view::getWidth), ring.getWidth(), 1, "the ring goes round the whole view");
        // drawn over the canvas, not under it: the canvas covers the view's edge where the ring is
        javafx.scene.paint.Color accent = FxWait.onFx(() -> (javafx.scene.paint.Color) ((javafx.scene.layout.Region)
                lookup("#timeline-focus-ring").query()).getBorder().getStrokes().get(0).getLeftStroke());
        for (double[] at : edgePoints(view)) {
            javafx.scene.paint.Color shown = FxWait.onFx(() -> view.snapshot(null, null).getPixelReader()
                    .getColor((int) at[0], (int) at[1]));
            assertTrue(close(accent, shown), "the ring in the accent colour at " + at[0] + "," + at[1] + ": " + shown);
        }
        type(KeyCode.TAB);
        assertFalse(FxWait.onFx(() -> lookup("#timeline-focus-ring").query().isVisible()),
                "the ring goes with the keyboard");
    }

    /** A pixel inside each of the view's four edges, mid-way along it (the lanes' and the axis's). */
    private static double[][] edgePoints(TimelineView view) throws Exception {
        double w = FxWait.onFx(view::getWidth);
        double h = FxWait.onFx(view::getHeight);
        return new double[][] {{1, h / 2}, {w - 1, h / 2}, {w / 2, 1}, {w / 2, h - 1}};
    }

    private static boolean close(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.05 && Math.abs(a.getGreen() - b.getGreen()) < 0.05
                && Math.abs(a.getBlue() - b.getBlue()) < 0.05;
    }

    @Test
    void wheelAwayFromUserZoomsInAtThePointer() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        TimelineView view = workbench.timelineView();
        TimelineLayout layout = FxWait.onFx(view::currentLayout);
        double x = layout.plotLeftPx() + layout.plotWidthPx() * 0.3;
        long anchor = layout.timeAt(x);
        long span = vm.timeline().spanNs();
        interact(() -> view.fireEvent(wheel(x, 40)));
        assertEquals(span / TimelineView.WHEEL_ZOOM_PER_NOTCH, vm.timeline().spanNs(), 2);
        assertEquals(anchor, FxWait.onFx(view::currentLayout).timeAt(x), vm.timeline().spanNs() / 1000.0,
                "the time under the pointer stays under it");
        interact(() -> view.fireEvent(wheel(x, -80)));
        assertEquals(span, vm.timeline().spanNs(), 2, "two notches back out, clamped to the whole dataset");
    }

    @Test
    void aPinchZoomsAtTheFingersLikeTheWheel() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        TimelineView view = workbench.timelineView();
        TimelineLayout layout = FxWait.onFx(view::currentLayout);
        double x = layout.plotLeftPx() + layout.plotWidthPx() * 0.7;
        long anchor = layout.timeAt(x);
        long span = vm.timeline().spanNs();
        interact(() -> view.fireEvent(pinch(x, 2.0)));
        assertEquals(span / 2.0, vm.timeline().spanNs(), 2, "fingers spread: zoomed in twice");
        assertEquals(anchor, FxWait.onFx(view::currentLayout).timeAt(x), vm.timeline().spanNs() / 1000.0,
                "the time under the fingers stays under them");
        interact(() -> view.fireEvent(pinch(x, 0.25)));
        assertEquals(span, vm.timeline().spanNs(), 2, "closed: back out, clamped to the whole dataset");
    }

    private static javafx.scene.input.ZoomEvent pinch(double x, double factor) {
        return new javafx.scene.input.ZoomEvent(javafx.scene.input.ZoomEvent.ZOOM, x, 200, x, 200, false, false,
                false, false, false, false, factor, factor, null);
    }

    private static ScrollEvent wheel(double x, double deltaY) {
        return new ScrollEvent(ScrollEvent.SCROLL, x, 200, x, 200, false, false, false, false, false, false,
                0, deltaY, 0, deltaY, 40, 40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null);
    }

    @Test
    void hoveringASliceShowsWhatRanThereNextToThePointer() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        TimelineView view = workbench.timelineView();
        // under load the first layout pass may not have sized the canvas yet: hit-test what was painted
        waitUntil("the example is painted", () -> view.lastPaintedViewport().map(v -> v.widthPx() > 400).orElse(false));
        TimelineLayout layout = FxWait.onFx(view::currentLayout);
        var lane = layout.cpuLane(1);
        double x = layout.plotLeftPx() + 300;
        double y = lane.topPx() + lane.heightPx() / 2;
        var expected = org.schedlab.render.SliceHit.at(vm.timeline().dataset(), layout, x, y).orElseThrow();
        moveTo(FxWait.onFx(() -> view.localToScreen(x, y)));
        Label hover = FxWait.onFx(() -> lookup("#timeline-hover").queryAs(Label.class));
        waitUntil("the hover readout", hover::isVisible);
        String text = FxWait.onFx(hover::getText);
        assertTrue(text.contains("on CPU 1, "), text);
        String who = expected.task() >= 0 ? vm.timeline().dataset().task(expected.task()).label()
                : expected.state().label();
        assertTrue(text.startsWith(who + "\n"), text);
        assertTrue(FxWait.onFx(() -> hover.getBoundsInParent().getMinX()) > x, "beside the pointer, not under it");
        moveTo(FxWait.onFx(() -> view.localToScreen(x, 5)));
        waitUntil("no readout over the axis", () -> !hover.isVisible());
    }

    @Test
    void draggingPansTheTimeline() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        interact(() -> vm.timeline().zoomCenter(4));
        long start = vm.timeline().startNs();
        drag(workbench.timelineView()).moveBy(-200, 0).release(javafx.scene.input.MouseButton.PRIMARY);
        waitUntil("the drag moved the window", () -> vm.timeline().startNs() > start);
        WaitForAsyncUtils.waitForFxEvents();
        assertPaintedCurrentWindow();
    }

    @Test
    void aBadFileShowsAnErrorDialogAndKeepsTheDatasetThatWasOpen() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        Dataset before = vm.timeline().dataset();
        Path bad = dir.resolve("broken.json");
        Files.writeString(bad, "{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,\n  \"tasks\": [{\"tid\": \"x\"}]\n}\n");
        openThroughMenu(bad);
        waitUntil("the error dialog", () -> lookup("#load-error-dialog").tryQuery().isPresent());
        DialogPane dialog = FxWait.onFx(() -> lookup("#load-error-dialog").queryAs(DialogPane.class));
        String content = FxWait.onFx(dialog::getContentText);
        assertTrue(content.startsWith(bad.toAbsolutePath() + ":"), content);
        assertTrue(content.matches(".*broken\\.json:\\d+:\\d+: .+"), content);
        assertEquals("Could not open broken.json. What was open stays open.", FxWait.onFx(dialog::getHeaderText));
        clickOn("OK");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> lookup("#load-error-dialog").tryQuery().isPresent()), "OK closes it");
        assertSame(before, vm.timeline().dataset());
        assertEquals("pgbench-2cpu-50ms.json", labelText("#status-file"));
        assertFalse(vm.loadingProperty().get());
    }

    @Test
    void helpListsTheKeyboardShortcuts() throws Exception {
        clickOn("Help");
        clickOn("Keyboard shortcuts");
        waitUntil("the shortcuts dialog", () -> lookup("#shortcuts-dialog").tryQuery().isPresent());
        List<String> labels = FxWait.onFx(() -> lookup("#shortcuts-dialog .label").queryAllAs(Label.class).stream()
                .map(Label::getText).toList());
        for (String key : new String[] {"W / S", "A / D, Left / Right", "0", "Mouse wheel, pinch", "Drag"}) {
            assertTrue(labels.stream().anyMatch(l -> l.equals(key)), "lists " + key);
        }
        clickOn("OK");
    }

    @Test
    void theShortcutsDialogShowsEveryKeyAndDescriptionWhole() throws Exception {
        interact(() -> {
            javafx.scene.control.Alert a = Dialogs.shortcuts(lookup("#toolbar").query().getScene().getWindow());
            // as wide as it opened under X (Xvfb, 1600 x 1000): the keys and descriptions were cut there
            a.getDialogPane().getScene().getWindow().setWidth(600);
        });
        waitUntil("the shortcuts dialog", () -> lookup("#shortcuts-dialog").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.layout.GridPane grid = FxWait.onFx(() -> lookup("#shortcuts-grid").queryAs(
                javafx.scene.layout.GridPane.class));
        // each label's text and the text it draws, read on FX, which lays them out
        List<String[]> texts = FxWait.onFx(() -> grid.getChildren().stream()
                .map(n -> new String[] {((Label) n).getText(), ShownText.of(n)})
                .toList());
        int labels = 0;
        for (String[] t : texts) {
            assertEquals(t[0], t[1], "cut with an ellipsis");
            labels++;
        }
        assertEquals(2 * Dialogs.SHORTCUTS.length + 1 + 1 + 2 * Dialogs.ALT_LETTERS.length, labels,
                "every key and description, the note under them, and the Alt letters under their heading");
        assertTrue(java.util.Arrays.stream(Dialogs.SHORTCUTS).anyMatch(r -> r[0].equals("Ctrl + G")),
                "the scenario gallery's key is listed");
        assertTrue(java.util.Arrays.stream(Dialogs.SHORTCUTS).anyMatch(r -> r[0].startsWith("Ctrl + 1")),
                "the tabs' keys are listed");
        // the list scrolls inside a dialog that fits the screen: ~980 px of it on a 768 px laptop
        // screen gets 548 px; a 1200 px screen shows it whole
        assertTrue(FxWait.onFx(() -> lookup("#shortcuts-scroll").tryQuery().isPresent()));
        double content = FxWait.onFx(() -> grid.prefHeight(-1));
        assertTrue(content > 768, "the list is taller than a small screen: " + content);
        assertEquals(548, Dialogs.shortcutsViewportPx(content, 768), 1e-9);
        assertEquals(content, Dialogs.shortcutsViewportPx(content, 1200 + content), 1e-9);
        interact(() -> grid.getScene().getWindow().hide());
    }

    @Test
    void toolbarButtonsZoomAndFit() throws Exception {
        waitUntil("the example is shown", () -> vm.timeline().dataset().cpuCount() == 2);
        long full = vm.timeline().spanNs();
        clickOn("#tool-zoom-in");
        assertEquals(full / TimelineView.KEY_ZOOM_FACTOR, vm.timeline().spanNs(), 2);
        clickOn("#tool-fit-all");
        assertEquals(full, vm.timeline().spanNs());
        assertNotEquals(0, paints());
    }
}
