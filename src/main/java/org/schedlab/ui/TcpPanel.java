package org.schedlab.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.TcpCounters;

/**
 * The "TCP" tab: the dataset's TCP counters at the edges of the summary's scope and their change,
 * with the nstat and Wireshark names of each. One name first - nstat's where it has one (an
 * nstat capture, a simulated run's TcpExt counters), else the counter's own
 * ({@code tcp.analysis.out_of_order}, {@code tcp partialAcks}) - then the figures, in view at the
 * side panel's width; Wireshark's name comes last and scrolls sideways. With the counter's own
 * name and nstat's in two columns before the figures, a simulated run's change, start and end
 * were all a scroll to the right at a laptop's 365 px. The name keeps its width up to
 * {@value #NAME_MAX_PX} px (squeezed, "TcpExtTCPDSACKRecv" and "TcpExtTCPDSACKOfoRecv" both read
 * "TcpExt..."); a longer one is cut in the middle, whole in its tooltip. The counters both tools
 * know (retransmissions, D-SACKs, ...) come first; an {@code nstat -az} capture has a hundred others.
 */
final class TcpPanel extends VBox {
    /** The name column at most: a laptop's panel shows the name and the change beside it. */
    static final double NAME_MAX_PX = 200;

    TcpPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<TcpCounters.Row> t = Tables.table("tcp-table", "No TCP counters in this dataset");
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<TcpCounters.Row, String> name = Tables.text("counter", 150, TcpPanel::name);
        t.getColumns().add(name);
        TableColumn<TcpCounters.Row, String> wireshark = Tables.text("Wireshark", 220, TcpCounters.Row::wiresharkName);
        // the figures beside the name, in view without scrolling; Wireshark's name after them
        TableColumn<TcpCounters.Row, String> change = Tables.number("change", 80, r -> HoverText.number(r.change()));
        TableColumn<TcpCounters.Row, String> atStart = Tables.number("at start", 80,
                r -> HoverText.number(r.atStart()));
        TableColumn<TcpCounters.Row, String> atEnd = Tables.number("at end", 80, r -> HoverText.number(r.atEnd()));
        TableColumn<TcpCounters.Row, String> max = Tables.number("max", 80, r -> HoverText.number(r.max()));
        t.getColumns().add(change);
        t.getColumns().add(atStart);
        t.getColumns().add(atEnd);
        t.getColumns().add(max);
        t.getColumns().add(wireshark);
        summary.summaryProperty().addListener((Observable o) -> {
            List<TcpCounters.Row> rows = new ArrayList<>(summary.summary().map(Summary::tcp).orElse(List.of()));
            // one snapshot (nstat run once): its values, not a change of 0 between equal edges
            boolean snapshot = summary.summary().isPresent() && summary.dataset().spanNs() == 0;
            // the value is the one at the end: a Wireshark Expert Info total has none at the start
            atEnd.setText(snapshot ? "value" : "at end");
            change.setVisible(!snapshot);
            atStart.setVisible(!snapshot);
            max.setVisible(!snapshot);
            rows.sort(Comparator.comparing((TcpCounters.Row r) -> r.wiresharkName().isEmpty())); // stable
            // nstat's name heads the column when every counter has one, as an nstat capture's do
            name.setText(rows.stream().allMatch(r -> !r.nstatName().isEmpty()) && !rows.isEmpty() ? "nstat"
                    : "counter");
            Tables.fitToText(name, rows.stream().map(TcpPanel::name).toList(), 80, NAME_MAX_PX);
            Tables.fitToText(wireshark, rows.stream().map(TcpCounters.Row::wiresharkName).toList(), 80, 400);
            t.setItems(FXCollections.observableArrayList(rows));
        });
        getChildren().addAll(SelectionPanel.heading("TCP counters"), t);
        VBox.setVgrow(t, Priority.ALWAYS);
    }

    /** The name a reader knows the counter by: nstat's, else its own. */
    private static String name(TcpCounters.Row r) {
        return r.nstatName().isEmpty() ? r.counter() : r.nstatName();
    }
}
