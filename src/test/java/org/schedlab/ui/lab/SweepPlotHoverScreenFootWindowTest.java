package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.SweepPlotData;
import org.schedlab.render.SweepPlotLayout;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Sweep plot's hover near the screen's bottom edge, with the plot going on below it (a window
 * moved partly off the screen): the room below the pointer is the plot's, not the screen's, and
 * the readout placed there was cut off. It goes above the pointer, as the timeline's does.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPlotHoverScreenFootWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private SweepPlotView view;

    @Start
    void start(Stage primary) {
        List<SweepPlotData.Point> points = List.of(
                new SweepPlotData.Point(0, 0, 1, 10, 10, 10, 0.20, 0.20, 0.20),
                new SweepPlotData.Point(1, 1, 1, 82_000, 82_000, 82_000, 0.23, 0.23, 0.23),
                new SweepPlotData.Point(2, 2, 1, 164_572, 164_572, 164_572, 0.26, 0.26, 0.26));
        SweepPlotData data = new SweepPlotData("t", "hz", List.of("100", "250", "1000"), "",
                List.of(new SweepPlotData.Series("", points)), "tps", "postgres (executor)");
        view = new SweepPlotView(new SimpleObjectProperty<>(data), i -> { }, (side, i) -> { });
        stage.open(s -> {
            s.setScene(new Scene(new StackPane(view)));
            s.show();
        }, 640, 600);
    }

    @Test
    void nearTheScreensFootWithThePlotGoingOnTheHoverIsAbove() throws Exception {
        FxWait.untilOnFx("the markers are drawn", 60, () -> view.layoutNow().markers().size() == 6);
        Node hover = lookup("#sweep-plot-hover").query();
        double height = FxWait.onFx(() -> view.getHeight());
        // a marker with the plot going on well below it and room above it for the readout
        SweepPlotLayout.Marker m = FxWait.onFx(() -> view.layoutNow().markers().stream()
                .filter(k -> k.yPx() > 150 && k.yPx() < height - 200)
                .findFirst().orElseThrow(() -> new AssertionError(view.layoutNow().markers().toString())));
        // the window moved down until that marker is 30 px above the screen's bottom edge
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        FxWait.onFx(() -> {
            Point2D now = view.localToScreen(m.xPx(), m.yPx());
            stage.get().setY(stage.get().getY() + screen.getMaxY() - 30 - now.getY());
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Point2D at = FxWait.onFx(() -> view.localToScreen(m.xPx(), m.yPx()));
        assertTrue(at.getY() < screen.getMaxY() && at.getY() > screen.getMaxY() - 40, "moved: " + at + " in " + screen);
        moveTo(at);
        FxWait.untilOnFx("the hover shows", 60, hover::isVisible);
        WaitForAsyncUtils.waitForFxEvents();
        Bounds b = FxWait.onFx(() -> hover.getBoundsInParent());
        assertTrue(m.yPx() + 16 + b.getHeight() < height, "below would fit the plot: " + m + " " + b);
        assertTrue(b.getMaxY() < m.yPx(), "above the pointer, on the screen: " + b + " at " + m.yPx());
    }
}
