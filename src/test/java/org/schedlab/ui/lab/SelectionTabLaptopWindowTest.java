package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
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
 * The Selection tab in a 1280 x 720 window (a laptop) with a recording that has tasks and locks:
 * the lock waits table kept 150 px and the task table above it showed two rows; given a least
 * height each, the tab's content was taller than the panel, which then scrolled and laid it all
 * out at its preferred heights, the lock table below the fold. The tab fits the panel, not
 * scrolled, with at least {@value #ROWS_IN_VIEW} rows of each table in view; a dataset without
 * locks has no lock waits at all, and its task table takes the room.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionTabLaptopWindowTest extends FxRobot {
    /** The rows of each table a 1280 x 720 window shows in the Selection tab (fewer where it has fewer). */
    private static final int ROWS_IN_VIEW = 3;

    @TempDir
    Path dir;

    /** What File > Open answers next. */
    private volatile Path next;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).picker(owner -> Optional.ofNullable(next)).show(st));
    }

    /** A perf sched recording with 34 locks beside its 83 tasks. */
    @Test
    void aRecordingsTasksAndLocksAreBothInViewOnALaptopScreen() throws Exception {
        open(Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz"));
        assertTabFits();
        assertRowsInView("#selection-tasks", ROWS_IN_VIEW);
        assertRowsInView("#selection-locks", ROWS_IN_VIEW);
    }

    /**
     * A saved case-B run (MongoDB, mmap_lock) in a 1280 x 720 window: the lock waits table's figure
     * columns kept 64 and 80 px whatever their figures, and its one lock read "mma...ock" beside
     * them. The figures are as wide as they are, and the lock's name and every figure read whole.
     */
    @Test
    void aCaseBRunsLockNameAndWaitsReadWholeOnALaptopScreen() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "20", "durationMs", "60"),
                Simulation.Options.recording(60), () -> false).dataset().orElseThrow();
        Path file = dir.resolve("mongodb.json");
        DatasetJson.write(run, file);
        open(file);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            java.util.List<String> shown = new java.util.ArrayList<>();
            java.util.List<String> cut = new java.util.ArrayList<>();
            for (Node n : lookup("#selection-locks .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || c.getText() == null || !c.isVisible()) {
                    continue;
                }
                shown.add(c.getText());
                if (!ShownText.of(c).equals(c.getText())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getText() + "'");
                }
            }
            assertTrue(shown.contains("mmap_lock"), "the lock's row: " + shown);
            assertEquals(java.util.List.of(), cut, "every cell of the lock waits table whole");
        });
    }

    /**
     * A saved pgbench run on Graviton: tasks, its one lock and its operations' latency, each table
     * with its rows in view, and the panel not scrolled; its CPUs' busy shares whole.
     */
    @Test
    void aSavedPgbenchRunsTasksLockAndOperationsAreAllInViewOnALaptopScreen() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8", "clients", "64",
                "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"), Simulation.Options.recording(60),
                () -> false).dataset().orElseThrow();
        Path file = dir.resolve("graviton.json");
        DatasetJson.write(run, file);
        open(file);
        FxWait.untilOnFx("the operations", 60, () -> lookup("#selection-operations").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        assertTabFits();
        assertRowsInView("#selection-tasks", ROWS_IN_VIEW);
        assertRowsInView("#selection-locks", Math.min(ROWS_IN_VIEW, run.locks().size()));
        assertRowsInView("#selection-operations", 1);
        // eight CPUs, more than the rows in view: beside the table's scroll bar a busy CPU read "100.0..."
        clickOn("#selection-show-cpus");
        WaitForAsyncUtils.waitForFxEvents();
        assertTabFits();
        interact(() -> {
            assertTrue(lookup("#selection-cpus").query().isVisible(), "the CPU view");
            java.util.List<String> cut = new java.util.ArrayList<>();
            int[] shown = new int[1];
            for (Node n : lookup("#selection-cpus .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || c.getText() == null || !c.isVisible()
                        || c.getTableColumn() != c.getTableView().getColumns().get(1)) {
                    continue;
                }
                shown[0]++;
                if (!ShownText.of(c).equals(c.getText())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getText() + "'");
                }
            }
            assertTrue(shown[0] >= ROWS_IN_VIEW, "busy cells: " + shown[0]);
            assertTrue(cut.isEmpty(), "busy shares cut: " + cut);
        });
    }

    /**
     * A saved pgbench run's "Operations ended inside" at 1280 x 720: its seven columns (operation,
     * ended, per s, mean, p50, p99, max) needed about 500 px of the table's 349 and it scrolled
     * sideways, p50 to max past the edge (case A showed "transaction 17,440 174,400 5,402" over a
     * scroll bar). "per s", then "p50", then "mean" give way, the row's tooltip says every figure, and every figure
     * and header shown is whole, the operation's name too, with no sideways scroll.
     */
    @Test
    void theOperationsFitALaptopsPanelWithoutScrollingSideways() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8", "clients", "64",
                "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"), Simulation.Options.recording(60),
                () -> false).dataset().orElseThrow();
        Path file = dir.resolve("graviton.json");
        DatasetJson.write(run, file);
        open(file);
        FxWait.untilOnFx("the operations", 60, () -> lookup("#selection-operations").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> t = FxWait.onFx(() -> lookup("#selection-operations").queryAs(TableView.class));
        // the count and the tail are kept; per s, then p50, then mean give way where the panel is narrow
        java.util.List<String> shownColumns = FxWait.onFx(() -> t.getVisibleLeafColumns().stream().map(c -> c.getText()).toList());
        assertTrue(shownColumns.size() < 7 && shownColumns.containsAll(java.util.List.of("operation", "ended", "p99", "max")),
                "columns shown: " + shownColumns);
        interact(() -> {
            ShownText.laidOut(t); // cells read after the pass that hands them their rows
            boolean sideways = t.lookupAll(".scroll-bar").stream().anyMatch(n -> n instanceof ScrollBar sb
                    && sb.getOrientation() == Orientation.HORIZONTAL && sb.isVisible());
            assertFalse(sideways, "a sideways scroll bar under the operations at 1280 px");
            double shown = t.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
            assertTrue(shown <= t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() + 0.5,
                    "columns " + shown + " px in a " + t.getWidth() + " px table");
            java.util.List<String> cut = new java.util.ArrayList<>();
            int[] cells = new int[1];
            for (Node n : t.lookupAll(".table-cell")) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || c.getText() == null || !c.isVisible()) {
                    continue;
                }
                cells[0]++;
                if (!ShownText.of(c).equals(c.getText())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getText() + "'");
                }
            }
            for (Node n : t.lookupAll(".column-header .label")) {
                javafx.scene.control.Labeled l = (javafx.scene.control.Labeled) n;
                if (l.isVisible() && !ShownText.of(l).equals(l.getText())) {
                    cut.add("header '" + ShownText.of(l) + "' for '" + l.getText() + "'");
                }
            }
            assertTrue(cells[0] >= 5, "cells: " + cells[0]);
            assertEquals(java.util.List.of(), cut, "cut in a 1280 px window");
            // the figures left out are the row's tooltip's, with the others
            TableRow<?> row = t.lookupAll(".table-row-cell").stream().map(r -> (TableRow<?>) r)
                    .filter(r -> !r.isEmpty()).findFirst().orElseThrow();
            String tip = row.getTooltip().getText();
            for (int i = 1; i < t.getColumns().size(); i++) {
                var c = t.getColumns().get(i);
                String figure = String.valueOf(c.getCellData(row.getIndex()));
                assertTrue(tip.contains(c.getText() + " " + figure) || tip.contains(figure + " " + c.getText()),
                        c.getText() + " " + figure + " in the row's tooltip: " + tip);
            }
        });
    }

    /**
     * A simulated run without locks: no "Lock waits" heading over a table saying there are none;
     * the task table has the room instead.
     */
    @Test
    void aRunWithoutLocksHasNoLockWaitsAndItsTasksTakeTheRoom() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("teach-fair-share"), Map.of(), Simulation.Options.recording(60),
                () -> false).dataset().orElseThrow();
        assertTrue(run.locks().isEmpty(), "a run without locks");
        Path file = dir.resolve("fair-share.json");
        DatasetJson.write(run, file);
        open(file);
        assertTabFits();
        Node locks = FxWait.onFx(() -> lookup("#selection-locks").query());
        Node heading = FxWait.onFx(() -> lookup(".title-4").queryAllAs(javafx.scene.control.Label.class).stream()
                .filter(l -> l.getText().equals("Lock waits")).findFirst().orElseThrow());
        for (Node n : new Node[] {locks, heading}) {
            assertFalse(FxWait.onFx(n::isVisible), n + " shown");
            assertFalse(FxWait.onFx(n::isManaged), n + " takes room");
        }
        assertRowsInView("#selection-tasks", 2);
        // its room: twice the rows it keeps in a panel shared with the lock waits
        interact(() -> {
            TableView<?> t = lookup("#selection-tasks").queryAs(TableView.class);
            double rowPx = t.lookup(".table-row-cell").getLayoutBounds().getHeight();
            double roomPx = t.lookup(".clipped-container").getLayoutBounds().getHeight();
            assertTrue(roomPx >= 2 * ROWS_IN_VIEW * rowPx, "the task table's rows have " + roomPx + " px, "
                    + roomPx / rowPx + " rows");
        });
    }

    /** The Selection tab's scroll pane. */
    private ScrollPane panel() {
        return FxWait.onFx(() -> {
            Node n = lookup("#selection-tasks").query();
            while (!(n instanceof ScrollPane)) {
                n = n.getParent();
            }
            return (ScrollPane) n;
        });
    }

    /** The tab's content fits the panel: fitted to its height, no scroll bar, nothing past its bottom. */
    private void assertTabFits() {
        ScrollPane panel = panel();
        interact(() -> {
            double viewport = panel.getViewportBounds().getHeight();
            double content = panel.getContent().getLayoutBounds().getHeight();
            double min = panel.getContent().minHeight(panel.getViewportBounds().getWidth());
            boolean bar = panel.getChildrenUnmodifiable().stream().anyMatch(c -> c instanceof ScrollBar sb
                    && sb.getOrientation() == Orientation.VERTICAL && sb.isVisible());
            String state = "the tab's content " + content + " px (at least " + min + ") in a " + viewport + " px panel";
            assertTrue(panel.isFitToHeight(), "not fitted to the panel's height: " + state);
            assertFalse(bar, "a scroll bar: " + state);
            assertTrue(content <= viewport + 0.5, state);
            assertEquals(0, panel.getVvalue(), "the panel as it opens");
        });
    }

    /** At least {@code rows} whole rows of {@code table} in view, inside both the table and the panel. */
    private void assertRowsInView(String table, int rows) {
        ScrollPane panel = panel();
        interact(() -> {
            TableView<?> t = lookup(table).queryAs(TableView.class);
            assertTrue(t.getItems().size() >= rows, table + " has " + t.getItems().size() + " rows");
            Node flow = t.lookup(".clipped-container");
            Bounds view = panel.localToScene(panel.getBoundsInLocal());
            Bounds inTable = flow.localToScene(flow.getLayoutBounds());
            double top = Math.max(view.getMinY(), inTable.getMinY()) - 0.5;
            double bottom = Math.min(view.getMaxY(), inTable.getMaxY()) + 0.5;
            long whole = t.lookupAll(".table-row-cell").stream()
                    .filter(r -> r.isVisible() && !((TableRow<?>) r).isEmpty())
                    .map(r -> r.localToScene(r.getBoundsInLocal()))
                    .filter(b -> b.getMinY() >= top && b.getMaxY() <= bottom).count();
            assertTrue(whole >= rows, table + ": " + whole + " whole rows in view, the table's rows at y "
                    + inTable.getMinY() + ".." + inTable.getMaxY() + " in a panel at " + view.getMinY() + ".." + view.getMaxY());
        });
    }

    private void open(Path file) throws Exception {
        next = file;
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().summary().summary().isPresent()
                && lookup("#selection-tasks .table-row-cell").queryAll().stream()
                        .anyMatch(r -> !((TableRow<?>) r).isEmpty()));
        // the window opens at this size with the side panel at its first 30 %, as under X (384 px);
        // set again until a layout pass has it there (see SidePanelLaptopWindowTest)
        FxWait.untilOnFx("the side panel at 30 % of 1280 px (384 px)", 60, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - 384) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((javafx.scene.control.SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1280, stage.get().getWidth(), 1);
        assertEquals(720, stage.get().getHeight(), 1);
    }
}
