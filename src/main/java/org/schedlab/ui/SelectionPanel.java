package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.RangeTotals;
import org.schedlab.model.Dataset;

/**
 * The "Selection" tab: the clicked item's details (for a slice also why it ended), the range
 * dragged on the axis with its duration, and what happened inside it - busy share per CPU, run
 * time per task, lock waits, and for a saved simulated run the latency of the workload's
 * operations that ended inside - or inside the whole run when no range is selected.
 */
final class SelectionPanel extends VBox {
    /** The busy cell of a CPU with no slices in the scope: unknown, not 0 %. */
    static final String NOT_RECORDED = "no data";

    /**
     * One CPU's busy share in the scope (NaN: nothing recorded) and how long its lane recorded in
     * the scope, which the share is of: a trace filtered to other CPUs names CPU 0 for 14 us, and its
     * "100.0 %" beside a 163 ms range read as a CPU busy throughout.
     */
    record CpuBusy(int cpu, double share, long recordedNs) {
    }

    /** CPUs named in a short-lanes note, at most; the rest are counted. */
    static final int SHORT_LANES_NAMED = 3;

    /**
     * Which CPUs' busy shares are of a much shorter time than the others' ("CPU 0: 100.0 % of 14.0
     * us, ..."), or "" when every recorded lane covers at least half of the longest: a share is of the
     * time its CPU's lane recorded in the scope, and a trace filtered to other CPUs still names CPU 0
     * for a few microseconds, whose "100.0 %" beside a 164 ms range read as a CPU busy throughout.
     */
    static String shortLanes(List<CpuBusy> rows) {
        long longest = rows.stream().mapToLong(CpuBusy::recordedNs).max().orElse(0);
        List<CpuBusy> short_ = rows.stream().filter(r -> r.recordedNs() > 0 && r.recordedNs() * 2 < longest).toList();
        if (short_.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(SHORT_LANES_NAMED, short_.size()); i++) {
            CpuBusy r = short_.get(i);
            b.append(i == 0 ? "" : ", ").append("CPU ").append(r.cpu()).append(": ").append(Tables.percent(r.share()))
                    .append(" of ").append(Tables.duration(r.recordedNs()));
        }
        if (short_.size() > SHORT_LANES_NAMED) {
            b.append(" and ").append(short_.size() - SHORT_LANES_NAMED).append(" more");
        }
        return b + " recorded, against " + Tables.duration(longest) + " on the CPU recorded longest: each share is"
                + " of its own CPU's recorded time.";
    }

    /**
     * One operation's latency in the scope (a saved simulated run's operations), and how many
     * ended per second of the scope ({@code scopeNs} long): the selected range's own rate, where
     * the throughput counter is a mean over 10 ms buckets.
     */
    record OperationRow(String operation, LatencyStats latency, long scopeNs) {
        /** Operations that ended per second of the scope. */
        double perSecond() {
            return scopeNs <= 0 ? 0 : latency.count() * 1e9 / scopeNs;
        }
    }

