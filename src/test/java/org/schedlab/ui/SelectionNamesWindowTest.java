package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
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
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Selection tab in a 1600 x 1000 window, whose side panel has room to spare: the lock waits'
 * and the run time's last column took it all ("waited" 130 px wide for "80.8 s") while case A's
 * "buffer_strategy_lock" read "buffe...lock" beside it; the one lock's table grew over five blank
 * rows; the operations' p99 read "35,..." in its own column. The names take the room the figures
 * leave, the figures keep their width and are whole, and the lock waits are as high as their rows.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionNamesWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @TempDir
    Path dir;

    @Start
    void start(Stage primary) {
        stage.open(st -> window.opener(DatasetOpener.standard()).show(st), 1600, 1000);
    }

    @Test
    void theNamesTakeTheRoomTheFiguresLeaveInAWiderPanel() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8", "clients", "512",
                "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "40"), Simulation.Options.recording(40),
                () -> false).dataset().orElseThrow();
        assertEquals("buffer_strategy_lock", run.locks().get(0).name());
        Path file = dir.resolve("graviton.json");
        DatasetJson.write(run, file);
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().summary().summary().isPresent()
                && lookup("#selection-locks .table-row-cell").queryAll().stream()
                        .anyMatch(r -> !((TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            double panel = lookup("#side-panel").query().getBoundsInLocal().getWidth();
            assertTrue(panel >= 440, "a 1600 px window's side panel: " + panel);
            for (String id : List.of("#selection-locks", "#selection-tasks")) {
                TableView<?> t = lookup(id).queryAs(TableView.class);
                List<? extends TableColumn<?, ?>> columns = t.getColumns();
                for (TableColumn<?, ?> c : columns.subList(1, columns.size())) {
                    assertEquals(c.getPrefWidth(), c.getWidth(), 1, id + " " + c.getText() + ": a figure keeps its width");
                }
                assertTrue(columns.get(0).getWidth() > columns.get(0).getPrefWidth() + 20,
                        id + ": the name column has the spare room, " + columns.get(0).getWidth() + " px");
            }
            // one lock: its table as high as its rows, not over blank ones; the task table has the room
            TableView<?> locks = lookup("#selection-locks").queryAs(TableView.class);
            TableView<?> tasks = lookup("#selection-tasks").queryAs(TableView.class);
            assertEquals(1, locks.getItems().size());
            assertEquals(locks.getPrefHeight(), locks.getHeight(), 1, "the lock waits' height");
            assertTrue(locks.getPrefHeight() <= SelectionPanel.HEADER_PX + SelectionPanel.BORDERS_PX
                    + SelectionPanel.PLACEHOLDER_ROWS * SelectionPanel.ROW_PX + 0.5, "pref " + locks.getPrefHeight());
            assertTrue(tasks.getHeight() > locks.getHeight() * 3, "the tasks' table " + tasks.getHeight() + " px");
            List<String> cut = new ArrayList<>();
            int names = 0;
            for (Node n : lookup("#selection-locks .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || !c.isVisible()
                        || c.getTableColumn() != c.getTableView().getColumns().get(0)) {
                    continue;
                }
                names++;
                if (!ShownText.of(c).equals(c.getItem())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getItem() + "'");
                }
            }
            assertEquals(1, names);
            assertTrue(cut.isEmpty(), "lock names cut: " + cut);
            // the operations' figures, each whole in its own column (the table scrolls sideways to
            // those past the panel's edge): a p99 of 35,872 us read "35,..." in 60 px
            List<String> figures = new ArrayList<>();
            for (Node n : lookup("#selection-operations .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || !c.isVisible()
                        || c.getTableColumn() == c.getTableView().getColumns().get(0)) {
                    continue;
                }
                figures.add(c.getTableColumn().getText() + " " + c.getItem());
                if (!ShownText.of(c).equals(c.getItem())) {
                    cut.add(c.getTableColumn().getText() + ": '" + ShownText.of(c) + "' for '" + c.getItem() + "'");
                }
            }
            // five or six: "per s" gives way where the name would have less than 90 px beside it
            assertTrue(figures.size() >= 5, figures.toString());
            assertTrue(figures.stream().anyMatch(f -> f.matches("(p99|max) \\d\\d,\\d{3}")),
                    "a latency of five digits or more: " + figures);
            assertTrue(cut.isEmpty(), "operations' figures cut: " + cut);
        });
    }
}
