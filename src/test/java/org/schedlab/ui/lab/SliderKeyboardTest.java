package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A parameter's slider reached by Tab: the arrows step it a value at a time, as a user on the
 * keyboard tries 95 CPUs after 96. Its track runs 0..1, and JavaFX's step of a tenth of a 0..1
 * track took one Left from 96 CPUs to 1 (and a second run of a 1-CPU machine under way).
 */
@ExtendWith(ApplicationExtension.class)
class SliderKeyboardTest extends FxRobot {
    private final SimpleObjectProperty<ParameterPanelViewModel> shown = new SimpleObjectProperty<>();
    private ParameterPanel panel;

    @Start
    void start(Stage s) {
        Workbench.applyTheme();
        panel = new ParameterPanel(shown);
        Scene scene = new Scene(panel, ParameterPanel.WIDTH_PX, 700);
        scene.getStylesheets().add(Workbench.class.getResource("workbench.css").toExternalForm()); // the window's
        s.setScene(scene);
        s.sizeToScene();
        s.show();
    }

    @Test
    void theArrowsStepASliderByOneValue() throws Exception {
        ParameterPanelViewModel vm = new ParameterPanelViewModel(ScenarioCatalog.builtIn("pgbench-graviton4"));
        interact(() -> shown.set(vm));
        FxWait.untilOnFx("the panel's rows", 60, () -> !panel.isStaging());
        var cpus = vm.param("cpus").orElseThrow();
        assertEquals("96", FxWait.onFx(cpus::value));
        Slider slider = FxWait.onFx(() -> (Slider) lookup("#param-cpus").queryAll().stream()
                .flatMap(n -> n.lookupAll(".slider").stream()).findFirst().orElseThrow());
        java.util.function.Supplier<javafx.scene.paint.Color> corner = () -> {
            slider.applyCss();
            return slider.snapshot(null, null).getPixelReader().getColor(2, 2);
        };
        javafx.scene.paint.Color unmarked = FxWait.onFx(corner::get);
        interact(() -> lookup("#param-scheduler").queryAll().stream()
                .flatMap(n -> n.lookupAll(".combo-box").stream()).findFirst().orElseThrow().requestFocus());
        for (int i = 0; i < 5 && !FxWait.onFx(slider::isFocused); i++) {
            type(KeyCode.TAB);
        }
        assertTrue(FxWait.onFx(() -> slider.isFocused() && slider.isFocusVisible()), "Tab reaches the cpus slider");
        javafx.scene.paint.Color marked = FxWait.onFx(corner::get);
        assertTrue(!marked.equals(unmarked) && marked.getBlue() > marked.getRed(),
                "the slider with the keyboard is shaded in the accent colour: " + unmarked + " -> " + marked);
        // each key, and the value it leaves: one step at a time, the ends by Home/End
        String[][] steps = {{"LEFT", "95", "Left: one CPU fewer"}, {"LEFT", "94", "Left again: one fewer again"},
            {"UP", "95", "Up: one more"}, {"HOME", "1", "Home: the least"}, {"RIGHT", "2", "Right from there: the next"}};
        for (String[] step : steps) {
            type(KeyCode.valueOf(step[0]));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(step[1], FxWait.onFx(cpus::value), step[2]);
        }
    }
}
