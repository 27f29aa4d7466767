package org.schedlab.ui.lab;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.stage.Stage;

import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A measurement aid, not a test: shows the parameter panel alone in a themed 380 x 900 window
 * and picks every built-in scenario {@code rounds} times (first argument, default 4), one pick every
 * {@code pause} ms (second, default 1500: a pick before the last one's rows are shown drops those), with
 * {@code -Dschedlab.paramPanelTimes=true} printing what each pick cost the FX thread
 * (docs/BENCHMARKS.md). Run on a real display (Xvfb), with the test classpath.
 */
public final class ParamPanelPickTimes {
    private ParamPanelPickTimes() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("schedlab.paramPanelTimes", "true");
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long pause = args.length > 1 ? Long.parseLong(args[1]) : 1500;
        List<String> names = ScenarioCatalog.names();
        SimpleObjectProperty<ParameterPanelViewModel> shown = new SimpleObjectProperty<>();
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(() -> {
            org.schedlab.ui.Workbench.applyTheme();
            Stage stage = new Stage();
            Scene scene = new Scene(new ParameterPanel(shown), ParameterPanel.WIDTH_PX, 900);
            scene.getStylesheets().add(org.schedlab.ui.Workbench.class.getResource("workbench.css").toExternalForm());
            stage.setScene(scene);
            stage.show();
            up.countDown();
        });
        up.await(10, TimeUnit.SECONDS);
        for (int r = 0; r < rounds; r++) {
            for (String name : names) {
                var scenario = ScenarioCatalog.builtIn(name); // read here: the pick's file is read off the FX thread
                Platform.runLater(() -> shown.set(new ParameterPanelViewModel(scenario)));
                Thread.sleep(pause);
            }
        }
        Platform.exit();
    }
}
