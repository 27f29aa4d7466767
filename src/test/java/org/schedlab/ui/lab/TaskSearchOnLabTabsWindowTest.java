package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.SliceHit;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The toolbar's task search works on the tab shown: on the Live run it finds the run's tasks (an
 * engineer stepping through pgbench's 1,120 asks where one backend runs), on A/B one query lights
 * both sides, and each tab keeps its own query. It was greyed out everywhere but the Dataset tab.
 * On the Sweep tab, which has no timeline, it stays greyed out, with View > Find task and Next
 * search match.
 */
@ExtendWith(ApplicationExtension.class)
class TaskSearchOnLabTabsWindowTest extends FxRobot {
    /** A kworker of s390-uperf: one task, on both sides of A/B. */
    private static final String KWORKER = "kworker/3:1[1003]";

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private TimelineViewModel live() {
        return window.lab.live().timeline();
    }

    private TimelineViewModel side(Side s) {
        return window.lab.compare().side(s).timeline();
    }

    private TextField field() {
        return FxWait.onFx(() -> lookup("#task-search").queryAs(TextField.class));
    }

    private String summary() {
        Label found = FxWait.onFx(() -> lookup("#search-summary").queryAs(Label.class));
        return ShownText.of(found);
    }

    private MenuItem viewItem(String id) {
        return FxWait.onFx(() -> lookup(".menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .flatMap(m -> m.getItems().stream()).filter(i -> id.equals(i.getId())).findFirst().orElseThrow());
    }

    private void openLive(Map<String, String> values) throws Exception {
        Dataset before = FxWait.onFx(() -> live().dataset());
        org.schedlab.sim.scenario.Scenario s390 = ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.openLive(s390, values);
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run on the timeline", 60, () -> live().dataset() != before
                && live().dataset() != TimelineViewModel.NO_DATASET && !window.lab.live().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The task {@code t}'s highlight is built on {@code t}'s dataset as it is now. */
    private static boolean lit(TimelineViewModel t, String label) {
        HighlightIndex h = t.search().highlightProperty().get();
        Dataset d = t.dataset();
        return h.isActive() && h.tasks().stream().map(d::task).map(TaskInfo::label).anyMatch(label::equals)
                && h.tasks().stream().allMatch(id -> id < d.tasks().size());
    }

    /** The label of the task whose slice {@code t} has selected, or "". */
    private static String selectedTask(TimelineViewModel t) {
        return t.selection().item().filter(i -> i instanceof SliceHit).map(i -> (SliceHit) i)
                .map(h -> t.dataset().task(h.task()).label()).orElse("");
    }

    /** Whether each timeline in the picture File > Export view would write for the shown tab draws a highlight. */
    private List<Boolean> exportedHighlights() {
        return FxWait.onFx(() -> window.workbench.exports().current().figure().orElseThrow().panels().stream()
                .map(p -> p.highlight().isActive()).toList());
    }

    private boolean popupShown() {
        return listWindows().stream().anyMatch(w -> w.isShowing() && w instanceof impl.org.controlsfx.skin.AutoCompletePopup);
    }

    @Test
    void onTheLiveRunTheSearchFindsAndHighlightsTheRunsTaskAndNGoesToItThroughAReRun() throws Exception {
        Map<String, String> values = new HashMap<>(Map.of("durationMs", "40", "warmupMs", "20", "preemption", "lazy"));
        openLive(values);
        assertFalse(FxWait.onFx(() -> field().isDisabled()), "the search works on the Live run");
        clickOn("#task-search").write(KWORKER);
        FxWait.untilOnFx("the kworker lit on the live timeline", 30, () -> lit(live(), KWORKER));
        assertEquals("1 task: " + KWORKER, summary());
        assertEquals(List.of(true), exportedHighlights(), "Export view draws the highlight, as the Dataset tab's does");
        // the suggestions under the field, shown once they are computed after the typing: the live run's tasks
        FxWait.untilOnFx("the suggestions", 30, () -> popupShown());
        assertTrue(FxWait.onFx(() -> listWindows().stream()
                .filter(w -> w.isShowing() && w instanceof impl.org.controlsfx.skin.AutoCompletePopup<?>)
                .flatMap(w -> ((impl.org.controlsfx.skin.AutoCompletePopup<?>) w).getSuggestions().stream())
                .anyMatch(KWORKER::equals)), "the suggestions are the live run's tasks");

        // Enter in the field: to the kworker's next run, its slice selected
        type(KeyCode.ENTER);
        FxWait.untilOnFx("Enter went to the kworker's run", 30, () -> KWORKER.equals(selectedTask(live())));
        // the toolbar's "next" does the same, the suggestions closed (a click beside them only closes
        // them); whether Enter left them open depends on when ControlsFX computed them
        if (FxWait.onFx(this::popupShown)) {
            type(KeyCode.ESCAPE);
        }
        FxWait.untilOnFx("the suggestions closed", 30, () -> !popupShown());
        interact(() -> live().selection().select(java.util.Optional.empty()));
        clickOn("#search-next");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(KWORKER, FxWait.onFx(() -> selectedTask(live())), "next went to the kworker's run");
        // N over the timeline (it has the keyboard back) does the same
        interact(() -> live().selection().select(java.util.Optional.empty()));
        type(KeyCode.N);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(KWORKER, FxWait.onFx(() -> selectedTask(live())), "N went to the kworker's run");

        // a slider moved: the new run is searched for the same task
        Dataset before = FxWait.onFx(() -> live().dataset());
        Map<String, String> seed7 = new HashMap<>(FxWait.onFx(() -> window.lab.livePanelProperty().get().overrides()));
        seed7.put("seed", "7");
        interact(() -> window.lab.livePanelProperty().get().apply(seed7));
        FxWait.untilOnFx("the rerun on the timeline", 60, () -> live().dataset() != before
                && live().dataset() != TimelineViewModel.NO_DATASET);
        FxWait.untilOnFx("the kworker lit on the rerun", 30, () -> lit(live(), KWORKER));
        assertEquals(KWORKER, FxWait.onFx(() -> field().getText()), "the query stays");
        assertEquals("1 task: " + KWORKER, summary());
    }

    @Test
    void onAbOneQueryLightsBothSidesAndNextGoesToAsRun() throws Exception {
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both timelines", 60, () -> side(Side.A).dataset() != TimelineViewModel.NO_DATASET
                && side(Side.B).dataset() != TimelineViewModel.NO_DATASET);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(FxWait.onFx(() -> field().isDisabled()), "the search works on the A/B tab");
        clickOn("#task-search").write(KWORKER);
        FxWait.untilOnFx("the kworker lit on A and on B", 30, () -> lit(side(Side.A), KWORKER)
                && lit(side(Side.B), KWORKER));
        assertEquals("1 task: " + KWORKER, summary(), "the same task on both sides, said once");
        assertEquals(List.of(true, true), exportedHighlights(), "Export view draws it on both sides");
        clickOn("#task-search").type(KeyCode.ENTER);
        FxWait.untilOnFx("Enter went to the kworker on A", 30, () -> KWORKER.equals(selectedTask(side(Side.A))));

        // worked in B (its timeline took the keyboard): View > Next search match and Enter go on B
        interact(() -> {
            window.ui.comparePane().card(Side.B).timelineView().requestFocus();
            side(Side.A).selection().select(java.util.Optional.empty());
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> viewItem("menu-next-match").fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(KWORKER, FxWait.onFx(() -> selectedTask(side(Side.B))), "Next search match went on B");
        assertEquals("", FxWait.onFx(() -> selectedTask(side(Side.A))), "not on A");
        interact(() -> side(Side.B).selection().select(java.util.Optional.empty()));
        clickOn("#task-search").type(KeyCode.ENTER);
        FxWait.untilOnFx("Enter went to the kworker on B", 30, () -> KWORKER.equals(selectedTask(side(Side.B))));
        assertEquals("", FxWait.onFx(() -> selectedTask(side(Side.A))), "Enter did not go on A");
    }

    @Test
    void eachTabKeepsItsOwnQuery() throws Exception {
        openLive(new HashMap<>(Map.of("durationMs", "40", "warmupMs", "20")));
        interact(() -> window.workbench.showDatasetTab());
        clickOn("#task-search").write("postgres");
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> window.ui.showLive());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", FxWait.onFx(() -> field().getText()), "the Dataset tab's query is not the Live run's");
        assertEquals("", FxWait.onFx(() -> live().search().queryProperty().get()));
        clickOn("#task-search").write("kworker");
        FxWait.untilOnFx("the kworkers lit on the live timeline", 30, () -> lit(live(), KWORKER));
        interact(() -> window.workbench.showDatasetTab());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("postgres", FxWait.onFx(() -> field().getText()), "the Dataset tab's query came back");
        assertEquals("postgres", FxWait.onFx(() -> window.vm.timeline().search().queryProperty().get()));
        interact(() -> window.ui.showLive());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("kworker", FxWait.onFx(() -> field().getText()), "the Live run's query came back");
        assertTrue(FxWait.onFx(() -> lit(live(), KWORKER)), "and still lights its tasks");
    }

    @Test
    void findTaskAndNextMatchWorkWhereATimelineIsShownAndAreGreyedOnTheSweepTab() throws Exception {
        openLive(new HashMap<>(Map.of("durationMs", "40", "warmupMs", "20")));
        for (String id : new String[] {"menu-find-task", "menu-next-match"}) {
            assertFalse(FxWait.onFx(() -> viewItem(id).isDisable()), id + " on the Live run");
        }
        interact(() -> window.ui.showCompare());
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"menu-find-task", "menu-next-match"}) {
            assertFalse(FxWait.onFx(() -> viewItem(id).isDisable()), id + " on A/B");
        }
        assertFalse(FxWait.onFx(() -> field().isDisabled()), "the field on A/B");
        interact(() -> window.ui.showSweep());
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"menu-find-task", "menu-next-match"}) {
            assertTrue(FxWait.onFx(() -> viewItem(id).isDisable()), id + " on the Sweep tab");
        }
        assertTrue(FxWait.onFx(() -> field().isDisabled()), "the field on the Sweep tab");
        // Ctrl+F there does not type into a search of another tab
        interact(() -> window.ui.showLive());
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> viewItem("menu-find-task").fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> field().isFocused()), "View > Find task gives the Live run's search the keyboard");
    }
}
