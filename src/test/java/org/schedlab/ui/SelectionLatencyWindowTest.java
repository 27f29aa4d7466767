package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.geometry.Point2D;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.OperationLatency;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeRange;
import org.schedlab.render.TimelineLayout;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A saved simulated run opened in the workbench: the Selection tab gives the latency of the
 * workload's operations, over the whole run and, once a range is dragged on the axis, of those
 * that ended inside it. A recording without operations has no such table.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionLatencyWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 60, condition);
    }

    private Dataset open(Dataset d, String name) throws Exception {
        Path file = dir.resolve(name);
        DatasetJson.write(d, file);
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        waitUntil("the file is shown and summarised", () -> window.vm.timeline().dataset().cpuCount() == d.cpuCount()
                && window.vm.timeline().data().isPrepared() && window.vm.timeline().summary().summary().isPresent());
        return window.vm.timeline().dataset();
    }

    @SuppressWarnings("unchecked")
    private TableView<SelectionPanel.OperationRow> table() {
        return FxWait.onFx(() -> lookup("#selection-operations").queryAs(TableView.class));
    }

    @Test
    void aSavedRunsOperationLatencyFollowsTheSelectedRange() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8", "clients", "64",
                "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"), Simulation.Options.recording(60),
                () -> false).dataset().orElseThrow();
        Dataset d = open(run, "saved-run.json");
        TableView<SelectionPanel.OperationRow> t = table();
        long whole = OperationLatency.of(d).get("transaction").count();
        waitUntil("the whole run's transactions", () -> t.isVisible() && t.getItems().size() == 1
                && t.getItems().get(0).latency().count() == whole);
        assertEquals("transaction", t.getItems().get(0).operation());

        TimelineLayout l = window.workbench.timelineView().currentLayout();
        long a = d.startNs() + 20_000_000L;
        long b = d.startNs() + 30_000_000L;
        Point2D from = window.workbench.timelineView().localToScreen(l.xOf(a) + 0.5, 10);
        Point2D to = window.workbench.timelineView().localToScreen(l.xOf(b) + 0.5, 10);
        moveTo(from).press(MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        waitUntil("the summary follows the range", () -> window.vm.timeline().summary().summary()
                .map(s -> !s.wholeRun()).orElse(false));
        TimeRange range = window.vm.timeline().selection().range().orElseThrow();
        LatencyStats inside = OperationLatency.of(d, range.startNs(), range.endNs()).get("transaction");
        assertTrue(inside.count() > 0 && inside.count() < whole, inside + " of " + whole);
        waitUntil("the transactions that ended in the range", () -> t.getItems().size() == 1
                && t.getItems().get(0).latency().equals(inside));
        String p99 = t.getColumns().get(5).getCellData(0).toString();
        assertEquals(Tables.micros(inside.p99Us()), p99);
        // the range's own rate: what ended inside over the range's length, not a 10 ms bucket's mean
        assertEquals("per s", t.getColumns().get(2).getText());
        assertEquals(Tables.count(Math.round(inside.count() * 1e9 / range.durationNs())),
                t.getColumns().get(2).getCellData(0).toString());
    }

    @Test
    void aRecordingWithoutOperationsHasNoLatencyTable() throws Exception {
        open(LockHolderPreemption.dataset(), "recording.json");
        waitUntil("its summary", () -> window.vm.timeline().summary().summary().map(s -> s.operations().isEmpty()).orElse(false));
        assertFalse(table().isVisible());
        assertFalse(table().isManaged(), "it takes no room either");
    }
}
