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
 * ({@code tcp.analysis.out_of_order}, {@code tcp partialAcks}) - with Wireshark's name under it,
 * then the figures, each as wide as its numbers. The name takes the room the figures leave and
 * breaks onto lines where it must (at its words' capitals, dots and underscores), so that every
 * column is inside the panel and every name whole: at a laptop's 1280 px a name longer than
 * 200 px read "TcpExtTCPB...ogCoalesce" and Wireshark's column lay past the panel's edge. The
 * counters both tools know (retransmissions, D-SACKs, ...) come first; an {@code nstat -az}
 * capture has a hundred others.
 */
final class TcpPanel extends VBox {
    /** The name column's least width, should the figures ever need the rest. */
    static final double NAME_MIN_PX = 100;
    /** Room kept for the table's vertical scroll bar and its borders. */
    private static final double SCROLL_BAR_PX = 20;

    TcpPanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<TcpCounters.Row> t = Tables.table("tcp-table", "No TCP counters in this dataset");
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<TcpCounters.Row, TcpCounters.Row> name = new TableColumn<>("counter");
        name.setCellValueFactory(c -> new javafx.beans.property.SimpleObjectProperty<>(c.getValue()));
        name.setCellFactory(c -> new NameCell());
        name.setSortable(false);
        name.setMinWidth(NAME_MIN_PX);
        t.getColumns().add(name);
        // the figures beside the name, in view without scrolling
        TableColumn<TcpCounters.Row, String> change = Tables.number("change", 48, r -> HoverText.number(r.change()));
        TableColumn<TcpCounters.Row, String> atStart = Tables.number("at start", 48,
                r -> HoverText.number(r.atStart()));
        TableColumn<TcpCounters.Row, String> atEnd = Tables.number("at end", 48, r -> HoverText.number(r.atEnd()));
        TableColumn<TcpCounters.Row, String> max = Tables.number("max", 48, r -> HoverText.number(r.max()));
        List<TableColumn<TcpCounters.Row, String>> figures = List.of(change, atStart, atEnd, max);
        t.getColumns().addAll(figures);
        // the name takes what the figures leave
        Runnable fit = () -> {
            double rest = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset() - SCROLL_BAR_PX;
            for (TableColumn<TcpCounters.Row, String> f : figures) {
                if (f.isVisible()) {
                    rest -= f.getWidth();
                }
            }
            name.setPrefWidth(Math.max(NAME_MIN_PX, Math.floor(rest)));
        };
        t.widthProperty().addListener((Observable o) -> fit.run());
        // the names' lines are made anew for the column's width
        name.widthProperty().addListener((Observable o) -> t.refresh());
        for (TableColumn<TcpCounters.Row, String> f : figures) {
            f.widthProperty().addListener((Observable o) -> fit.run());
            f.visibleProperty().addListener((Observable o) -> fit.run());
        }
        summary.summaryProperty().addListener((Observable o) -> {
            List<TcpCounters.Row> rows = new ArrayList<>(summary.summary().map(Summary::tcp).orElse(List.of()));
            // one snapshot (nstat run once): its values, not a change of 0 between equal edges;
            // also beside a recording, where each is a value as read
            boolean snapshot = summary.summary().isPresent() && (summary.dataset().spanNs() == 0
                    || !rows.isEmpty() && rows.stream().allMatch(TcpCounters.Row::asRead));
            // the value is the one at the end: a Wireshark Expert Info total has none at the start
            atEnd.setText(snapshot ? "value" : "at end");
            change.setVisible(!snapshot);
            atStart.setVisible(!snapshot);
            max.setVisible(!snapshot);
            rows.sort(Comparator.comparing((TcpCounters.Row r) -> r.wiresharkName().isEmpty())); // stable
            // nstat's name heads the column when every counter has one, as an nstat capture's do
            name.setText(rows.stream().allMatch(r -> !r.nstatName().isEmpty()) && !rows.isEmpty() ? "nstat"
                    : "counter");
            for (TableColumn<TcpCounters.Row, String> f : figures) {
                fitFigures(f, rows);
            }
            t.setItems(FXCollections.observableArrayList(rows));
            fit.run();
        });
        getChildren().addAll(SelectionPanel.heading("TCP counters"), t);
        VBox.setVgrow(t, Priority.ALWAYS);
    }

    /** {@code f} as wide as its widest figure or its (bold) header, and the cell's padding. */
    private static void fitFigures(TableColumn<TcpCounters.Row, String> f, List<TcpCounters.Row> rows) {
        javafx.scene.text.Text probe = new javafx.scene.text.Text(f.getText());
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

    /** The line under the name: Wireshark's, "" when it has none. */
    static String wiresharkLine(TcpCounters.Row r) {
        return r.wiresharkName().isEmpty() ? "" : "Wireshark: " + r.wiresharkName();
    }

    /**
     * {@code text} on as many lines as it needs to fit {@code widthPx} in {@code font}: broken
     * before a capital after a small letter or a digit ("TcpExt|TCPBacklog|Coalesce"), after a dot,
     * underscore or space; a piece wider than the width where it reaches the edge.
     */
    static String lines(String text, javafx.scene.text.Font font, double widthPx) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < text.length(); i++) {
            char before = text.charAt(i - 1);
            char c = text.charAt(i);
            boolean cut = Character.isUpperCase(c) && (Character.isLowerCase(before) || Character.isDigit(before))
                    || before == '.' || before == '_' || before == ' ';
            if (cut) {
                pieces.add(text.substring(from, i));
                from = i;
            }
        }
        pieces.add(text.substring(from));
        javafx.scene.text.Text probe = new javafx.scene.text.Text();
        probe.setFont(font);
        // a piece wider than the width on its own is broken where it reaches the edge
        List<String> fitted = new ArrayList<>();
        for (String p : pieces) {
            probe.setText(p);
            while (p.length() > 1 && probe.getLayoutBounds().getWidth() > widthPx) {
                int n = p.length() - 1;
                probe.setText(p.substring(0, n));
                while (n > 1 && probe.getLayoutBounds().getWidth() > widthPx) {
                    probe.setText(p.substring(0, --n));
                }
                fitted.add(p.substring(0, n));
                p = p.substring(n);
                probe.setText(p);
            }
            fitted.add(p);
        }
        return TextLines.fill(fitted, probe, widthPx);
    }

    /**
     * A counter's name, whole on as many lines as the column's width needs, Wireshark's under it
     * (in the cell's own text: a graphic of two labels left rows at a reused cell's old height).
     */
    private static final class NameCell extends javafx.scene.control.TableCell<TcpCounters.Row, TcpCounters.Row> {
        NameCell() {
            getStyleClass().add("tcp-name");
            fontProperty().addListener((Observable o) -> relayout());
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
            // the column's width, set before the rows are laid out: lines made from the cell's own
            // width, which follows, left rows at an earlier width's height
            double room = Math.max(40, getTableColumn().getWidth() - snappedLeftInset() - snappedRightInset() - 4);
            String ws = wiresharkLine(r);
            setText(lines(name(r), getFont(), room) + (ws.isEmpty() ? "" : "\n" + lines(ws, getFont(), room)));
        }
    }
}
