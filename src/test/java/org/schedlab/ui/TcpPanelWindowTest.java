package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The TCP tab at the side panel's width with an {@code nstat -az} capture (dozens of TcpExt
 * counters): the nstat and Wireshark names are read whole, not squeezed to "TcpExt..." by seven
 * columns sharing 440 pixels, and the counters both tools know come first.
 */
@ExtendWith(ApplicationExtension.class)
class TcpPanelWindowTest extends FxRobot {
    private final TimelineViewModel vm = new TimelineViewModel();
    private TcpPanel panel;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        panel = new TcpPanel(vm.summary());
        // the panel's width is the test's, not the shared stage's (a window test before this class
        // can leave the stage wider than this scene, where Wireshark's names get their own column)
        panel.setMaxWidth(440);
        // in a pane that honours the panel's maximum width: a test narrows the panel, never the
        // stage, which TestFX shares with the window tests that run after this class
        javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane(panel);
        javafx.scene.layout.StackPane.setAlignment(panel, javafx.geometry.Pos.TOP_LEFT);
        stage.setScene(new Scene(root, 440, 500));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    /** Shows {@code d} in the panel and gives its table once the summary lists {@code rows} counters. */
    private TableView<TcpCounters.Row> showing(Dataset d, int rows) throws Exception {
        interact(() -> vm.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<TcpCounters.Row> table = FxWait.onFx(() -> lookup("#tcp-table").queryAs(TableView.class));
        FxWait.untilOnFx("the summary", 60, () -> table.getItems().size() == rows);
        return table;
    }

    /**
     * {@code b} with one nstat snapshot's two counters (TcpRetransSegs 1, TcpExtTCPDSACKRecv 7)
     * shown: the table, once it reads them as values ("nstat", "value"), not as a change.
     */
    private TableView<TcpCounters.Row> showingSnapshot(DatasetBuilder b) throws Exception {
        b.counter("TcpRetransSegs", "count").add(0, 1);
        b.counter("TcpExtTCPDSACKRecv", "count").add(0, 7);
        TableView<TcpCounters.Row> table = showing(b.build(), 2);
        assertEquals(List.of("nstat", "value"), shownHeaders(table));
        return table;
    }

    /** The headers of the columns shown, in order. */
    private static List<String> shownHeaders(TableView<?> table) {
        return FxWait.onFx(() -> table.getColumns().stream().filter(TableColumn::isVisible).map(TableColumn::getText)
                .toList());
    }

    private static Dataset nstatCapture() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat_snapshot.txt", "nstat"));
        int cpu = 0;
        int t = b.addTask(10, 10, "postgres");
        b.slice(cpu, 0, 2_000_000_000L, t, org.schedlab.model.SliceState.USER);
        String[] names = {"TcpActiveOpens", "TcpPassiveOpens", "TcpInSegs", "TcpOutSegs", "TcpExtTCPPureAcks",
            "TcpExtTCPHPAcks", "TcpExtTCPDSACKRecv", "TcpExtTCPAutoCorking", "TcpExtTCPOrigDataSent",
            "TcpExtTCPDelivered", "TcpRetransSegs"};
        for (int i = 0; i < names.length; i++) {
            b.counter(names[i], "count").add(0, 100 + i).add(1_000_000_000L, 2_000 + i);
        }
        return b.build();
    }

    @Test
    void nstatAndWiresharkNamesAreReadWholeAndTheSharedCountersComeFirst() throws Exception {
        Dataset d = nstatCapture();
        TableView<TcpCounters.Row> table = showing(d, 11);

        List<String> first = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            first.add(table.getItems().get(i).nstatName());
        }
        assertEquals(List.of("TcpExtTCPDSACKRecv", "TcpRetransSegs"), first.stream().sorted().toList(),
                "the counters with a Wireshark name are at the top");
        assertFalse(table.getItems().get(0).wiresharkName().isEmpty());

        assertEquals("nstat", table.getColumns().get(0).getText(), "every counter is named as nstat names it");

