package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * The TCP table's title beside the A/B table's tabs in a 1024 x 768 window (case C, full vs lazy):
 * on its two lines it was cut to "Wireshark warning or note, A's and B's counts, change B/A - the
 * tabl...", whole only in its tooltip. It reads whole, also when it says the counts are means.
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

    private String shownTcpTitle() throws Exception {
        FxWait.untilOnFx("both runs done", 120, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get()
                && window.lab.compare().rowsPendingProperty().get().isEmpty());
        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.pulse(lookup("#ab-tables").query().getScene());
        return FxWait.onFx(() -> {
            Label title = lookup("#ab-table-title").queryAs(Label.class);
            return title.isVisible() ? ShownText.of(title) : "(not drawn)";
        });
    }

    @Test
    void theTcpTitleReadsWholeAt1024() throws Exception {
        window.openS390FullVsLazy(this);
        assertEquals(ComparePane.TCP_TITLE, shownTcpTitle());
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
