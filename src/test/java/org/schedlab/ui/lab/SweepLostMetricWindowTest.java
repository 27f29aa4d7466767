package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A sweep whose runs do not report the metric picked before it ends with "No run of this sweep
 * reports transaction p99, so the plot shows <top site> instead." That sentence stayed on the
 * status line after the user picked another metric in the Plot chooser, which the runs do report
 * and the plot then showed: the line named a plot that was no longer there.
 */
@ExtendWith(ApplicationExtension.class)
class SweepLostMetricWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void theLostMetricSentenceGoesOnceAnotherMetricIsPicked() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 2);
        // the pick a pgbench sweep left: the textbook scenario has no transactions
        interact(() -> vm.metricProperty().set(new SweepMetric(SweepMetric.Kind.LATENCY_P99, "transaction")));
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        Labeled status = FxWait.onFx(() -> lookup("#sweep-status").queryLabeled());
        String top = FxWait.onFx(() -> vm.metrics().get(0).label());
        assertEquals("done: 2 runs. No run of this sweep reports transaction p99, so the plot shows " + top
                + " instead.", FxWait.onFx(status::getText));

        // the user picks the second site in the chooser: the plot shows it, the line no longer says otherwise
        SweepMetric second = FxWait.onFx(() -> vm.metrics().get(1));
        clickOn("#sweep-metric");
        Node cell = lookup((Node n) -> n instanceof ListCell<?> c && second.label().equals(c.getText())
                && n.isVisible()).query();
        clickOn(cell);
        FxWait.untilOnFx("the plot shows the pick", 30, () -> second.equals(vm.metricProperty().get()));
        assertEquals(second.name(), FxWait.onFx(() -> vm.plotProperty().get().metricLabel()));
        String now = FxWait.onFx(status::getText);
        assertEquals("done: 2 runs", now, "the status follows the metric shown");
        assertTrue(!now.contains(top), now);
    }
}
