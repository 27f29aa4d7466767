package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
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
 * The Sweep plot's hover was always put below the pointer, so over a point near the plot's bottom
 * it ran past the plot (and, with the window at the screen's foot, past the screen's edge, cut
 * off). It is placed as the timeline's readout is: above the pointer where it does not fit below.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPlotHoverWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private SweepPlotView view;

    @Start
    void start(Stage primary) {
        // throughput from 0 up: the lowest point sits at the plot's foot
        view = twoHzPoints(164_572);
        stage.open(s -> {
            s.setScene(new Scene(new StackPane(view)));
            s.show();
        }, 640, 220);
    }

    @Test
    void overThePointAtThePlotsFootTheHoverIsAboveThePointerInsideThePlot() throws Exception {
        // a marker per point in each of the two panels (throughput over the metric)
        FxWait.untilOnFx("the markers are drawn", 60, () -> view.layoutNow().markers().size() == 4);
        SweepPlotLayout.Marker low = FxWait.onFx(() -> view.layoutNow().markers().stream()
                .max((a, b) -> Double.compare(a.yPx(), b.yPx())).orElseThrow());
        Node hover = lookup("#sweep-plot-hover").query();
        // the hover's height, as it is made for this point, is more than the room below the point
        Point2D at = FxWait.onFx(() -> view.localToScreen(low.xPx(), low.yPx()));
        moveTo(at);
        FxWait.untilOnFx("the hover shows", 60, hover::isVisible);
        WaitForAsyncUtils.waitForFxEvents();
        Bounds b = FxWait.onFx(() -> hover.getBoundsInParent());
        double height = FxWait.onFx(() -> view.getHeight());
        assertTrue(low.yPx() + 18 + b.getHeight() > height, "the point is near the foot: " + low + " " + b);
        assertTrue(b.getMaxY() <= height, "inside the plot: " + b + " in " + height);
        assertTrue(b.getMaxY() < low.yPx(), "above the pointer, not over it: " + b + " at " + low.yPx());
    }

    /** A plot of two points, hz 100 at 10 tps and hz 1000 at {@code highTps}, with no menus. */
    static SweepPlotView twoHzPoints(double highTps) {
        List<SweepPlotData.Point> points = List.of(
                new SweepPlotData.Point(0, 0, 1, 10, 10, 10, 0.20, 0.20, 0.20),
                new SweepPlotData.Point(1, 1, 1, highTps, highTps, highTps, 0.26, 0.26, 0.26));
        SweepPlotData data = new SweepPlotData("t", "hz", List.of("100", "1000"), "",
                List.of(new SweepPlotData.Series("", points)), "tps", "postgres (executor)");
        return new SweepPlotView(new SimpleObjectProperty<>(data), i -> { }, (side, i) -> { });
    }
}
