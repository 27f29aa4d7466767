package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A saved case-B run (MongoDB, mmap_lock) in a 1024 x 768 window (a projector's), its side panel
 * at its first 30 %: the lock waits' four figure columns took the whole table and the lock's
 * column was a sliver, "mmap_lock" not read at all. "spin" and "sleep" give way, the lock's name
 * reads whole beside the waits and the time waited, and the row's tooltip has every figure.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionLockWaitsNarrowWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private volatile Path next;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(st -> window.opener(DatasetOpener.standard()).picker(owner -> Optional.ofNullable(next)).show(st),
                1024, 768);
    }

    @Test
    void theLockNameReadsWholeInAProjectorsPanel() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "20", "durationMs", "60"),
                Simulation.Options.recording(60), () -> false).dataset().orElseThrow();
        Path file = dir.resolve("mongodb.json");
        DatasetJson.write(run, file);
        next = file;
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().summary().summary().isPresent()
                && lookup("#selection-locks .table-row-cell").queryAll().stream()
                        .anyMatch(r -> !((TableRow<?>) r).isEmpty()));
        FxWait.untilOnFx("the side panel at 30 % of 1024 px", 60, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - 1024 * 0.3) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            List<String> shown = new ArrayList<>();
            List<String> cut = new ArrayList<>();
            for (Node n : lookup("#selection-locks .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || c.getText() == null || !c.isVisible()
                        || !c.getTableColumn().isVisible()) {
                    continue;
                }
                shown.add(c.getTableColumn().getText() + "=" + c.getText());
                if (!ShownText.of(c).equals(c.getText())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getText() + "'");
                }
            }
            assertTrue(shown.contains("lock=mmap_lock"), "the lock's name: " + shown);
            assertTrue(shown.stream().anyMatch(x -> x.startsWith("waits=")), "its waits: " + shown);
            assertTrue(shown.stream().anyMatch(x -> x.startsWith("waited=")), "the time waited: " + shown);
            assertEquals(List.of(), cut, "every cell shown whole");
            TableView<?> locks = lookup("#selection-locks").queryAs(TableView.class);
            TableRow<?> row = lookup("#selection-locks .table-row-cell").queryAll().stream()
                    .map(r -> (TableRow<?>) r).filter(r -> !r.isEmpty()).findFirst().orElseThrow();
            String tip = row.getTooltip().getText();
            assertTrue(tip.startsWith("mmap_lock: ") && tip.contains(" spin, ") && tip.contains(" sleep), waited "),
                    "the row's tooltip has every figure: " + tip);
            assertTrue(locks.getColumns().size() == 5);
        });
    }
}
