package org.schedlab.ui;

import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.LockStatistics;

/**
 * The "Locks" tab: per lock in the summary's scope, holds and hold time, waits split into
 * spinning and sleeping with the wait distribution, the most waiters at once, and how often the
 * holder was off its CPU while holding (from the dataset) next to the lock-holder preemptions the
 * source marked.
 */
final class LocksPanel extends VBox {
    LocksPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<LockStatistics.Row> t = Tables.table("locks-table", "No locks in this dataset");
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        t.getColumns().add(Tables.text("lock", 150, LockStatistics.Row::name));
        t.getColumns().add(Tables.text("kind", 70, LockStatistics.Row::kind));
        t.getColumns().add(Tables.number("holds", 70, r -> Tables.count(r.holds())));
        t.getColumns().add(Tables.number("held", 80, r -> Tables.duration(r.holdNs())));
        t.getColumns().add(Tables.number("max hold", 80, r -> Tables.duration(r.maxHoldNs())));
        t.getColumns().add(Tables.number("spin waits", 80, r -> Tables.count(r.spinWaits())));
        t.getColumns().add(Tables.number("sleep waits", 80, r -> Tables.count(r.sleepWaits())));
        t.getColumns().add(Tables.number("spun", 80, r -> Tables.duration(r.spinWaitNs())));
        t.getColumns().add(Tables.number("slept", 80, r -> Tables.duration(r.sleepWaitNs())));
        t.getColumns().add(Tables.number("wait mean us", 90, r -> Tables.micros(r.waitUs().meanUs())));
        t.getColumns().add(Tables.number("p99 us", 70, r -> Tables.micros(r.waitUs().p99Us())));
        t.getColumns().add(Tables.number("max us", 70, r -> Tables.micros(r.waitUs().maxUs())));
        t.getColumns().add(Tables.number("most waiting", 90, r -> Tables.count(r.maxWaiters())));
        t.getColumns().add(Tables.number("holder off CPU", 100, r -> Tables.count(r.offCpuStretches())));
        t.getColumns().add(Tables.number("off-CPU time", 90, r -> Tables.duration(r.offCpuNs())));
        t.getColumns().add(Tables.number("longest", 80, r -> Tables.duration(r.longestOffCpuNs())));
        t.getColumns().add(Tables.number("LHP marks", 80, r -> Tables.count(r.holderPreemptionMarks())));
        summary.summaryProperty().addListener((Observable o) -> t.setItems(FXCollections.observableArrayList(
                summary.summary().map(Summary::locks).orElse(List.of()))));
        Label note = new Label("Holder off CPU: stretches of a hold in which the holder ran on no CPU, read from the"
                + " CPU lanes. LHP marks: lock-holder preemptions the recording or simulator marked. The wait"
                + " distribution covers waits that started in the scope.");
        note.setWrapText(true);
        note.getStyleClass().add("text-muted");
        getChildren().addAll(SelectionPanel.heading("Lock statistics"), t, note);
        VBox.setVgrow(t, Priority.ALWAYS);
    }
}
