package org.schedlab.ui;

import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.SummaryFigures;

/**
 * The "Figures" tab: the dataset's figures one per row as {@code schedlab table FILE} prints them
 * (what the files printed - perf stat's counts, pgbench's tps and latency, YCSB's figures per
 * operation -, the throughput, the benchmark's latency, the CPU shares, TCP counters), over the
 * selected range when there is one, and Copy: the whole summary as plain text for a mail, the
 * table command's text. The file of a format without CPU lanes has nothing else to show, so the
 * side panel brings this tab forward for it.
 */
final class FiguresPanel extends VBox {
    /** How many of the longest figure names the name column's width is measured on. */
    private static final int MEASURED_NAMES = 64;
    private final FiguresViewModel vm;

    /**
     * The names the name column is sized on: the {@value #MEASURED_NAMES} longest. Measuring each
     * of a perf stat --per-thread file's tens of thousands held the FX thread for seconds, and the
     * column is at most 220 px anyway.
     */
    static List<String> namesToMeasure(List<SummaryFigures.Row> rows) {
        return rows.stream().map(SummaryFigures.Row::name)
                .sorted(java.util.Comparator.comparingInt(String::length).reversed()).limit(MEASURED_NAMES).toList();
    }

    /**
     * A figure inside a value of words: a number with its unit and, in a range, the {@code ..} after
     * it ({@code 330.000000 s ..} of a window {@code 330.000000 s .. 330.050000 s}).
     */
    private static final java.util.regex.Pattern FIGURE =
            java.util.regex.Pattern.compile("[-+]?\\d[\\d.,]*(?: [A-Za-z%/]{1,6}(?![A-Za-z]))?(?: \\.\\.)?");

    /**
     * The values the value column is sized on: the {@value #MEASURED_NAMES} longest of one word (a
     * number, {@code 1481.4814814814815} as table prints it), which the column then shows whole on one
     * line; a sentence ("aggregated (no CPU or thread column)") wraps at its spaces instead, each of
     * its figures whole on a line: sized on the value's words alone, a 50 ms window's
     * "330.000000 s .. 330.050000 s" read "330." over "000000 s ..".
     */
    static List<String> valuesToMeasure(List<SummaryFigures.Row> rows) {
        return rows.stream().map(SummaryFigures.Row::value)
                .flatMap(v -> v.indexOf(' ') < 0 ? java.util.stream.Stream.of(v)
                        : FIGURE.matcher(v).results().map(java.util.regex.MatchResult::group))
                .sorted(java.util.Comparator.comparingInt(String::length).reversed()).limit(MEASURED_NAMES).toList();
    }

    /** The value column's width for {@code values} on one line each, in the cells' font (the theme's, a little larger than the default), between 100 and 220 px. */
    private static double valueWidthPx(List<String> values) {
        // the cell's padding and a few pixels spare for rounding
        return Math.max(100, Math.min(220, Math.ceil(Tables.widestTextPx(values) + 24)));
    }

