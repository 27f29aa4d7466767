package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.SweepPlotData;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A teacher sweeps task B's class under lazy and plots B's wake-up latency, the lesson of
 * teach-kernel-section (runqlatUs.B in the summary): the Plot chooser offered sites only (the
 * teaching scenarios have no operation or lock), so the one figure the scenario is about could
 * not be plotted. It offers each comm group's run-queue latency, named as the summary names it,
 * and the copied table says which.
 */
@ExtendWith(ApplicationExtension.class)
class SweepRunqlatWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void taskBsRunQueueLatencyIsPlottedAndTheFifoPointIsLower() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200", "preemption", "lazy"),
                "bClass", "fair,fifo", 2);
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));

        clickOn("#sweep-metric");
        Node cell = FxWait.onFx(() -> lookup((Node n) -> n instanceof ListCell<?> c
                && "runqlat B p99".equals(c.getText()) && n.isVisible()).query());
        clickOn(cell);

        SweepPlotData plot = FxWait.onFx(() -> vm.plotProperty().get());
        assertEquals("runqlat B p99", plot.metricLabel());
        assertEquals(SweepPlotData.MetricUnit.MICROS, plot.metricUnit());
        assertTrue(plot.title().contains("runqlat B p99 against bClass"), plot.title());
        SweepPlotData.Point fair = plot.series().get(0).points().stream().filter(p -> p.xIndex() == 0)
                .findFirst().orElseThrow();
        SweepPlotData.Point fifo = plot.series().get(0).points().stream().filter(p -> p.xIndex() == 1)
                .findFirst().orElseThrow();
        assertTrue(fifo.metricMean() < fair.metricMean(), "a FIFO B runs at the wake-up's interrupt exit ("
                + fifo.metricMean() + " us), a fair one waits for the tick (" + fair.metricMean() + " us)");
        for (var row : vm.rows()) {
            double p99 = row.summary().path("runqlatUs").path("B").path("p99").asDouble();
            SweepPlotData.Point p = row.point().get("bClass").equals("fair") ? fair : fifo;
            assertEquals(p99, p.metricMean(), 1e-9, "the run's own runqlatUs.B.p99");
        }

        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#sweep-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(copied.contains("\nmetric    runqlat B p99 (runqlatUs.B.p99)\n"), "as 'schedlab sweep --metric"
                + " runqlatUs.B.p99' heads it: " + copied);
    }
}
