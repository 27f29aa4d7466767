package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.io.DatasetJson;
import org.schedlab.render.LegendEntry;
import org.schedlab.render.TimelineLayout;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A legend for every color, even when the legend strip is too narrow: the key row of a timeline
 * with CPU, task and lock lanes ends in "+N more" in a narrow window (the A/B halves, the live
 * run), and pointing at either legend row lists every entry of it in the hover readout.
 */
@ExtendWith(ApplicationExtension.class)
class LegendHoverWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private Path nextPick;
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        vm = new WorkbenchViewModel(executor, DatasetOpener.json());
        workbench = new Workbench(vm, owner -> Optional.ofNullable(nextPick));
        workbench.show(stage);
        widthBefore = stage.getWidth(); // the primary stage is shared: later test classes expect its size back
        stage.setWidth(900);
    }

    private double widthBefore;

    @AfterEach
    void stopWorkers() throws Exception {
        org.testfx.api.FxToolkit.setupFixture(() -> stage.setWidth(widthBefore));
        executor.shutdown();
    }

    /** Opens the lock-holder-preemption fixture with tasks 0 and 1 in lanes, painted once {@code key} is in the key. */
    private void openWithTwoTaskLanes(String key) throws Exception {
        Path file = dir.resolve("lock-holder-preemption.json");
        DatasetJson.write(LockHolderPreemption.dataset(), file);
        nextPick = file;
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the fixture is painted", 60, () -> vm.timeline().dataset().cpuCount() == 10
                && view().lastFrame().isPresent() && !view().lastFrame().get().keys().isEmpty());
        interact(() -> vm.timeline().setTaskLanes(List.of(0, 1)));
        FxWait.untilOnFx("task lanes are painted", 60, () -> view().lastFrame().get().keys().stream()
                .anyMatch(k -> k.label().equals(key)));
    }

    private TimelineView view() {
        return workbench.timelineView();
    }

    @Test
    void pointingAtTheKeyRowListsEveryKeyAndTheInViewRowEveryTask() throws Exception {
        openWithTwoTaskLanes("running"); // the lanes key only the states they show

        TimelineLayout l = view().currentLayout();
        double keyRowY = l.legendTopPx() + 1 + TimelineLayout.LEGEND_ROW_PX * 1.5;
        Point2D key = view().localToScreen(l.plotLeftPx() + 40, keyRowY);
        moveTo(key);
        Label hover = FxWait.onFx(() -> lookup("#timeline-hover").queryAs(Label.class));
        List<LegendEntry> keys = view().lastFrame().get().keys();
        FxWait.untilOnFx("the key list", 60, () -> hover.isVisible() && hover.getText().startsWith("Key"));
        for (LegendEntry k : keys) {
            assertTrue(hover.getText().contains(k.label()), "lists " + k.label() + ": " + hover.getText());
        }

        double colorRowY = l.legendTopPx() + 1 + TimelineLayout.LEGEND_ROW_PX * 0.5;
        moveTo(view().localToScreen(l.plotLeftPx() + 40, colorRowY));
        List<LegendEntry> colors = view().lastFrame().get().legend();
        assertFalse(colors.isEmpty());
        FxWait.untilOnFx("the task list", 60, () -> hover.getText().startsWith("In view"));
        for (LegendEntry c : colors) {
            assertTrue(hover.getText().contains(c.label()), "lists " + c.label() + ": " + hover.getText());
        }
    }

    /**
     * The hover's list has each entry's swatch beside its name: the live run's key strip ends in
     * "+3 more" on a laptop, and its hover listed "runnable" and "sleeping" as words alone, leaving
     * the yellow and grey of task B's lane (why B waited) unexplained.
     */
    @Test
    void theKeyListShowsEachEntrysColorBesideItsName() throws Exception {
        openWithTwoTaskLanes("runnable");
        TimelineLayout l = view().currentLayout();
        moveTo(view().localToScreen(l.plotLeftPx() + 40, l.legendTopPx() + 1 + TimelineLayout.LEGEND_ROW_PX * 1.5));
        Label hover = FxWait.onFx(() -> lookup("#timeline-hover").queryAs(Label.class));
        FxWait.untilOnFx("the key list", 60, () -> hover.isVisible() && hover.getText().startsWith("Key"));
        List<LegendEntry> keys = FxWait.onFx(() -> view().lastFrame().get().keys());
        interact(() -> {
            assertTrue(hover.getGraphic() instanceof javafx.scene.Parent, "swatches beside the list");
            List<javafx.scene.Node> rows = ((javafx.scene.Parent) hover.getGraphic()).getChildrenUnmodifiable();
            assertEquals(hover.getText().split("\n").length, rows.size(), "a row beside each line");
            assertEquals(hover.getText().split("\n").length * rows.get(0).getLayoutBounds().getHeight(),
                    hover.getGraphic().getLayoutBounds().getHeight(), 0.5, "rows as tall as the lines");
            for (LegendEntry k : keys) {
                if (k.kind() != LegendEntry.Kind.SWATCH || org.schedlab.render.Argb.alpha(k.argb()) == 0) {
                    continue;
                }
                javafx.scene.Node row = rows.stream().filter(r -> k.label().equals(r.getUserData())).findFirst()
                        .orElseThrow(() -> new AssertionError("no swatch for " + k.label()));
                javafx.scene.image.WritableImage img = row.snapshot(null, null);
                javafx.scene.paint.Color c = img.getPixelReader().getColor((int) (img.getWidth() / 2),
                        (int) (img.getHeight() / 2));
                int argb = k.argb();
                assertEquals(((argb >> 16) & 0xff) / 255.0, c.getRed(), 0.02, k.label() + " red");
                assertEquals(((argb >> 8) & 0xff) / 255.0, c.getGreen(), 0.02, k.label() + " green");
                assertEquals((argb & 0xff) / 255.0, c.getBlue(), 0.02, k.label() + " blue");
            }
        });
        // over a slice the readout has no swatches
        moveTo(view().localToScreen(l.plotLeftPx() + 40, l.lanesTopPx() + 6));
        FxWait.untilOnFx("the slice's readout", 60, () -> !hover.getText().startsWith("Key"));
        assertEquals(null, FxWait.onFx(hover::getGraphic));
    }
}
