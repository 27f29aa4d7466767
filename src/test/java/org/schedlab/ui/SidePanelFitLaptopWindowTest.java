package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The side panel's runqlat and TCP tabs in a 1280 x 720 window (a laptop, the panel 384 px): what
 * they show lies inside the panel, with no sideways scroll to reach a bar's end or a column.
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelFitLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    /**
     * runA's runqlat histogram: its rows were a mail's 72 columns, and the bars ran past the panel's
     * right edge, their ends a sideways scroll away. The bars take the room the panel has: every row
     * is in view whole, the fullest bar still a bar.
     */
    @Test
    void theRunqlatHistogramFitsThePanelsWidth() throws Exception {
        open(Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"));
        selectTab("tab-runqlat");
        TextArea text = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class));
        FxWait.untilOnFx("the histogram", 60, () -> text.getText().contains("|"));
        WaitForAsyncUtils.waitForFxEvents();
        double[] px = new double[2];
        String[] shown = new String[1];
        interact(() -> {
            ScrollPane scroll = (ScrollPane) text.lookup(".scroll-pane");
            px[0] = scroll.getViewportBounds().getWidth();
            px[1] = text.lookup(".content").lookupAll(".text").stream().filter(n -> n instanceof Text)
                    .mapToDouble(n -> n.getBoundsInParent().getMaxX()).max().orElse(0);
            shown[0] = text.getText();
        });
        assertTrue(px[1] > 0 && px[1] <= px[0], "rows " + px[1] + " px wide in a view of " + px[0] + " px:\n" + shown[0]);
        List<String> rows = shown[0].lines().filter(l -> l.contains("->")).toList();
        assertTrue(rows.size() >= 10 && rows.stream().allMatch(l -> l.endsWith("|")), "every bar closed:\n" + shown[0]);
        int longest = rows.stream().mapToInt(l -> l.length() - l.replace("*", "").length()).max().orElse(0);
        assertTrue(longest >= 10, "the fullest bar " + longest + " stars:\n" + shown[0]);
    }

    /**
     * A real nstat snapshot's TCP tab: names longer than 200 px were cut in the middle
     * ("TcpExtTCPB...ogCoalesce") and Wireshark's names were a column past the panel's edge. Every
     * column is inside the panel, and every name is drawn whole, on more than one line where it
     * must, Wireshark's under nstat's.
     */
    @Test
    void theTcpTabsNamesAreWholeAndItsColumnsInsideThePanel() throws Exception {
        open(Fixtures.path("real/pgbench-local/nstat_snapshot.txt"));
        selectTab("tab-tcp");
        FxWait.untilOnFx("the counters", 60, () -> lookup("#tcp-table .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut = new ArrayList<>();
        List<String> whole = new ArrayList<>();
        double[] px = new double[2];
        interact(() -> {
            javafx.scene.control.TableView<?> t = lookup("#tcp-table").queryTableView();
            px[0] = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - t.lookupAll(".scroll-bar").stream()
                    .filter(n -> n instanceof javafx.scene.control.ScrollBar b
                            && b.getOrientation() == javafx.geometry.Orientation.VERTICAL && b.isVisible())
                    .mapToDouble(n -> n.getBoundsInLocal().getWidth()).max().orElse(0);
            px[1] = t.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
            for (Node n : lookup("#tcp-table .table-cell").queryAll()) {
                javafx.scene.control.TableCell<?, ?> c = (javafx.scene.control.TableCell<?, ?>) n;
                if (c.isEmpty() || c.getText() == null || !c.isVisible() || c.getTableColumn() != t.getColumns().get(0)) {
                    continue;
                }
                org.schedlab.analysis.TcpCounters.Row r = (org.schedlab.analysis.TcpCounters.Row) c.getTableRow().getItem();
                String expected = r.nstatName() + (r.wiresharkName().isEmpty() ? "" : "Wireshark: " + r.wiresharkName());
                String shown = ShownText.of(c);
                if (!shown.equals(c.getText()) || !shown.replace("\n", "").equals(expected)) {
                    cut.add("'" + shown + "' for '" + expected + "'");
                } else {
                    whole.add(shown);
                }
            }
        });
        assertTrue(px[1] <= px[0] + 0.5, "columns " + px[1] + " px in a table showing " + px[0] + " px");
        assertTrue(whole.size() >= 10 && whole.stream().anyMatch(w -> w.contains("Wireshark: tcp.")),
                "names checked: " + whole);
        assertTrue(cut.isEmpty(), "cut in a 1280 px window: " + cut);
        // the longest nstat name here, cut in the middle before
        interact(() -> lookup("#tcp-table").queryTableView().scrollTo(
                lookup("#tcp-table").queryTableView().getItems().stream().filter(r -> ((org.schedlab.analysis.TcpCounters.Row) r)
                        .nstatName().equals("TcpExtTCPBacklogCoalesce")).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> assertTrue(lookup("#tcp-table .table-cell").queryAll().stream()
                .anyMatch(n -> ShownText.of(n).equals("TcpExtTCPBacklogCoalesce")), "TcpExtTCPBacklogCoalesce whole"));
    }

    /**
     * No dataset open: the Selection tab's "Lock waits" table showed its headers (lock, waits, spin,
     * ...) over "No locks in this dataset", where the Locks tab hides its own. Neither has headers
     * over nothing; a recording with locks has them back.
     */
    @Test
    void anEmptyLockTableHasNoHeadersInEitherTab() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertTrue(lookup("#selection-locks").query().isVisible(), "the Selection tab's lock table");
            assertTrue(window.vm.timeline().summary().summary().map(s -> s.locks().isEmpty()).orElse(true));
        });
        assertHeaderShown("#selection-locks", false);
        selectTab("tab-locks");
        assertHeaderShown("#locks-table", false);
        selectTab("tab-selection");
        open(Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt"));
        FxWait.untilOnFx("the locks", 60, () -> !lookup("#selection-locks").queryTableView().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertHeaderShown("#selection-locks", true);
    }

    private void assertHeaderShown(String table, boolean shown) {
        interact(() -> {
            Node header = lookup(table).query().lookup(".column-header-background");
            boolean drawn = header != null && header.isVisible() && header.getBoundsInLocal().getHeight() > 1;
            assertEquals(shown, drawn, table + "'s headers drawn");
        });
    }

    private void selectTab(String id) {
        interact(() -> {
            TabPane tabs = lookup("#side-tabs").queryAs(TabPane.class);
            tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                    .orElseThrow());
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void open(Path file) throws Exception {
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().dataset().metadata().source()
                .contains(file.getFileName().toString()) && window.vm.timeline().summary().summary().isPresent());
        // the side panel at its first 30 % of 1280 px (384 px), as under X
        FxWait.untilOnFx("the side panel at 384 px", 60, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - 384) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((javafx.scene.control.SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        assertEquals(1280, stage.get().getWidth(), 1);
    }
}
