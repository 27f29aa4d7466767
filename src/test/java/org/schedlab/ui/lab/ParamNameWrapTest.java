package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A changed parameter's name ("● mightReschedUs (us)") wraps between words, never inside one
 * (at the panel's width the mark split it as "mightReschedU" / "s (us)"), and never runs under
 * its control; the controls of all groups start at one x, and none runs out of its column.
 */
@ExtendWith(ApplicationExtension.class)
class ParamNameWrapTest extends FxRobot {
    private final SimpleObjectProperty<ParameterPanelViewModel> shown = new SimpleObjectProperty<>();
    private ParameterPanel panel;
    private Stage stage;

    @Start
    void start(Stage s) {
        stage = s;
        Workbench.applyTheme();
        panel = new ParameterPanel(shown);
        s.setScene(new Scene(panel, ParameterPanel.WIDTH_PX, 900));
        s.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        s.show();
    }

    /** Another valid value: a different choice, or the other end of the range. */
    private static String other(ParamDef d) {
        if (d.isChoice()) {
            return d.choices().stream().filter(c -> !c.equals(d.value())).findFirst().orElse(d.value());
        }
        String max = java.math.BigDecimal.valueOf(d.max()).stripTrailingZeros().toPlainString();
        return max.equals(d.value()) ? java.math.BigDecimal.valueOf(d.min()).stripTrailingZeros().toPlainString() : max;
    }

    @Test
    void everyChangedNameWrapsBetweenWords() throws Exception {
        List<String> split = new ArrayList<>();
        java.util.Map<String, double[]> controlX = new java.util.TreeMap<>(); // scenario: min, max
        for (Scenario s : ScenarioCatalog.all()) {
            ParameterPanelViewModel vm = new ParameterPanelViewModel(s);
            interact(() -> shown.set(vm));
            // picked on screen, the rows come a few per frame (ParamPanelStagingTest)
            FxWait.untilOnFx(s.name() + "'s rows", 60, () -> !panel.isStaging());
            interact(() -> {
                for (ParamViewModel p : vm.params()) {
                    p.set(other(p.def()));
                }
                lookup("#param-label-preemption").query().getScene().getRoot().applyCss();
                lookup("#param-label-preemption").query().getScene().getRoot().layout();
            });
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents(); // the pulses after the marks' restyle
            for (ParamViewModel p : vm.params()) {
                if (p.def().isUnused()) {
                    continue; // folded away, not laid out; the fold has a grid of its own
                }
                Label name = lookup("#param-label-" + p.key()).queryAs(Label.class);
                javafx.scene.Node control = name.getParent().getChildrenUnmodifiable().stream()
                        .filter(n -> javafx.scene.layout.GridPane.getColumnIndex(n) != null
                                && javafx.scene.layout.GridPane.getColumnIndex(n) == 1
                                && javafx.scene.layout.GridPane.getRowIndex(n)
                                        .equals(javafx.scene.layout.GridPane.getRowIndex(name)))
                        .findFirst().orElseThrow();
                double x = control.localToScene(control.getLayoutBounds()).getMinX();
                controlX.merge(s.name(), new double[] {x, x}, (a, b) -> new double[] {Math.min(a[0], b[0]),
                    Math.max(a[1], b[1])});
                if (control instanceof javafx.scene.layout.Pane box) {
                    for (javafx.scene.Node part : box.getChildrenUnmodifiable()) {
                        if (part.isVisible() && part.getBoundsInParent().getMaxX() > box.getWidth() + 0.5) {
                            split.add(s.name() + " " + p.key() + ": its control's " + part.getClass().getSimpleName()
                                    + " runs out of its column (to " + Math.round(part.getBoundsInParent().getMaxX())
                                    + " px of " + Math.round(box.getWidth()) + ")");
                        }
                    }
                }
                if (name.getBoundsInParent().getMaxX() > control.getBoundsInParent().getMinX() + 0.5) {
                    split.add(s.name() + " " + name.getText() + ": runs under its control (to "
                            + Math.round(name.getBoundsInParent().getMaxX()) + " px, the control from "
                            + Math.round(control.getBoundsInParent().getMinX()) + ")");
                }
                String[] words = name.getText().replace("\u25CF ", "\u25CF\u00A0").split(" ");
                for (String word : words) { // the mark and the name on one line: measured together
                    Text probe = new Text(word.replace('\u00A0', ' '));
                    probe.setFont(name.getFont());
                    double w = probe.getLayoutBounds().getWidth();
                    if (w > name.getWidth() - name.getInsets().getLeft() - name.getInsets().getRight() + 0.5) {
                        split.add(s.name() + " " + name.getText() + ": '" + word + "' " + Math.round(w) + " px in "
                                + Math.round(name.getWidth()));
                    }
                }
            }
        }
        assertTrue(split.isEmpty(), String.join("\n", split));
        // and the groups' controls line up: one name column width for the whole panel
        controlX.forEach((name, x) -> assertTrue(x[1] - x[0] < 1, name + ": controls start at " + x[0] + " to " + x[1]));
    }
}
