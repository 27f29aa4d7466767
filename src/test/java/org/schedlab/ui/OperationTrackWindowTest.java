package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.OperationSamples;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackKind;
import org.schedlab.render.TrackRow;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A simulated pgbench run opened in the workbench shows its transactions in an Operations group,
 * and pointing at the slowest one's dot reads its latency, start and end.
 */
@ExtendWith(ApplicationExtension.class)
class OperationTrackWindowTest extends FxRobot {
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
        FxWait.untilOnFx(what, 30, condition);
    }

    @Test
    void aSimulatedRunShowsItsTransactionsAndTheSlowestOnesLatencyUnderThePointer() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8", "clients", "64",
                "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"), Simulation.Options.recording(60),
                () -> false).dataset().orElseThrow();
        Path file = dir.resolve("run.json");
        DatasetJson.write(run, file);
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        waitUntil("the run is shown", () -> window.vm.timeline().dataset().cpuCount() == 8 && window.vm.timeline().data().isPrepared());
        Dataset d = window.vm.timeline().dataset();
        TimelineView view = window.workbench.timelineView();
        waitUntil("it is painted with its operations", () -> view.lastPaintedViewport().map(v -> v.widthPx() > 400)
                .orElse(false) && view.currentLayout().find(TrackKind.HEADER, -1).isPresent()
                && hasOperationsHeader(view.currentLayout()));
        // the CPU lanes out of the way, so the row is in view however small the window
        interact(() -> window.vm.timeline().toggleGroup(TrackGroup.CPUS));
        waitUntil("CPUs collapsed", () -> view.currentLayout().find(TrackKind.CPU, 0).isEmpty());

        int kind = 0;
        OperationSamples ops = d.operations().get(kind);
        assertEquals("transaction", ops.name());
        TimelineLayout layout = view.currentLayout();
        int slowest = -1;
        for (int i = ops.firstEndingAtOrAfter(layout.viewport().startNs());
                i < ops.firstEndingAtOrAfter(layout.viewport().endNs()); i++) {
            if (slowest < 0 || ops.latencyNs(i) > ops.latencyNs(slowest)) {
                slowest = i;
            }
        }
        TrackRow row = layout.find(TrackKind.OPERATION, kind).orElseThrow();
        assertTrue(row.bottomPx() < layout.lanesBottomPx(), "the row is in view: " + row);
        double x = layout.xOf(ops.endNs(slowest));
        double y = row.topPx() + 6; // the slowest sits at the top of the row's scale
        moveTo(view.localToScreen(x, y));
        Label hover = FxWait.onFx(() -> lookup("#timeline-hover").queryAs(Label.class));
        String expected = "transaction\nlatency " + TimeFormat.duration(ops.latencyNs(slowest));
        waitUntil("the hover readout", () -> hover.isVisible() && hover.getText().startsWith(expected));
        assertTrue(hover.getText().contains(" to +" + TimeFormat.offset(ops.endNs(slowest) - d.startNs())),
                hover.getText());
    }

    private static boolean hasOperationsHeader(TimelineLayout l) {
        for (int i = 0; i < l.rowCount(); i++) {
            if (l.row(i).group() == TrackGroup.OPERATIONS && l.row(i).kind() == TrackKind.HEADER) {
                return true;
            }
        }
        return false;
    }
}
