package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The title beside the A/B table's tabs in a 1024 x 768 window. The TCP table's (case C, full vs
 * lazy) was cut on its two lines to "Wireshark warning or note, A's and B's counts, change B/A -
 * the tabl...", whole only in its tooltip; the deltas' to "metric, A (base), B (test), B/A - the
 * ..." on the first screen, where the TCP tab reads "(no TCP counters)". Each reads whole, the TCP
 * title also when it says the counts are means. (A laptop's 1280 px leaves them more room.)
 */
@ExtendWith(ApplicationExtension.class)
class AbTcpTitleSmallScreenWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    private void waitForBothRuns() throws Exception {
        FxWait.untilOnFx("both runs done", 120, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get()
                && window.lab.compare().rowsPendingProperty().get().isEmpty());
    }

    private String shownTcpTitle() throws Exception {
        waitForBothRuns();
        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        return shownTitle();
    }

    private String shownTitle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.pulse(lookup("#ab-tables").query().getScene());
        return FxWait.onFx(() -> {
            Label title = lookup("#ab-table-title").queryAs(Label.class);
            return title.isVisible() ? ShownText.of(title) : "(not drawn)";
        });
    }

    @Test
    void theTcpTitleReadsWholeAt1024AndTheDeltasTitleAfterIt() throws Exception {
        window.openS390FullVsLazy(this);
        assertEquals(ComparePane.TCP_TITLE, shownTcpTitle());
        clickOn("A/B deltas");
        FxWait.untilOnFx("the deltas in front", 30, () -> "ab-deltas-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        assertEquals(ComparePane.DELTAS_TITLE, shownTitle());
    }

    @Test
    void theDeltasTitleReadsWholeBesideATcpTabWithoutCounters() throws Exception {
        Map<String, String> a = new HashMap<>(Map.of("durationMs", "20", "warmupMs", "10", "preemption", "none"));
        Map<String, String> b = new HashMap<>(a);
        b.put("preemption", "lazy");
        Scenario pgbench = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.compare().open(pgbench, a, b);
            window.ui.showCompare();
        });
        waitForBothRuns();
        FxWait.untilOnFx("the TCP tab says it has no counters", 30, () -> lookup("#ab-tables").queryAs(TabPane.class)
                .getTabs().get(1).getText().endsWith(ComparePane.TCP_TAB_NONE));
        assertEquals(ComparePane.DELTAS_TITLE, shownTitle());
    }

    @Test
    void theTitleOfSeveralSeedsMeansReadsWholeAt1024Too() throws Exception {
        interact(() -> window.lab.compare().seedsProperty().set(2));
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both sides' 2 seeds", 120, () -> window.lab.compare().side(CompareViewModel.Side.A).outcome()
                .filter(o -> o.seeds() == 2).isPresent() && window.lab.compare().side(CompareViewModel.Side.B)
                .outcome().filter(o -> o.seeds() == 2).isPresent());
        assertEquals(ComparePane.tcpTitle(2, 2), shownTcpTitle());
    }
}
