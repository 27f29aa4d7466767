package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.SummaryReport;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.render.TimeRange;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.Viewport;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit > Copy summary on the Dataset tab: the whole dataset's summary with no range selected, and
 * with a range dragged on the axis that range's ("Copy summary of selection"), headed by the window,
 * the figures those of the dataset cut to it - computed in the background (the executor holds the
 * work back: nothing reaches the clipboard until it has run).
 */
@ExtendWith(ApplicationExtension.class)
class CopySummaryOfSelectionWindowTest extends FxRobot {
    private final HeldExecutor executor = new HeldExecutor();
    private Workbench workbench;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        vm = new WorkbenchViewModel(executor, DatasetOpener.standard());
        workbench = new Workbench(vm, owner -> Optional.empty());
        workbench.show(stage);
        vm.openExample();
    }

    private String editItemText() {
        clickOn("Edit");
        WaitForAsyncUtils.waitForFxEvents();
        MenuBar bar = FxWait.onFx(() -> lookup(".menu-bar").queryAs(MenuBar.class));
        Menu edit = bar.getMenus().stream().filter(m -> "menu-edit".equals(m.getId())).findFirst().orElseThrow();
        MenuItem item = edit.getItems().stream().filter(i -> "menu-copy-summary".equals(i.getId())).findFirst()
                .orElseThrow();
        assertTrue(edit.isShowing(), "the Edit menu is open");
        return MenuText.of(item);
    }

    /** Opens Edit, checks the item says {@code itemText}, and copies with it. */
    private String copy(String itemText) throws Exception {
        interact(() -> Clipboard.getSystemClipboard().clear());
        assertEquals(itemText, editItemText());
        // down into the menu first: a pointer crossing the bar to the right would open the next menu
        moveBy(0, 40);
        clickOn(itemText);
        WaitForAsyncUtils.waitForFxEvents();
        String[] got = new String[1];
        interact(() -> got[0] = Clipboard.getSystemClipboard().getString());
        assertEquals(null, got[0], "nothing copied before the background work ran");
        assertFalse(executor.held.isEmpty(), "the summary is made on the executor: "
                + workbench.exports().messageProperty().get());
        executor.runAllInBackground();
        interact(() -> got[0] = Clipboard.getSystemClipboard().getString());
        return got[0];
    }

    @Test
    void copiesTheSelectedRangesSummaryAndSaysSo() throws Exception {
        executor.runAllInBackground();
        // the held work is run from this thread (it waits for the FX thread); what it painted is read on FX
        FxWait.until("the example is open and painted", 30, () -> {
            executor.runAllInBackground();
            return WaitForAsyncUtils.asyncFx(() -> workbench.timelineView().lastPaintedViewport().isPresent()
                    && vm.sourceNameProperty().get().endsWith(".json")).get();
        });
        Dataset d = vm.timeline().dataset();

        String whole = copy("Copy summary as text");
        assertEquals(SummaryReport.render(DatasetSummary.of(d)), whole, "no range: the whole dataset");

        Viewport v = workbench.timelineView().lastPaintedViewport().orElseThrow();
        TimelineLayout l = workbench.timelineView().currentLayout();
        moveTo(workbench.timelineView().localToScreen(l.xOf(v.startNs() + v.spanNs() / 5) + 0.5, 10))
                .press(MouseButton.PRIMARY)
                .moveTo(workbench.timelineView().localToScreen(l.xOf(v.startNs() + v.spanNs() / 2) + 0.5, 10))
                .release(MouseButton.PRIMARY);
        FxWait.untilOnFx("a range", 60, () -> vm.timeline().selection().range().isPresent());
        executor.runAllInBackground(); // what the side panel computes for the range
        TimeRange r = vm.timeline().selection().range().orElseThrow();
        assertTrue(r.startNs() > d.startNs() && r.endNs() < d.endNs(), r.toString());

        String window = copy("Copy summary of selection");
        String title = "window " + DatasetCrop.windowText(r.startNs() - d.startNs(), r.endNs() - d.startNs())
                + " of pgbench-2cpu-50ms.json";
        assertTrue(window.startsWith(title), "headed by the window: " + window);
        String subject = org.schedlab.render.Figures.datasetSubject(vm.sourceNameProperty().get(), d.metadata());
        assertEquals("window " + DatasetCrop.windowText(r.startNs() - d.startNs(), r.endNs() - d.startNs()) + " of "
                + subject, window.substring(0, window.indexOf("\n\n")).replace("\n  ", " "), "the subject whole, wrapped");
        assertEquals(SummaryReport.render(DatasetSummary.of(d.crop(r.startNs(), r.endNs()))),
                window.substring(window.indexOf("\n\n") + 2), "the figures of the dataset cut to the range");
        assertFalse(window.contains(whole.substring(whole.indexOf("\ncpu "))), "not the whole dataset's figures");
        assertTrue(workbench.exports().messageProperty().get().startsWith("Copied the summary of the selection ("),
                workbench.exports().messageProperty().get());
        window.lines().forEach(line -> assertTrue(line.length() <= 72, "mail width: " + line));

        interact(() -> vm.timeline().selection().clearRange());
        assertEquals("Copy summary as text", editItemText());
        press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
    }
}