        org.testfx.util.WaitForAsyncUtils.waitForFxEvents(); // the names' lines made for the column's width
        List<String> cut = new ArrayList<>();
        interact(() -> { // on the FX thread, which lays the rows out
            for (Labeled cell : lookup("#tcp-table .table-cell").queryAllAs(Labeled.class)) {
                javafx.scene.text.Text shown = ShownText.node(cell);
                String text = cell.getText();
                // a name may take more than one line, Wireshark's name under it: whole, not cut
                if (text != null && text.startsWith("Tcp") && shown != null && (!shown.getText().equals(text)
                        || shown.getText().contains("..."))) {
                    cut.add(shown.getText());
                }
            }
        });
        assertTrue(cut.isEmpty(), "names cut short: " + cut);
        List<String> headers = shownHeaders(table);
        // counters that only grow peak at their end: no max column repeating "at end"
        assertEquals(List.of("nstat", "change", "at start", "at end"), headers,
                "the figures beside the nstat name (Wireshark's under it), in view");
    }

    /**
     * A simulated case C run's counters: nstat's TcpExt names, Wireshark's tcp.analysis filters and
     * two of neither. At a laptop's side panel (365 px) its own name and nstat's came before the
     * figures in two columns, and the change, start and end were all a scroll to the right. One name
     * first, the change beside it in view.
     */
    @Test
    void aSimulatedRunsCountersShowTheirChangeBesideTheNameAtALaptopsWidth() throws Exception {
        interact(() -> panel.setMaxWidth(365));
        DatasetBuilder b = Dataset.builder(Metadata.of("s390.json", "simulation"));
        int t = b.addTask(10, 10, "vhost-3202");
        b.slice(0, 0, 2_000_000_000L, t, org.schedlab.model.SliceState.USER);
        String[] names = {"TcpExtTCPDSACKRecv", "tcp partialAcks", "tcp karnAcks",
            "tcp.analysis.spurious_retransmission", "TcpExtTCPFastRetrans", "tcp.analysis.duplicate_ack",
            "tcp.analysis.out_of_order", "TcpRetransSegs", "TcpExtTCPDSACKOfoSent"};
        for (int i = 0; i < names.length; i++) {
            b.counter(names[i], "count").add(0, i).add(1_000_000_000L, 1_000 + i);
        }
        Dataset d = b.build();
        TableView<TcpCounters.Row> table = showing(d, names.length);
        List<String> headers = shownHeaders(table);
        assertEquals(List.of("counter", "change", "at start", "at end"), headers);
        interact(() -> {
            double nameAndChange = table.getColumns().get(0).getWidth() + table.getColumns().get(1).getWidth();
            assertTrue(nameAndChange <= table.getWidth() - 20, "name " + table.getColumns().get(0).getWidth()
                    + " px and change " + table.getColumns().get(1).getWidth() + " px in the table's "
                    + table.getWidth() + " px");
        });
        List<String> shownNames = table.getItems().stream().map(TcpPanel::name).toList();
        assertTrue(shownNames.containsAll(List.of("TcpExtTCPDSACKRecv", "tcp partialAcks",
                "tcp.analysis.out_of_order")), shownNames.toString());
    }

    @Test
    void aSingleSnapshotShowsItsValuesNotAChangeOfZero() throws Exception {
        // nstat run once: one sample per counter, no time span
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat_snapshot.txt", "nstat"));
        TableView<TcpCounters.Row> table = showingSnapshot(b);
        // a capture over time gets its change and edges back
        interact(() -> {
            try {
                vm.setDataset(nstatCapture());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        FxWait.untilOnFx("the capture's summary", 60, () -> table.getItems().size() == 11);
        assertTrue(table.getColumns().stream().anyMatch(c -> c.getText().equals("change") && c.isVisible()));
        assertTrue(table.getColumns().stream().anyMatch(c -> c.getText().equals("at start")));
    }

    @Test
    void aSnapshotOpenedWithARecordingShowsItsValuesNotAChangeOfZero() throws Exception {
        // nstat -az run once, opened with a 2 s recording: its one sample sits at the recording's
        // start, and the tab read "change 0, at start 1, at end 1" for TcpRetransSegs
        DatasetBuilder b = Dataset.builder(new Metadata("runA.txt + nstat_snapshot.txt", "perf-sched-script+nstat",
                java.util.Map.of("netCounters.snapshots", "1"), java.util.OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, t, org.schedlab.model.SliceState.USER);
        TableView<TcpCounters.Row> table = showingSnapshot(b);
        TableColumn<TcpCounters.Row, ?> value = table.getColumns().stream()
                .filter(c -> c.isVisible() && c.getText().equals("value")).findFirst().orElseThrow();
        List<String> values = FxWait.onFx(() -> table.getItems().stream()
                .map(r -> TcpPanel.name(r) + " " + value.getCellData(r)).toList());
        assertTrue(values.contains("TcpRetransSegs 1") && values.contains("TcpExtTCPDSACKRecv 7"), values.toString());
    }

    @Test
    void aWiresharkExpertInfoExportShowsItsTotals() throws Exception {
        // the export the s390 mail's table came from: totals per warning, no times; the tab said
        // "No TCP counters in this dataset"
        Dataset d = Dataset.builder(new Metadata("expert.csv", "wireshark-csv",
                java.util.Map.of("tcp.dsack", "309", "tcp.karnAcks", "32", "wireshark.D-SACK Sequence", "309"),
                java.util.OptionalLong.empty(), "t")).build();
        TableView<TcpCounters.Row> table = showing(d, 2);
        TableColumn<TcpCounters.Row, ?> value = table.getColumns().stream()
                .filter(c -> c.isVisible() && c.getText().equals("value")).findFirst().orElseThrow();
        List<String> shown = table.getItems().stream().map(r -> r.counter() + " " + value.getCellData(r)).toList();
        assertTrue(shown.contains("tcp dsack 309") && shown.contains("tcp karnAcks 32"), shown.toString());
    }

    /** The note above the table and the table's placeholder, as shown. */
    private List<String> leftOutNoteAndPlaceholder(TableView<?> table) {
        return FxWait.onFx(() -> {
            Labeled note = lookup("#tcp-left-out").queryAs(Labeled.class);
            return List.of(note.isVisible() ? note.getText() : "", ((Labeled) table.getPlaceholder()).getText());
        });
    }

    /** A 2 s recording opened with an nstat snapshot (TcpRetransSegs 1, TcpExtTCPDSACKRecv 7). */
    private static DatasetBuilder recordingWithSnapshot() {
        DatasetBuilder b = Dataset.builder(new Metadata("runA.txt + nstat_snapshot.txt", "perf-sched-script+nstat",
                java.util.Map.of("netCounters.snapshots", "1"), java.util.OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, t, org.schedlab.model.SliceState.USER);
        return b;
    }

    @Test
    void aSelectedRangeLeavesASnapshotsWholeRunCountsOutAndSaysSo() throws Exception {
        // the tab listed the snapshot's whole-run values over a selected range, under "value", with
        // no word that the range did not narrow them, where the Figures tab leaves them out
        TableView<TcpCounters.Row> table = showingSnapshot(recordingWithSnapshot());
        assertEquals(List.of("", TcpPanel.NONE), leftOutNoteAndPlaceholder(table), "the whole run: listed, no note");
        interact(() -> vm.selection().selectRange(500_000_000L, 1_500_000_000L));
        FxWait.untilOnFx("the range's summary", 60, () -> table.getItems().isEmpty());
        List<String> shown = leftOutNoteAndPlaceholder(table);
        assertTrue(shown.get(0).startsWith("Left out: the 2 counters of the nstat snapshot opened with this recording.")
                && shown.get(0).contains("clear the selection to list them"), shown.toString());
        // "No TCP counters in this dataset" was false: there are two, left out
        assertEquals("No TCP counters of the selected range but the whole run's, left out (above)", shown.get(1));
        interact(() -> vm.selection().clearRange());
        FxWait.untilOnFx("the whole run's summary", 60, () -> table.getItems().size() == 2);
        assertEquals(List.of("", TcpPanel.NONE), leftOutNoteAndPlaceholder(table));
    }

    @Test
    void aWindowCutFromARecordingWithASnapshotSaysWhyItHasNoTcpRows() throws Exception {
        // Window > cut selection: the window leaves the snapshot's counters out, and the tab said
        // "No TCP counters in this dataset"
        DatasetBuilder b = recordingWithSnapshot();
        b.counter("TcpRetransSegs", "count").add(0, 1);
        b.counter("TcpExtTCPDSACKRecv", "count").add(0, 7);
        Dataset window = b.build().crop(500_000_000L, 1_500_000_000L);
        interact(() -> vm.setDataset(window));
        @SuppressWarnings("unchecked")
        TableView<TcpCounters.Row> table = FxWait.onFx(() -> lookup("#tcp-table").queryAs(TableView.class));
        FxWait.untilOnFx("the window's summary", 60, () -> vm.summary().summary().isPresent()
                && lookup("#tcp-left-out").queryAs(Labeled.class).isVisible());
        List<String> shown = leftOutNoteAndPlaceholder(table);
        assertTrue(table.getItems().isEmpty());
        assertTrue(shown.get(0).startsWith("Left out: the 2 counters of the nstat snapshot opened with the recording"
                + " this window was cut from.") && shown.get(0).contains("the whole recording lists them"),
                shown.toString());
        assertEquals("No TCP counters of this window but the whole run's, left out (above)", shown.get(1));
    }
}