    FiguresPanel(FiguresViewModel vm) {
        this.vm = vm;
        setSpacing(8);
        setPadding(new Insets(8));
        // nothing cut: the value column as wide as its longest number, a sentence ("not recorded:
        // ...") wrapping in it; the names take the rest of the width, one too long on two lines
        TableView<SummaryFigures.Row> t = Tables.table("figures-table", "Computing the figures…");
        TableColumn<SummaryFigures.Row, String> name = Tables.wrapping("figure", 220, SummaryFigures.Row::name);
        name.setMinWidth(120);
        TableColumn<SummaryFigures.Row, String> value = valueColumn();
        t.getColumns().add(name);
        t.getColumns().add(value);
        Label scope = new Label();
        scope.setId("figures-scope");
        scope.getStyleClass().add("text-muted");
        scope.setWrapText(true);
        scope.setMinHeight(Label.USE_PREF_SIZE);
        Label note = new Label(otherTabs(null, java.util.Optional.empty()));
        note.setId("figures-note");
        note.getStyleClass().add("text-muted");
        note.setWrapText(true);
        note.setMinHeight(Label.USE_PREF_SIZE);
        Button copy = new Button("Copy");
        copy.setId("figures-copy");
        copy.getStyleClass().add("small");
        // the figures of what is selected only: the old range's stay in view while a new one's are computed
        copy.disableProperty().bind(vm.currentProperty().not());
        copy.setOnAction(e -> vm.figures().ifPresent(f -> CopyButton.copy(copy, f.text())));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(14, 14);
        busy.visibleProperty().bind(vm.computingProperty());
        Label failure = new Label();
        failure.getStyleClass().add("danger");
        failure.textProperty().bind(vm.failureProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(8, SelectionPanel.heading("Figures"), busy, failure, gap, copy);
        head.setAlignment(Pos.CENTER_LEFT);
        vm.figuresProperty().addListener((Observable o) -> {
            List<SummaryFigures.Row> rows = vm.figures().map(FiguresViewModel.Figures::rows).orElse(List.of());
            Tables.fitToText(name, namesToMeasure(rows), 120, 220);
            // as wide as the longest number and no wider: the names have the rest. At least that: the
            // table's resize policy flexes its last column, which took the numbers' room for the
            // names ("1481." over "4814814814815")
            value.setPrefWidth(valueWidthPx(valuesToMeasure(rows)));
            value.setMinWidth(value.getPrefWidth());
            Tables.namesTakeTheRoom(t);
            t.setItems(FXCollections.observableArrayList(rows));
            // a perf lock contention or lock_stat table: its rows are the Locks tab's, not figures here
            boolean lockTable = vm.figures().map(f -> org.schedlab.analysis.LockTable.of(
                    f.dataset().metadata().parameters()).isPresent()).orElse(false);
            // over the range the figures are of; a range without data gave the whole file's
            String others = vm.figures().map(f -> otherTabs(f.dataset(), f.ofRange() ? f.range()
                    : java.util.Optional.empty())).orElse(otherTabs(null, java.util.Optional.empty()));
            note.setText(lockTable ? "This file's lock contention table is in the Locks tab. " + others : others);
            scope.setText(vm.figures().map(f -> f.ofRange()
                    ? "The selected range, as schedlab table FILE --from-ms --to-ms prints it."
                    : f.range().isPresent() ? "Whole file, as schedlab table FILE prints it: the selected range holds"
                    + " none of its data." : "Whole file, as schedlab table FILE prints it.").orElse(""));
        });
        getChildren().addAll(head, scope, t, note);
        VBox.setVgrow(t, Priority.ALWAYS);
    }

    /**
     * The note under the table: what the other tabs have. "Every TCP counter" over a range where
     * the TCP tab (and this one) leave out an nstat snapshot's whole-run counts or a Wireshark
     * capture's totals ({@link org.schedlab.analysis.TcpCounters#leftOut}) was not so: then it
     * names what neither lists. {@code d} null: nothing open yet.
     */
    static String otherTabs(org.schedlab.model.Dataset d, java.util.Optional<org.schedlab.render.TimeRange> range) {
        String tail = " (this tab: those Wireshark names); Copy gives the whole summary as schedlab table prints it.";
        org.schedlab.analysis.TcpCounters.LeftOut out = d == null ? new org.schedlab.analysis.TcpCounters.LeftOut(0, 0)
                : org.schedlab.analysis.TcpCounters.leftOut(d,
                        range.map(r -> Math.max(r.startNs(), d.startNs())).orElse(d.startNs()),
                        range.map(r -> Math.min(r.endNs(), d.endNs())).orElse(d.endNs()));
        String head = "The CPU, Locks, runqlat and TCP tabs have the profile, locks, run-queue latency, comms and ";
        if (out.total() == 0) {
            return head + "every TCP counter" + tail;
        }
        return head + "the TCP counters of " + (range.isPresent() ? "the selected range" : "this window") + tail
                + " Neither lists the " + out.what() + ", which " + (out.total() == 1 ? "counts" : "count")
                + " the whole run (the TCP tab says more).";
    }

    /**
     * The values, never cut: one wider than the column ("aggregated (no CPU or thread column)") goes
     * on as many lines as it takes, broken at its spaces; cut at its end, {@code 1481.4814814814815}
     * read "1481.481481...".
     */
    static TableColumn<SummaryFigures.Row, String> valueColumn() {
        return Tables.wrapping("value", 120, SummaryFigures.Row::value);
    }

    FiguresViewModel viewModel() {
        return vm;
    }
}
