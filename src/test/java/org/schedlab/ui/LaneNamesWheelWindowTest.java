package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.TimelineLayout;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The wheel over the lanes' names: there is no time there to zoom at, and the wheel zoomed at the
 * plot's left edge, which on a recording looked like nothing happening. It scrolls the lanes
 * there, as Shift+wheel does anywhere; over the plot it still zooms and leaves the lanes alone.
 */
@ExtendWith(ApplicationExtension.class)
class LaneNamesWheelWindowTest extends FxRobot {
    @TempDir
    Path dir;
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        // short: ten CPU lanes and two task lanes more than the lanes' room
        stage.open(st -> window.show(st), 900, 420);
    }

    @Test
    void theWheelOverTheLaneNamesScrollsTheLanesAndOverThePlotZooms() throws Exception {
        window.openLockHolderPreemption(this, dir);
        TimelineView view = window.workbench.timelineView();
        interact(() -> window.vm.timeline().setTaskLanes(List.of(0, 1)));
        FxWait.untilOnFx("more lanes than room", 60, () -> view.currentLayout().maxScrollPx() > 40);
        TimelineViewModel vm = window.vm.timeline();
        TimelineLayout layout = FxWait.onFx(view::currentLayout);
        long whole = vm.spanNs();
        double plot = layout.plotLeftPx() + layout.plotWidthPx() / 2;
        double names = layout.plotLeftPx() / 2;
        interact(() -> vm.laneScrollPxProperty().set(0));

        // over the plot: a notch away from the user zooms in, the lanes stay at the top
        interact(() -> view.fireEvent(wheel(plot, 40)));
        long zoomed = vm.spanNs();
        assertTrue(zoomed < whole, "over the plot the wheel zooms");
        assertEquals(0, FxWait.onFx(() -> vm.laneScrollPxProperty().get()), "and leaves the lanes alone");

        // over the names: a notch towards the user scrolls the lanes down (it zoomed back out)
        interact(() -> view.fireEvent(wheel(names, -40)));
        double scrolled = FxWait.onFx(() -> vm.laneScrollPxProperty().get());
        assertTrue(scrolled > 0, "over the names the wheel scrolls the lanes down: " + scrolled);
        assertEquals(zoomed, vm.spanNs(), "and zooms nothing");
    }

    private static ScrollEvent wheel(double x, double deltaY) {
        return new ScrollEvent(ScrollEvent.SCROLL, x, 200, x, 200, false, false, false, false, false, false,
                0, deltaY, 0, deltaY, 40, 40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null);
    }
}
