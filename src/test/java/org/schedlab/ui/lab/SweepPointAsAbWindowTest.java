package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.scene.control.MenuItem;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;

import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.render.SweepPlotLayout;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A cliff between two sweep points is read side by side: a point's right-click menu (or Simulate >
 * Sweep point &rarr; A / &rarr; B, on the point last clicked) opens it on a side of the A/B tab,
 * whose delta table then compares the two points' runs. Before, a point opened only in the Live
 * tab, and its values had to be set on A and B by hand.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPointAsAbWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    /** A finished sweep of the teaching scenario's sectionUs over 2000 and 6000 (its own: 10000), short runs. */
    private SweepViewModel sweepSection() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "300"), "sectionUs",
                "2000,6000", 2);
        clickOn("#sweep-run");
        FxWait.untilOnFx("both points", 60, () -> vm.rows().size() == 2 && !vm.runningProperty().get());
        FxWait.untilOnFx("markers drawn", 60, () -> plot().layoutNow().markers().size() == 4);
        return vm;
    }

    private SweepPlotView plot() {
        return lookup("#sweep-plot").query();
    }

    /** Right-clicks the marker of sweep point {@code index} and picks {@code item} from its menu. */
    private void openFromMenu(int index, String item) {
        interact(window.ui::showSweep);
        SweepPlotLayout.Marker m = FxWait.onFx(() -> plot().layoutNow().markers().stream()
                .filter(k -> k.pointIndex() == index).findFirst().orElseThrow());
        rightClickOn(FxWait.onFx(() -> plot().localToScreen(m.xPx(), m.yPx())));
        // headed by the point it opens: the menu is over its marker
        assertEquals(index == 0 ? "sectionUs=2000" : "sectionUs=6000", FxWait.onFx(() -> plot().menuTitle()));
        clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The parameters the run on side {@code s}'s timeline and summary was simulated with, once both are in. */
    private Map<String, String> ranWith(Side s) throws Exception {
        RunViewModel side = window.lab.compare().side(s);
        FxWait.untilOnFx(s + "'s run done", 60, () -> side.outcome().isPresent() && !side.busyProperty().get()
                && !side.staleProperty().get());
        return FxWait.onFx(() -> side.outcome().orElseThrow().dataset().orElseThrow().metadata().parameters());
    }

    private MenuItem simulateItem(String id) {
        return FxWait.onFx(() -> lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus().stream()
                .filter(m -> "menu-simulate".equals(m.getId())).findFirst().orElseThrow().getItems().stream()
                .filter(i -> id.equals(i.getId())).findFirst().orElseThrow());
    }

    @Test
    void twoPointsOpenedAsAAndBAreWhatTheAbTableCompares() throws Exception {
        sweepSection();
        openFromMenu(0, "Open as A");
        assertTrue(FxWait.onFx(() -> lookup("#ab-pane").query().isVisible()), "the A/B tab is in front");
        assertTrue(FxWait.onFx(() -> lookup("#ab-edit-a").queryAs(ToggleButton.class).isSelected()),
                "A's panel shown, and Edit A says so");
        openFromMenu(1, "Open as B");
        assertTrue(FxWait.onFx(() -> lookup("#ab-pane").query().isVisible()));
        assertTrue(FxWait.onFx(() -> lookup("#ab-edit-b").queryAs(ToggleButton.class).isSelected()));

        Map<String, String> a = ranWith(Side.A);
        Map<String, String> b = ranWith(Side.B);
        assertEquals("2000", a.get("sectionUs"), "A: " + a);
        assertEquals("6000", b.get("sectionUs"), "B: " + b);
        assertEquals("300", a.get("durationMs"), "the sweep's base on A too");
        assertEquals("300", b.get("durationMs"), "the sweep's base on B too");
        assertEquals(LabFixtures.TEACH, FxWait.onFx(() -> window.lab.compare().scenario().orElseThrow().name()));
        FxWait.untilOnFx("the delta table", 30, () -> !window.lab.compare().rows().isEmpty()
                && !window.lab.compare().rowsStaleProperty().get());
        // the table's sides are named by what differs: the two points' values
        assertEquals("sectionUs=2000", FxWait.onFx(() -> lookup("#ab-a-label").queryLabeled().getText()));
        assertEquals("sectionUs=6000", FxWait.onFx(() -> lookup("#ab-b-label").queryLabeled().getText()));
        assertEquals("2000", FxWait.onFx(() -> window.lab.compare().panel(Side.A).param("sectionUs")
                .orElseThrow().value()), "A's panel has the point's value");
        assertEquals(Side.B, FxWait.onFx(() -> window.lab.compare().editingProperty().get()),
                "the panel shows the side just opened");
    }

    @Test
    void theSimulateMenuOpensThePointLastClickedAndIsGreyedOutWithoutOne() throws Exception {
        MenuItem toA = simulateItem("menu-lab-sweep-point-a");
        MenuItem toB = simulateItem("menu-lab-sweep-point-b");
        assertTrue(FxWait.onFx(toA::isDisable), "no sweep point clicked yet");
        assertTrue(FxWait.onFx(toB::isDisable));
        SweepViewModel vm = sweepSection();
        assertTrue(FxWait.onFx(toB::isDisable), "a sweep, but no point clicked");

        SweepPlotLayout.Marker m = FxWait.onFx(() -> plot().layoutNow().markers().stream()
                .filter(k -> k.pointIndex() == 1).findFirst().orElseThrow());
        clickOn(FxWait.onFx(() -> plot().localToScreen(m.xPx(), m.yPx()))); // opens it in the Live tab
        FxWait.untilOnFx("the point in the Live tab", 30, () -> "6000".equals(
                window.lab.livePanelProperty().get().param("sectionUs").orElseThrow().value()));
        assertFalse(FxWait.onFx(toB::isDisable), "the point clicked can go to A/B now");
        interact(toB::fire);
        assertEquals("6000", ranWith(Side.B).get("sectionUs"));
        assertTrue(FxWait.onFx(() -> lookup("#ab-pane").query().isVisible()));

        // the next sweep's plot has not that point
        interact(() -> {
            window.ui.showSweep();
            vm.values1Property().set("4000,8000");
        });
        clickOn("#sweep-run");
        assertTrue(FxWait.onFx(toA::isDisable), "the point clicked went with its plot");
        FxWait.untilOnFx("the sweep done", 60, () -> !vm.runningProperty().get());
    }

    private TimelineViewModel timeline(Side s) {
        return window.lab.compare().side(s).timeline();
    }

    private List<String> lanes(Side s) {
        return FxWait.onFx(() -> {
            Dataset d = timeline(s).dataset();
            return timeline(s).trackSpecProperty().get().taskLanes().stream().map(d::task).map(TaskInfo::label)
                    .toList();
        });
    }

    @Test
    void thePointOpenedOnASideKeepsTheTaskLanesPickedOnTheAbTab() throws Exception {
        sweepSection();
        openFromMenu(0, "Open as A");
        ranWith(Side.A);
        ranWith(Side.B);
        List<String> before = lanes(Side.B);
        assertTrue(before.size() >= 2, "task lanes to leave one out of: " + before);
        String dropped = before.get(0);
        @SuppressWarnings("unchecked")
        CheckComboBox<Integer> list = lookup("#task-lanes").queryAs(CheckComboBox.class);
        Optional<Integer> item = FxWait.onFx(() -> list.getItems().stream()
                .filter(i -> dropped.equals(list.getConverter().toString(i))).findFirst());
        interact(() -> list.getCheckModel().clearCheck(item.orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lanes(Side.B).contains(dropped), "unpicked: " + lanes(Side.B));

        Dataset shown = FxWait.onFx(() -> timeline(Side.B).dataset());
        openFromMenu(1, "Open as B");
        assertEquals("6000", ranWith(Side.B).get("sectionUs"));
        FxWait.untilOnFx("B's new run on its timeline", 30, () -> timeline(Side.B).dataset() != shown);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lanes(Side.B).contains(dropped), "the pick stays on the point's run: " + lanes(Side.B));
        assertEquals(before.subList(1, before.size()), lanes(Side.B));
    }
}
