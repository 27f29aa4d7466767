package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab's summary in a 1024 x 768 window (a projector's): a long value goes on lines broken
 * after its commas, but the value column was only as wide as the short figures, and a line's own
 * figure was cut - case B's latency read "mean 6.2..." over "p99 29.0 ms" - while the metric's
 * names, which wrap, had room to give. Every line of every value is drawn whole.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryNarrowWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void aLongValuesLinesAreWholeInAProjectorsWindow() throws Exception {
        org.schedlab.sim.scenario.Scenario mongo = ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            window.lab.openLive(mongo, Map.of("cpus", "8", "clients", "64",
                    "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"));
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live summary", 120, () -> lookup("#live-summary .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()) && !window.lab.live().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        List<String[]> values = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#live-summary .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() != null && c.getTableColumn().getText().equals("value") && !c.isEmpty()
                        && c.getItem() instanceof String item && c.isVisible()) {
                    values.add(new String[] {item, ShownText.of(c)});
                }
            }
        });
        FxWait.onFx(() -> {
            SummaryTable t = lookup("#live-summary").queryAs(SummaryTable.class);
            assertTrue(t.getColumns().get(0).getWidth() + t.getColumns().get(1).getWidth() <= t.getWidth(),
                    "the columns within the table: " + t.getColumns().get(0).getWidth() + " + "
                            + t.getColumns().get(1).getWidth() + " in " + t.getWidth());
            return null;
        });
        assertTrue(values.stream().anyMatch(v -> v[0].startsWith("mean ") && v[0].contains(", p99 ")),
                "case B's latency rows in view: " + values.stream().map(v -> v[0]).toList());
        for (String[] v : values) {
            // broken between words (after a comma, else before a figure or its count), never cut
            assertEquals(v[0], v[1].replace("\n", " "), "a value as drawn");
        }
    }
}
