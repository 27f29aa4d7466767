package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * runC's perf lock recording (16 locks) in a 1024 x 768 window (a projector's), its side panel at
 * its first 30 % (307 px), on the Locks tab: the first lock's column kept its whole address as its
 * header, so its figures, right-aligned, lay past the panel's edge - "wait max (us)" read "6" for
 * 6,900 and "holds" read "not reco". The address gives way at its start ("...627c2ba40", the whole
 * one on hover); the first lock's figures are in view and whole beside the figure names.
 */
@ExtendWith(ApplicationExtension.class)
class LocksTabProjectorWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(st -> window.opener(DatasetOpener.standard()).show(st), 1024, 768);
    }

    @Test
    void theFirstLocksFiguresAreWholeInAProjectorsPanel() throws Exception {
        window.pick(org.schedlab.io.read.Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt"));
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().summary().summary().isPresent());
        WorkbenchWindowFixture.sidePanelAt30Percent(this, 1024);
        clickOn("#tab-locks");
        FxWait.untilOnFx("the lock figures", 60, () -> lookup("#locks-table .table-row-cell").queryAll().stream()
                .anyMatch(r -> r.isVisible() && !((javafx.scene.control.TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        assertEquals(17, FxWait.onFx(() -> t.getColumns().size()), "the figure names and a column per lock");
        String address = FxWait.onFx(() -> t.getColumns().get(1).getText());
        assertTrue(address.startsWith("0xffff888"), address);

        List<String> cut = new ArrayList<>();
        double[] px = new double[3]; // in view, names, names and the first lock
        List<String> header = new ArrayList<>();
        interact(() -> {
            TableColumn<?, ?> first = t.getColumns().get(1);
            for (Node n : t.lookupAll(".table-cell")) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == first && !c.isEmpty() && c.getText() != null && c.isVisible()
                        && !ShownText.of(c).equals(c.getText())) {
                    cut.add("'" + ShownText.of(c) + "' for '" + c.getText() + "'");
                }
            }
            for (Node n : t.lookupAll(".column-header")) {
                if (n instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() == first
                        && h.lookup(".label") instanceof Label l) {
                    header.add(ShownText.of(l));
                }
            }
            double bar = t.lookupAll(".scroll-bar").stream()
                    .filter(n -> n instanceof ScrollBar s && s.getOrientation() == javafx.geometry.Orientation.VERTICAL
                            && s.isVisible())
                    .mapToDouble(n -> n.getBoundsInLocal().getWidth()).max().orElse(0);
            px[0] = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - bar;
            px[1] = t.getColumns().get(0).getWidth();
            px[2] = px[1] + first.getWidth();
        });
        assertEquals(List.of(), cut, "the first lock's figures whole");
        assertTrue(px[2] <= px[0] + 0.5, "the names (" + px[1] + " px) and the first lock: " + px[2]
                + " px in a table showing " + px[0] + " px");
        assertTrue(px[1] >= 100, "the figure names keep their room: " + px[1] + " px");
        assertEquals(1, header.size(), "the first lock's header");
        String shown = header.get(0);
        // whole, or cut at its start keeping the end that tells perf's addresses apart
        String kept = shown.replaceFirst("^(\\.\\.\\.|\u2026)", "");
        assertTrue(shown.equals(address) || !kept.equals(shown) && address.endsWith(kept) && kept.length() >= 8,
                "the first lock's header reads '" + shown + "' for " + address);
    }

    /**
     * A contention table alone, then a recording of 16 locks, then the table again, in the
     * projector's panel: the first lock's widths were kept in the panel's state, and a table with
     * no lock columns must not get the first lock's width for its first figure column.
     */
    @Test
    void aContentionTableAfterSeveralLocksKeepsItsOwnWidths() throws Exception {
        org.schedlab.model.Dataset table = org.schedlab.io.read.Fixtures
                .importAll("real/pgbench-local/runC_lock_contention.txt").dataset();
        org.schedlab.model.Dataset locks = org.schedlab.io.read.Fixtures
                .importAll("real/pgbench-local/runC_perf_lock_script.txt").dataset();
        WorkbenchWindowFixture.sidePanelAt30Percent(this, 1024);
        TableView<LocksPanel.Figure> t = contentionTableShown(table);
        List<Double> alone = FxWait.onFx(() -> t.getColumns().stream().map(TableColumn::getWidth).toList());

        interact(() -> window.vm.timeline().setDataset(locks));
        FxWait.untilOnFx("the 16 locks", 60, () -> t.getColumns().size() == 17);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> window.vm.timeline().setDataset(table));
        FxWait.untilOnFx("the contention table again", 60, () -> t.getColumns().size() < 17);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(alone, FxWait.onFx(() -> t.getColumns().stream().map(TableColumn::getWidth).toList()),
                "the contention table's columns as wide as when it was opened first");
    }

    /**
     * perf lock contention's table alone in the projector's panel: the callers give way to the
     * contended count and the total wait beside them. Given way to 80 px, JavaFX's own default
     * width, the callers' column was sized to its longest caller when its header was first laid
     * out (315 px in a 281 px table): the figures lay past the panel's edge, the callers alone shown.
     */
    @Test
    void aContentionTableAloneKeepsItsCountAndTotalInAProjectorsPanel() throws Exception {
        org.schedlab.model.Dataset table = org.schedlab.io.read.Fixtures
                .importAll("real/pgbench-local/runC_lock_contention.txt").dataset();
        WorkbenchWindowFixture.sidePanelAt30Percent(this, 1024);
        TableView<LocksPanel.Figure> t = contentionTableShown(table);
        double[] px = new double[2]; // in view; the callers, the count and the total
        interact(() -> {
            assertEquals("caller", t.getColumns().get(0).getText());
            double bar = t.lookupAll(".scroll-bar").stream()
                    .filter(n -> n instanceof ScrollBar s && s.getOrientation() == javafx.geometry.Orientation.VERTICAL
                            && s.isVisible())
                    .mapToDouble(n -> n.getBoundsInLocal().getWidth()).max().orElse(0);
            px[0] = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - bar;
            TableColumn<?, ?> total = t.getVisibleLeafColumns().stream()
                    .filter(c -> "total".equals(c.getText())).findFirst().orElseThrow();
            px[1] = t.getColumns().get(0).getWidth() + t.getColumns().get(1).getWidth() + total.getWidth();
        });
        assertTrue(px[1] <= px[0] + 0.5, "the callers, the contended count and the total wait: " + px[1]
                + " px in a table showing " + px[0] + " px");
    }

    /** The Locks tab in front, showing {@code table} (perf lock contention's table alone). */
    private TableView<LocksPanel.Figure> contentionTableShown(org.schedlab.model.Dataset table) throws Exception {
        clickOn("#tab-locks");
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        interact(() -> window.vm.timeline().setDataset(table));
        FxWait.untilOnFx("the contention table", 60, () -> !t.getItems().isEmpty() && t.getColumns().size() < 17
                && t.getWidth() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        return t;
    }
}
