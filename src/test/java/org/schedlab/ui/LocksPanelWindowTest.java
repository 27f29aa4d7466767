package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.WaitMode;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Locks tab at the side panel's width with a {@code perf lock} recording of 16 contended
 * locks (one column each): the figure names and the lock addresses are read whole. Squeezed into
 * 440 pixels the columns had become slivers with empty headers and "..." for every figure.
 */
@ExtendWith(ApplicationExtension.class)
class LocksPanelWindowTest extends FxRobot {
    private final TimelineViewModel vm = new TimelineViewModel();

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        stage.setScene(new Scene(new LocksPanel(vm.summary()), 440, 600));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private static Dataset sixteenLocks() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int a = b.addTask(100, 100, "postgres");
        int w = b.addTask(101, 101, "postgres");
        b.slice(0, 0, 1_000_000_000L, a, SliceState.USER);
        for (int i = 0; i < 16; i++) {
            long t = 10_000_000L * (i + 1);
            b.lock(String.format("0xffff8881009a%04x", 0x5784 + i * 0x40), "spinlock", false)
                    .hold(t, t + 20_000, a).waitFor(t + 1_000, t + 20_000, w, WaitMode.SPIN);
        }
        return b.build();
    }

    @Test
    void everyFigureNameAndLockAddressIsReadWhole() throws Exception {
        Dataset d = sixteenLocks();
        interact(() -> vm.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> table = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        FxWait.untilOnFx("the summary", 60, () -> table.getColumns().size() == 17 && !table.getItems().isEmpty());

        List<String> cut = new ArrayList<>();
        interact(() -> { // on the FX thread, which lays the headers and rows out
            for (Labeled l : lookup("#locks-table .column-header .label").queryAllAs(Labeled.class)) {
                cutShort(l, cut);
            }
            for (Labeled cell : lookup("#locks-table .table-cell").queryAllAs(Labeled.class)) {
                cutShort(cell, cut);
            }
        });
        assertTrue(cut.isEmpty(), "cut short: " + cut);
        assertEquals("holds", table.getItems().get(1).name());
    }

    private static void cutShort(Labeled l, List<String> cut) {
        javafx.scene.text.Text shown = ShownText.node(l);
        String text = l.getText();
        if (text != null && !text.isEmpty() && l.isVisible() && shown != null && !shown.getText().equals(text)) {
            cut.add(shown.getText());
        }
    }

    /**
     * klockstat's callers in a side panel: each on one line, whole where the column has the room,
     * else cut in its symbol's middle with its offset whole, and no two read alike. Cut in the
     * middle of the whole to about 100 px, "pipe_read+0x3f#4" and "pipe_write+0x35#4" read
     * "pipe_...0x3f" and "pipe_...0x35"; wrapped in a 150 px column, a caller took up to four lines.
     */
    @Test
    void klockstatCallersReadOnOneLineEachAndApartInANarrowPanel() throws Exception {
        Dataset table = org.schedlab.io.read.Fixtures.importAll("public/lock/bcc_klockstat_example.txt").dataset();
        interact(() -> vm.setDataset(table));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        FxWait.untilOnFx("the recorded table", 60, () -> !t.getItems().isEmpty());
        assertTrue(t.getItems().stream().anyMatch(f -> f.name().startsWith("pipe_read+0x3f")), "the fixture's callers");
        List<String> wrong = new ArrayList<>();
        java.util.Map<String, String> shownOf = new java.util.HashMap<>();
        int[] whole = {0};
        ShownText.eachRowsCells(t, (c, r) -> {
            if (c.getTableColumn() != t.getColumns().get(0)) {
                return;
            }
            String name = t.getItems().get(r).name();
            String shown = ShownText.of(c);
            shownOf.put(name, shown);
            if (shown.equals(name)) {
                whole[0]++;
                return;
            }
            String offset = name.substring(name.lastIndexOf('+'));
            String head = shown.substring(0, Math.max(0, shown.indexOf('\u2026')));
            if (shown.contains("\n") || !shown.endsWith(offset) || head.isEmpty() || !name.startsWith(head)) {
                wrong.add("'" + shown + "' for '" + name + "'");
            }
        });
        assertTrue(shownOf.size() >= t.getItems().size(), "every caller's cell looked at: " + shownOf.size());
        assertTrue(wrong.isEmpty(), "a caller on lines, or cut but not keeping its start and offset: " + wrong);
        assertEquals(shownOf.size(), new java.util.HashSet<>(shownOf.values()).size(), "two callers read alike: " + shownOf);
        assertEquals("pipe_read+0x3f#4", shownOf.get("pipe_read+0x3f#4"));
        assertTrue(whole[0] > shownOf.size() / 2, "most callers whole: " + shownOf);
    }

    @Test
    void aDatasetWithoutLocksShowsThePlaceholderWithoutBlankHeaders() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 6_000_000, pg, org.schedlab.model.SliceState.USER);
        Dataset none = b.build();
        interact(() -> vm.setDataset(none));
        TableView<?> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        javafx.scene.layout.Region header = (javafx.scene.layout.Region) t.lookup(".column-header-background");
        FxWait.untilOnFx("the headers hidden", 60, () -> !header.isVisible());
        interact(() -> t.getScene().getRoot().layout());
        assertEquals(0, header.getHeight(), 0.5);
        assertTrue(t.getItems().isEmpty());

        Dataset lanes = sixteenLocks();
        interact(() -> vm.setDataset(lanes));
        FxWait.untilOnFx("the headers back", 60, () -> header.isVisible() && !t.getItems().isEmpty());
        interact(() -> t.getScene().getRoot().layout());
        assertTrue(header.getHeight() > 10, "headers shown for figures: " + header.getHeight());
    }

    @Test
    void aPerfLockContentionTableShowsAsPerfPrintedItAndLanesShowFiguresAgain() throws Exception {
        Dataset table = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt")
                .dataset();
        interact(() -> vm.setDataset(table));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        FxWait.untilOnFx("the recorded table", 60, () -> t.getItems().size() == 135);
        // perf's columns, its three waits under one "wait (us)", its type (all "spinlock") said in the note
        assertEquals(List.of("caller", "contended", "wait (us)"),
                t.getColumns().stream().map(c -> c.getText().replace('\n', ' ')).toList());
        assertEquals(List.of("total", "max", "avg"),
                FxWait.onFx(() -> t.getColumns().get(2).getColumns().stream().map(c -> c.getText()).toList()));
        assertEquals("wake_up_q+0x33", t.getItems().get(0).name());
        // the figures as every table on screen writes them: 8,580 us, not 8580.00 beside grouped counts
        assertEquals(List.of("207", "8,580", "6,900", "41.43", "spinlock"), t.getItems().get(0).values());
        assertTrue(FxWait.onFx(() -> lookup("Lock contention (perf lock contention)").tryQuery()
                .isPresent()), "the heading names the tool");
        // the caller, the count and the total wait (perf's sort key) fit the table's width
        double shown = FxWait.onFx(() -> t.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum());
        double width = FxWait.onFx(t::getWidth);
        assertTrue(shown <= width, "the caller and perf's figures shown take " + shown + " px of a " + width + " px table");

        Dataset lanes = sixteenLocks();
        interact(() -> vm.setDataset(lanes));
        FxWait.untilOnFx("the figures", 60, () -> t.getColumns().size() == 17);
        assertEquals("holds", t.getItems().get(1).name());
        assertTrue(FxWait.onFx(() -> lookup("Lock statistics").tryQuery().isPresent()));
    }

    /**
     * perf lock contention's table opened with the perf script of the same perf lock record: the
     * tab showed the lanes' figures per lock address only, and the table by caller (wake_up_q+0x33,
     * 207 contended, 8.58 ms) was nowhere in the window. It shows under the figures.
     */
    @Test
    void aContentionTableOpenedWithItsLockTracepointsShowsUnderTheLockFigures() throws Exception {
        Dataset both = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runC_perf_lock_script.txt",
                "real/pgbench-local/runC_lock_contention.txt").dataset();
        interact(() -> vm.setDataset(both));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> callers = FxWait.onFx(() -> lookup("#locks-callers-table").queryAs(TableView.class));
        FxWait.untilOnFx("the figures and the callers", 60,
                () -> t.getColumns().size() == 17 && callers.getItems().size() == 135);
        assertEquals("holds", t.getItems().get(1).name(), "the lanes' figures, a column per lock");
        assertTrue(FxWait.onFx(callers::isVisible), "the contention table is shown");
        assertEquals("caller", FxWait.onFx(() -> callers.getColumns().get(0).getText()));
        assertEquals("wake_up_q+0x33", callers.getItems().get(0).name());
        assertEquals(List.of("207", "8,580", "6,900", "41.43", "spinlock"), callers.getItems().get(0).values());
        assertEquals("Lock contention (perf lock contention)",
                FxWait.onFx(() -> ((Labeled) lookup("#locks-callers-heading").query()).getText()));

        // lanes alone: no contention table, nor its empty place
        Dataset lanes = sixteenLocks();
        interact(() -> vm.setDataset(lanes));
        FxWait.untilOnFx("the lanes' figures", 60, () -> t.getColumns().size() == 17 && callers.getItems().isEmpty());
        assertTrue(!FxWait.onFx(callers::isVisible) && !FxWait.onFx(callers::isManaged));
    }

    @Test
    void aLockRecordedByItsWaitsOnlySaysItsHoldsWereNotRecorded() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("runC_perf_lock_script.txt", "perf-script"));
        int w = b.addTask(101, 101, "postgres");
        b.slice(0, 0, 1_000_000L, w, SliceState.USER);
        b.lock("0xffff8881009a5784", "spinlock", false).waitFor(1_000, 41_000, w, WaitMode.SPIN);
        Dataset d = b.build();
        interact(() -> vm.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        FxWait.untilOnFx("the figures", 60, () -> t.getItems().size() > 4);
        assertEquals("holds", t.getItems().get(1).name());
        assertEquals(List.of("not recorded"), t.getItems().get(1).values(), "perf lock script: waits, never holds");
        assertEquals("spin waits", t.getItems().get(5).name());
        assertEquals(List.of("1"), t.getItems().get(5).values(), "its spin waits are counted");
    }
}
