package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;


import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The title beside the A/B tab's table tabs names the columns of the table in front: with the
 * TCP table chosen (case C) it said "metric, A (base), B (test), B/A - the rows of 'schedlab
 * compare'", the delta table's columns, over Wireshark's warnings and the two runs' counts.
 */
@ExtendWith(ApplicationExtension.class)
class AbTableTitleWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String title() {
        return FxWait.onFx(() -> lookup("#ab-table-title").queryAs(Label.class).getText());
    }

    @Test
    void theTitleFollowsTheTableInFront() throws Exception {
        window.openS390FullVsLazy(this);
        assertEquals(ComparePane.DELTAS_TITLE, title());

        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        assertEquals(ComparePane.TCP_TITLE, title(), "the TCP table's columns, not the deltas'");

        clickOn("A/B deltas");
        FxWait.untilOnFx("the deltas in front", 30, () -> "ab-deltas-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        assertEquals(ComparePane.DELTAS_TITLE, title());
        FxWait.untilOnFx("both runs done", 60, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get());
    }

    /**
     * With 2 seeds a side the TCP table's counts are each side's mean (65 D-SACKs where the runs
     * counted 48 and 82), but the title called them A's and B's counts, unlike the delta table's
     * "mean (min..max)" and 'compare''s "(mean; ...)". It says they are means, of how many seeds.
     */
    @Test
    void theTcpTitleSaysItsCountsAreMeansWhenEachSideHasSeveralSeeds() throws Exception {
        interact(() -> window.lab.compare().seedsProperty().set(2));
        window.openS390FullVsLazy(this);
        FxWait.untilOnFx("both sides' 2 seeds", 120, () -> window.lab.compare().side(CompareViewModel.Side.A).outcome()
                .filter(o -> o.seeds() == 2).isPresent() && window.lab.compare().side(CompareViewModel.Side.B)
                .outcome().filter(o -> o.seeds() == 2).isPresent());
        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId()));
        FxWait.untilOnFx("the title says means of 2 seeds: " + title(), 30,
                () -> title().contains("means of 2 seeds a side"));
        FxWait.untilOnFx("both runs done", 60, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get());
    }
}
