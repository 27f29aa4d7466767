package org.schedlab.ui;

import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.TcpCounters;

/**
 * The "TCP" tab: the dataset's TCP counters at the edges of the summary's scope and their change,
 * with the nstat and Wireshark names of each side by side.
 */
final class TcpPanel extends VBox {
    TcpPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<TcpCounters.Row> t = Tables.table("tcp-table", "No TCP counters in this dataset");
        t.getColumns().add(Tables.text("counter", 150, TcpCounters.Row::counter));
        t.getColumns().add(Tables.text("nstat", 150, TcpCounters.Row::nstatName));
        t.getColumns().add(Tables.text("Wireshark", 200, TcpCounters.Row::wiresharkName));
        t.getColumns().add(Tables.number("at start", 80, r -> HoverText.number(r.atStart())));
        t.getColumns().add(Tables.number("at end", 80, r -> HoverText.number(r.atEnd())));
        t.getColumns().add(Tables.number("change", 80, r -> HoverText.number(r.change())));
        t.getColumns().add(Tables.number("max", 80, r -> HoverText.number(r.max())));
        summary.summaryProperty().addListener((Observable o) -> t.setItems(FXCollections.observableArrayList(
                summary.summary().map(Summary::tcp).orElse(List.of()))));
        getChildren().addAll(SelectionPanel.heading("TCP counters"), t);
        VBox.setVgrow(t, Priority.ALWAYS);
    }
}
