package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * pgbench's per-thread logs of one run, opened together from File > Open: one dataset whose
 * Selection tab gives the run's transactions (count, rate, latency), with its throughput and
 * latency tracks; opened with a perf recording, whose clock counts from boot, the warnings say
 * the two cannot be lined up.
 */
@ExtendWith(ApplicationExtension.class)
class PgbenchLogWindowTest extends FxRobot {
    private static final String DIR = "real/pgbench-log/";

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    private void openThroughMenu(Path... files) {
        window.pick(files);
        clickOn("File");
        clickOn("Open\u2026");
    }

    @SuppressWarnings("unchecked")
    private TableView<SelectionPanel.OperationRow> operations() {
        return FxWait.onFx(() -> lookup("#selection-operations").queryAs(TableView.class));
    }

    @Test
    void theThreadLogsOfOneRunOpenAsOneRunWithItsTransactions() throws Exception {
        openThroughMenu(Fixtures.path(DIR + "threads/pgbench_log.9950"), Fixtures.path(DIR + "threads/pgbench_log.9950.1"));
        waitUntil("the run is shown and summarised", () -> window.vm.timeline().dataset().metadata().format().equals("pgbench-log")
                && window.vm.timeline().summary().summary().isPresent());
        TableView<SelectionPanel.OperationRow> t = operations();
        // pgbench printed "number of transactions actually processed: 600/600" for the two threads together
        waitUntil("the run's transactions", () -> t.isVisible() && t.getItems().size() == 1
                && t.getItems().get(0).latency().count() == 600);
        assertEquals("transaction", t.getItems().get(0).operation());
        assertEquals(1501.0, t.getItems().get(0).latency().meanUs(), 0.5, "pgbench's latency average = 1.501 ms");
        assertTrue(window.vm.timeline().dataset().counter("pgbench log tps").isPresent());
        assertEquals("pgbench_log.9950 + pgbench_log.9950.1", FxWait.onFx(() -> lookup("#status-file")
                .queryAs(Label.class).getText()));
    }

    @Test
    void withAPerfRecordingTheWarningsSayTheClocksCannotBeLinedUp() throws Exception {
        openThroughMenu(Fixtures.path(Fixtures.RUN_A_SCRIPT), Fixtures.path(DIR + "plain/pgbench_log.9938"));
        waitUntil("both are shown", () -> window.vm.timeline().dataset().cpuCount() == 2
                && !window.vm.timeline().dataset().operations().isEmpty());
        Button warnings = FxWait.onFx(() -> lookup("#status-warnings").queryAs(Button.class));
        waitUntil("the warnings are announced", warnings::isVisible);
        clickOn(warnings);
        waitUntil("the warnings dialog", () -> lookup("#import-warnings-dialog").tryQuery().isPresent());
        String text = FxWait.onFx(() -> lookup("#import-warnings-dialog .text-area").queryAs(TextArea.class).getText());
        assertTrue(text.contains("pgbench_log.9938: has Unix-epoch times, but runA_perf_sched_script.txt.gz counts from"
                + " boot: the two clocks cannot be lined up"), text);
        clickOn("OK");
    }
}
