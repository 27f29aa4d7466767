package org.schedlab.ui.lab;

import java.util.List;
import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The live run's summary as a table (section, metric, value) that follows the run on screen:
 * it changes when the run is done. While a rerun is under way (its timeline may already be on
 * screen) the rows are the previous run's, so they are dimmed.
 */
final class SummaryTable extends TableView<SummaryRows.Row> {
    /** The theme's (Primer) font size, larger than JavaFX's default on Linux. */
    private static final double THEME_FONT_PX = 14;
    /** A cell's padding on both sides, and the column's edge. */
    private static final double CELL_PADDING_PX = 24;
    /** A value never takes more than this; a longer one (a run's event count and duration) is cut. */
    private static final double MAX_VALUE_PX = 260;
    /** The metric's name keeps room for this one (the longest of the run and cpu rows) before a long value is given more. */
    private static final String METRIC_KEPT = "cpu  runnableWait";
    /** The least the metric's names keep (on more lines) where a long value's lines need the room. */
    private static final double METRIC_LEAST_PX = 60;
    /** The vertical scroll bar's width, kept free. */
    private static final double SCROLL_BAR_PX = 16;
    /**
     * A value of at most this many characters is a figure ("11,183,107", "99.5 sections/s"): never
     * cut, and broken only where it is wider than the room the names leave, after a thousands
     * separator ({@link #figureLines}).
     */
    private static final int FIGURE_CHARS = 16;
    /** Where a figure may break: after a thousands separator, before the next group's digits. */
    private static final java.util.regex.Pattern FIGURE_GROUPS = java.util.regex.Pattern.compile("(?<=\\d,)(?=\\d)");
    /** Where a figure without a thousands separator may break: between the number and its unit. */
    private static final java.util.regex.Pattern FIGURE_UNIT = java.util.regex.Pattern.compile("(?<=\\d )(?=[^\\d\\s])");
    /**
     * A figure that is a number and its unit alone ("333.0 wake-ups/s", "35.9 %"): the one kind
     * {@link #FIGURE_UNIT} breaks. "mean 13.3 us" broke as "mean 13.3" over "us", and "4.5 in 12
     * phases" as "4.5 in 12" over "phases": a figure from its unit.
     */
    private static final java.util.regex.Pattern NUMBER_UNIT = java.util.regex.Pattern.compile("[+-]?[\\d.]+ [^\\d\\s]\\S*");

    private final TableColumn<SummaryRows.Row, String> value;

    /** While a run is under way; once it was cancelled before its summary was in; otherwise (it failed). */
    static final String COMING = "The summary appears when the first run is in.";
    static final String CANCELLED = "No summary: the run was cancelled before its summary was in."
            + " Change a value to run again.";
    static final String NONE = "No summary.";

    /** {@code busy} and {@code status} are the run's ({@link RunViewModel#busyProperty}, {@link RunViewModel#statusProperty}). */
    SummaryTable(ReadOnlyObjectProperty<Optional<RunOutcome>> outcome, ReadOnlyBooleanProperty stale,
                 ReadOnlyBooleanProperty busy, javafx.beans.value.ObservableStringValue status) {
        setId("live-summary");
        getStyleClass().addAll("dense", "striped");
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        Label placeholder = new Label();
        // says whether a summary is coming: after a cancel "appears when the first run is in" stayed,
        // with no run to bring it
        placeholder.textProperty().bind(Bindings.createStringBinding(() -> busy.get() ? COMING
                : status.get() != null && status.get().startsWith("cancelled") ? CANCELLED : NONE, busy, status));
        placeholder.setWrapText(true);
        placeholder.setPadding(new javafx.geometry.Insets(4, 8, 4, 8)); // wrapped, it ran to the table's edges
        setPlaceholder(placeholder);
        TableColumn<SummaryRows.Row, String> metric = column("metric", r -> r.section() + "  " + r.metric(), 200);
        metric.setCellFactory(c -> new NamedCell());
        getColumns().add(metric);
        value = column("value", SummaryRows.Row::value, 150);
        value.setCellFactory(c -> new ValueCell());
        getColumns().add(value);
        // a long value's lines are made anew for the column's width
        value.widthProperty().addListener((obs, o, n) -> refresh());
        opacityProperty().bind(Bindings.when(stale).then(0.55).otherwise(1.0));
        widthProperty().addListener((obs, o, n) -> fitValues());
        outcome.addListener((obs, o, n) -> show(n));
        show(outcome.get());
    }

