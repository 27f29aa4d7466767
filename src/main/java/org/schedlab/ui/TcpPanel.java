package org.schedlab.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import org.schedlab.analysis.TcpCounters;
import org.schedlab.model.Dataset;

/**
 * The "TCP" tab: the dataset's TCP counters at the edges of the summary's scope and their change,
 * with the nstat and Wireshark names of each. One name first - nstat's where it has one (an
 * nstat capture, a simulated run's TcpExt counters), else the counter's own
 * ({@code tcp.analysis.out_of_order}, {@code tcp partialAcks}) - then the figures, each as wide as
 * its numbers. Wireshark's name has a column of its own beside the first, as the s390 mail's
 * table has, where both columns fit whole in the room the figures leave; where they do not (a
 * laptop's side panel) it is a line under the first name, and the names break onto lines where
 * they must (at their words' capitals, dots and underscores), so that every column is inside the
 * panel and every name whole: at a laptop's 1280 px a name longer than 200 px read
 * "TcpExtTCPB...ogCoalesce" and Wireshark's column lay past the panel's edge. The counters both
 * tools know (retransmissions, D-SACKs, ...) come first; an {@code nstat -az} capture has a hundred
 * others.
 */
final class TcpPanel extends VBox {
    /** The table's placeholder where the dataset has no TCP counter. */
    static final String NONE = "No TCP counters in this dataset";
    /** The name column's least width, should the figures ever need the rest. */
    static final double NAME_MIN_PX = 100;
    /** Room kept for the table's vertical scroll bar and its borders. */
    private static final double SCROLL_BAR_PX = 20;

    private final TableView<TcpCounters.Row> t;
    private final TableColumn<TcpCounters.Row, TcpCounters.Row> name;
    private final TableColumn<TcpCounters.Row, String> wireshark;
    private final List<TableColumn<TcpCounters.Row, String>> figures;
    /** Wireshark's names in a column of their own (else a line under the first name). */
    private final BooleanProperty ownColumn = new SimpleBooleanProperty(false);
    /** Counts the times any row's lines changed: the name cells set their text again. */
    private final IntegerProperty relined = new SimpleIntegerProperty();
    /** The name cells' font and padding (each side, and a few pixels spare), as a cell reports them. */
    private Font font = Font.getDefault();
    private double cellPadPx = 8;
    /** Set while a new cell style is applied: the cells it tells report the same one. */
    private boolean restyling;
    /** The widest first name and Wireshark name in {@link #font}, for the rows shown. */
    private double widestNamePx;
    private double widestWiresharkPx;
    /**
     * Each name's lines for the width they were last made for, and the widths they hold for: a
     * divider dragged a pixel at a time re-measured every name at every pixel (TextLines.fill),
     * where a name's lines change at a few widths only.
     */
    private final Map<String, TextLines.Filled> lines = new HashMap<>();
    /** Each row's cell text as last made, to tell the cells only when one changes. */
    private final Map<TcpCounters.Row, String> made = new IdentityHashMap<>();

    TcpPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        t = Tables.table("tcp-table", NONE);
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        name = new TableColumn<>("counter");
        name.setId("tcp-name");
        name.setCellValueFactory(c -> new SimpleObjectProperty<>(c.getValue()));
        name.setCellFactory(c -> new NameCell());
        name.setSortable(false);
        name.setMinWidth(NAME_MIN_PX);
        // a name that is Wireshark's own (tcp.analysis.out_of_order) once, in the first column
        wireshark = Tables.text("Wireshark", 100, TcpPanel::wiresharkColumn);
        wireshark.setId("tcp-wireshark");
        wireshark.setSortable(false);
        wireshark.visibleProperty().bind(ownColumn);
        t.getColumns().add(name);
        t.getColumns().add(wireshark);
        // the figures beside the names, in view without scrolling
        TableColumn<TcpCounters.Row, String> change = Tables.number("change", 48, r -> HoverText.number(r.change()));
        TableColumn<TcpCounters.Row, String> atStart = Tables.number("at start", 48,
                r -> HoverText.number(r.atStart()));
        TableColumn<TcpCounters.Row, String> atEnd = Tables.number("at end", 48, r -> HoverText.number(r.atEnd()));
        TableColumn<TcpCounters.Row, String> max = Tables.number("max", 48, r -> HoverText.number(r.max()));
        figures = List.of(change, atStart, atEnd, max);
        t.getColumns().addAll(figures);
        t.widthProperty().addListener((Observable o) -> fit());
        // the names' lines are made anew where the column's width changes them
        name.widthProperty().addListener((Observable o) -> reline());
        ownColumn.addListener((Observable o) -> reline());
        for (TableColumn<TcpCounters.Row, String> f : figures) {
            f.widthProperty().addListener((Observable o) -> fit());
            f.visibleProperty().addListener((Observable o) -> fit());
        }
        Label leftOut = new Label();
        leftOut.setId("tcp-left-out");
        leftOut.setWrapText(true);
        leftOut.setMinHeight(Region.USE_PREF_SIZE); // whole, however short the panel
        leftOut.getStyleClass().add("text-muted");
        leftOut.managedProperty().bind(leftOut.visibleProperty());
        leftOut.setVisible(false);
        Label placeholder = (Label) t.getPlaceholder();
        summary.summaryProperty().addListener((Observable o) -> {
            List<TcpCounters.Row> rows = new ArrayList<>(summary.summary().map(Summary::tcp).orElse(List.of()));
            // a snapshot's or a capture's whole-run counts, left out of a range and of a window cut from the run
            String note = summary.summary().map(s -> leftOutNote(summary.dataset(), s.scope().startNs(),
                    s.scope().endNs())).orElse("");
            leftOut.setText(note);
            leftOut.setVisible(!note.isEmpty());
            // "No TCP counters in this dataset" was false where the snapshot's were left out
            placeholder.setText(note.isEmpty() ? NONE : TcpCounters.recordingWindow(summary.dataset())
                    ? "No TCP counters of this window but the whole run's, left out (above)"
                    : "No TCP counters of the selected range but the whole run's, left out (above)");
            // one snapshot (nstat run once): its values, not a change of 0 between equal edges;
            // also beside a recording, where each is a value as read
            boolean snapshot = summary.summary().isPresent() && (summary.dataset().spanNs() == 0
                    || !rows.isEmpty() && rows.stream().allMatch(TcpCounters.Row::asRead));
            // the value is the one at the end: a Wireshark Expert Info total has none at the start
            atEnd.setText(snapshot ? "value" : "at end");
            change.setVisible(!snapshot);
            // every counter at 0 where the range starts (a run or capture seen from its start): "at
            // end" is the change again and "at start" a column of zeros; the names get their room
            boolean fromZero = !rows.isEmpty() && rows.stream().allMatch(r -> r.atStart() == 0);
            atStart.setVisible(!snapshot && !fromZero);
            atEnd.setVisible(snapshot || !fromZero);
            // a counter that only grows (every nstat -a and simulated one) peaks at its end: a max
            // column repeating "at end" pushed the table past a laptop's panel
            max.setVisible(!snapshot && rows.stream().anyMatch(r -> r.max() != r.atEnd()));
            rows.sort(Comparator.comparing((TcpCounters.Row r) -> r.wiresharkName().isEmpty())); // stable
            // nstat's name heads the column when every counter has one, as an nstat capture's do
            name.setText(rows.stream().allMatch(r -> !r.nstatName().isEmpty()) && !rows.isEmpty() ? "nstat"
                    : "counter");
            for (TableColumn<TcpCounters.Row, String> f : figures) {
                fitFigures(f, rows);
            }
            made.clear();
            t.setItems(FXCollections.observableArrayList(rows));
            measureNames();
            fit();
        });
        getChildren().addAll(SelectionPanel.heading("TCP counters"), leftOut, t);
        VBox.setVgrow(t, Priority.ALWAYS);
    }

    /**
     * Whether Wireshark's names get a column of their own: when the widest of them and the widest
     * first name, each with a cell's padding, fit side by side in {@code roomPx} (what the figures
     * leave); else they are a line under the first name. One rule for every width.
     */
    static boolean ownColumn(double nameColumnPx, double wiresharkColumnPx, double roomPx) {
        return wiresharkColumnPx > 0 && nameColumnPx + wiresharkColumnPx <= roomPx;
    }

    /** The names' columns in the room the figures leave. */
    private void fit() {
        double rest = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - SCROLL_BAR_PX;
        for (TableColumn<TcpCounters.Row, String> f : figures) {
            if (f.isVisible()) {
                rest -= f.getWidth();
            }
        }
        double nameColumn = Math.max(NAME_MIN_PX, Math.ceil(widestNamePx + 2 * cellPadPx));
        double wiresharkColumn = widestWiresharkPx == 0 ? 0 : Math.ceil(widestWiresharkPx + 2 * cellPadPx);
        boolean own = ownColumn(nameColumn, wiresharkColumn, Math.floor(rest));
        if (own) {
            name.setPrefWidth(nameColumn);
            wireshark.setPrefWidth(Math.floor(rest) - nameColumn);
        } else {
            name.setPrefWidth(Math.max(NAME_MIN_PX, Math.floor(rest)));
        }
        ownColumn.set(own);
    }

    /** The widest names of the rows in the cells' font. */
    private void measureNames() {
        Text probe = new Text();
        probe.setFont(font);
        widestNamePx = 0;
        widestWiresharkPx = 0;
        for (TcpCounters.Row r : t.getItems()) {
            probe.setText(name(r));
            widestNamePx = Math.max(widestNamePx, probe.getLayoutBounds().getWidth());
            if (!wiresharkColumn(r).isEmpty()) {
                probe.setText(wiresharkColumn(r));
                widestWiresharkPx = Math.max(widestWiresharkPx, probe.getLayoutBounds().getWidth());
            }
        }
    }

    /** A cell's font or padding, should they differ from what the names were measured with. */
    private void cellStyle(Font f, double padPx) {
        if (restyling || f.equals(font) && padPx == cellPadPx) {
            return;
        }
        restyling = true; // the cells told below report the same style: no second round
        try {
            restyle(f, padPx);
        } finally {
            restyling = false;
        }
    }

    private void restyle(Font f, double padPx) {
        font = f;
        cellPadPx = padPx;
        lines.clear();
        measureNames();
        fit();
        relined.set(relined.get() + 1);
    }

    /** The room for a name cell's text at the column's width. */
    private double room() {
        return Math.max(40, name.getWidth() - 2 * cellPadPx);
    }

    /**
     * Every row's lines for the column's width, made anew only where the width is outside what
     * they hold for; the cells are told when any changed.
     */
    private void reline() {
        double room = room();
        boolean changed = false;
        for (TcpCounters.Row r : t.getItems()) {
            String now = text(r, room);
            changed |= !now.equals(made.put(r, now));
        }
        if (changed) {
            relined.set(relined.get() + 1);
        }
    }

    /** What a row's name cell shows: the name, with Wireshark's under it where it has no column. */
    private String text(TcpCounters.Row r, double roomPx) {
        if (ownColumn.get()) {
            return name(r);
        }
        String ws = wiresharkLine(r);
        return linesFor(name(r), roomPx) + (ws.isEmpty() ? "" : "\n" + linesFor(ws, roomPx));
    }

    /** {@code text}'s lines for {@code roomPx}, from what they were last made for where they hold. */
    private String linesFor(String text, double roomPx) {
        TextLines.Filled f = lines.get(text);
        if (f == null || !f.holdsFor(roomPx)) {
            f = filled(text, font, roomPx);
            lines.put(text, f);
        }
        return f.text();
    }

    /** {@code f} as wide as its widest figure or its (bold) header, and the cell's padding. */
    private static void fitFigures(TableColumn<TcpCounters.Row, String> f, List<TcpCounters.Row> rows) {
        Text probe = new Text(f.getText());
        double widest = probe.getLayoutBounds().getWidth() * 1.15;
        for (TcpCounters.Row r : rows) {
            probe.setText(f.getCellData(r));
            widest = Math.max(widest, probe.getLayoutBounds().getWidth() * 1.05);
        }
        f.setMinWidth(0);
        f.setPrefWidth(Math.ceil(widest + 20));
    }

    /** The name a reader knows the counter by: nstat's, else its own. */
    static String name(TcpCounters.Row r) {
        return r.nstatName().isEmpty() ? r.counter() : r.nstatName();
    }

    /**
     * What the Wireshark column shows: Wireshark's name, "" when it has none or when the first
     * column's name is Wireshark's own (a simulated run's {@code tcp.analysis.out_of_order} stood
     * in both columns).
     */
    static String wiresharkColumn(TcpCounters.Row r) {
        return r.wiresharkName().equals(name(r)) ? "" : r.wiresharkName();
    }

    /**
     * The note above the table where {@link TcpCounters#of} left out one nstat snapshot's counters
     * or a Wireshark Expert Info export's capture totals ({@link TcpCounters#leftOut}), naming which,
     * over {@code fromNs..toNs} of {@code d}, as the Locks tab says its contention table is the whole
     * recording's: the tab listed them over a range, under "value", with no word that they counted
     * the whole run. "" where none were left out.
     */
    static String leftOutNote(Dataset d, long fromNs, long toNs) {
        TcpCounters.LeftOut out = TcpCounters.leftOut(d, fromNs, toNs);
        if (out.total() == 0) {
            return "";
        }
        String what = "the " + out.what().replace(" and ", " and the ").replace(" of an ", " of the ")
                .replace(" of a Wireshark capture", " of the Wireshark capture");
        String they = out.total() == 1 ? "It counts" : "They count";
        String them = out.total() == 1 ? "it" : "them";
        return TcpCounters.recordingWindow(d)
                ? "Left out: " + what + " opened with the recording this window was cut from. " + they
                        + " that whole run and " + (out.total() == 1 ? "has" : "have") + " no times, so nothing says"
                        + " how many fell inside this window: the whole recording lists " + them + "."
                : "Left out: " + what + " opened with this recording. " + they + " the whole run and "
                        + (out.total() == 1 ? "has" : "have") + " no times, so a selection does not narrow "
                        + them + ": clear the selection to list " + them + ".";
    }

    /**
     * The line under the name: Wireshark's, "" when it has none or when the name is Wireshark's
     * own (a simulated run's {@code tcp.analysis.out_of_order} read it twice, over four lines).
     */
    static String wiresharkLine(TcpCounters.Row r) {
        return r.wiresharkName().isEmpty() || r.wiresharkName().equals(name(r)) ? ""
                : "Wireshark: " + r.wiresharkName();
    }

    /**
     * {@code text} on as many lines as it needs to fit {@code widthPx} in {@code font}: broken
     * before a capital after a small letter or a digit ("TcpExt|TCPBacklog|Coalesce"), after a dot,
     * underscore or space; a piece wider than the width where it reaches the edge.
     */
    static String lines(String text, Font font, double widthPx) {
        return filled(text, font, widthPx).text();
    }

    /** {@link #lines}, with the widths they hold for. */
    static TextLines.Filled filled(String text, Font font, double widthPx) {
        Text probe = new Text();
        probe.setFont(font);
        TextLines.Cut cut = TextLines.cut(text, probe, widthPx);
        return TextLines.filled(cut.pieces(), probe, widthPx, cut.fitsPx(), cut.overflowsPx());
    }

    /**
     * A counter's name, whole on as many lines as the column's width needs, Wireshark's under it
     * where it has no column (in the cell's own text: a graphic of two labels left rows at a reused
     * cell's old height).
     */
    private final class NameCell extends TableCell<TcpCounters.Row, TcpCounters.Row> {
        /** Kept by the cell: a cell the table drops takes its listener with it. */
        private final InvalidationListener relayout = o -> relayout();

        NameCell() {
            getStyleClass().add("tcp-name");
            fontProperty().addListener(relayout);
            relined.addListener(new WeakInvalidationListener(relayout));
        }

        @Override
        protected void updateItem(TcpCounters.Row item, boolean empty) {
            super.updateItem(item, empty);
            relayout();
        }

        private void relayout() {
            TcpCounters.Row r = getItem();
            if (r == null || isEmpty()) {
                setText(null);
                return;
            }
            if (getSkin() != null) { // styled: a cell not yet styled has no padding
                cellStyle(getFont(), Math.ceil((snappedLeftInset() + snappedRightInset()) / 2) + 2);
            }
            // the column's width, set before the rows are laid out: lines made from the cell's own
            // width, which follows, left rows at an earlier width's height
            setText(text(r, room()));
        }
    }
}
