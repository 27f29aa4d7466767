package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.ScreenText;

/**
 * The "Locks" tab: per lock in the summary's scope, holds and hold time, waits split into
 * spinning and sleeping with the wait distribution, the most waiters at once, and how often the
 * holder was off its CPU while holding (from the dataset) next to the lock-holder preemptions the
 * source marked. One row per figure and one column per lock: datasets have few locks and many
 * figures, and a narrow panel reads them best that way; more locks scroll sideways. A dataset
 * made from a contention table (perf lock contention, klockstat, lock_stat) has no lock lanes:
 * the tab shows that table as the tool printed it, its numbers written as every table on screen
 * writes them ({@link ScreenText}).
 */
final class LocksPanel extends VBox {
    /** One figure of every lock, formatted. */
    record Figure(String name, List<String> values) {
    }

    private static final List<String> NAMES = List.of("kind", "holds", "held (sum)", "locked", "longest hold", "spin waits",
            "sleep waits", "spun", "slept", "wait mean (us)", "wait p99 (us)", "wait max (us)", "most waiting at once",
            "holder off CPU (times)", "holder off CPU (time)", "longest off CPU", "lock-holder preemption marks",
            "handoff stall marks");

    /** A lock recorded by its waits only (perf lock's contention tracepoints): holds unknown, not 0. */
    private static final String NOT_RECORDED = "not recorded";

    private static final List<Function<LockStatistics.Row, String>> VALUES = List.of(
            LockStatistics.Row::kind,
            r -> r.holdsRecorded() ? Tables.count(r.holds()) : NOT_RECORDED,
            r -> r.holdsRecorded() ? Tables.duration(r.holdNs()) : NOT_RECORDED,
            r -> r.holdsRecorded() ? Tables.duration(r.lockedNs()) : NOT_RECORDED,
            r -> r.holdsRecorded() ? Tables.duration(r.maxHoldNs()) : NOT_RECORDED,
            r -> Tables.count(r.spinWaits()),
            r -> Tables.count(r.sleepWaits()),
            r -> Tables.duration(r.spinWaitNs()),
            r -> Tables.duration(r.sleepWaitNs()),
            r -> Tables.micros(r.waitUs().meanUs()),
            r -> Tables.micros(r.waitUs().p99Us()),
            r -> Tables.micros(r.waitUs().maxUs()),
            r -> Tables.count(r.maxWaiters()),
            r -> r.holdsRecorded() ? Tables.count(r.offCpuStretches()) : NOT_RECORDED,
            r -> r.holdsRecorded() ? Tables.duration(r.offCpuNs()) : NOT_RECORDED,
            r -> r.holdsRecorded() ? Tables.duration(r.longestOffCpuNs()) : NOT_RECORDED,
            r -> Tables.count(r.holderPreemptionMarks()),
            r -> Tables.count(r.handoffStallMarks()));

    private static final String NOTE = "Held (sum): every hold's time added up; locked: the time anyone held the"
            + " lock. Readers of an rwsem hold it together, so their sum, spun, slept and holder off CPU (also added"
            + " up over tasks) can exceed the scope. Holder off CPU: stretches of a hold in which the holder ran on no CPU, read"
            + " from the CPU lanes. Lock-holder preemption marks: those the recording or simulator marked. Handoff"
            + " stall marks: stretches the simulator's rwsem sat free for its woken first waiter while others spun."
            + " Both count the marks in the scope and an episode marked before it that goes on into it, as the"
            + " scope's window summary does."
            + " Holds and waits: all that overlap the scope, also those begun before it or going on at its end, so"
            + " waits may outnumber holds. A wait is a task's whole wait, however often it switched: sleep waits"
            + " slept at some point, spin waits only spun; spun and slept are the time each way. The wait"
            + " distribution and the longest hold cover those that started in the scope and that the recording saw"
            + " whole (not one going on at its start or end, whose length is unknown).";

    LocksPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<Figure> t = Tables.table("locks-table", "No locks in this dataset");
        Tables.showHeader(t, false); // no headers over "No locks" until a summary lists some
        t.setPrefHeight(440);
        // the note below is kept whole (a dozen lines in a laptop's panel): the table keeps a few
        // rows rather than giving way to it, and the panel scrolls
        t.setMinHeight(240);
        // a perf lock recording has a dozen locks or more: squeezed into the side panel their
        // columns became slivers with blank headers; each keeps its width and the table scrolls
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        Label note = new Label();
        note.setId("locks-note");
        Label heading = SelectionPanel.heading("Lock statistics");
        heading.setId("locks-heading");
        note.setWrapText(true);
        // whole, however short the panel: fitted to a laptop's panel height it lost its end to
        // "..."; the panel's scroll pane scrolls to it instead (ScrollPane's fit to height stops
        // at the content's minimum height)
        note.setMinHeight(Region.USE_PREF_SIZE);
        note.getStyleClass().add("text-muted");
        // a lock tool's contention table opened with the lock tracepoints it came from (perf lock
        // contention beside the perf script of the same perf lock record): under the lanes' figures,
        // as the tool printed it - the lanes' figures alone hid the callers it names
        TableView<Figure> callers = Tables.table("locks-callers-table", "");
        callers.setPrefHeight(300);
        callers.setMinHeight(200);
        callers.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        Label callersHeading = SelectionPanel.heading("Lock contention");
        callersHeading.setId("locks-callers-heading");
        Label callersNote = new Label();
        callersNote.setId("locks-callers-note");
        callersNote.setWrapText(true);
        callersNote.setMinHeight(Region.USE_PREF_SIZE);
        callersNote.getStyleClass().add("text-muted");
        List<javafx.scene.Node> callersPart = List.of(callersHeading, callers, callersNote);
        summary.summaryProperty().addListener((Observable o) -> {
            List<LockStatistics.Row> locks = summary.summary().map(Summary::locks).orElse(List.of());
            java.util.Optional<LockTable> recorded = summary.summary().flatMap(Summary::recordedLockTable);
            boolean none = locks.isEmpty() && recorded.isEmpty();
            Tables.showHeader(t, !none);
            note.setVisible(!none); // explains columns there are none of
            note.setManaged(!none);
            oneLock = null;
            firstLockFiguresPx = Double.NaN; // a contention table alone: its columns are not a lock's
            firstLockFitPx = Double.NaN;
            t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
            boolean both = !locks.isEmpty() && recorded.isPresent();
            for (javafx.scene.Node n : callersPart) {
                n.setVisible(both);
                n.setManaged(both);
            }
            if (both) {
                String once = showRecorded(callers, recorded.get(), callersFit);
                namesGiveWay(callers, callersFit);
                callersHeading.setText("Lock contention (" + recorded.get().tool() + ")");
                callersNote.setText(once + "As " + recorded.get().tool() + " printed it, for the whole recording, by "
                        + recorded.get().key() + ": a table has no times, so a selection does not narrow it.");
            } else {
                callers.getItems().clear();
            }
            if (locks.isEmpty() && recorded.isPresent()) {
                String once = showRecorded(t, recorded.get(), statsFit);
                namesGiveWay(t, statsFit);
                heading.setText("Lock contention (" + recorded.get().tool() + ")");
                note.setText(once + "As " + recorded.get().tool() + " printed it, for the whole recording: a table has no"
                        + " times, so a selection does not narrow it. For holds and waits on the timeline, record"
                        + " the lock tracepoints (perf lock record, then perf script) and open that.");
                return;
            }
            note.setText(NOTE);
            heading.setText("Lock statistics");
            List<Figure> rows = new ArrayList<>();
            for (int k = 0; !locks.isEmpty() && k < NAMES.size(); k++) {
                List<String> v = new ArrayList<>();
                for (LockStatistics.Row r : locks) {
                    v.add(VALUES.get(k).apply(r));
                }
                rows.add(new Figure(NAMES.get(k), v));
            }
            List<TableColumn<Figure, String>> cols = new ArrayList<>();
            TableColumn<Figure, String> names = Tables.text("", 170, Figure::name);
            Tables.fitToText(names, NAMES, 80, 400);
            statsFit.fitPx = names.getPrefWidth();
            statsFit.kept = 1;
            statsFit.minPx = 110;
            cols.add(names);
            for (int i = 0; i < locks.size(); i++) {
                final int lock = i;
                TableColumn<Figure, String> c = Tables.number(locks.get(i).name(), 130, f -> f.values().get(lock));
                Tables.fitToText(c, rows.stream().map(f -> f.values().get(lock)).toList(), 80, 400);
                // an address cut gives way at its start, where perf's addresses are all alike
                // ("0xffff888..."), the whole one its header's tooltip
                c.getStyleClass().add(LOCK_COLUMN);
                cols.add(c);
                if (i == 0 && locks.size() > 1) {
                    TableColumn<Figure, String> probe = new TableColumn<>();
                    Tables.fitToText(probe, rows.stream().map(f -> f.values().get(0)).toList(), 80, 400);
                    firstLockFiguresPx = probe.getPrefWidth();
                    firstLockFitPx = c.getPrefWidth();
                    c.setMinWidth(Math.min(c.getMinWidth(), firstLockFiguresPx));
                }
            }
            if (locks.size() == 1) {
                // one lock: its figures need far less than its name's header ("buffer_strategy_lock",
                // 200 px for "1,647"), and at 1280 px the figure names beside it read "most wa...t
                // once"; cut in its header instead, the name read "buf...ock". The heading names the
                // lock, whole on as many lines as it takes, over a table of names and figures with no
                // header row: the names take the room, the lock's column keeps its figures whole
                oneLock = cols.get(1);
                TableColumn<Figure, String> probe = new TableColumn<>();
                Tables.fitToText(probe, rows.stream().map(f -> f.values().get(0)).toList(), 80, 400);
                double oneLockFiguresPx = probe.getPrefWidth();
                oneLock.setPrefWidth(oneLockFiguresPx);
                oneLock.setMinWidth(oneLockFiguresPx);
                names.setMinWidth(statsFit.minPx);
                heading.setText("Lock statistics: " + locks.get(0).name());
                Tables.showHeader(t, false);
            }
            t.getColumns().setAll(cols);
            t.setItems(FXCollections.observableArrayList(rows));
            if (locks.size() > 1) {
                for (LockStatistics.Row r : locks) {
                    cols.stream().filter(c -> c.getText().equals(r.name())).findFirst()
                            .ifPresent(c -> Tables.headerTip(t, c, r.name()));
                }
            }
            namesGiveWay(t, statsFit);
        });
        t.widthProperty().addListener((Observable o) -> namesGiveWay(t, statsFit));
        callers.widthProperty().addListener((Observable o) -> namesGiveWay(callers, callersFit));
        note.setText(NOTE);
        getChildren().addAll(heading, t, note, callersHeading, callers, callersNote);
        for (javafx.scene.Node n : callersPart) {
            n.setVisible(false);
            n.setManaged(false);
        }
        VBox.setVgrow(t, Priority.ALWAYS);
    }

    /** How a table's names column gives way in a narrow panel. */
    private static final class NamesFit {
        /** The names column's width for its longest name. */
        double fitPx = Double.NaN;
        /** The columns after the names that a narrow panel keeps in view: the first lock's, or a tool's two first fields. */
        int kept = 1;
        /** The narrowest the names get: the figures' "holds", "kind" whole, the longer ones' starts and ends. */
        double minPx = 110;
        /**
         * Figures a narrow panel leaves out, last first, beside the count and total it keeps (a tool's
         * "max" and "avg" wait, the avg its total over its count): shown where the names keep
         * {@link #readablePx} beside them.
         */
        final List<TableColumn<Figure, ?>> givesWay = new ArrayList<>();
        /** The names' width the figures that give way leave them: {@link #READABLE_PX}, a task's a pid and a comm's start. */
        double readablePx = READABLE_PX;
    }

    /**
     * The names' width a derived figure gives way to ({@link NamesFit#givesWay}): at 1280 px runC's
     * callers keep about 154 px beside the count and the total ("wake_up_q+0x33" and
     * "pollwake+0x73" whole, "do_e...wait+0x548"); at 110 px, with the max beside them, they read
     * "wa...q+0x33".
     */
    static final double READABLE_PX = 150;

    /** The lock figures' table's (or, alone, a tool's contention table's). */
    private final NamesFit statsFit = new NamesFit();
    /** A tool's contention table's, under the lock figures. */
    private final NamesFit callersFit = new NamesFit();

    /**
     * In a narrow side panel (a 1280 px window) the names give way, cut in the middle with the whole
     * name in the tooltip, so that the first figures' columns are in view whole beside them: the
     * first lock's, or a tool's contended count and its first group of figures ("wait (us)": total,
     * max, and avg where the names keep {@link #READABLE_PX} beside it). At the names' full width
     * those columns' values, right-aligned, lay past the panel's edge.
     */
    private void namesGiveWay(TableView<Figure> t, NamesFit fit) {
        if (Double.isNaN(fit.fitPx) || t.getColumns().size() < 2 || t.getWidth() <= 0) {
            return;
        }
        // the vertical scroll bar's width is kept free: the rows are more than a laptop's panel shows
        double room = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - SCROLL_BAR_PX;
        if (fit == statsFit && oneLock != null) {
            // as wide as its figures (its name is the heading's), the names have the rest
            Tables.namesTakeTheRoom(t);
            return;
        }
        if (fit == statsFit && !Double.isNaN(firstLockFitPx)) {
            // a projector's panel (1024 px, 307 px wide) has no room for the names at their least
            // beside the first lock's address whole: its figures, right-aligned, lay past the panel's
            // edge ("wait max (us)  6" for 6,900, "not reco"). The address's start gives way instead,
            // never its figures; a wider panel gets the address whole again
            TableColumn<Figure, ?> first = t.getColumns().get(1);
            Tables.givePrefWidth(first, Math.max(firstLockFiguresPx, Math.min(firstLockFitPx, Math.floor(room - fit.minPx))));
        }
        for (int i = 1; i <= fit.kept && i < t.getColumns().size(); i++) {
            room -= leavesPx(t.getColumns().get(i));
        }
        // leavesPx counts the figures that give way, shown or not: the last (avg) gives way first
        for (int i = fit.givesWay.size() - 1; i >= 0; i--) {
            TableColumn<Figure, ?> c = fit.givesWay.get(i);
            boolean shown = room >= Math.min(fit.fitPx, fit.readablePx);
            c.setVisible(shown);
            if (!shown) {
                room += c.getPrefWidth();
            }
        }
        // a contention table's callers at their least, 80 px, are JavaFX's default width: given as such
        Tables.givePrefWidth(t.getColumns().get(0), Math.max(fit.minPx, Math.min(fit.fitPx, Math.floor(room))));
    }

    /** A column's width as its figures' columns have it: a group's ("wait (us)") is its children's. */
    private static double leavesPx(TableColumn<Figure, ?> c) {
        if (c.getColumns().isEmpty()) {
            return c.getPrefWidth();
        }
        double px = 0;
        for (TableColumn<Figure, ?> child : c.getColumns()) {
            px += leavesPx(child);
        }
        return px;
    }

    private static final double SCROLL_BAR_PX = 16;

    /** A contention table's figure columns at their narrowest. */
    static final double FIGURE_MIN_PX = 48;

    /** The style class of a lock's column, whose header is cut at its start ({@code workbench.css}). */
    static final String LOCK_COLUMN = "lock-column";

    /** Of several locks, the first one's column: as wide as its figures, and as its header and figures. */
    private double firstLockFiguresPx = Double.NaN;
    private double firstLockFitPx = Double.NaN;

    /** The only lock's column, where the dataset has one lock, else null. */
    private TableColumn<Figure, String> oneLock;

    /**
     * A tool's contention table: one row per caller, task, lock or lock class, titled as the tool's header
     * names them ("pid comm" with perf lock contention -t), one column per field.
     */
    private String showRecorded(TableView<Figure> t, LockTable table, NamesFit fit) {
        List<TableColumn<Figure, String>> cols = new ArrayList<>();
        // a task ("2725038 EventManager_De") is cut at its comm's end, its pid whole: cut in the middle
        // it read "2725...r_De", neither the pid nor the comm
        // a caller, lock or class on one line, a long one cut in its symbol's middle and its offset
        // whole ("ep_autor...function+0x15", the whole in its tooltip): wrapped after its "+" or "_",
        // one caller took five lines of a laptop's panel; cut in the middle of the whole, klockstat's
        // callers read "pipe_...0x3f" and "pipe_...0x35", neither named
        TableColumn<Figure, String> names = table.tasks() ? Tables.value(table.key(), 220, Figure::name)
                : Tables.symbol(table.key(), 220, Figure::name);
        // as wide as its longest name where the panel has the room, else the room the contended count
        // and the total wait beside it leave (namesGiveWay)
        Tables.fitToText(names, table.rows().stream().map(LockTable.Row::name).toList(), 110, 400);
        fit.fitPx = names.getPrefWidth();
        fit.kept = 2;
        fit.minPx = 80;
        fit.givesWay.clear();
        // "2725038 EventManager_De": the pid whole and the comm's start ("2725038 Eve...")
        fit.readablePx = table.tasks() ? READABLE_PX + 30 : READABLE_PX;
        cols.add(names);
        // the tool's figures as every table on screen writes them (ScreenText#printed): 8,580 us,
        // not the stored 8580.00 beside the figures' tab's grouped counts
        List<Figure> rows = table.rows().stream()
                .map(r -> new Figure(r.name(), r.values().stream().map(ScreenText::printed).toList())).toList();
        // a field that says the same words in every row (runC's 135 callers are all "spinlock") is said
        // once, in the note, not in a column: perf's "type" took 80 px of a laptop's panel for one word
        List<String> once = new ArrayList<>();
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < table.fields().size(); i++) {
            String same = sameInEveryRow(rows, i);
            if (same != null) {
                once.add(LockTable.heading(table.fields().get(i)) + ": " + same);
            } else {
                shown.add(i);
            }
        }
        // perf's "total wait", "max wait" and "avg wait" (in us here) under one "wait (us)", each headed
        // by its statistic as perf's columns are: on a line each, "total wait us" took two lines and
        // 78 px for "8,580", and the table scrolled sideways at 1280 px; the same for klockstat's
        // "spin total ns", "spin max ns" and lock_stat's "waittime max us" and "waittime total us"
        java.util.Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int i : shown) {
            String group = groupOf(LockTable.heading(table.fields().get(i)));
            groups.computeIfAbsent(group == null ? "\0" + i : group, g -> new ArrayList<>()).add(i);
        }
        for (var g : groups.entrySet()) {
            boolean grouped = !g.getKey().startsWith("\0") && g.getValue().size() > 1;
            List<TableColumn<Figure, String>> leaves = new ArrayList<>();
            for (int field : g.getValue()) {
                String heading = LockTable.heading(table.fields().get(field));
                String title = grouped ? statisticOf(heading) : heading;
                TableColumn<Figure, String> c = Tables.number(title, FIGURE_MIN_PX, f -> f.values().get(field));
                List<String> values = rows.stream().map(f -> f.values().get(field)).toList();
                if (grouped) {
                    // the whole heading on hover, as the tool names it
                    c.setUserData(heading);
                } else {
                    // a header of words wider than its figures on two lines ("spin" over "count"): on
                    // one, klockstat's "spin count" left its callers 125 px at 1280 px
                    c.setText(Tables.twoLineHeader(c.getText(), values));
                }
                // as wide as the header and the figures, no wider: at 100 px at least, "contended" took
                // 117 px for "207" while the callers beside it wrapped onto five lines
                double px = Tables.figureWidthPx(c.getText(), values, FIGURE_MIN_PX);
                if (grouped && title.equals("total")) {
                    // the figure that stays when the others give way carries its group's header alone:
                    // beside the total only, "wait (us)" read "wait..."
                    px = Math.max(px, Tables.figureWidthPx(g.getKey(), values, FIGURE_MIN_PX));
                }
                c.setMinWidth(px);
                c.setPrefWidth(px);
                leaves.add(c);
            }
            if (grouped && cols.size() <= fit.kept && leaves.stream().anyMatch(c -> c.getText().equals("total"))) {
                // perf's avg wait (its total over contended), then its max wait, give way in a narrow
                // panel to the callers, the total and the count beside them (namesGiveWay)
                leaves.stream().filter(c -> !c.getText().equals("total")).forEach(fit.givesWay::add);
            }
            if (grouped) {
                TableColumn<Figure, String> parent = new TableColumn<>(g.getKey());
                parent.setSortable(false);
                parent.getColumns().setAll(leaves);
                cols.add(parent);
            } else {
                cols.addAll(leaves);
            }
        }
        t.getColumns().setAll(cols);
        t.setItems(FXCollections.observableArrayList(rows));
        for (TableColumn<Figure, ?> c : t.getVisibleLeafColumns()) {
            if (c.getUserData() instanceof String heading) {
                Tables.headerTip(t, c, heading);
            }
        }
        String said = once.isEmpty() ? "" : String.join("; ", once) + " in every row, said once here, not in a column. ";
        return fit.givesWay.isEmpty() ? said : said + "Where the panel is too narrow for them beside the names, avg (the"
                + " total over the count), then max, are left out: widen the side panel to see them. ";
    }

    /** A statistic a tool's figure heading starts with or has second ("total wait us", "spin total ns"). */
    private static final java.util.Set<String> STATISTICS = java.util.Set.of("total", "max", "min", "avg", "mean");

    /** Units a tool's figure heading ends with. */
    private static final java.util.Set<String> UNITS = java.util.Set.of("us", "ns", "ms", "s");

    /**
     * The group a figure's heading goes under, "wait (us)" for "total wait us" and "spin (ns)" for
     * klockstat's "spin total ns": a statistic, what it is of and a unit, in either order; else null.
     */
    static String groupOf(String heading) {
        String[] w = heading.split(" ");
        if (w.length != 3 || !UNITS.contains(w[2])) {
            return null;
        }
        if (STATISTICS.contains(w[0]) && !STATISTICS.contains(w[1])) {
            return w[1] + " (" + w[2] + ")";
        }
        if (STATISTICS.contains(w[1]) && !STATISTICS.contains(w[0])) {
            return w[0] + " (" + w[2] + ")";
        }
        return null;
    }

    /** The statistic of a grouped heading ({@link #groupOf}): "total" of "total wait us". */
    private static String statisticOf(String heading) {
        String[] w = heading.split(" ");
        return STATISTICS.contains(w[0]) ? w[0] : w[1];
    }

    /** The words field {@code i} has in every one of two rows or more, where they are not a figure; else null. */
    private static String sameInEveryRow(List<Figure> rows, int i) {
        if (rows.size() < 2) {
            return null;
        }
        String first = rows.get(0).values().get(i);
        if (first.isBlank() || first.matches("[-0-9.,% ]+")) {
            return null;
        }
        for (Figure f : rows) {
            if (!first.equals(f.values().get(i))) {
                return null;
            }
        }
        return first;
    }
}
