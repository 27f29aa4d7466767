package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
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
 * The TCP table's title beside the A/B table's tabs in a 1280 x 720 window (case C, full vs lazy):
 * on one line it was cut to "Wireshark warning or note, A's and B's counts, change B/A - the
 * tabl...", whole only in its tooltip. It reads whole, on two lines, also when it says the counts
 * are the means of several seeds.
 */
@ExtendWith(ApplicationExtension.class)
class AbTcpTitleLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private void showTcpTable() throws Exception {
        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String shownTitle() {
        return FxWait.onFx(() -> {
            Label title = lookup("#ab-table-title").queryAs(Label.class);
            return title.isVisible() ? ShownText.of(title) : "(not drawn)";
        });
    }

    private void waitForBothRuns() throws Exception {
        FxWait.untilOnFx("both runs done", 120, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get()
                && window.lab.compare().rowsPendingProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theTcpTitleReadsWholeAtALaptopsWidth() throws Exception {
        window.openS390FullVsLazy(this);
        waitForBothRuns();
        showTcpTable();
        assertEquals(ComparePane.TCP_TITLE, shownTitle());
        // and the deltas' title, one line, as before
        clickOn("A/B deltas");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ComparePane.DELTAS_TITLE, shownTitle());
    }

    @Test
    void theTitleOfSeveralSeedsMeansReadsWholeToo() throws Exception {
        interact(() -> window.lab.compare().seedsProperty().set(2));
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both sides' 2 seeds", 120, () -> window.lab.compare().side(CompareViewModel.Side.A).outcome()
                .filter(o -> o.seeds() == 2).isPresent() && window.lab.compare().side(CompareViewModel.Side.B)
                .outcome().filter(o -> o.seeds() == 2).isPresent());
        waitForBothRuns();
        showTcpTable();
        String whole = ComparePane.tcpTitle(2, 2);
        assertTrue(whole.contains("means of 2 seeds"), whole);
        assertEquals(whole, shownTitle());
    }
}
