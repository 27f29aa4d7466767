package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.io.DatasetJson;
import org.schedlab.render.TimelineLayout;

/**
 * The wheel over the lanes' names: there is no time there to zoom at, and the wheel zoomed at the
 * plot's left edge, which on a recording looked like nothing happening. It scrolls the lanes
 * there, as Shift+wheel does anywhere; over the plot it still zooms and leaves the lanes alone.
 */
@ExtendWith(ApplicationExtension.class)
class LaneNamesWheelWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private Path nextPick;
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private BackgroundTaskExecutor executor;
    private Stage stage;
    private double heightBefore;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.applyTheme();
        executor = new BackgroundTaskExecutor();
        vm = new WorkbenchViewModel(executor, DatasetOpener.json());
        workbench = new Workbench(vm, owner -> Optional.ofNullable(nextPick));
        workbench.show(stage);
        heightBefore = stage.getHeight(); // the primary stage is shared: later test classes expect its size back
        stage.setHeight(420); // ten CPU lanes and two task lanes more than the lanes' room
    }

    @AfterEach
    void stopWorkers() throws Exception {
        org.testfx.api.FxToolkit.setupFixture(() -> stage.setHeight(heightBefore));
        executor.shutdown();
    }

    @Test
    void theWheelOverTheLaneNamesScrollsTheLanesAndOverThePlotZooms() throws Exception {
        Path file = dir.resolve("lock-holder-preemption.json");
        DatasetJson.write(LockHolderPreemption.dataset(), file);
        nextPick = file;
        clickOn("File");
        clickOn("Open\u2026");
        TimelineView view = workbench.timelineView();
        FxWait.untilOnFx("the fixture is painted", 20, () -> vm.timeline().dataset().cpuCount() == 10
                && view.lastFrame().isPresent());
        interact(() -> vm.timeline().setTaskLanes(List.of(0, 1)));
        FxWait.untilOnFx("more lanes than room", 20, () -> view.currentLayout().maxScrollPx() > 40);
        TimelineLayout layout = FxWait.onFx(view::currentLayout);
        long whole = vm.timeline().spanNs();
        double plot = layout.plotLeftPx() + layout.plotWidthPx() / 2;
        double names = layout.plotLeftPx() / 2;
        interact(() -> vm.timeline().laneScrollPxProperty().set(0));

        // over the plot: a notch away from the user zooms in, the lanes stay at the top
        interact(() -> view.fireEvent(wheel(plot, 40)));
        long zoomed = vm.timeline().spanNs();
        assertTrue(zoomed < whole, "over the plot the wheel zooms");
        assertEquals(0, FxWait.onFx(() -> vm.timeline().laneScrollPxProperty().get()), "and leaves the lanes alone");

        // over the names: a notch towards the user scrolls the lanes down (it zoomed back out)
        interact(() -> view.fireEvent(wheel(names, -40)));
        double scrolled = FxWait.onFx(() -> vm.timeline().laneScrollPxProperty().get());
        assertTrue(scrolled > 0, "over the names the wheel scrolls the lanes down: " + scrolled);
        assertEquals(zoomed, vm.timeline().spanNs(), "and zooms nothing");
    }

    private static ScrollEvent wheel(double x, double deltaY) {
        return new ScrollEvent(ScrollEvent.SCROLL, x, 200, x, 200, false, false, false, false, false, false,
                0, deltaY, 0, deltaY, 40, 40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null);
    }
}
