package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The parameter panels of the A/B and Live tabs in a laptop's window (1280 x 720), at the width
 * they open with, for every built-in scenario: each slider is at least
 * {@value #SLIDER_MIN_PX} px wide, every slider's value field ends at the same x, and each row
 * ends inside the panel's view. A slider
 * sharing its row with an auto/off box (pgbench-graviton4's baseSliceUs, wakeupIpiUs and
 * rseqSliceExtUs) was squeezed to 24 px, too short to drag, so that its value stayed in the column;
 * with the box under it, its name stands on the slider's line, not between the two lines.
 * The runs are held back (nothing here needs them), which keeps the two cores free.
 */
@ExtendWith(ApplicationExtension.class)
class ParamSliderWidthWindowTest extends FxRobot {
    /** A slider's least usable width: a drag over it picks one of some hundred positions. */
    private static final double SLIDER_MIN_PX = 100;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) -> {
        while (!monitor.isCancelled()) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new java.util.concurrent.CancellationException("held back by the test");
    });
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void everySliderIsWideEnoughAndTheValuesEndInOneColumn() throws Exception {
        List<String> wrong = new ArrayList<>();
        int withBox = 0;
        for (Scenario s : ScenarioCatalog.all()) {
            for (String tab : List.of("A/B", "Live")) {
                interact(() -> {
                    if (tab.equals("A/B")) {
                        window.lab.openCompare(s);
                        window.ui.showCompare();
                    } else {
                        window.lab.openLive(s, Map.of());
                        window.ui.showLive();
                    }
                });
                WaitForAsyncUtils.waitForFxEvents();
                withBox += measure(s.name() + " (" + tab + ")",
                        tab.equals("A/B") ? window.ui.comparePane().parameterPanel() : window.ui.livePane().parameterPanel(),
                        wrong);
            }
        }
        assertEquals(1280, stage.get().getWidth(), 1);
        assertTrue(withBox >= 6, "sliders with an auto/off box measured: " + withBox);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    /**
     * The keyboard over a slider with its box on the line under it (pgbench-graviton4's
     * wakeupIpiUs in the Live tab): the arrow keys move the slider, Tab goes on to its value and then
     * to the box, and Space there sets {@code auto}.
     */
    @Test
    void theKeyboardGoesSliderValueBox() throws Exception {
        Scenario pgbench = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.openLive(pgbench, Map.of());
            window.ui.showLive();
        });
        WaitForAsyncUtils.waitForFxEvents();
        ParameterPanelViewModel vm = org.schedlab.ui.FxWait.onFx(() -> window.lab.livePanelProperty().get());
        ParamViewModel ipi = vm.param("wakeupIpiUs").orElseThrow();
        String before = ipi.value();
        Node row = org.schedlab.ui.FxWait.onFx(() -> lookup("#live-pane #param-wakeupIpiUs").query());
        Slider slider = (Slider) row.lookup(".slider");
        interact(slider::requestFocus);
        type(javafx.scene.input.KeyCode.RIGHT);
        org.schedlab.ui.FxWait.untilOnFx("the arrow moved the slider", 60, () -> !ipi.value().equals(before));
        type(javafx.scene.input.KeyCode.TAB);
        assertTrue(org.schedlab.ui.FxWait.onFx(() -> row.lookup(".text-field").isFocused()), "Tab: the value");
        type(javafx.scene.input.KeyCode.TAB);
        Node box = row.lookup("#param-special-wakeupIpiUs");
        assertTrue(org.schedlab.ui.FxWait.onFx(box::isFocused), "Tab again: the auto box");
        type(javafx.scene.input.KeyCode.SPACE);
        org.schedlab.ui.FxWait.untilOnFx("Space set auto", 60, ipi::isSpecial);
    }

    /** Adds what is wrong with {@code panel}'s sliders to {@code wrong}; the sliders with a box. */
    private int measure(String where, ParameterPanel panel, List<String> wrong) throws Exception {
        // a new scenario's rows are made over a few frames; the greyed old rows' ids are set aside
        // meanwhile, so only a panel done with them has every slider under its row's id
        org.schedlab.ui.FxWait.untilOnFx(where + ": rows made", 60, () -> !panel.isStaging());
        int[] boxes = new int[1];
        interact(() -> {
            panel.unusedOpenProperty().set(true); // its rows are laid out as the others
            panel.getScene().getRoot().applyCss();
            panel.getScene().getRoot().layout();
            List<String> rows = new ArrayList<>();
            double[] ends = {Double.MAX_VALUE, -Double.MAX_VALUE};
            Node viewport = panel.lookup(".scroll-pane > .viewport");
            double shownTo = viewport.localToScene(viewport.getLayoutBounds()).getMaxX();
            boolean narrow = false;
            for (Node row : panel.lookupAll(".slider")) {
                Slider slider = (Slider) row;
                if (!slider.isVisible() || slider.getScene() == null || !isShown(slider)) {
                    continue;
                }
                Node control = slider.getParent();
                while (control.getId() == null || !control.getId().startsWith("param-")) {
                    control = control.getParent();
                }
                String key = control.getId().substring("param-".length());
                TextField value = (TextField) control.lookupAll(".text-field").stream()
                        .filter(n -> n instanceof TextField).findFirst().orElseThrow();
                Bounds b = value.localToScene(value.getLayoutBounds());
                ends[0] = Math.min(ends[0], b.getMaxX());
                ends[1] = Math.max(ends[1], b.getMaxX());
                boolean box = control.lookup("#param-special-" + key) != null;
                boxes[0] += box ? 1 : 0;
                Node reset = panel.lookup("#param-reset-" + key);
                // wide enough, and the row's end (its reset) not under the scroll bar or past the panel
                narrow |= slider.getWidth() < SLIDER_MIN_PX
                        || reset.localToScene(reset.getLayoutBounds()).getMaxX() > shownTo + 0.5;
                if (box) {
                    // the name and the reset on the slider's line, not centred between it and the box,
                    // where the name read as the box's and the slider as the row above's
                    Bounds line = slider.getParent().localToScene(slider.getParent().getLayoutBounds());
                    Node name = panel.lookup("#param-label-" + key);
                    javafx.scene.text.Text shown = org.schedlab.ui.ShownText.node(name);
                    Bounds text = shown.localToScene(shown.getLayoutBounds());
                    javafx.scene.text.Text oneLine = new javafx.scene.text.Text("Xg");
                    oneLine.setFont(shown.getFont());
                    Bounds r = reset.localToScene(reset.getBoundsInLocal());
                    // the middle of its first line (a long name wraps onto a second)
                    double nameMid = text.getMinY() + oneLine.getLayoutBounds().getHeight() / 2;
                    double resetMid = (r.getMinY() + r.getMaxY()) / 2;
                    if (Math.abs(nameMid - (line.getMinY() + line.getMaxY()) / 2) > 3
                            || resetMid < line.getMinY() || resetMid > line.getMaxY()) {
                        narrow = true;
                        rows.add(key + ": name's middle at " + Math.round(nameMid) + ", reset's at " + Math.round(resetMid)
                                + ", the slider's line " + Math.round(line.getMinY()) + ".." + Math.round(line.getMaxY()));
                    }
                }
                rows.add(key + (box ? " (box)" : "") + ": slider " + Math.round(slider.getWidth()) + " px, value to "
                        + Math.round(b.getMaxX()) + ", reset to "
                        + Math.round(reset.localToScene(reset.getLayoutBounds()).getMaxX()) + " of " + Math.round(shownTo));
            }
            if (narrow || ends[1] - ends[0] > 0.5) {
                wrong.add(where + ": " + rows);
            }
        });
        return boxes[0];
    }

    /** Whether {@code n} is in the panel's shown rows (not in a folded group). */
    private static boolean isShown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
            if (p instanceof javafx.scene.control.TitledPane t && !t.isExpanded()) {
                return false;
            }
        }
        return true;
    }
}
