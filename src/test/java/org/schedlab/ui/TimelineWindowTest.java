package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.render.ColorMode;
import org.schedlab.render.LegendEntry;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackKind;
import org.schedlab.render.TrackRow;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline's reading paths in the real window, headless: a dataset with a lock-holder
 * preemption is opened through File > Open, then a slice is clicked, a range dragged on the axis,
 * a task searched, the color mode switched, a group collapsed and the next lock-holder
 * preemption visited - as a user would, checking what the panels and the painted frame say.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @BeforeEach
    void openTheFixture() throws Exception {
        window.openLockHolderPreemption(this, dir);
        waitUntil("its summary", () -> window.vm.timeline().summary().summary().isPresent());
        waitUntil("it is painted", () -> view().lastPaintedViewport().map(v -> v.endNs() == us(600)).orElse(false));
    }

    private TimelineView view() {
        return window.workbench.timelineView();
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    /** Where {@code (x, y)} of the timeline is on screen, read on FX, which places the window. */
    private Point2D screen(double x, double y) {
        return FxWait.onFx(() -> view().localToScreen(x, y));
    }

    /** The timeline's layout, read on FX, which sizes the canvas and writes the view model. */
    private TimelineLayout layout() {
        return FxWait.onFx(() -> view().currentLayout());
    }

    private Point2D onCpu(int cpu, long tNs) {
        TimelineLayout l = layout();
        TrackRow row = l.cpuLane(cpu);
        return screen(l.xOf(tNs) + 0.5, row.topPx() + row.heightPx() / 2);
    }

    @Test
    void clickingASliceShowsItsDetailsAndWhyItEnded() throws Exception {
        clickOn(onCpu(0, us(100)));
        TextArea details = FxWait.onFx(() -> lookup("#selection-details").queryAs(TextArea.class));
        waitUntil("details", () -> details.getText().startsWith("postgres[5000]"));
        String text = FxWait.onFx(details::getText);
        assertTrue(text.contains("duration  150 us"), text);
        assertTrue(text.contains("Preempted while holding a lock"), text);
        assertEquals(TrackKind.CPU, window.vm.timeline().paintOptions().selected().orElseThrow().kind());
        clickOn(onCpu(0, us(250)));
        waitUntil("the kworker's slice", () -> details.getText().startsWith("kworker/0:1[90]"));
        type(KeyCode.ESCAPE);
        waitUntil("Esc clears it", () -> details.getText().isEmpty());
    }

    @Test
    void draggingOnTheAxisSelectsARangeAndReadsItsDuration() throws Exception {
        TimelineLayout l = layout();
        Point2D from = screen(l.xOf(us(100)) + 0.5, 10);
        Point2D to = screen(l.xOf(us(300)) + 0.5, 10);
        moveTo(from).press(MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        waitUntil("a range", () -> window.vm.timeline().selection().range().isPresent());
        long dur = window.vm.timeline().selection().range().orElseThrow().durationNs();
        assertEquals(200_000, dur, 2 * l.nsPerPx(), "200 us within the pixels");
        String range = FxWait.onFx(() -> lookup("#selection-range").queryAs(Label.class).getText());
        assertTrue(range.matches("(199|200|201)(\\.\\d+)? us: \\+.*"), range);
        waitUntil("the summary follows the range", () -> window.vm.timeline().summary().summary()
                .map(s -> !s.wholeRun()).orElse(false));
        type(KeyCode.F);
        waitUntil("F fits it", () -> Math.abs(window.vm.timeline().spanNs() - dur) <= 1);
        assertEquals(window.vm.timeline().selection().range().orElseThrow().startNs(), window.vm.timeline().startNs());
    }

    @Test
    void afterADragTheTimeLineIsWhereThePointerIsNotWhereTheDragBegan() throws Exception {
        TimelineLayout l = layout();
        Point2D from = screen(l.xOf(us(100)) + 0.5, 10);
        Point2D to = screen(l.xOf(us(300)) + 0.5, 10);
        moveTo(from).press(MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        waitUntil("a range", () -> window.vm.timeline().selection().range().isPresent());
        waitUntil("the range is painted", () -> view().paintCountProperty().get() > 0
                && window.vm.timeline().paintOptions().range().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        // the frames painted after the release re-read the pointer: they put the time line and its
        // badge back at the press, over the range's duration badge, until the pointer moved again
        long at = FxWait.onFx(() -> window.vm.timeline().cursorNsProperty().get().orElse(us(300)));
        assertEquals(us(300), at, 2 * l.nsPerPx(), "the time line is at the pointer, where the drag ended");
    }

    @Test
    void searchingATaskHighlightsItAcrossTheCpus() throws Exception {
        clickOn("#task-search").write("kworker");
        Label found = FxWait.onFx(() -> lookup("#search-summary").queryAs(Label.class));
        waitUntil("the match count", () -> found.getText().equals("1 task: kworker/0:1[90]"));
        waitUntil("a frame with the search", () -> view().lastFrame().map(f -> f.keys().stream()
                .anyMatch(k -> k.label().startsWith("search \u201Ckworker\u201D"))).orElse(false));
        type(KeyCode.ESCAPE); // closes the completion popup
        // Enter in the search field is "next" (Help lists it); the toolbar button may sit in the
        // toolbar's overflow when the merged toolbar is wider than the test window.
        clickOn("#task-search").type(KeyCode.ENTER);
        waitUntil("next selects its run", () -> window.vm.timeline().selection().item()
                .map(h -> h instanceof SliceHit s && s.task() == LockHolderPreemption.KWORKER).orElse(false));
        interact(() -> lookup("#task-search").queryAs(TextField.class).clear());
        waitUntil("cleared", () -> found.getText().isEmpty());
    }

    @Test
    void colorModeButtonsAndTheCKeySwitchTheLaneColorsAndTheLegend() throws Exception {
        clickOn("#color-by-state");
        waitUntil("by state", () -> window.vm.timeline().colorModeProperty().get() == ColorMode.BY_STATE
                && view().lastFrame().map(f -> f.legend().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.STATE
                && e.label().equals("spinning"))).orElse(false));
        clickOn(view());
        type(KeyCode.C);
        waitUntil("C goes back to by task", () -> window.vm.timeline().colorModeProperty().get() == ColorMode.BY_TASK
                && view().lastFrame().map(f -> f.legend().stream().anyMatch(e -> e.kind() == LegendEntry.Kind.TASK))
                .orElse(false));
    }

    @Test
    void aRestingPointerDoesNotKeepTheTimelineRepainting() throws Exception {
        moveTo(onCpu(3, us(300)));
        waitUntil("the cursor line is there", () -> window.vm.timeline().cursorNsProperty().get().isPresent());
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
        int before = FxWait.onFx(() -> view().paintCountProperty().get());
        Thread.sleep(600);
        WaitForAsyncUtils.waitForFxEvents();
        int after = FxWait.onFx(() -> view().paintCountProperty().get());
        assertTrue(after - before <= 1, "painted " + (after - before) + " frames with nothing changing");
    }

    @Test
    void clickingAGroupHeaderCollapsesItAndTheNextLockHolderPreemptionIsOneKeyAway() throws Exception {
        TrackRow header = layout().visibleRows().get(0);
        clickOn(screen(40, header.topPx() + header.heightPx() / 2));
        waitUntil("CPUs collapsed", () -> window.vm.timeline().trackSpecProperty().get().isCollapsed(TrackGroup.CPUS));
        clickOn(screen(40, header.topPx() + header.heightPx() / 2));
        waitUntil("and open again", () -> !window.vm.timeline().trackSpecProperty().get().isCollapsed(TrackGroup.CPUS));
        type(KeyCode.L);
        TextArea details = FxWait.onFx(() -> lookup("#selection-details").queryAs(TextArea.class));
        waitUntil("the holder's slice", () -> details.getText().contains("Preempted while holding a lock"));
        Label frame = FxWait.onFx(() -> lookup("#status-frame").queryAs(Label.class));
        String shown = FxWait.onFx(frame::getText);
        assertTrue(shown.matches("frame \\d+\\.\\d ms"), shown);
        // the tooltip's text, made on the first hover (ToolbarTooltipsWindowTest)
        String help = FxWait.onFx(frame::getAccessibleHelp);
        assertTrue(help.matches("Last frame: \\d+\\.\\d ms painting .*, \\d+\\.\\d ms folding .*"), help);
    }
}
