package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
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
 * At the panel's width, in a window too short for all the rows (so the vertical scroll bar
 * takes its share), every control and its auto/off box stay inside the visible panel: s390-uperf's
 * long "mergeableRxBuffers" once widened the name column until "auto" showed as "aut".
 */
@ExtendWith(ApplicationExtension.class)
class ParamPanelFitTest extends FxRobot {
    private final SimpleObjectProperty<ParameterPanelViewModel> shown = new SimpleObjectProperty<>();
    private ParameterPanel panel;

    @Start
    void start(Stage s) {
        Workbench.applyTheme();
        panel = new ParameterPanel(shown);
        s.setScene(new Scene(panel, ParameterPanel.WIDTH_PX, 420));
        // the primary stage is shared: a class before this one in its JVM may have sized it, and
        // the scene would then be that tall, too tall for the scroll bar this test needs
        s.sizeToScene();
        s.show();
    }

    @Test
    void everyControlFitsInsideTheScrolledPanel() throws Exception {
        List<String> cut = new ArrayList<>();
        for (Scenario s : ScenarioCatalog.all()) {
            ParameterPanelViewModel vm = new ParameterPanelViewModel(s);
            interact(() -> shown.set(vm));
            // a new scenario's rows are made over a few frames, the old ones' ids set aside meanwhile
            FxWait.untilOnFx(s.name() + "'s rows made", 60, () -> !panel.isStaging());
            interact(() -> {
                lookup("#param-label-preemption").query().getScene().getRoot().applyCss();
                lookup("#param-label-preemption").query().getScene().getRoot().layout();
            });
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
            ScrollPane scroll = FxWait.onFx(() -> lookup(".scroll-pane").queryAs(ScrollPane.class));
            Node viewport = scroll.lookup(".viewport");
            Bounds visible = viewport.localToScene(viewport.getLayoutBounds());
            assertTrue(scroll.lookupAll(".scroll-bar").stream().anyMatch(b -> b.isVisible()
                    && ((javafx.scene.control.ScrollBar) b).getOrientation() == javafx.geometry.Orientation.VERTICAL),
                    s.name() + ": the window is short enough for the scroll bar");
            for (ParamViewModel p : vm.params()) {
                if (p.def().isUnused()) {
                    continue; // folded away
                }
                Node name = lookup("#param-label-" + p.key()).query();
                List<Node> parts = new ArrayList<>();
                name.getParent().getChildrenUnmodifiable().stream()
                        .filter(n -> javafx.scene.layout.GridPane.getColumnIndex(n) != null
                                && javafx.scene.layout.GridPane.getColumnIndex(n) == 1
                                && javafx.scene.layout.GridPane.getRowIndex(n)
                                        .equals(javafx.scene.layout.GridPane.getRowIndex(name)))
                        .findFirst().ifPresent(parts::add);
                lookup("#param-special-" + p.key()).tryQuery().ifPresent(parts::add);
                for (Node n : parts) {
                    Bounds b = n.localToScene(n.getLayoutBounds());
                    if (b.getMaxX() > visible.getMaxX() + 0.5) {
                        cut.add(s.name() + " " + p.key() + " " + n.getClass().getSimpleName() + ": to "
                                + Math.round(b.getMaxX()) + " px, the panel shows " + Math.round(visible.getMaxX()));
                    }
                }
            }
        }
        assertTrue(cut.isEmpty(), String.join("\n", cut));
    }
}
