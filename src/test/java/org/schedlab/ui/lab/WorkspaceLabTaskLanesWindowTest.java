package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javafx.stage.Stage;

import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tasks picked under "Task lanes" on the A/B and Live run tabs are kept by a workspace, as
 * the Dataset tab's are: a workspace saved after putting case C's kworker on both A/B timelines
 * and on the Live run came back with each run's own lanes.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceLabTaskLanesWindowTest extends FxRobot {
    private static final String KWORKER = LiveTaskLanesWindowTest.KWORKER;

    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private TimelineViewModel ab(Side s) {
        return window.lab.compare().side(s).timeline();
    }

    private TimelineViewModel live() {
        return window.lab.live().timeline();
    }

    private static List<String> lanes(TimelineViewModel t) {
        Dataset d = t.dataset();
        return t.trackSpecProperty().get().taskLanes().stream().map(d::task).map(TaskInfo::label).toList();
    }

    private List<String> lanesOf(TimelineViewModel t) {
        return FxWait.onFx(() -> lanes(t));
    }

    /** Checks {@code text} in the toolbar's list, which works on the tab shown. */
    private void check(String text) {
        CheckComboBox<Integer> list = TaskLanesList.of(this);
        int i = TaskLanesList.item(this, text).orElseThrow(() -> new AssertionError("the list has no " + text));
        interact(() -> list.getCheckModel().check(i));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean shown(TimelineViewModel t, Dataset before) {
        return t.dataset() != before && t.dataset() != TimelineViewModel.NO_DATASET;
    }

    @Test
    void theKworkerPickedOnAbAndOnTheLiveRunComesBackWithTheWorkspace() throws Exception {
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both sides", 60, () -> shown(ab(Side.A), null) && shown(ab(Side.B), null));
        WaitForAsyncUtils.waitForFxEvents();
        check(KWORKER);
        Dataset liveBefore = FxWait.onFx(() -> live().dataset());
        Scenario s390 = ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.openLive(s390, LiveTaskLanesWindowTest.SHORT);
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live run", 60, () -> shown(live(), liveBefore));
        WaitForAsyncUtils.waitForFxEvents();
        check(KWORKER);
        assertTrue(lanesOf(live()).contains(KWORKER), "live: " + lanesOf(live()));

        Path f = dir.resolve("lanes.schedlab");
        interact(() -> window.workbench.workspace().saveAs(f));
        FxWait.untilOnFx("saved", 30, () -> Files.exists(f)
                && window.workbench.workspace().messageProperty().get().startsWith("Saved"));
        String saved = Files.readString(f);
        // the Live run's and A/B's picks, each ending with the kworker checked last
        assertTrue(saved.split("\"" + java.util.regex.Pattern.quote(KWORKER) + "\" \\]", -1).length == 3, saved);

        // another scenario on both tabs: each run opens with its own lanes, without the kworker
        Scenario mine = LiveTaskLanesWindowTest.ownCopyOfS390();
        Dataset a0 = FxWait.onFx(() -> ab(Side.A).dataset());
        Dataset l0 = FxWait.onFx(() -> live().dataset());
        interact(() -> {
            window.lab.compare().open(mine, Map.of("durationMs", "40", "warmupMs", "20", "seed", "11"),
                    Map.of("durationMs", "40", "warmupMs", "20", "seed", "12"));
            window.lab.openLive(mine, Map.of("durationMs", "40", "warmupMs", "20", "seed", "11"));
        });
        FxWait.untilOnFx("the other scenario's runs", 60, () -> shown(ab(Side.A), a0) && shown(live(), l0)
                && !lanes(ab(Side.A)).contains(KWORKER) && !lanes(live()).contains(KWORKER));

        interact(() -> window.workbench.workspace().open(f));
        FxWait.untilOnFx("the workspace's runs with the kworker's lane", 60,
                () -> window.lab.compare().scenario().map(s -> s.name().equals("s390-uperf")).orElse(false)
                        && lanes(ab(Side.A)).contains(KWORKER) && lanes(ab(Side.B)).contains(KWORKER)
                        && lanes(live()).contains(KWORKER));
        assertFalse(FxWait.onFx(() -> window.workbench.workspace().messageProperty().get()).contains("no task"),
                FxWait.onFx(() -> window.workbench.workspace().messageProperty().get()));
    }
}
