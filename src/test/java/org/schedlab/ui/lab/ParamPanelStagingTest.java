package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A scenario picked while the panel is on screen has its rows made a few per frame and shown at
 * once when all are made (the FX thread is not held for the whole panel): the pick itself leaves
 * the last scenario's rows and title in place, the rows that come are the ones a panel made at
 * once shows, for every built-in scenario, and of picks made while rows are still being made
 * only the last one's rows are shown.
 */
@ExtendWith(ApplicationExtension.class)
class ParamPanelStagingTest extends FxRobot {
    private final SimpleObjectProperty<ParameterPanelViewModel> picked =
            new SimpleObjectProperty<>(new ParameterPanelViewModel(LabFixtures.teach()));
    private ParameterPanel panel;

    @Start
    void start(Stage stage) {
        org.schedlab.ui.Workbench.applyTheme();
        panel = new ParameterPanel(picked);
        stage.setScene(new javafx.scene.Scene(panel, 400, 800));
        stage.show();
    }

    private static ParameterPanelViewModel vm(String name) {
        try {
            return new ParameterPanelViewModel(ScenarioCatalog.builtIn(name));
        } catch (ScenarioException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rows panel {@code p} shows, each node as its id, kind, text or value and grid cell, in order. */
    private static List<String> rowsOf(ParameterPanel p) {
        ScrollPane scroll = (ScrollPane) p.getCenter();
        Pane stack = (Pane) scroll.getContent();
        List<String> out = new ArrayList<>();
        stack.getChildren().stream().filter(Node::isManaged).forEach(n -> describe(n, out));
        return out;
    }

    private static void describe(Node n, List<String> out) {
        String cell = GridPane.getRowIndex(n) == null ? "" : " @" + GridPane.getRowIndex(n) + "," + GridPane.getColumnIndex(n);
        String what;
        if (n instanceof Slider s) {
            what = "slider " + s.getValue();
        } else if (n instanceof Spinner<?> s) {
            what = "spinner " + s.getValue();
        } else if (n instanceof ComboBox<?> c) {
            what = "combo " + c.getValue() + " " + c.getItems();
        } else if (n instanceof TextField t) {
            what = "field " + t.getText();
        } else if (n instanceof CheckBox c) {
            what = "check " + c.getText() + " " + c.isSelected();
        } else if (n instanceof TitledPane t) {
            what = "fold " + t.getText() + " " + t.isExpanded();
        } else if (n instanceof Labeled l) {
            what = "labeled " + l.getText() + " visible=" + l.isVisible() + " opacity=" + l.getOpacity();
        } else {
            what = n.getClass().getSimpleName() + " managed=" + n.isManaged();
        }
        out.add(n.getId() + ": " + what + cell + " disabled=" + n.isDisabled());
        if (n instanceof TitledPane t) {
            describe(t.getContent(), out);
        } else if (n instanceof Pane pane && !(n instanceof Control)) {
            pane.getChildren().forEach(c -> describe(c, out));
        }
    }

    /** What a panel shows for a fresh {@code name} made at once (not on screen: no staging). */
    private static List<String> madeAtOnce(String name) {
        return FxWait.onFx(() -> rowsOf(new ParameterPanel(new SimpleObjectProperty<>(vm(name)))));
    }

    private void pickAndWait(String name) throws Exception {
        ParameterPanelViewModel next = vm(name);
        interact(() -> picked.set(next));
        FxWait.untilOnFx(name + "'s rows shown", 20, () -> !panel.isStaging());
    }

    @Test
    void aPickLeavesTheLastRowsUntilTheNewOnesAreAllMade() throws Exception {
        List<String> teach = FxWait.onFx(() -> rowsOf(panel));
        ParameterPanelViewModel next = vm("pgbench-graviton4");
        List<String> right = new ArrayList<>();
        String[] title = new String[1];
        boolean[] resetGreyed = new boolean[1];
        interact(() -> {
            picked.set(next);
            // in the pick's own event: nothing of pgbench-graviton4 shown yet, the rest is to come
            assertTrue(panel.isStaging(), "the rows are made over the next frames");
            right.addAll(rowsOf(panel));
            assertNull(panel.lookup("#param-label-pgbenchThreads"));
            title[0] = lookup(".title-4").queryLabeled().getText();
            resetGreyed[0] = lookup("#param-reset-all").query().isDisabled();
        });
        // greyed out: a change there would go to parameters no longer picked
        assertEquals(teach.stream().map(r -> r.replace(" disabled=false", " disabled=true")).toList(), right,
                "teach-kernel-section's rows stay meanwhile, greyed out");
        assertTrue(resetGreyed[0], "Reset all too");
        assertEquals(LabFixtures.teach().title(), title[0]);
        FxWait.untilOnFx("pgbench-graviton4's rows shown", 20, () -> !panel.isStaging());
        assertTrue(FxWait.onFx(() -> rowsOf(panel)).stream().noneMatch(r -> r.endsWith("disabled=true")
                && r.startsWith("param-label")), "the new rows take input");
    }

    @Test
    void everyBuiltInScenarioShowsTheRowsAPanelMadeAtOnceShows() throws Exception {
        for (String name : ScenarioCatalog.names()) {
            pickAndWait(name);
            List<String> shown = FxWait.onFx(() -> rowsOf(panel));
            assertEquals(madeAtOnce(name), shown, name);
            assertEquals(vm(name).scenario().title(), FxWait.onFx(() -> lookup(".title-4").queryLabeled().getText()));
        }
    }

    @Test
    void ofPicksWhileRowsAreMadeTheLastOneIsShown() throws Exception {
        ParameterPanelViewModel first = vm("pgbench-graviton4");
        ParameterPanelViewModel second = vm("s390-uperf");
        interact(() -> picked.set(first));
        assertTrue(FxWait.onFx(panel::isStaging));
        interact(() -> picked.set(second));
        FxWait.untilOnFx("s390-uperf's rows shown", 20, () -> !panel.isStaging());
        List<String> shown = FxWait.onFx(() -> rowsOf(panel));
        assertEquals(madeAtOnce("s390-uperf"), shown);
        assertFalse(shown.stream().anyMatch(r -> r.startsWith("param-label-pgbenchThreads")), "no pgbench-graviton4 row");
        assertEquals(1, FxWait.onFx(() -> ((Pane) ((ScrollPane) panel.getCenter()).getContent()).getChildren().size()),
                "the dropped pick's rows are gone");
        // its controls are s390-uperf's: a change goes to the last pick's parameters
        assertNotNull(second.param("vhostWeightPackets").orElse(null));
        assertEquals(second.scenario().title(), FxWait.onFx(() -> lookup(".title-4").queryLabeled().getText()));
    }
}