    SelectionPanel(TimelineViewModel vm) {
        setSpacing(8);
        setPadding(new Insets(8));
        SelectionViewModel sel = vm.selection();

        TextArea details = new TextArea();
        details.setId("selection-details");
        details.setEditable(false);
        details.setWrapText(true);
        details.setPrefRowCount(9);
        details.setStyle("-fx-font-family: monospace; -fx-font-size: 12px;");
        details.setPromptText("Click a slice, a task state, a lock hold or an operation to see it here.");
        details.textProperty().bind(sel.detailsTextProperty());

        Label range = new Label();
        range.setId("selection-range");
        range.textProperty().bind(javafx.beans.binding.Bindings.when(sel.rangeTextProperty().isEmpty())
                .then("No range: drag on the time axis to select one.").otherwise(sel.rangeTextProperty()));
        Button fit = new Button("Fit (F)");
        fit.setId("selection-fit");
        fit.getStyleClass().add("small");
        fit.setOnAction(e -> vm.fitSelection());
        Button clear = new Button("Clear");
        clear.setId("selection-clear");
        clear.getStyleClass().add("small");
        clear.setOnAction(e -> sel.clearRange());
        fit.disableProperty().bind(sel.rangeTextProperty().isEmpty()
                .and(javafx.beans.binding.Bindings.createBooleanBinding(() -> sel.outline().isEmpty(), sel.itemProperty())));
        clear.disableProperty().bind(sel.rangeTextProperty().isEmpty());
        range.setWrapText(true);
        HBox rangeButtons = new HBox(8, fit, clear);

        Label scope = new Label();
        scope.getStyleClass().add("text-muted");
        scope.textProperty().bind(vm.summary().scopeTextProperty().map(s -> s.isEmpty() ? "" : "Inside the " + s));

        TableView<CpuBusy> cpus = Tables.table("selection-cpus", "No CPUs");
        cpus.getColumns().add(Tables.text("CPU", 50, c -> Integer.toString(c.cpu())));
        cpus.getColumns().add(Tables.number("busy", 70,
                c -> Double.isNaN(c.share()) ? NOT_RECORDED : Tables.percent(c.share())));
        Label cpusNote = new Label();
        cpusNote.setId("selection-cpus-note");
        cpusNote.getStyleClass().add("text-muted");
        cpusNote.setWrapText(true);
        cpusNote.setMinHeight(Label.USE_PREF_SIZE);
        cpusNote.managedProperty().bind(cpusNote.textProperty().isNotEmpty());
        cpusNote.visibleProperty().bind(cpusNote.textProperty().isNotEmpty());
        TableView<RangeTotals.TaskTime> tasks = Tables.table("selection-tasks", "No task ran");
        TableView<LockStatistics.Row> locks = Tables.table("selection-locks", "No locks in this dataset");
        locks.getColumns().add(Tables.text("lock", 140, LockStatistics.Row::name));
        // the counts' columns as wide as "32,000" needs (six digits did not fit at 70 px either), so
        // a laptop's lock column keeps more of an address's low digits: at 70 px each it kept four
        // ("...ba40"), and two locks read alike
        locks.getColumns().add(Tables.number("waits", 64, r -> Tables.count(r.waits())));
        locks.getColumns().add(Tables.number("spin", 64, r -> Tables.count(r.spinWaits())));
        locks.getColumns().add(Tables.number("sleep", 64, r -> Tables.count(r.sleepWaits())));
        locks.getColumns().add(Tables.number("waited", 80, r -> Tables.duration(r.spinWaitNs() + r.sleepWaitNs())));
        // four locks in view on a laptop (1280 x 720), where at 110 px it showed one: the task table
        // above gives up the room, and in a taller panel the two share what is left
        locks.setPrefHeight(LOCK_TABLE_MIN_PX);
        locks.setMinHeight(LOCK_TABLE_MIN_PX);
        TableView<OperationRow> operations = Tables.table("selection-operations", "No operations");
        // seven columns: in a narrow side panel they scroll sideways rather than each being cut
        // ("173,1...", a p99 past the edge)
        operations.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        operations.getColumns().add(Tables.text("operation", 110, OperationRow::operation));
        operations.getColumns().add(Tables.number("ended", 70, r -> Tables.count(r.latency().count())));
        operations.getColumns().add(Tables.number("per s", 80, r -> Tables.count(Math.round(r.perSecond()))));
        operations.getColumns().add(Tables.number("mean", 60, r -> latencyUs(r, r.latency().meanUs())));
        operations.getColumns().add(Tables.number("p50", 60, r -> latencyUs(r, r.latency().p50Us())));
        operations.getColumns().add(Tables.number("p99", 60, r -> latencyUs(r, r.latency().p99Us())));
        operations.getColumns().add(Tables.number("max", 60, r -> latencyUs(r, r.latency().maxUs())));
        operations.setPrefHeight(86);
        operations.setMinHeight(86); // a YCSB run's two operations stay in view; the task table gives up the room
        Label operationsHeading = heading("Operations that ended inside: count, rate, latency (us)");
        // only a dataset that kept its operations one by one (a saved simulated run) has the table
        for (javafx.scene.Node n : List.of(operationsHeading, operations)) {
            n.managedProperty().bind(n.visibleProperty());
            n.setVisible(false);
        }

        vm.summary().summaryProperty().addListener((Observable o) -> {
            Optional<Summary> s = vm.summary().summary();
            List<CpuBusy> rows = new ArrayList<>();
            s.ifPresent(x -> {
                for (int c = 0; c < x.busyByCpu().length; c++) {
                    rows.add(new CpuBusy(c, x.busyByCpu()[c], x.recordedByCpu()[c]));
                }
            });
            cpus.setItems(FXCollections.observableArrayList(rows));
            cpusNote.setText(shortLanes(rows));
            boolean noScheduling = !rows.isEmpty() && rows.stream().allMatch(r -> Double.isNaN(r.share()));
            ((Label) tasks.getPlaceholder()).setText(noScheduling ? "No scheduling recorded here" : "No task ran");
            tasks.setItems(FXCollections.observableArrayList(s.map(Summary::topTasks).orElse(List.of())));
            locks.setItems(FXCollections.observableArrayList(s.map(Summary::locks).orElse(List.of())));
            tasks.getColumns().setAll(taskColumns(vm.dataset(), s.map(Summary::recordedSpanNs).orElse(1L)));
            List<OperationRow> ops = new ArrayList<>();
            s.ifPresent(x -> x.operations().forEach((op, l) -> ops.add(new OperationRow(op, l, x.scope().durationNs()))));
            operations.setItems(FXCollections.observableArrayList(ops));
            operationsHeading.setVisible(!ops.isEmpty());
            operations.setVisible(!ops.isEmpty());
        });
        HBox tables = new HBox(8, cpus, tasks);
        cpus.setPrefWidth(130);
        cpus.setMinWidth(130);
        HBox.setHgrow(tasks, Priority.ALWAYS);
        getChildren().addAll(heading("Selected item"), details, heading("Range"), range, rangeButtons, scope,
                heading("Busy per CPU and run time per task"), tables, cpusNote, heading("Lock waits"), locks, operationsHeading,
                operations);
        VBox.setVgrow(tables, Priority.ALWAYS);
        VBox.setVgrow(locks, Priority.ALWAYS);
    }

    /** The lock waits table's least height: its header (34 px) and four dense rows of 28 px. */
    static final double LOCK_TABLE_MIN_PX = 150;

    /** A latency figure, or "-" where no operation of that kind ended in the scope (its figures are zeros). */
    private static String latencyUs(OperationRow r, double us) {
        return r.latency().count() == 0 ? "-" : Tables.micros(us);
    }

    private static List<javafx.scene.control.TableColumn<RangeTotals.TaskTime, String>> taskColumns(Dataset d,
                                                                                                    long spanNs) {
        return List.of(Tables.task("task", 120, t -> d.task(t.task()).label()),
                Tables.number("ran", 75, t -> Tables.duration(t.runNs())),
                Tables.number("share", 65, t -> Tables.percent((double) t.runNs() / Math.max(1, spanNs))));
    }

    static Label heading(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("title-4");
        // on two lines where a laptop's side panel is too narrow for one: "Profile by comm (share
        // of recorded CP..." lost what the share is of
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }
}
