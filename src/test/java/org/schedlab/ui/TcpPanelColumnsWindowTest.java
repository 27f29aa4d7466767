package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The TCP tab of a simulated case C run at a laptop's side panel and at a wide one: where both
 * names fit side by side Wireshark's has its own column, as the s390 mail's table has; where they
 * do not, it is a line under the first name; every column is inside the panel either way.
 */
@ExtendWith(ApplicationExtension.class)
class TcpPanelColumnsWindowTest extends FxRobot {
    /** A laptop's side panel, and one a divider dragged wide. */
    private static final double LAPTOP_PX = 365;
    private static final double WIDE_PX = 900;

    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private final TimelineViewModel vm = new TimelineViewModel();
    private TcpPanel panel;

    @Start
    void start(Stage primary) {
        stage.open(s -> {
            Workbench.applyTheme();
            panel = new TcpPanel(vm.summary());
            StackPane root = new StackPane(panel);
            StackPane.setAlignment(panel, Pos.TOP_LEFT);
            s.setScene(new Scene(root));
            s.show();
        }, WIDE_PX + 60, 700);
    }

    /** Case C's counters as a simulated run names them, each counting up over a second. */
    private static Dataset caseC() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("s390.json", "simulation"));
        int t = b.addTask(10, 10, "vhost-3202");
        b.slice(0, 0, 1_000_000_000L, t, org.schedlab.model.SliceState.USER);
        String[] names = {"TcpExtTCPDSACKRecv", "tcp partialAcks", "tcp karnAcks",
            "tcp.analysis.spurious_retransmission", "TcpExtTCPFastRetrans", "tcp.analysis.duplicate_ack",
            "tcp.analysis.lost_segment", "tcp.analysis.out_of_order", "TcpRetransSegs", "TcpExtTCPSlowStartRetrans",
            "TcpExtTCPDSACKOldSent", "TcpExtTCPOFOQueue", "TcpOutSegs"};
        for (int i = 0; i < names.length; i++) {
            b.counter(names[i], "count").add(0, 0).add(500_000_000L, 100 * i).add(1_000_000_000L, 2_500 * i + 31);
        }
        return b.build();
    }

    @SuppressWarnings("unchecked")
    private TableView<TcpCounters.Row> show(double widthPx) throws Exception {
        interact(() -> panel.setMaxWidth(widthPx));
        if (vm.summary().summary().isEmpty()) {
            Dataset d = caseC();
            interact(() -> vm.setDataset(d));
        }
        TableView<TcpCounters.Row> table = FxWait.onFx(() -> lookup("#tcp-table").queryAs(TableView.class));
        FxWait.untilOnFx("the summary", 60, () -> table.getItems().size() == 13);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        return table;
    }

    private static List<String> headers(TableView<?> table) {
        return table.getVisibleLeafColumns().stream().map(TableColumn::getText).toList();
    }

    /** The name cells' and Wireshark cells' drawn text, "column: text" for each row shown. */
    private List<String> shownNames(TableView<TcpCounters.Row> table, List<String> cut) {
        List<String> shown = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#tcp-table .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                String id = c.getTableColumn() == null ? null : c.getTableColumn().getId();
                if (c.isEmpty() || c.getText() == null || !c.isVisible() || c.getTableRow() == null
                        || !("tcp-name".equals(id) || "tcp-wireshark".equals(id))) {
                    continue;
                }
                String drawn = ShownText.of(c);
                if (!drawn.equals(c.getText())) {
                    cut.add("'" + drawn + "' for '" + c.getText() + "'");
                }
                shown.add(id + ": " + drawn);
            }
        });
        return shown;
    }

    private static double visibleColumnsPx(TableView<?> table) {
        return FxWait.onFx(() -> table.getVisibleLeafColumns().stream().mapToDouble(TableColumn::getWidth).sum());
    }

    private static double tablePx(TableView<?> table) {
        return FxWait.onFx(() -> table.getWidth() - table.snappedLeftInset() - table.snappedRightInset());
    }

    /**
     * One rule, two widths. Wide, the seed's table's Wireshark names stand in a column of their
     * own, each name on one line; at a laptop's panel the same counters keep the two-line form,
     * Wireshark's name under the first. Before, every width had the two-line form.
     */
    @Test
    void wiresharkNamesHaveTheirOwnColumnWhereBothNamesFitSideBySide() throws Exception {
        TableView<TcpCounters.Row> table = show(WIDE_PX);
        assertEquals(List.of("counter", "Wireshark", "change"), headers(table),
                "both names side by side before the figures (every counter from 0: the change is the end)");
        List<String> cut = new ArrayList<>();
        List<String> wide = shownNames(table, cut);
        assertTrue(cut.isEmpty(), "cut at " + WIDE_PX + " px: " + cut);
        assertTrue(wide.contains("tcp-name: TcpExtTCPDSACKRecv") && wide.contains("tcp-wireshark: tcp.options.sack.dsack")
                && wide.contains("tcp-wireshark: tcp.analysis.fast_retransmission"), wide.toString());
        assertTrue(wide.stream().noneMatch(s -> s.contains("\n")), "one line each: " + wide);
        assertTrue(visibleColumnsPx(table) <= tablePx(table) + 0.5, "inside the panel");

        show(LAPTOP_PX);
        assertEquals(List.of("counter", "change"), headers(table));
        List<String> narrow = shownNames(table, cut);
        assertTrue(cut.isEmpty(), "cut at " + LAPTOP_PX + " px: " + cut);
        assertTrue(narrow.stream().anyMatch(s -> s.startsWith("tcp-name: TcpExt") && s.contains("\nWireshark:") && s.contains("tcp.options.")),
                "Wireshark's name under nstat's: " + narrow);
        // with only the change beside them the names have the room to read whole: "TcpExt /
        // TCPDSACKRe / cv" broke inside a word when three figures took 230 px
        assertTrue(narrow.stream().anyMatch(s -> s.startsWith("tcp-name: TcpExtTCPDSACKRecv\nWireshark:")),
                narrow.toString());
        assertTrue(visibleColumnsPx(table) <= tablePx(table) + 0.5, "inside the panel");

        // back to wide: the column again, the names on one line again
        show(WIDE_PX);
        assertTrue(headers(table).contains("Wireshark"));
        assertTrue(shownNames(table, cut).stream().noneMatch(s -> s.contains("\n")));
    }

    /** The rule itself: both names' columns whole in the room the figures leave. */
    @Test
    void theRuleIsBothColumnsWholeInTheRoomLeft() {
        assertTrue(TcpPanel.ownColumn(160, 280, 440));
        assertFalse(TcpPanel.ownColumn(160, 280, 439));
        assertFalse(TcpPanel.ownColumn(160, 0, 1000), "no Wireshark names, no column");
    }

    /**
     * A simulated run's counters over time, at a laptop's panel: the max column (a counter that
     * only grows peaks at its end, so it repeated "at end") lay past the panel's edge behind a
     * sideways scroll bar. Every column is inside the panel; a counter that fell gets the column.
     */
    @Test
    void aCaptureOverTimeFitsALaptopsPanel() throws Exception {
        TableView<TcpCounters.Row> table = show(LAPTOP_PX);
        assertFalse(headers(table).contains("max"), headers(table).toString());
        double columns = visibleColumnsPx(table);
        double room = tablePx(table);
        assertTrue(columns <= room + 0.5, "columns " + columns + " px in a table showing " + room + " px");

        DatasetBuilder b = Dataset.builder(Metadata.of("nstat-deltas.txt", "nstat"));
        b.counter("TcpRetransSegs", "count").add(0, 3).add(500_000_000L, 40).add(1_000_000_000L, 5);
        Dataset fell = b.build();
        interact(() -> vm.setDataset(fell));
        FxWait.untilOnFx("the second summary", 60, () -> table.getItems().size() == 1);
        assertTrue(headers(table).contains("max"), "its peak is not its end: " + headers(table));
    }

    /**
     * A counter named by Wireshark's own field (a simulated run's tcp.analysis.out_of_order) read
     * its name twice at a laptop's panel, "Wireshark: tcp.analysis.out_of_order" under it.
     */
    @Test
    void aNameThatIsWiresharksOwnIsNotRepeatedUnderIt() throws Exception {
        TableView<TcpCounters.Row> table = show(LAPTOP_PX);
        TcpCounters.Row ofo = table.getItems().stream().filter(r -> r.counter().equals("tcp.analysis.out_of_order"))
                .findFirst().orElseThrow();
        assertEquals("", TcpPanel.wiresharkLine(ofo));
        interact(() -> table.scrollTo(ofo));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = shownNames(table, new ArrayList<>());
        assertTrue(shown.stream().anyMatch(s -> s.startsWith("tcp-name: tcp.") && s.endsWith("out_of_order")
                && !s.contains("Wireshark")), shown.toString());
    }

    /**
     * Wide, where Wireshark's names have their own column, the same counter stood in both columns:
     * "tcp.analysis.out_of_order" as its name and again as Wireshark's. Once, in the first column.
     */
    @Test
    void aNameThatIsWiresharksOwnIsNotRepeatedInWiresharksColumn() throws Exception {
        TableView<TcpCounters.Row> table = show(WIDE_PX);
        assertTrue(headers(table).contains("Wireshark"), headers(table).toString());
        TcpCounters.Row ofo = table.getItems().stream().filter(r -> r.counter().equals("tcp.analysis.out_of_order"))
                .findFirst().orElseThrow();
        interact(() -> table.scrollTo(ofo));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = shownNames(table, new ArrayList<>());
        assertTrue(shown.contains("tcp-name: tcp.analysis.out_of_order"), shown.toString());
        assertFalse(shown.contains("tcp-wireshark: tcp.analysis.out_of_order"), shown.toString());
        // a counter named otherwise keeps Wireshark's name beside it
        assertTrue(shown.contains("tcp-wireshark: tcp.options.sack.dsack"), shown.toString());
    }

    /**
     * The lines kept for a name hold for every width they say they do: the same as lines made
     * afresh for that width (a divider drag takes them from the kept ones).
     */
    @Test
    void keptLinesAreTheLinesOfEveryWidthTheyHoldFor() {
        Font font = FxWait.onFx(Font::getDefault);
        Random random = new Random(7);
        String[] texts = {"TcpExtTCPBacklogCoalesce", "Wireshark: tcp.analysis.spurious_retransmission",
            "TcpExtTCPDSACKIgnoredNoUndo", "tcp partialAcks", "W"};
        int checked = FxWait.onFx(() -> {
            int n = 0;
            for (int i = 0; i < 400; i++) {
                String text = texts[random.nextInt(texts.length)];
                double w = 20 + random.nextDouble() * 360;
                org.schedlab.ui.TextLines.Filled f = TcpPanel.filled(text, font, w);
                assertTrue(f.holdsFor(w), text + " at " + w + ": " + f);
                for (double other = Math.max(0, f.fromPx()); other < Math.min(f.toPx(), 500); other += 0.5) {
                    assertEquals(TcpPanel.lines(text, font, other), f.text(), text + " at " + other + " from " + w);
                    n++;
                }
            }
            return n;
        });
        assertTrue(checked > 1000, checked + " widths checked");
    }
}
