package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.SweepPlotData;
import org.schedlab.render.SweepPlotLayout;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A sweep point's right-click menu while the sweep still runs: each run that finished redrew the
 * plot, and the menu closed with it, under the pointer on its way to Open as A. The menu stays
 * while the plot is the same sweep's, and goes when another sweep's plot replaces it.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPointMenuWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private final SimpleObjectProperty<SweepPlotData> data = new SimpleObjectProperty<>(
            sweep("sectionUs", List.of(point(0, 0, 100))));
    private final List<String> opened = new ArrayList<>();
    private SweepPlotView view;

    private static SweepPlotData.Point point(int x, int index, double tps) {
        return new SweepPlotData.Point(x, index, 1, tps, tps, tps, 0.2, 0.2, 0.2);
    }

    private static SweepPlotData sweep(String key, List<SweepPlotData.Point> points) {
        return new SweepPlotData("t", key, List.of("1000", "5000", "9000"), "",
                List.of(new SweepPlotData.Series("", points)), "tps", "postgres (executor)");
    }

    @Start
    void start(Stage primary) {
        view = new SweepPlotView(data, i -> opened.add("live " + i), (side, i) -> opened.add(side + " " + i));
        stage.open(s -> {
            s.setScene(new Scene(new StackPane(view)));
            s.show();
        }, 640, 300);
    }

    private boolean menuShowing() {
        return FxWait.onFx(() -> Window.getWindows().stream()
                .anyMatch(w -> w instanceof ContextMenu c && "sweep-point-menu".equals(c.getId()) && c.isShowing()));
    }

    private void rightClickPoint(int index) throws Exception {
        FxWait.untilOnFx("the markers are drawn", 60, () -> view.layoutNow().markers().stream()
                .anyMatch(k -> k.pointIndex() == index));
        SweepPlotLayout.Marker m = FxWait.onFx(() -> view.layoutNow().markers().stream()
                .filter(k -> k.pointIndex() == index).findFirst().orElseThrow());
        rightClickOn(FxWait.onFx(() -> view.localToScreen(m.xPx(), m.yPx())));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aRunThatFinishesKeepsTheMenuOpenAndItOpensThePointItWasOpenedOn() throws Exception {
        rightClickPoint(0);
        assertTrue(menuShowing(), "the point's menu");
        assertEquals(List.of(), opened, "a right-click opens no run in the Live tab");
        // the sweep's next run: its point joins the plot, and the curve is redrawn
        interact(() -> data.set(sweep("sectionUs", List.of(point(0, 0, 100), point(1, 1, 40)))));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(menuShowing(), "still open over the same sweep's plot");
        clickOn("Open as A");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("A 0"), opened);
    }

    @Test
    void anotherSweepsPlotClosesTheMenu() throws Exception {
        rightClickPoint(0);
        assertTrue(menuShowing());
        // point 0 of another sweep is another point
        interact(() -> data.set(sweep("hz", List.of(point(0, 0, 100)))));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(menuShowing(), "the menu of a point that is gone");
    }

    @Test
    void runSweepAgainOverTheSameValuesClosesTheMenu() throws Exception {
        rightClickPoint(0);
        assertTrue(menuShowing());
        // Run sweep clears the plot: its point 0 is the new sweep's, run over another base
        interact(() -> data.set(sweep("sectionUs", List.of())));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(menuShowing(), "the menu of the sweep replaced");
    }

    @Test
    void aRightClickBesideEveryPointOpensNoMenu() throws Exception {
        FxWait.untilOnFx("the markers are drawn", 60, () -> !view.layoutNow().markers().isEmpty());
        rightClickOn(FxWait.onFx(() -> view.localToScreen(view.getWidth() - 5, 5)));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(menuShowing(), "no point there");
        assertEquals(List.of(), opened);
    }
}
