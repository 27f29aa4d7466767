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
 * with the nstat and Wireshark names of each. The names keep their width (the figures follow the
 * nstat name, the Wireshark name comes last and scrolls sideways): squeezed into the side panel,
 * "TcpExtTCPDSACKRecv" and "TcpExtTCPDSACKOfoRecv" both read "TcpExt...". The counters both tools know (retransmissions,
 * D-SACKs, ...) come first; an {@code nstat -az} capture has a hundred others.
 */
final class TcpPanel extends VBox {
    TcpPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<TcpCounters.Row> t = Tables.table("tcp-table", "No TCP counters in this dataset");
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<TcpCounters.Row, String> counter = Tables.text("counter", 150, TcpCounters.Row::counter);
        t.getColumns().add(counter);
        TableColumn<TcpCounters.Row, String> nstat = Tables.text("nstat", 180, TcpCounters.Row::nstatName);
        TableColumn<TcpCounters.Row, String> wireshark = Tables.text("Wireshark", 220, TcpCounters.Row::wiresharkName);
        t.getColumns().add(nstat);
        // the figures beside the nstat name, in view without scrolling; Wireshark's name after them
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
            // the dataset's own name only says something when neither tool's name is that name
            counter.setVisible(rows.stream().anyMatch(
                    r -> !r.counter().equals(r.nstatName()) && !r.counter().equals(r.wiresharkName())));
            Tables.fitToText(counter, rows.stream().map(TcpCounters.Row::counter).toList(), 80, 400);
            Tables.fitToText(nstat, rows.stream().map(TcpCounters.Row::nstatName).toList(), 80, 400);
            Tables.fitToText(wireshark, rows.stream().map(TcpCounters.Row::wiresharkName).toList(), 80, 400);
            t.setItems(FXCollections.observableArrayList(rows));
        });
        getChildren().addAll(SelectionPanel.heading("TCP counters"), t);
        VBox.setVgrow(t, Priority.ALWAYS);
    }
}
