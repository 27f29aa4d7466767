package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.Theme;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Sweep tab's plot on screen follows View > Dark theme as the timeline does: dark panels in a
 * dark window (the renderer's own colors are DarkSweepPlotTest's), light again after.
 */
@ExtendWith(ApplicationExtension.class)
class DarkSweepPlotViewWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private SweepPlotView view;
    private StackPane root;

    @Start
    void start(Stage primary) {
        view = SweepPlotHoverWindowTest.twoHzPoints(20);
        root = new StackPane(view);
        stage.open(s -> {
            s.setScene(new Scene(root));
            s.show();
        }, 640, 320);
    }

    @AfterEach
    void lightAgain() throws Exception {
        FxWait.onFx(() -> {
            Theme.apply(root, false); // the JVM's next tests
            return null;
        });
    }

    @Test
    void thePlotRepaintsDarkInADarkWindowAndLightAgain() throws Exception {
        FxWait.untilOnFx("the markers are drawn", 60, () -> view.layoutNow().markers().size() == 4);
        assertTrue(FxWait.onFx(this::cornerLuminance) > 0.8, "light to begin with");
        FxWait.onFx(() -> {
            Theme.apply(root, true);
            return null;
        });
        FxWait.untilOnFx("the plot repainted dark", 60, () -> cornerLuminance() < 0.15);
        FxWait.onFx(() -> {
            Theme.apply(root, false);
            return null;
        });
        FxWait.untilOnFx("the plot repainted light", 60, () -> cornerLuminance() > 0.8);
    }

    /** The plot's background in its top-left corner, outside its panels. */
    private double cornerLuminance() {
        Canvas canvas = (Canvas) view.getChildrenUnmodifiable().stream().filter(n -> n instanceof Canvas)
                .findFirst().orElseThrow();
        int argb = canvas.snapshot(null, null).getPixelReader().getArgb(2, 2);
        return (0.2126 * ((argb >> 16) & 0xFF) + 0.7152 * ((argb >> 8) & 0xFF) + 0.0722 * (argb & 0xFF)) / 255.0;
    }
}
