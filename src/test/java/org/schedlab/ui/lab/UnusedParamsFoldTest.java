package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Parameters the scenario marks unused (a spin delay where nothing spins) are folded under "Not
 * used by this scenario", each saying why in its tooltip; the ones that matter stay in their groups.
 */
@ExtendWith(ApplicationExtension.class)
class UnusedParamsFoldTest extends FxRobot {
    private final ParameterPanelViewModel vm = new ParameterPanelViewModel(LabFixtures.teach());

    @Start
    void start(Stage stage) {
        LabFixtures.showPanel(stage, vm);
    }

    private static TitledPane foldOf(Node n) {
        for (Parent p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TitledPane t) {
                return t;
            }
        }
        return null;
    }

    @Test
    void unusedParametersAreFoldedWithTheirReason() {
        TitledPane fold = FxWait.onFx(() -> lookup("#params-unused").queryAs(TitledPane.class));
        assertEquals("Not used by this scenario (3)", fold.getText());
        assertFalse(fold.isExpanded());
        for (String key : new String[] {"spinDelay", "lineTransferNs", "rseqSliceExtUs"}) {
            Label name = lookup("#param-label-" + key).queryAs(Label.class);
            assertEquals(fold, foldOf(name), key + " folded");
            // the tooltip's text (made when hovered; ParameterPanelTooltipTest hovers)
            assertTrue(name.getAccessibleHelp().startsWith("Not used by this scenario: "), name.getAccessibleHelp());
        }
        for (String key : new String[] {"preemption", "sectionUs", "stealPct"}) {
            Node name = lookup("#param-label-" + key).query();
            assertNotNull(name);
            assertNull(foldOf(name), key + " stays in its group");
        }
        // unfolded, they are still settable: a value is accepted and changes nothing
        interact(() -> fold.setExpanded(true)); // at the panel's foot, below the scroll's view here
        assertTrue(FxWait.onFx(() -> lookup("#param-label-spinDelay").query().isVisible()));
        interact(() -> vm.param("rseqSliceExtUs").orElseThrow().set("10"));
        assertEquals("10", vm.overrides().get("rseqSliceExtUs"));
    }

    @Test
    void aParameterWaitingForAnothersValueIsGreyedAndSaysWhatItWaitsFor() {
        Label waits = FxWait.onFx(() -> lookup("#param-condition-stealBurstUs").queryAs(Label.class));
        assertTrue(waits.isVisible());
        assertEquals("only with stealPct other than 0: changes nothing now", waits.getText());
        Node name = FxWait.onFx(() -> lookup("#param-label-stealBurstUs").query());
        Node control = name.getParent().getChildrenUnmodifiable().stream()
                .filter(n -> GridPane.getColumnIndex(n) != null && GridPane.getColumnIndex(n) == 1
                        && GridPane.getRowIndex(n).equals(GridPane.getRowIndex(name)))
                .findFirst().orElseThrow();
        assertTrue(control.isDisabled());
        interact(() -> vm.param("stealPct").orElseThrow().set("5"));
        assertFalse(waits.isVisible());
        assertFalse(control.isDisabled());
    }
}
