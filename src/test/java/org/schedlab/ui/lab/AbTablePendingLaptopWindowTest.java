package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B table's title in a 1280 x 720 window while the table waits for a side: the note "table
 * pending - A: simulating ..." beside the tabs squeezed the title to "m...". The title is whole
 * or not drawn, never cut; once both summaries are in it is back, whole.
 */
@ExtendWith(ApplicationExtension.class)
class AbTablePendingLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void theTitleIsNeverCutBesideTheTablePendingNote() throws Exception {
        Map<String, String> a = new java.util.HashMap<>(Map.of("durationMs", "100", "warmupMs", "20",
                "preemption", "full"));
        Map<String, String> b = new java.util.HashMap<>(a);
        b.put("preemption", "lazy");
        org.schedlab.sim.scenario.Scenario caseA = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("pgbench-graviton4"); // 96 CPUs: seconds pending
        interact(() -> {
            window.lab.compare().open(caseA, a, b);
            window.ui.showCompare();
        });
        List<String> seen = new ArrayList<>();
        FxWait.untilOnFx("the table pending note, the title checked beside it", 60, () -> {
            Label title = lookup("#ab-table-title").queryAs(Label.class);
            boolean pending = lookup("#ab-table-stale").query().isVisible();
            if (pending) {
                seen.add(title.isVisible() ? ShownText.of(title) : "(not drawn)");
            }
            return pending;
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            Label title = lookup("#ab-table-title").queryAs(Label.class);
            if (lookup("#ab-table-stale").query().isVisible()) {
                seen.add(title.isVisible() ? ShownText.of(title) : "(not drawn)");
            }
        });
        FxWait.untilOnFx("both runs done", 120, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get()
                && window.lab.compare().rowsPendingProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!seen.isEmpty());
        for (String shown : seen) {
            assertTrue(shown.equals("(not drawn)") || shown.equals(ComparePane.DELTAS_TITLE),
                    "the title beside the pending note: '" + shown + "'");
        }
        assertEquals(ComparePane.DELTAS_TITLE, FxWait.onFx(() -> ShownText.of(lookup("#ab-table-title").query())),
                "the title back, whole");
    }
}
