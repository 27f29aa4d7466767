package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.cli.SchedLabCli;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Case C's reply to the s390 thread pastes the delta table and the mail's own Wireshark table of
 * TCP counters. Copy A/B table copied the delta table alone, and the Wireshark table had to be
 * fetched with a second item (Edit > Copy TCP counters table). Where both sides count TCP, the
 * copy ends with that table as {@code schedlab compare} ends its text: the same lines, under the
 * same column heads. Where they do not, the copy is the delta table as before.
 */
@ExtendWith(ApplicationExtension.class)
class AbCopyTableTcpWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String copied() throws Exception {
        CompareViewModel vm = window.lab.compare();
        FxWait.untilOnFx("both runs done and the table in", 120, () -> !vm.rows().isEmpty()
                && !vm.side(CompareViewModel.Side.A).busyProperty().get()
                && !vm.side(CompareViewModel.Side.B).busyProperty().get()
                && vm.rowsPendingProperty().get().isEmpty());
        FxWait.pulse(lookup("#ab-copy").query().getScene());
        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#ab-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        return FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
    }

    /** What {@code schedlab compare} prints from its Wireshark table's first rule on. */
    private static String compareTcpTail(String... args) {
        StringWriter out = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute(args), out.toString());
        String text = out.toString();
        int at = text.indexOf("|---");
        assertTrue(at > 0, "compare ends with the Wireshark table:\n" + text);
        return text.substring(at);
    }

    @Test
    void copyAbTableEndsWithTheWiresharkTableAsCompareDoes() throws Exception {
        window.openS390FullVsLazy(this); // full vs lazy, 20 + 40 ms, seed 1
        String copied = copied();
        String tail = compareTcpTail("compare", "--scenario", "s390-uperf", "--base", "preemption=full",
                "--test", "preemption=lazy", "--warmup-ms", "20", "--duration-ms", "40");
        assertTrue(tail.contains("| Wireshark warning / note             |    full |    lazy |   change |"), tail);
        assertTrue(copied.endsWith("\n\n" + tail), "the copy ends with compare's Wireshark table:\n" + copied
                + "\n--- compare's:\n" + tail);
        // after the delta table, its span line and notes
        assertTrue(copied.indexOf("tcp.bytesAcked") < copied.indexOf("| D-SACK Sequence"), copied);
        copied.lines().forEach(l -> assertTrue(l.length() <= 72, "wider than a mail's 72 columns: " + l));
        // Edit > Copy A/B table as text copies the same as the bar's Copy table
        assertEquals(FxWait.onFx(() -> window.lab.compare().tableText()), copied);
    }

    @Test
    void withoutTcpOnBothSidesTheCopyIsTheDeltaTableAlone() throws Exception {
        Map<String, String> run = new java.util.HashMap<>(Map.of("durationMs", "40", "warmupMs", "10"));
        org.schedlab.sim.scenario.Scenario teach = org.schedlab.sim.scenario.ScenarioCatalog.builtIn(
                "teach-kernel-section");
        interact(() -> {
            window.lab.compare().open(teach, run, run);
            window.ui.showCompare();
        });
        String copied = copied();
        assertTrue(copied.lines().findFirst().orElse("").contains("teach-kernel-section"), copied);
        assertTrue(copied.contains("runqlatUs._all.mean"), copied);
        assertTrue(List.of("Wireshark", "Not counted by either side", "|---").stream().noneMatch(copied::contains),
                copied);
        // and the status bar names the one table, as it names both tables under a copy with TCP
        FxWait.untilOnFx("the status bar says what was copied", 60, () -> lookup("#status-export")
                .queryAs(javafx.scene.control.Label.class).getText().startsWith("Copied the A/B delta table ("));
    }

    /**
     * Runs that differ in more than one value (lazy with irqInatomic=on against full), two seeds a
     * side: compare heads the sides {@code base} and {@code test} and counts each side's mean over
     * its seeds; the copy ends with the same table, not one headed as the tab heads it ({@code A}
     * and {@code B}), nor one of the first seed's counts.
     */
    @Test
    void runsDifferingInSeveralValuesEndWithComparesBaseAndTestTableOfMeans() throws Exception {
        Map<String, String> a = new java.util.HashMap<>(Map.of("durationMs", "40", "warmupMs", "20",
                "preemption", "full"));
        Map<String, String> b = new java.util.HashMap<>(a);
        b.put("preemption", "lazy");
        b.put("irqInatomic", "on");
        org.schedlab.sim.scenario.Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.compare().seedsProperty().set(2);
            window.lab.compare().open(s390, a, b);
            window.ui.showCompare();
        });
        CompareViewModel vm = window.lab.compare();
        FxWait.untilOnFx("both sides' 2 seeds", 120, () -> vm.side(CompareViewModel.Side.A).outcome()
                .filter(o -> o.seeds() == 2).isPresent() && vm.side(CompareViewModel.Side.B).outcome()
                .filter(o -> o.seeds() == 2).isPresent());
        String copied = copied();
        String tail = compareTcpTail("compare", "--scenario", "s390-uperf", "--base", "preemption=full",
                "--test", "preemption=lazy,irqInatomic=on", "--warmup-ms", "20", "--duration-ms", "40",
                "--seeds", "2");
        assertTrue(tail.contains("| Wireshark warning / note             |    base |    test |   change |"), tail);
        assertTrue(copied.endsWith("\n\n" + tail), "the copy ends with compare's Wireshark table:\n" + copied
                + "\n--- compare's:\n" + tail);
        copied.lines().forEach(l -> assertTrue(l.length() <= 72, "wider than a mail's 72 columns: " + l));
    }
}
