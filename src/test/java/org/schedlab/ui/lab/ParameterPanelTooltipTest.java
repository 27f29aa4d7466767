package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A parameter's explanation shows when its name, its slider or its reset button is hovered, as it
 * always did, and its text is each control's accessible help from the start (what a screen reader
 * reads from a tooltip); but no tooltip - a popup window with a scene of its own, two per
 * parameter - is made before something is hovered or focused: made up front, they cost the first
 * screen FX-thread time for the few a user ever points at.
 */
@ExtendWith(ApplicationExtension.class)
class ParameterPanelTooltipTest extends FxRobot {
    private final ParameterPanelViewModel vm = new ParameterPanelViewModel(LabFixtures.teach());
    private Stage stage;

    @Start
    void start(Stage s) {
        stage = s;
        LabFixtures.showPanel(s, vm);
    }

    private static void controls(Node n, List<Control> out) {
        if (n instanceof Control c) {
            out.add(c);
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                controls(child, out);
            }
        }
    }

    /** The text of the tooltip on screen, empty when none shows. */
    private String shownTooltip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                .filter(w -> w instanceof Tooltip && w.isShowing()).map(w -> ((Tooltip) w).getText())
                .findFirst().orElse("")).get(30, TimeUnit.SECONDS);
    }

    private void hoverShows(Node n, String text) throws Exception {
        moveTo(n);
        moveBy(2, 1); // a move inside the node after entering it, as a hand's would be
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shownTooltip().equals(text));
        assertEquals(text, shownTooltip());
    }

    @Test
    void noTooltipIsMadeBeforeAnythingIsHoveredButEveryControlCarriesItsText() throws Exception {
        List<Control> all = new ArrayList<>();
        WaitForAsyncUtils.asyncFx(() -> controls(stage.getScene().getRoot(), all)).get(30, TimeUnit.SECONDS);
        // the window's first focus lands on the first parameter's control: that one has its tooltip
        List<String> withTooltip = all.stream().filter(c -> c.getTooltip() != null && c.getId() != null
                && c.getId().startsWith("param-") && !c.isFocused()).map(Control::getId).toList();
        assertEquals(List.of(), withTooltip, "tooltips made before any hover or focus");

        ParamViewModel section = vm.param("sectionUs").orElseThrow();
        assertEquals(section.tooltipText(), FxWait.onFx(() -> lookup("#param-label-sectionUs").queryAs(Label.class)
                .getAccessibleHelp()));
        Slider slider = FxWait.onFx(() -> lookup("#param-sectionUs .slider").queryAs(Slider.class));
        assertEquals(section.tooltipText(), slider.getAccessibleHelp());
        assertEquals("Back to the scenario's value: " + section.defaultValue(),
                FxWait.onFx(() -> lookup("#param-reset-sectionUs").queryAs(Button.class).getAccessibleHelp()));
    }

    @Test
    void hoveringTheNameTheSliderAndTheResetButtonShowsTheirText() throws Exception {
        ParamViewModel section = vm.param("sectionUs").orElseThrow();
        Label name = FxWait.onFx(() -> lookup("#param-label-sectionUs").queryAs(Label.class));
        Slider slider = FxWait.onFx(() -> lookup("#param-sectionUs .slider").queryAs(Slider.class));
        assertTrue(section.tooltipText().contains("Scenario value: " + section.defaultValue()), section.tooltipText());

        hoverShows(name, section.tooltipText());
        hoverShows(slider, section.tooltipText());

        interact(() -> section.set("2000")); // changed: its reset button shows
        Button reset = FxWait.onFx(() -> lookup("#param-reset-sectionUs").queryAs(Button.class));
        assertTrue(reset.isVisible());
        hoverShows(reset, "Back to the scenario's value: " + section.defaultValue());
        // the name and the control share one tooltip, as before
        assertTrue(name.getTooltip() == slider.getTooltip());
    }

    @Test
    void focusingAControlByKeyboardGivesItItsTooltip() {
        Slider slider = FxWait.onFx(() -> lookup("#param-sectionUs .slider").queryAs(Slider.class));
        interact(slider::requestFocus);
        assertTrue(slider.isFocused());
        assertEquals(vm.param("sectionUs").orElseThrow().tooltipText(), slider.getTooltip().getText());
    }
}
