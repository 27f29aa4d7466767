package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A refused value's message takes its own line under the parameter: it was drawn over the next
 * parameter's name ("cpus=5000 out of range" across "arch").
 */
@ExtendWith(ApplicationExtension.class)
class ParamErrorLayoutTest extends FxRobot {
    private final ParameterPanelViewModel vm = new ParameterPanelViewModel(LabFixtures.teach());

    @Start
    void start(Stage stage) {
        LabFixtures.showPanel(stage, vm);
    }

    private Bounds sceneBounds(String id) {
        Node n = lookup(id).query();
        return n.localToScene(n.getLayoutBounds());
    }

    @Test
    void theMessageSitsBetweenItsParameterAndTheNext() {
        java.util.List<String> keys = vm.params().stream().map(ParamViewModel::key).toList();
        String first = keys.stream().filter(k -> vm.param(k).orElseThrow().def().isChoice() == false).findFirst()
                .orElseThrow();
        ParamViewModel p = vm.param(first).orElseThrow();
        Bounds nameBefore = null;
        interact(() -> p.set("-99999999"));
        interact(() -> lookup("#param-problem").query().getScene().getRoot().layout());
        assertFalse(p.errorProperty().get().isEmpty());
        Bounds msg = sceneBounds("#param-error-" + first);
        Bounds own = sceneBounds("#param-label-" + first);
        assertTrue(msg.getMinY() >= own.getMaxY() - 0.5, "under its parameter: " + msg + " / " + own);
        for (String k : keys) {
            if (k.equals(first)) {
                continue;
            }
            Bounds other = sceneBounds("#param-label-" + k);
            if (other.getMinX() == own.getMinX() && other.getMinY() > own.getMinY()) {
                nameBefore = other;
                break;
            }
        }
        if (nameBefore != null) {
            assertTrue(msg.getMaxY() <= nameBefore.getMinY() + 0.5, "the next name is pushed down: " + msg
                    + " / " + nameBefore);
        }
    }
}
