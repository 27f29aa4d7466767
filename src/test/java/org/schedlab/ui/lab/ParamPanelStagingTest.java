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
import org.testfx.util.WaitForAsyncUtils;

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
        javafx.scene.Scene scene = new javafx.scene.Scene(panel, 400, 800);
        // the window's own rules: the fold's rows in the columns of the groups above
        scene.getStylesheets().add(org.schedlab.ui.Workbench.class.getResource("workbench.css").toExternalForm());
        stage.setScene(scene);
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
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
        FxWait.untilOnFx(name + "'s rows shown", 60, () -> !panel.isStaging());
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
        // greyed out: a change there would go to parameters no longer picked; their ids set aside
        // (the new rows have them: duringStagingEveryIdIsOnOneNode)
        assertEquals(withoutIds(teach.stream().map(r -> r.replace(" disabled=false", " disabled=true")).toList()),
                withoutIds(right), "teach-kernel-section's rows stay meanwhile, greyed out");
        assertTrue(resetGreyed[0], "Reset all too");
        assertEquals(LabFixtures.teach().title(), title[0]);
        FxWait.untilOnFx("pgbench-graviton4's rows shown", 60, () -> !panel.isStaging());
        assertTrue(FxWait.onFx(() -> rowsOf(panel)).stream().noneMatch(r -> r.endsWith("disabled=true")
                && r.startsWith("param-label")), "the new rows take input");
    }

    /**
     * The greyed rows of the last scenario and the new one's being made carried the same ids
     * ("param-seed" on both) for a few frames: a lookup by id found either. Checked after every
     * frame's layout while the rows are made; the greyed rows look as they did, and have their ids
     * back when shown again.
     */
    @Test
    void duringStagingEveryIdIsOnOneNode() throws Exception {
        ParameterPanelViewModel teach = FxWait.onFx(picked::get);
        interact(() -> panel.unusedOpenProperty().set(true)); // the fold's rows shown, where its padding counts
        WaitForAsyncUtils.waitForFxEvents();
        List<String> teachRows = FxWait.onFx(() -> rowsOf(panel));
        List<String> teachLook = FxWait.onFx(() -> looks(shownRows()));
        java.util.Set<String> duplicates = new java.util.TreeSet<>();
        List<String> looks = new ArrayList<>();
        int[] moments = {0};
        Runnable check = () -> {
            Pane stack = (Pane) ((ScrollPane) panel.getCenter()).getContent();
            if (!panel.isStaging() || stack.getChildren().size() < 2
                    || ((Pane) stack.getChildren().get(1)).getChildren().isEmpty()) {
                return;
            }
            moments[0]++; // some of the new rows made, the last ones greyed
            java.util.Map<String, Integer> ids = new java.util.HashMap<>();
            java.util.Set<Node> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            allNodes(panel, seen);
            seen.stream().filter(n -> n.getId() != null).forEach(n -> ids.merge(n.getId(), 1, Integer::sum));
            ids.forEach((id, n) -> {
                if (n > 1) {
                    duplicates.add(id);
                }
            });
            looks.addAll(looks(shownRows()));
        };
        javafx.scene.Scene scene = FxWait.onFx(panel::getScene);
        interact(() -> {
            scene.addPostLayoutPulseListener(check);
            picked.set(vm("pgbench-graviton4"));
        });
        FxWait.untilOnFx("pgbench-graviton4's rows shown", 60, () -> !panel.isStaging());
        interact(() -> scene.removePostLayoutPulseListener(check));
        assertTrue(moments[0] > 0, "a frame with the rows being made");
        assertEquals(java.util.Set.of(), duplicates, "ids on two nodes at once");
        assertEquals(teachLook.stream().map(l -> l.replace("disabled=false", "disabled=true")).toList(),
                looks.subList(0, teachLook.size()), "the greyed rows where they were, as they were");

        interact(() -> picked.set(teach)); // made before: shown at once, with its ids
        assertEquals(teachRows, FxWait.onFx(() -> rowsOf(panel)));
        assertNotNull(FxWait.onFx(() -> panel.lookup("#param-label-preemption")));
    }

    /** The rows on screen. */
    private Pane shownRows() {
        Pane stack = (Pane) ((ScrollPane) panel.getCenter()).getContent();
        return (Pane) stack.getChildren().stream().filter(Node::isManaged).findFirst().orElseThrow();
    }

    /** Every text shown in {@code rows}, where it is in the scene and whether it is greyed. */
    private static List<String> looks(Pane rows) {
        java.util.Set<Node> all = new java.util.LinkedHashSet<>();
        allNodes(rows, all);
        return all.stream().filter(n -> n instanceof Labeled && n.isVisible()).map(n -> ((Labeled) n).getText()
                + " at " + n.localToScene(n.getLayoutBounds()) + " disabled=" + n.isDisabled()).toList();
    }

    /**
     * {@code n} and the panel's nodes in it: the contents of its scroll pane and folds, not the
     * parts a control's skin makes (JavaFX names those the same in every combo box: "arrow-button").
     */
    private static void allNodes(Node n, java.util.Set<Node> into) {
        if (!into.add(n)) {
            return;
        }
        if (n instanceof TitledPane t && t.getContent() != null) {
            allNodes(t.getContent(), into);
        } else if (n instanceof ScrollPane sp && sp.getContent() != null) {
            allNodes(sp.getContent(), into);
        } else if (n instanceof javafx.scene.Parent p && !(n instanceof Control)) {
            p.getChildrenUnmodifiable().forEach(c -> allNodes(c, into));
        }
    }

    private static List<String> withoutIds(List<String> rows) {
        return rows.stream().map(r -> r.substring(r.indexOf(": ") + 2)).toList();
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
        boolean[] stagingFirst = new boolean[1];
        // in one event: done over a few frames, the first pick's rows could be shown before a
        // second interaction came (it failed one run in four on a loaded machine)
        interact(() -> {
            picked.set(first);
            stagingFirst[0] = panel.isStaging();
            picked.set(second);
        });
        assertTrue(stagingFirst[0], "the first pick's rows were being made");
        FxWait.untilOnFx("s390-uperf's rows shown", 60, () -> !panel.isStaging());
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
