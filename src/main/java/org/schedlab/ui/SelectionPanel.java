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
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

import atlantafx.base.theme.Styles;

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
        // it gives way first in a short panel (its least height is two lines, which it scrolls),
        // so the tables below keep their rows: at nine lines, with a laptop's tables under it, the
        // tab was taller than the panel and scrolled, the lock waits below its bottom
        details.setPrefRowCount(DETAILS_ROWS);
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
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        // the buttons on the heading's line, not a line of their own under the range
        HBox rangeHeading = new HBox(8, heading("Range"), gap, fit, clear);
        rangeHeading.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        TableView<CpuBusy> cpus = Tables.table("selection-cpus", "No CPUs");
        cpus.getColumns().add(Tables.text("CPU", 50, c -> Integer.toString(c.cpu())));
        // "100.0 %" whole beside the scroll bar of a run with more CPUs than rows in view (at 70 px
        // it read "100.0..."), however narrow the panel
        cpus.getColumns().add(Tables.number("busy", 72,
                c -> Double.isNaN(c.share()) ? NOT_RECORDED : Tables.percent(c.share())));
        Label cpusNote = new Label();
        cpusNote.setId("selection-cpus-note");
        cpusNote.getStyleClass().add("text-muted");
        cpusNote.setWrapText(true);
        cpusNote.setMinHeight(Label.USE_PREF_SIZE);
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
        Tables.namesTakeTheRoom(locks);
        Tables.showHeader(locks, false); // no locks until a summary lists some
        // where "spin" and "sleep" give way (a narrow panel), each row's tooltip still has them
        locks.setRowFactory(tv -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(LockStatistics.Row r, boolean empty) {
                super.updateItem(r, empty);
                setTooltip(empty || r == null ? null : new javafx.scene.control.Tooltip(lockWaitsText(r)));
            }
        });
        locks.widthProperty().addListener((Observable o) -> fitLocks(locks));
        // as high as its rows need, up to LOCK_ROWS (at least TABLE_ROWS in a short panel): at 110 px
        // a laptop's (1280 x 720) showed one lock; at 150 px whatever the count, the tab outgrew the
        // panel once a run had operations too. In a taller panel it shares what is left with the tasks
        Label locksHeading = heading("Lock waits");
        locksHeading.setId("selection-locks-heading");
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
        // in a laptop's panel (1280 px) the seven columns needed 500 px of 349 and scrolled sideways:
        // "per s" (ended over the range's length), "p50" and "mean" give way (the tail kept), each row's
        // tooltip saying every figure; a wider panel shows them again (fitOperations)
        operations.setRowFactory(tv -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(OperationRow r, boolean empty) {
                super.updateItem(r, empty);
                setTooltip(empty || r == null ? null : new javafx.scene.control.Tooltip(operationText(r)));
            }
        });
        operations.widthProperty().addListener((Observable o) -> fitOperations(operations));
        operations.setPrefHeight(86);
        operations.setMinHeight(86); // a YCSB run's two operations stay in view; the task table gives up the room
        // on one line in a laptop's panel, which has no room for a second: the columns name the
        // figures ("Operations that ended inside: count, rate, latency (us)" took two)
        Label operationsHeading = heading("Operations ended inside (latency in us)");
        // only a dataset that kept its operations one by one (a saved simulated run) has the table
        for (javafx.scene.Node n : List.of(operationsHeading, operations)) {
            n.managedProperty().bind(n.visibleProperty());
            n.setVisible(false);
        }

        VBox lockSection = section(locksHeading, locks);
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
            rowsHigh(tasks, Math.min(TABLE_ROWS, tasks.getItems().size()), TABLE_ROWS);
            List<LockStatistics.Row> lockRows = s.map(Summary::locks).orElse(List.of());
            locks.setItems(FXCollections.observableArrayList(lockRows));
            // the counts as wide as their figures: at a fixed 64 and 80 px case B's one lock read
            // "mma...ock" in a laptop's panel beside "156 s" in 80 px; the lock's name takes the rest
            if (!lockRows.isEmpty()) {
                for (var c : locks.getColumns().subList(1, locks.getColumns().size())) {
                    double px = Tables.figureWidthPx(c.getText(),
                            lockRows.stream().map(r -> String.valueOf(c.getCellData(r))).toList(), LocksPanel.FIGURE_MIN_PX);
                    c.setMinWidth(px);
                    c.setPrefWidth(px);
                }
                Tables.namesTakeTheRoom(locks);
                fitLocks(locks);
            }
            // "No locks in this dataset" without a row of headers over it, as the Locks tab has it
            Tables.showHeader(locks, !lockRows.isEmpty());
            rowsHigh(locks, Math.min(TABLE_ROWS, lockRows.size()), Math.min(LOCK_ROWS, lockRows.size()));
            // no taller than its rows where it has few: in a tall panel case A's one lock sat over five
            // blank rows while the task table under-used the room, which it takes instead
            Priority grow = lockRows.size() > LOCK_ROWS ? Priority.ALWAYS : null;
            VBox.setVgrow(locks, grow);
            VBox.setVgrow(lockSection, grow);
            // a row per lock of the dataset, whatever the scope: none, the dataset has no locks, and
            // the task table takes the room of a table saying so
            locksHeading.setVisible(s.isEmpty() || !lockRows.isEmpty());
            locks.setVisible(locksHeading.isVisible());
            tasks.getColumns().setAll(taskColumns(vm.dataset(), s.map(Summary::recordedSpanNs).orElse(1L)));
            Tables.headerTip(tasks, tasks.getColumns().get(1), TASK_RAN_TIP);
            Tables.namesTakeTheRoom(tasks);
            List<OperationRow> ops = new ArrayList<>();
            s.ifPresent(x -> x.operations().forEach((op, l) -> ops.add(new OperationRow(op, l, x.scope().durationNs()))));
            operations.setItems(FXCollections.observableArrayList(ops));
            // each figure column as wide as its figures: at 60 px case A's p99 of 35,872 us read
            // "35,..." in its own column, even in a panel with room for it
            // (the header and the figures measured as drawn, no wider: with a quarter more for
            // rounding the seven columns left the names nothing in a laptop's panel)
            for (var c : operations.getColumns().subList(1, operations.getColumns().size())) {
                double px = Tables.figureWidthPx(c.getText(), ops.stream().map(r -> String.valueOf(c.getCellData(r))).toList(),
                        LocksPanel.FIGURE_MIN_PX);
                c.setMinWidth(px);
                c.setPrefWidth(px);
            }
            fitOperations(operations);
            operationsHeading.setVisible(!ops.isEmpty());
            operations.setVisible(!ops.isEmpty());
        });
        // one table at a time, each the section's whole width: side by side in a laptop's panel the
        // task column had 99 px at most and every name read "...[7377]", its comm gone. The other
        // table is hidden, not taken out, so it follows the scope all the same
        ToggleButton perTask = new ToggleButton("Per task");
        perTask.setId("selection-show-tasks");
        ToggleButton perCpu = new ToggleButton("Per CPU");
        perCpu.setId("selection-show-cpus");
        // as small as the Range's Fit and Clear (workbench.css): at the theme's size the heading's
        // line grew and a laptop's Selection tab no longer fitted its panel
        perTask.getStyleClass().addAll(Styles.LEFT_PILL, Styles.SMALL);
        perCpu.getStyleClass().addAll(Styles.RIGHT_PILL, Styles.SMALL);
        ToggleGroup shown = new ToggleGroup();
        perTask.setToggleGroup(shown);
        perCpu.setToggleGroup(shown);
        perTask.setSelected(true); // the tasks first: what a range is looked at for
        shown.selectedToggleProperty().addListener((obs, was, now) -> {
            if (now == null) {
                was.setSelected(true); // one table is always shown: Space on the chosen button keeps it
            }
        });
        HBox showing = new HBox(perTask, perCpu);
        showing.setId("selection-shown-table");
        showing.setMinWidth(Region.USE_PREF_SIZE);
        Label tablesHeading = heading("");
        tablesHeading.setId("selection-tables-heading");
        tablesHeading.textProperty().bind(javafx.beans.binding.Bindings.when(perCpu.selectedProperty())
                .then("Busy per CPU").otherwise("Run time per task"));
        Region tablesGap = new Region();
        HBox.setHgrow(tablesGap, Priority.ALWAYS);
        HBox tablesHead = new HBox(8, tablesHeading, tablesGap, showing);
        tablesHead.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        cpus.visibleProperty().bind(perCpu.selectedProperty());
        tasks.visibleProperty().bind(perTask.selectedProperty());
        // the note is the CPUs' table's: it shows with it
        cpusNote.visibleProperty().bind(cpusNote.textProperty().isNotEmpty().and(perCpu.selectedProperty()));
        cpusNote.managedProperty().bind(cpusNote.visibleProperty());
        StackPane tables = new StackPane(cpus, tasks);
        // as high as the task table's rows need, whichever shows: the CPUs' table takes that height
        // (its own 220 px would hold the section up) and scrolls a run's many CPUs
        rowsHigh(tasks, TABLE_ROWS, TABLE_ROWS);
        cpus.setMinHeight(0);
        cpus.setPrefHeight(0);
        for (javafx.scene.Node n : List.of(locksHeading, locks)) {
            n.managedProperty().bind(n.visibleProperty());
        }
        // each heading close over what it names, the parts further apart
        getChildren().addAll(section(heading("Selected item"), new WholeLines(details)), section(rangeHeading, range),
                section(tablesHead, tables, cpusNote), lockSection,
                section(operationsHeading, operations));
        VBox.setVgrow(tables, Priority.ALWAYS);
        VBox.setVgrow(locks, Priority.ALWAYS);
        for (javafx.scene.Node n : getChildren()) {
            VBox.setVgrow(n, ((VBox) n).getChildren().stream().anyMatch(c -> VBox.getVgrow(c) != null)
                    ? Priority.ALWAYS : null);
        }
    }


    /** The task table's percent column: a task's run time over the window's span, per CPU (top's %CPU). */
    static final String TASK_CPU_HEADER = "%CPU";
    /**
     * The task table's run time: which rule it follows, as two of perf's tools count differently
     * (runA_perf_sched_script.txt.gz: java[7329] 450 ms here, 422.437 ms in perf sched latency's).
     */
    static final String TASK_RAN_TIP = "Run time in the range: each switch-in to its switch-out on a CPU, added up,"
            + " as perf sched timehist's run time counts it. schedlab import's task table prints perf sched latency's"
            + " Runtime instead, the task's sched_stat_runtime events added up, which can be less.";

    /** The details' lines where the panel has room (a short one gives them up first, down to two). */
    static final int DETAILS_ROWS = 4;
    /** The rows of the task table, and of the lock waits where it has that many, in a short panel (a laptop's). */
    static final int TABLE_ROWS = 3;
    /** The rows of the lock waits where the panel has room for them beside the tasks' table. */
    static final int LOCK_ROWS = 4;
    /** A table's header and its rows' height (the dense style's), its borders: what its least height is made of. */
    static final double HEADER_PX = 36;
    static final double ROW_PX = 28;
    static final double BORDERS_PX = 2;

    /** The rows' height an empty table's placeholder has, its sentence on two lines. */
    static final int PLACEHOLDER_ROWS = 2;

    /**
     * {@code t}'s least and preferred heights, those of {@code minRows} and {@code prefRows} rows
     * ({@value #PLACEHOLDER_ROWS} for its placeholder where none): a table of one lock or none
     * leaves the room to the others.
     */
    private static void rowsHigh(TableView<?> t, int minRows, int prefRows) {
        t.setMinHeight(HEADER_PX + BORDERS_PX + (minRows == 0 ? PLACEHOLDER_ROWS : minRows) * ROW_PX);
        t.setPrefHeight(HEADER_PX + BORDERS_PX + Math.max(PLACEHOLDER_ROWS, prefRows) * ROW_PX);
    }

    /**
     * A text area as high as a whole number of its lines, the rest scrolling: given the room the
     * panel leaves it, at 1280 px the selected item's details showed two and a half lines, the
     * third cut through its middle (the area's least height). It lays the area out at the whole
     * lines that fit (at least two), the few pixels over them left blank under it.
     */
    static final class WholeLines extends Region {
        private final TextArea area;

        WholeLines(TextArea area) {
            this.area = area;
            getChildren().add(area);
        }

        @Override
        protected double computeMinHeight(double width) {
            return area.minHeight(width);
        }

        /** The distance from one line of the area's text to the next. */
        private double lineHeight() {
            return linePitch(area);
        }

        @Override
        protected double computePrefHeight(double width) {
            return area.prefHeight(width);
        }

        @Override
        protected double computeMinWidth(double height) {
            return area.minWidth(height);
        }

        @Override
        protected double computePrefWidth(double height) {
            return area.prefWidth(height);
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth();
            double h = getHeight();
            area.resizeRelocate(0, 0, w, h);
            area.applyCss();
            area.layout();
            double line = lineHeight();
            double text = textHeight();
            if (line <= 0 || Double.isNaN(text) || text <= 0) {
                return;
            }
            double lines = Math.max(2, Math.floor(text / line + 1e-6));
            double over = text - lines * line;
            if (over > 0) {
                area.resizeRelocate(0, 0, w, Math.round(h - over));
            }
        }

        /**
         * The height the area's lines are shown in: its scroll pane's viewport below the content's top
         * padding (a line scrolled under the bottom padding still shows, cut).
         */
        private double textHeight() {
            return shownTextPx(area);
        }
    }

    /**
     * The distance from one line of {@code area}'s text to the next, as its skin lays them out: in
     * its font and with its text's bounds type. The skin centres each line in its box
     * ({@code LOGICAL_VERTICAL_CENTER}): its 12 px monospace lines are 15 px apart where a plain
     * text of that font measures 14, and four lines counted at 14 px had the fourth's descenders
     * cut by 2 px at the box's bottom.
     */
    static double linePitch(TextArea area) {
        javafx.scene.text.TextBoundsType bounds = area.lookupAll(".text").stream()
                .filter(n -> n instanceof javafx.scene.text.Text).map(n -> ((javafx.scene.text.Text) n).getBoundsType())
                .findFirst().orElse(javafx.scene.text.TextBoundsType.LOGICAL_VERTICAL_CENTER);
        javafx.scene.text.Text one = new javafx.scene.text.Text("X");
        one.setFont(area.getFont());
        one.setBoundsType(bounds);
        javafx.scene.text.Text two = new javafx.scene.text.Text("X\nX");
        two.setFont(area.getFont());
        two.setBoundsType(bounds);
        return two.getLayoutBounds().getHeight() - one.getLayoutBounds().getHeight();
    }

    /** The height {@code area}'s lines are shown in: its viewport below its content's top padding; NaN before its skin. */
    static double shownTextPx(TextArea area) {
        if (!(area.lookup(".scroll-pane") instanceof javafx.scene.control.ScrollPane sp)) {
            return Double.NaN;
        }
        double viewport = sp.getViewportBounds().getHeight();
        if (sp.getContent() instanceof Region content) {
            viewport -= content.snappedTopInset();
        }
        return viewport;
    }

    /** A heading and what it names, managed only while shown (a hidden part takes no room). */
    private static VBox section(javafx.scene.Node... parts) {
        VBox box = new VBox(2, parts);
        javafx.beans.Observable[] shown = java.util.Arrays.stream(parts).map(javafx.scene.Node::visibleProperty)
                .toArray(javafx.beans.Observable[]::new);
        box.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> java.util.Arrays.stream(parts).anyMatch(javafx.scene.Node::isVisible), shown));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    /** The operations table's columns that give way in a narrow panel, the first first: their figures are in each row's tooltip. */
    static final List<String> OPERATION_COLUMNS_GIVING_WAY = List.of("per s", "p50", "mean");

    /** The least the operation names keep beside the figures before a figure gives way. */
    static final double OPERATION_NAMES_PX = 90;

    /**
     * The operations table's figures in the panel's width, without a sideways scroll: every column
     * where it fits, else without "per s", then without "p50", then "mean" ({@link #OPERATION_COLUMNS_GIVING_WAY}): case A's
     * p99 of 35,881 us and max of 270,270 us beside "transaction" need the room of all three,
     * the names keeping {@link #OPERATION_NAMES_PX} at least (their whole width where there is room).
     */
    private static void fitOperations(TableView<OperationRow> t) {
        if (t.getColumns().size() < 2 || t.getWidth() <= 0) {
            return;
        }
        // the vertical scroll bar's width kept free: a run's operations may be more rows than it shows
        double room = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - 16;
        var names = t.getColumns().get(0);
        Tables.fitToText(names, t.getItems().stream().map(OperationRow::operation).toList(), 60, 300);
        double namesFitPx = names.getPrefWidth();
        double namesLeastPx = Math.min(namesFitPx, OPERATION_NAMES_PX);
        double figuresPx = giveWay(t, OPERATION_COLUMNS_GIVING_WAY, room, namesLeastPx);
        names.setPrefWidth(Math.max(namesLeastPx, Math.min(namesFitPx, Math.floor(room - figuresPx))));
    }

    /** The lock waits' columns that give way, first to last, where the lock's name would have too little room. */
    static final List<String> LOCK_COLUMNS_GIVING_WAY = List.of("spin", "sleep");
    /** The least a lock's name keeps beside its figures (its whole width where it is narrower). */
    static final double LOCK_NAMES_PX = 90;

    /**
     * The lock waits with every column where the lock's name keeps {@link #LOCK_NAMES_PX}, else
     * without "spin", then without "sleep" (the waits and the time waited stay): in a 1024 px
     * window's panel the four figures left case B's {@code mmap_lock} no room at all, its column
     * empty. Each row's tooltip has every figure.
     */
    private static void fitLocks(TableView<LockStatistics.Row> t) {
        if (t.getColumns().size() < 2 || t.getWidth() <= 0 || t.getItems().isEmpty()) {
            return;
        }
        // the vertical scroll bar's width kept free: a recording may have more locks than rows in view
        double room = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - 16;
        double namesFitPx = Tables.widestTextPx(t.getItems().stream().map(LockStatistics.Row::name).toList())
                + Tables.FIGURE_PAD_PX;
        giveWay(t, LOCK_COLUMNS_GIVING_WAY, room, Math.min(namesFitPx, LOCK_NAMES_PX));
    }

    /**
     * Shows every figure column of {@code t} (all but the first, the names), then hides the ones
     * titled in {@code givingWay}, first to last, until the names keep {@code namesLeastPx} of
     * {@code roomPx}: the width the shown figures take.
     */
    private static double giveWay(TableView<?> t, List<String> givingWay, double roomPx, double namesLeastPx) {
        double figuresPx = 0;
        for (var c : t.getColumns().subList(1, t.getColumns().size())) {
            c.setVisible(true);
            figuresPx += c.getPrefWidth();
        }
        for (String title : givingWay) {
            if (roomPx - figuresPx >= namesLeastPx) {
                break;
            }
            for (var c : t.getColumns()) {
                if (c.getText().equals(title)) {
                    c.setVisible(false);
                    figuresPx -= c.getPrefWidth();
                }
            }
        }
        return figuresPx;
    }

    /** Every figure of a lock's row, for its tooltip: the ones a narrow panel leaves out too. */
    static String lockWaitsText(LockStatistics.Row r) {
        return r.name() + ": " + Tables.count(r.waits()) + " waits (" + Tables.count(r.spinWaits()) + " spin, "
                + Tables.count(r.sleepWaits()) + " sleep), waited " + Tables.duration(r.spinWaitNs() + r.sleepWaitNs());
    }

    /** Every figure of an operation's row, for its tooltip: the ones a narrow panel leaves out too. */
    static String operationText(OperationRow r) {
        return r.operation() + ": " + Tables.count(r.latency().count()) + " ended, "
                + Tables.count(Math.round(r.perSecond())) + " per s; latency (us) mean " + latencyUs(r, r.latency().meanUs())
                + ", p50 " + latencyUs(r, r.latency().p50Us()) + ", p99 " + latencyUs(r, r.latency().p99Us())
                + ", max " + latencyUs(r, r.latency().maxUs());
    }

    /** A latency figure, or "-" where no operation of that kind ended in the scope (its figures are zeros). */
    private static String latencyUs(OperationRow r, double us) {
        return r.latency().count() == 0 ? "-" : Tables.micros(us);
    }

    private static List<javafx.scene.control.TableColumn<RangeTotals.TaskTime, String>> taskColumns(Dataset d,
                                                                                                    long spanNs) {
        // the names take most of the panel's width, the figures what they need: at 120 px beside 75
        // and 65 the three shared a laptop's panel alike, and "C2 CompilerThre[7348]" read
        // "C2 Compil...[7348]" beside room to spare in "ran" and "%CPU"
        return List.of(Tables.task("task", 200, t -> d.task(t.task()).label()),
                Tables.number("ran", 75, t -> Tables.duration(t.runNs())),
                // its run time over the window, 100 % a CPU all the time, as top's %CPU counts: not
                // "share", which the CPU tab uses for a share of every CPU's time (java[7329] read
                // "share 28.4 %" here and "share 14.2 %" there on a 2-CPU recording)
                // a tiny one short ("<0.01 %", its tooltip exact), as the CPU tab's profile writes it, and
                // the column as wide as its widest figure: at 65 px a task that ran its CPU all the time
                // read "100...." and one that ran a microsecond of a second "0.00..." for 0.00010 %
                Tables.share(TASK_CPU_HEADER, Tables.figureWidthPx(TASK_CPU_HEADER, List.of("100.0 %",
                        Tables.TINY_SHARE), 65), t -> (double) t.runNs() / Math.max(1, spanNs)));
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