    private void show(Optional<RunOutcome> o) {
        getItems().setAll(o.filter(r -> !r.summaryTrees().isEmpty())
                .map(r -> SummaryRows.of(r.summaryTrees().get(0))).orElse(List.of()));
        fitValues();
    }

    /**
     * The value column is at least as wide as its longest figure, so a narrow side panel (a 1024 px
     * window) cuts the metric's name ("cpu  runnable...") rather than the number ("160,28...").
     * A longer value (a runqlat row, "mean 1.2 ms, p99 12.3 ms (5,678)") gets its width only
     * while the name keeps room for {@value #METRIC_KEPT}: on a laptop screen it took the whole table
     * and cut every name to "ru...", "cp..."; it takes more lines instead ({@link ValueCell}).
     */
    private void fitValues() {
        double widest = 0;
        // figures without a separator that may break between number and unit ("333.0 wake-ups/s")
        List<String> unitFigures = new java.util.ArrayList<>();
        double widestFigure = 0;
        double widestGroup = 0;
        double widestLine = 0;
        Text probe = new Text();
        probe.setFont(cellFont());
        for (SummaryRows.Row r : getItems()) {
            probe.setText(r.value());
            double w = probe.getLayoutBounds().getWidth();
            widest = Math.max(widest, w);
            if (r.value().length() <= FIGURE_CHARS) {
                widestFigure = Math.max(widestFigure, w);
                // the least it takes broken at every thousands separator ("693," / "542 tps")
                if (!FIGURE_GROUPS.matcher(r.value()).find() && figureGroups(r.value()).size() > 1) {
                    unitFigures.add(r.value()); // its least width is known once the names' is (below)
                    continue;
                }
                for (String group : FIGURE_GROUPS.split(r.value())) {
                    probe.setText(group);
                    widestGroup = Math.max(widestGroup, probe.getLayoutBounds().getWidth());
                }
            } else if (r.value().contains(", ")) {
                // a long value goes on lines broken after its commas (ValueCell), 4 px inside the
                // column's room: in a 1024 px window's panel case A's "mean 5.6 ms," read "mean 5.6..."
                // while the metric's names, which wrap, had room to give. A line is given its width
                // only while the names keep their longest word (below); in less, ValueCell breaks
                // it before its count, "p99 32.8 ms" over "(23,456)", rather than the names inside
                // their words, "throug" over "hput"
                for (String part : r.value().split("(?<=, )")) {
                    probe.setText(part.strip());
                    widestLine = Math.max(widestLine, probe.getLayoutBounds().getWidth() + 4);
                }
            }
        }
        // the names' longest word ("throughput", "involuntary"): a name breaks between its words
        double widestWord = 0;
        for (SummaryRows.Row r : getItems()) {
            for (String word : (r.section() + " " + r.metric()).trim().split("\\s+")) {
                // a long name ("buffer_strategy_lock", "runnableWait") may break between its parts
                for (String part : org.schedlab.ui.TextLines.nameParts(word)) {
                    probe.setText(part.strip());
                    widestWord = Math.max(widestWord, probe.getLayoutBounds().getWidth());
                }
            }
        }
        // such a figure stays whole where the names keep their longest word beside it, else only
        // its widest part need fit: kept whole, teach-remote-wakeup's took the names' room
        for (String f : unitFigures) {
            probe.setText(f);
            double whole = probe.getLayoutBounds().getWidth();
            if (getWidth() <= 0 || whole + cellInsets + 1 <= figuresRoom(widestWord)) {
                widestGroup = Math.max(widestGroup, whole);
                continue;
            }
            for (String g : figureGroups(f)) {
                probe.setText(g.strip());
                widestGroup = Math.max(widestGroup, probe.getLayoutBounds().getWidth());
            }
        }
        double namesLeast = Math.max(METRIC_LEAST_PX, Math.ceil(widestWord) + 2 + CELL_PADDING_PX);
        double all = Math.min(MAX_VALUE_PX, Math.ceil(widest) + CELL_PADDING_PX);
        double wholeFigures = Math.min(MAX_VALUE_PX, Math.ceil(widestFigure) + CELL_PADDING_PX);
        probe.setText(METRIC_KEPT);
        double metricMin = Math.ceil(probe.getLayoutBounds().getWidth()) + CELL_PADDING_PX;
        // the table's width less its scroll bar and borders
        double room = getWidth() > 0 ? getWidth() - metricMin - CELL_PADDING_PX : all;
        // a long value's lines whole where the names keep their longest word beside them (and the scroll bar)
        double lines = Math.min(MAX_VALUE_PX, Math.ceil(widestLine) + CELL_PADDING_PX);
        double linesRoom = getWidth() > 0 ? getWidth() - namesLeast - SCROLL_BAR_PX : lines;
        // the figures whole where the names keep their longest word beside them: s390-uperf's
        // "10,245,693,240" took 134 of a 1024 px window's ~224 px panel and broke "involuntar" / "y";
        // in less a figure breaks after a thousands separator (ValueCell), down to its widest group
        double figures = Math.max(Math.min(MAX_VALUE_PX, Math.ceil(widestGroup) + CELL_PADDING_PX),
                Math.min(wholeFigures, getWidth() > 0 ? figuresRoom(widestWord) : wholeFigures));
        value.setMinWidth(Math.max(figures, Math.max(Math.min(all, room), Math.min(lines, linesRoom))));
    }

