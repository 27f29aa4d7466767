package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.Node;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.ColorMode;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The toolbar acts on the timeline the user sees: on the Live tab "Zoom in" and "By state" used
 * to change the hidden Dataset tab and nothing on screen. On the Sweep tab, which has no
 * timeline, the timeline buttons, the task search and the task lanes list are disabled; on the
 * other tabs the search and the list work on the tab's own tasks.
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarFollowsTabWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private LabViewModel lab;
    private Lab labUi;

    @Start
    void start(Stage stage) {
        window.show(stage);
        lab = window.lab;
        labUi = window.ui;
    }

    private static boolean shownOnScreen(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** The Live tab on screen with a short teaching run's timeline. */
    private TimelineViewModel showLiveTeachingRun() throws Exception {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showLive();
        });
        FxWait.untilOnFx("the live timeline", 30, () -> lab.live().outcome().isPresent()
                && lab.live().timeline().dataset() != TimelineViewModel.NO_DATASET);
        return lab.live().timeline();
    }

    private Node node(String id) {
        return lookup(id).query();
    }

    @Test
    void onTheLiveTabZoomAndColourModeChangeTheLiveTimeline() throws Exception {
        TimelineViewModel live = showLiveTeachingRun();
        long spanBefore = live.spanNs();
        clickOn("#tool-zoom-in");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(live.spanNs() < spanBefore, "the live timeline zoomed in: " + spanBefore + " -> " + live.spanNs());

        clickOn("#color-by-state");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ColorMode.BY_STATE, live.colorModeProperty().get());
        assertEquals(ColorMode.BY_STATE, lab.compare().side(CompareViewModel.Side.A).timeline().colorModeProperty()
                .get(), "one colour setting for every timeline");
        assertFalse(node("#task-search").isDisabled(), "the search finds the live run's tasks");
        assertFalse(node("#task-lanes").isDisabled(), "the Live tab's list works on the live run's tasks");
    }

    @Test
    void timelineKeysStillWorkAfterAParameterControlTookTheKeyboard() throws Exception {
        TimelineViewModel live = showLiveTeachingRun();
        // the Live tab's choice of preemption model has the keyboard, as after picking a model
        javafx.scene.control.ComboBox<?> model = FxWait.onFx(() -> lookup("#param-preemption").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.ComboBox<?> && shownOnScreen(n))
                .map(n -> (javafx.scene.control.ComboBox<?>) n).findFirst().orElseThrow());
        interact(model::requestFocus);
        long spanBefore = live.spanNs();
        type(javafx.scene.input.KeyCode.W);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(live.spanNs() < spanBefore, "W zoomed the live timeline in: " + spanBefore + " -> " + live.spanNs());
        assertEquals(lab.live().timeline().dataset().metadata().parameters().get("preemption"),
                String.valueOf(model.getValue()), "the choice did not change");
    }

    @Test
    void onTheSweepTabTheTimelineButtonsAreDisabledAndOnTheDatasetTabEverythingWorks() {
        interact(labUi::showSweep);
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"#tool-zoom-in", "#tool-zoom-out", "#tool-fit-all", "#tool-fit-selection",
                "#tool-next-lhp", "#color-mode", "#task-lanes", "#task-search"}) {
            assertTrue(node(id).isDisabled(), id + " has no timeline to act on");
        }
        assertFalse(node("#tool-open").isDisabled());
        // not the Dataset tab's "(3/49)" on a tab whose timeline has other tasks
        assertEquals("Task lanes", taskLanesText());
        clickOn("Dataset");
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"#tool-zoom-in", "#color-mode", "#dataset-tools", "#task-search"}) {
            assertFalse(node(id).isDisabled(), id);
        }
        // nothing open: the list's name alone, greyed out ("(0/0)" counted nothing)
        assertEquals("Task lanes", taskLanesText());
        interact(labUi::showCompare);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Task lanes", taskLanesText());
    }

    private String taskLanesText() {
        return FxWait.onFx(() -> lookup("#task-lanes .list-cell").queryAll().stream()
                .map(n -> ((javafx.scene.control.ListCell<?>) n).getText()).filter(t -> t != null && !t.isEmpty())
                .findFirst().orElse(""));
    }
}
