package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Case C on the A/B tab, B given irqInatomic=on besides lazy (the fix the s390 thread discusses,
 * tried on the regressed side): A is preemption=full, B preemption=lazy irqInatomic=on. The TCP tab
 * headed its columns "full" and "on" - A's preemption against B's irqInatomic, each side's one value
 * that differs from the scenario - as if the table compared full with on. Where the sides differ in
 * more than one value, the columns are A and B, as 'compare' heads them base and test; the picture's
 * table too.
 */
@ExtendWith(ApplicationExtension.class)
class AbTcpColumnHeadsWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String tcpTabText(Map<String, String> a, Map<String, String> b) throws Exception {
        org.schedlab.sim.scenario.Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        CompareViewModel vm = window.lab.compare();
        interact(() -> {
            vm.open(s390, a, b);
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both runs done", 120, () -> !vm.side(CompareViewModel.Side.A).busyProperty().get()
                && !vm.side(CompareViewModel.Side.B).busyProperty().get()
                && vm.side(CompareViewModel.Side.A).outcome().isPresent()
                && vm.side(CompareViewModel.Side.B).outcome().isPresent());
        TabPane tables = lookup("#ab-tables").queryAs(TabPane.class);
        FxWait.untilOnFx("the TCP tab usable", 30, () -> !tables.getTabs().get(1).isDisable());
        clickOn("TCP as Wireshark shows it");
        FxWait.untilOnFx("the TCP table in front", 30, () -> "ab-wireshark-tab".equals(
                tables.getSelectionModel().getSelectedItem().getId()));
        return FxWait.onFx(() -> lookup("#ab-wireshark").queryAs(TextArea.class).getText());
    }

    @Test
    void sidesThatDifferInTwoValuesAreHeadedAAndBNotEachSidesOwnValue() throws Exception {
        // A moves preemption off the scenario's lazy, B moves irqInatomic off the scenario's off: each
        // side's one value of its own, at the scenario's run length (as the window opens it)
        String text = tcpTabText(Map.of("preemption", "full"), Map.of("irqInatomic", "on"));
        assertTrue(text.contains("| Wireshark warning / note             |       A |       B |   change |"), text);
        assertTrue(text.lines().noneMatch(l -> l.contains("|    full |      on |")), text);
        List<String> heads = LabViewSources.wiresharkFigureTable(window.lab.compare()).orElseThrow().header();
        assertTrue(heads.contains("A") && heads.contains("B") && !heads.contains("full") && !heads.contains("on"),
                "the picture's table: " + heads);
    }

    @Test
    void sidesThatDifferInOneValueAreStillHeadedByItsValues() throws Exception {
        // B left preemption at the scenario's lazy: its column says lazy, as the mail's LAZY
        String text = tcpTabText(Map.of("durationMs", "40", "warmupMs", "20", "preemption", "full"),
                Map.of("durationMs", "40", "warmupMs", "20"));
        assertTrue(text.contains("| Wireshark warning / note             |    full |    lazy |   change |"), text);
    }
}
