package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The parameter panel's slider values in one column: a slider with an auto/off box (baseSliceUs,
 * wakeupIpiUs, rseqSliceExtUs) had the box after its value field, which ended that far left of the
 * other rows' values. Every slider's value field ends at the same x.
 */
@ExtendWith(ApplicationExtension.class)
class ParamValueColumnTest extends FxRobot {
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

    @Test
    void everySlidersValueEndsInOneColumn() throws Exception {
        List<String> wrong = new ArrayList<>();
        int withBox = 0;
        for (Scenario s : ScenarioCatalog.all()) {
            ParameterPanelViewModel vm = new ParameterPanelViewModel(s);
            List<String> ends = new ArrayList<>();
            double[] range = {Double.MAX_VALUE, -Double.MAX_VALUE};
            int[] boxes = new int[1];
            interact(() -> shown.set(vm));
            // picked on screen, the rows come a few per frame (ParamPanelStagingTest)
            FxWait.untilOnFx(s.name() + "'s rows", 60, () -> !panel.isStaging());
            interact(() -> {
                javafx.scene.Parent root = lookup("#param-label-preemption").query().getScene().getRoot();
                root.applyCss();
                root.layout();
                for (ParamViewModel p : vm.params()) {
                    if (p.def().isUnused() || p.control() != ParamViewModel.Control.SLIDER) {
                        continue;
                    }
                    Node row = lookup("#param-" + p.key()).query();
                    TextField value = (TextField) row.lookupAll(".text-field").stream()
                            .filter(n -> n instanceof TextField).findFirst().orElseThrow();
                    Bounds b = value.localToScene(value.getLayoutBounds());
                    range[0] = Math.min(range[0], b.getMaxX());
                    range[1] = Math.max(range[1], b.getMaxX());
                    boolean box = p.specialValue().isPresent();
                    boxes[0] += box ? 1 : 0;
                    ends.add(p.key() + (box ? " (" + p.specialLabel() + ")" : "") + " to " + Math.round(b.getMaxX()));
                }
            });
            withBox += boxes[0];
            if (range[1] - range[0] > 0.5) {
                wrong.add(s.name() + ": " + ends);
            }
        }
        assertTrue(withBox >= 3, "sliders with an auto/off box measured: " + withBox);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }
}
