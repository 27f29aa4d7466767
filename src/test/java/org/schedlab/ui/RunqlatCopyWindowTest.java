package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The runqlat tab's Copy, pasted into a mail: the histogram under a line naming its comm group and
 * the time it covers. The bare histogram said neither, so two pasted one under the other (postgres,
 * pgbench) could not be told apart, nor a selected window's from the whole run's.
 */
@ExtendWith(ApplicationExtension.class)
class RunqlatCopyWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    @SuppressWarnings("unchecked")
    private String copy(String group) throws Exception {
        ComboBox<String> groups = lookup("#runqlat-group").queryAs(ComboBox.class);
        interact(() -> groups.setValue(group));
        Button copy = (Button) ((Pane) groups.getParent()).getChildren().stream().filter(n -> n instanceof Button)
                .findFirst().orElseThrow();
        interact(() -> Clipboard.getSystemClipboard().clear());
        interact(copy::fire);
        AtomicReference<String> text = new AtomicReference<>("");
        interact(() -> text.set(Clipboard.getSystemClipboard().getString()));
        return text.get();
    }

    /**
     * The row over the histogram: "comm group", its list and Copy sat at the row's top, the name a
     * few pixels above the text in the list beside it. They are centred on one line.
     */
    @Test
    void theCommGroupRowIsCentredOnOneLine() throws Exception {
        Path file = Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz");
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the summary", 120, () -> window.vm.timeline().summary().summary().isPresent());
        interact(() -> lookup("#side-tabs").queryAs(TabPane.class).getSelectionModel().select(
                lookup("#side-tabs").queryAs(TabPane.class).getTabs().stream()
                        .filter(t -> "tab-runqlat".equals(t.getId())).findFirst().orElseThrow()));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            ComboBox<?> groups = lookup("#runqlat-group").queryAs(ComboBox.class);
            double middle = centreY(groups);
            for (javafx.scene.Node n : ((Pane) groups.getParent()).getChildren()) {
                assertEquals(middle, centreY(n), 1.0, n + " beside the list");
            }
        });
    }

    /**
     * A perf sched script of sched_waking (no sched_wakeup): the tab's "VM Thread" max is a wake-up
     * that waited 10.6 ms, perf sched latency's 2.38 ms - it times only waits after an "R"
     * switch-out then. The line under the list says which waits the tab counts and that perf's
     * table counts fewer, so the two figures are not taken for a bug.
     */
    @Test
    void theSourceLineSaysWhichWaitsCountAndWhyPerfSchedLatencyReadsLess() throws Exception {
        Path file = Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz");
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the summary", 120, () -> window.vm.timeline().summary().summary().isPresent());
        String source = FxWait.onFx(() -> lookup("#runqlat-source").queryAs(Label.class).getText());
        assertTrue(source.startsWith("From the task lanes: runnable until running, waits ending in the scope."),
                source);
        assertTrue(source.contains("A wait counts from a wake-up or a preemption; perf sched latency times only"
                + " those after sched_wakeup or an \"R\" switch-out (not sched_waking), so its delays can be fewer"
                + " and shorter."), source);
    }

    /**
     * perf sched timehist of the same recording, without --state: no preemption is shown, its waits
     * are those after a wake-up only (java[7329] 17 against the script's 896), and the line said
     * they counted from "a wake-up or a preemption" and that perf's table counts fewer.
     */
    @Test
    void aTimehistWithoutStatesIsNotSaidToCountPreemptions() throws Exception {
        Path file = Fixtures.path("real/pgbench-local/runA_timehist.txt.gz");
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the summary", 120, () -> window.vm.timeline().dataset().metadata().source()
                .contains(file.getFileName().toString()) && window.vm.timeline().summary().summary().isPresent());
        FxWait.untilOnFx("the line under the list", 30, () -> !lookup("#runqlat-source").queryAs(Label.class)
                .getText().isEmpty());
        assertEquals(RunqlatPanel.FROM_LANES, FxWait.onFx(() -> lookup("#runqlat-source").queryAs(Label.class).getText()));
    }

    private static double centreY(javafx.scene.Node n) {
        javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
        return (b.getMinY() + b.getMaxY()) / 2;
    }

    /** The copy's heading up to its comm group: the file, as Edit > Copy summary names it. */
    private static final String OF = "runqlat of runA_perf_sched_script.txt.gz (perf-sched-script)";

    @Test
    void theCopiedHistogramNamesItsFileCommGroupAndWindow() throws Exception {
        Path file = Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz");
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file is shown, its summary in", 120, () -> window.vm.timeline().dataset().metadata()
                .source().contains(file.getFileName().toString()) && window.vm.timeline().summary().summary().isPresent()
                && window.vm.timeline().summary().summary().get().runqlat().containsKey("postgres"));
        interact(() -> lookup("#side-tabs").queryAs(TabPane.class).getSelectionModel().select(
                lookup("#side-tabs").queryAs(TabPane.class).getTabs().stream()
                        .filter(t -> "tab-runqlat".equals(t.getId())).findFirst().orElseThrow()));

        String postgres = copy("postgres");
        String shown = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class).getText());
        String[] parts = postgres.split("\n\n", -1);
        // the file it is of, too: pasted into a thread, the histogram named no recording
        assertEquals(OF + ", comm group postgres: waits ending in the whole run (1.54 s)",
                parts[0].replaceAll("\\s+", " "), postgres);
        assertEquals(org.schedlab.analysis.RunqlatHistogram.text(window.vm.timeline().summary().summary().get()
                .runqlat().get("postgres")), parts[1] + "\n",
                "then the histogram in a mail's 72 columns, not the panel's: " + shown);
        // and which waits it counts, that perf sched latency's table counts fewer
        assertEquals(RunqlatPanel.PERF_RULE.strip(), parts[2].strip().replaceAll("\\s+", " "), postgres);
        postgres.lines().forEach(l -> assertTrue(l.length() <= 72, "a mail's 72 columns: " + l));
        assertTrue(copy("pgbench").replaceAll("\\s+", " ").startsWith(OF + ", comm group pgbench: "), "each group its own name");

        long start = FxWait.onFx(() -> window.vm.timeline().dataset().startNs());
        interact(() -> window.vm.timeline().selection().selectRange(start + 500_000_000L, start + 750_000_000L));
        FxWait.untilOnFx("the range's summary", 60, () -> window.vm.timeline().summary().summary()
                .map(s -> !s.wholeRun()).orElse(false));
        assertTrue(copy("postgres").replaceAll("\\s+", " ").startsWith(OF
                + ", comm group postgres: waits ending in window 500..750 ms "), copy("postgres"));
    }
}