    /**
     * What the value column may take with the names keeping their longest word ({@code widestWordPx})
     * on a line, measured with a name cell's own insets (and a pixel spare each side for rounding
     * and the table's border): the names' {@code namesLeast} counts {@value #CELL_PADDING_PX} px of
     * padding, more than a cell has, and at it pgbench's "21,200 tps" broke where it had fitted.
     */
    private double figuresRoom(double widestWordPx) {
        return getWidth() - Math.ceil(widestWordPx) - cellInsets - 2 - SCROLL_BAR_PX;
    }

    /** A cell's left and right insets, once a cell is laid out ({@value #CELL_PADDING_PX} before). */
    private double cellInsets = CELL_PADDING_PX;

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        // the first cells tell their insets: the value column is fitted again for them, once
        if (lookup(".table-row-cell .table-cell") instanceof javafx.scene.layout.Region r
                && r.snappedLeftInset() + r.snappedRightInset() != cellInsets) {
            cellInsets = r.snappedLeftInset() + r.snappedRightInset();
            fitValues();
        }
    }

    /** The font the cells are drawn in: the theme's, once the table is styled (a cell's, if one exists). */
    private Font cellFont() {
        javafx.scene.Node cell = lookup(".table-row-cell .table-cell");
        if (cell instanceof javafx.scene.control.Labeled l) {
            return l.getFont();
        }
        Font f = Font.getDefault();
        return Font.font(f.getFamily(), Math.max(f.getSize(), THEME_FONT_PX)); // before the first layout
    }

    /** Where the summary's tooltips wrap. */
    private static final double TIP_WIDTH_PX = 420;

    /**
     * A cell whose tooltip holds its whole text (and what it means, for a metric's name): the
     * column may cut it. Dozens of rows: each cell's popup is made when it is first hovered.
     */
    abstract static class TipCell<R> extends javafx.scene.control.TableCell<R, String> {
        private final javafx.beans.property.StringProperty whole =
                new javafx.beans.property.SimpleStringProperty(this, "whole", "");
        private final org.schedlab.ui.LazyTooltip tip;

        /** {@code tipWidthPx}: where the tooltip's text wraps. */
        TipCell(double tipWidthPx) {
            tip = org.schedlab.ui.LazyTooltip.following(whole, t -> {
                t.setWrapText(true);
                t.setMaxWidth(tipWidthPx);
            });
            tip.installOn(this);
        }

        /** The tooltip's text for a non-empty {@code item}. */
        abstract String tipText(String item);

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            boolean none = empty || item == null || item.isEmpty();
            whole.set(none ? "" : tipText(item));
            if (tip.isMade()) { // a reused cell: no popup over an empty row
                setTooltip(none ? null : tip.tooltip());
            }
        }
    }

    /**
     * A metric's name, never cut: one too long for the column goes on as many lines as it takes,
     * broken at a space or before a {@code (} ({@link org.schedlab.render.LabelFit#lines}). Cut at a
     * laptop's width, case B's four {@code rwsem  spin while ...} rows, where the spinners' CPU went,
     * read "spin while ..." and "spin while r...", and its two profile sites "rwsem spin..." alike.
     * The tooltip has the whole name and what the metric means.
     */
    static final class NamedCell extends TipCell<SummaryRows.Row> {
        private final Text probe = new Text();

        NamedCell() {
            super(TIP_WIDTH_PX);
            // change listeners: a cell laid out empty never read its width, and kept its lines
            widthProperty().addListener((o, was, is) -> wrap());
            fontProperty().addListener((o, was, is) -> wrap());
            paddingProperty().addListener((o, was, is) -> wrap());
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            wrap();
        }

        /** The name on its lines for the cell's room, measured in the cell's font; a pixel spare for rounding. */
        private void wrap() {
            String item = getItem();
            if (isEmpty() || item == null || item.isEmpty()) {
                return;
            }
            double room = getWidth() - snappedLeftInset() - snappedRightInset() - 1;
            if (room <= 0) {
                return;
            }
            probe.setFont(getFont());
            String lines = String.join("\n", org.schedlab.render.LabelFit.lines(item, room, t -> {
                probe.setText(t);
                return probe.getLayoutBounds().getWidth();
            }));
            if (!lines.equals(getText())) {
                setText(lines);
            }
        }

        @Override
        String tipText(String item) {
            return SummaryRows.tip(item);
        }
    }

    /**
     * A value, with the whole value as its tooltip: a long one takes more lines where the table is
     * narrow, broken after a comma ("mean 5,567 us," / "p99 29.0 ms (5,678)"), so that the figures
     * users read are whole - cut, case B's read "mean 6,250 us, p99 29...". A part wider than the
     * column on its own is still cut between its words.
     */
    static final class ValueCell extends TipCell<SummaryRows.Row> {
        ValueCell() {
            super(TIP_WIDTH_PX);
            setTextOverrun(javafx.scene.control.OverrunStyle.WORD_ELLIPSIS);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (!empty && item != null && getTableColumn() != null) {
                // the theme's size: a cell made before it is styled has JavaFX's smaller default
                Font f = Font.font(getFont().getFamily(), Math.max(getFont().getSize(), THEME_FONT_PX));
                setText(lines(item, f, getTableColumn().getWidth() - CELL_PADDING_PX));
            }
        }

        @Override
        String tipText(String item) {
            return item;
        }
    }

    /**
     * {@code value} on as many lines as {@code widthPx} needs, each broken after a comma; a line
     * still too wide is broken between its words, never between a figure and its unit ("p99 569 us"
     * over "(11,295)", in less "p99" over "569 us"), and a word longer than the width as a name is
     * ({@link org.schedlab.render.LabelFit#lines}, "buffer_strategy_" over "lock"): whole, never
     * cut - "p99 569 us..." lost its count. {@code roomPx} is the column's room inside its padding;
     * a long value's lines keep 4 px of it spare. A figure is broken as {@link #figureLines} says.
     */
    static String lines(String value, Font font, double roomPx) {
        Text probe = new Text();
        probe.setFont(font);
        if (value.length() <= FIGURE_CHARS) {
            return figureLines(value, probe, roomPx);
        }
        double widthPx = roomPx - 4;
        String byCommas = org.schedlab.ui.TextLines.fill(java.util.List.of(value.split("(?<=, )")), probe, widthPx);
        List<String> out = new java.util.ArrayList<>();
        for (String line : byCommas.split("\n")) {
            probe.setText(line);
            if (probe.getLayoutBounds().getWidth() <= widthPx) {
                out.add(line);
                continue;
            }
            // between its words, a figure kept with its unit ("5,562 us"), and its count's "(" apart
            String byWords = org.schedlab.ui.TextLines.fill(List.of(line.split("(?<= )(?![a-z%])")), probe, widthPx);
            for (String w : byWords.split("\n")) {
                probe.setText(w.stripTrailing());
                if (probe.getLayoutBounds().getWidth() <= widthPx) {
                    out.add(w.stripTrailing());
                    continue;
                }
                for (String l : org.schedlab.render.LabelFit.lines(w, widthPx, t -> { // a name longer than the column
                    probe.setText(t);
                    return probe.getLayoutBounds().getWidth();
                })) {
                    out.add(l.stripTrailing());
                }
            }
        }
        return String.join("\n", out);
    }

    /**
     * A figure whole where it fits {@code roomPx} (measured in {@code probe}'s font); otherwise on
     * the fewest lines that fit, broken only after a thousands separator and as evenly as they can
     * be ("10,245," over "693,240", not "10,245,693," over "240"): never inside a group of digits,
     * never between the figure and its unit ("176," over "542 tps"). A figure with no separator
     * breaks between its number and its unit ("333.0" over "wake-ups/s", {@link #figureGroups});
     * {@link #fitValues} gives the column its widest group.
     */
    static String figureLines(String figure, Text probe, double roomPx) {
        List<String> groups = figureGroups(figure);
        java.util.function.ToDoubleFunction<String> px = t -> {
            probe.setText(t);
            return probe.getLayoutBounds().getWidth();
        };
        if (groups.size() == 1 || px.applyAsDouble(figure) <= roomPx) {
            return figure;
        }
        for (int n = 2; n < groups.size(); n++) {
            List<String> best = evenest(groups, n, px);
            if (best.stream().mapToDouble(px).max().orElse(0) <= roomPx) {
                return String.join("\n", best.stream().map(String::stripTrailing).toList());
            }
        }
        // a group a line: the column is at least its widest (fitValues)
        return String.join("\n", groups.stream().map(String::stripTrailing).toList());
    }

    /**
     * The parts a figure may be broken into: its thousands groups ("176," "542 tps"); a figure
     * without a separator that is a number and its unit, those two ("333.0 " "wake-ups/s"); any
     * other figure whole ("mean 13.3 us": not "mean 13.3" over "us"). Kept whole,
     * teach-remote-wakeup's "333.0 wake-ups/s" took the room of the names beside it at 1024 px:
     * "throug" over "hput", or the figure ran under the scroll bar.
     */
    static List<String> figureGroups(String figure) {
        List<String> groups = List.of(FIGURE_GROUPS.split(figure));
        return groups.size() > 1 || !NUMBER_UNIT.matcher(figure).matches() ? groups
                : List.of(FIGURE_UNIT.split(figure));
    }

    /** {@code groups} joined into {@code n} lines, in order, the widest of them as narrow as can be (the first such). */
    private static List<String> evenest(List<String> groups, int n, java.util.function.ToDoubleFunction<String> px) {
        if (n == 1) {
            return List.of(String.join("", groups));
        }
        List<String> best = null;
        double bestPx = Double.POSITIVE_INFINITY;
        for (int cut = 1; cut <= groups.size() - (n - 1); cut++) {
            List<String> lines = new java.util.ArrayList<>();
            lines.add(String.join("", groups.subList(0, cut)));
            lines.addAll(evenest(groups.subList(cut, groups.size()), n - 1, px));
            double widest = lines.stream().mapToDouble(px).max().orElse(0);
            if (widest < bestPx) {
                best = lines;
                bestPx = widest;
            }
        }
        return best;
    }

    private static TableColumn<SummaryRows.Row, String> column(String title,
                                                               java.util.function.Function<SummaryRows.Row, String> f,
                                                               double width) {
        TableColumn<SummaryRows.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())).getReadOnlyProperty());
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
