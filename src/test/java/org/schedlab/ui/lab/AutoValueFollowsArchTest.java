package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Case B's per-arch costs are {@code auto}: lineTransferNs 100 ns on x86, 50 on arm64;
 * wakeupIpiUs 3 and 6 us. With arch=arm64 picked, the panel went on showing x86's 100 and 3 beside
 * "auto" while the run used 50 and 6 - a teacher comparing the arches read the wrong figures - and
 * leaving the field then set the stale 100, turning auto off. The fields follow the arch.
 */
@ExtendWith(ApplicationExtension.class)
class AutoValueFollowsArchTest extends FxRobot {
    private final SimpleObjectProperty<ParameterPanelViewModel> shown = new SimpleObjectProperty<>();
    private ParameterPanel panel;

    @Start
    void start(Stage s) {
        Workbench.applyTheme();
        panel = new ParameterPanel(shown);
        s.setScene(new Scene(panel, ParameterPanel.WIDTH_PX, 700));
        s.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        s.show();
    }

    private String field(String key) {
        return FxWait.onFx(() -> lookup("#param-" + key).queryAll().stream()
                .flatMap(n -> n.lookupAll(".text-field").stream()).map(n -> ((TextField) n).getText())
                .findFirst().orElseThrow());
    }

    private double slider(String key) {
        return FxWait.onFx(() -> lookup("#param-" + key).queryAll().stream()
                .flatMap(n -> n.lookupAll(".slider").stream()).map(n -> ((javafx.scene.control.Slider) n).getValue())
                .findFirst().orElseThrow());
    }

    @Test
    void anAutoValueShowsWhatItResolvesToAfterTheArchChanges() throws Exception {
        ParameterPanelViewModel vm = new ParameterPanelViewModel(ScenarioCatalog.builtIn("mongodb-ycsb-a"));
        interact(() -> shown.set(vm));
        FxWait.untilOnFx("the panel's rows", 60, () -> !panel.isStaging());
        assertEquals("100", field("lineTransferNs"));
        assertEquals("3", field("wakeupIpiUs"));
        double x86Thumb = slider("lineTransferNs");
        interact(() -> vm.param("arch").orElseThrow().set("arm64"));
        assertTrue(slider("lineTransferNs") < x86Thumb, "the thumb moves down to 50 with the field");
        assertEquals("50", field("lineTransferNs"), "arm64's line transfer, as the run uses");
        assertEquals("6", field("wakeupIpiUs"), "arm64's wake-up, as the run uses");
        assertEquals("auto", vm.param("lineTransferNs").orElseThrow().value());

        // leaving the field without typing keeps auto
        interact(() -> lookup("#param-lineTransferNs").queryAll().stream()
                .flatMap(n -> n.lookupAll(".text-field").stream()).findFirst().orElseThrow().requestFocus());
        interact(() -> lookup("#param-preemption").query().requestFocus());
        assertEquals("auto", vm.param("lineTransferNs").orElseThrow().value());
    }
}
