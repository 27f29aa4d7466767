package org.schedlab.ui;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

import org.schedlab.analysis.ScreenText;
import org.schedlab.render.LabelFit;
import org.schedlab.render.TimeFormat;

/** Small read-only tables for the summary panels: text columns, right-aligned numbers, a placeholder. */
final class Tables {
    private Tables() {
    }

    static <T> TableView<T> table(String id, String placeholder) {
        TableView<T> t = new TableView<>();
        t.setId(id);
        Label empty = new Label(placeholder);
        // a sentence ("No bookmarks: press B over the timeline to add one.") wraps in a narrow
        // side panel instead of losing its end
        empty.setWrapText(true);
        empty.setTextAlignment(TextAlignment.CENTER);
        empty.setPadding(new Insets(8));
        t.setPlaceholder(empty);
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        t.getStyleClass().addAll("dense", "striped");
        t.setPrefHeight(220);
        return t;
    }

    /**
     * A text column. A name too long for it is cut in the middle, not at the end: a lock's or a
     * caller's name keeps its end (an offset, a class) that tells two long names apart; an address
     * is cut at its start, keeping its low digits. The whole text is the cell's tooltip. Centred vertically, as the number columns beside it are.
     */
    static <T> TableColumn<T, String> text(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setCellFactory(col -> new NameCell<>(false, false, false));
        return c;
    }

    /**
     * A column of values that are sometimes sentences (a figure's "aggregated (no CPU or thread
     * column)", "not recorded: ..."): one too long for it is cut at its end, as a sentence is read
     * from its start - cut in the middle it read "aggre...ead column)". The whole value is the tooltip.
     */
    static <T> TableColumn<T, String> value(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setCellFactory(col -> new NameCell<>(false, true, false));
        return c;
    }

    /**
     * A column of names that are never cut: one too long for the column goes on as many lines as it
     * takes, broken after a {@code .} or {@code _} where it can be ({@link LabelFit#lines}), its row
     * taller. For names that differ only inside ({@code ycsb.CLEANUP.AverageLatency(us)} and
     * {@code ycsb.CLEANUP.95thPercentileLatency(us)}): cut in the middle at a laptop's 1280 px, three
     * rows read "ycsb.CLEANUP....eLatency(us)". The whole text is the cell's tooltip as well.
     */
    static <T> TableColumn<T, String> wrapping(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setCellFactory(col -> new NameCell<>(false, false, true));
        return c;
    }

    /**
     * A column of task labels ({@code comm[tid]}): one too long for it has its comm cut and its
     * {@code [tid]} whole, as the timeline's lanes have ({@link LabelFit#keepingTid}) - cut in the
     * middle, "java[7329]" read "jav...29]" in a laptop's side panel. The whole label is the tooltip.
     */
    static <T> TableColumn<T, String> task(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setCellFactory(col -> new NameCell<>(true, false, false));
        return c;
    }

    /**
     * A column of kernel symbols with their offsets (a lock contention table's callers): one line
     * each, a symbol too long for the column cut in its middle with its {@code +0x15} offset whole
     * ({@link LabelFit#keepingOffset}), the whole symbol the cell's tooltip. Wrapped, perf lock
     * contention's {@code ep_autoremove_wake_function+0x15} took five lines of a laptop's panel.
     */
    static <T> TableColumn<T, String> symbol(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setCellFactory(col -> new NameCell<>(false, false, false, true));
        return c;
    }

    /**
     * A name cell: the whole name in a tooltip; a task label shortened for the cell's width by the
     * cell itself (JavaFX's overrun styles cut only at an end or in the middle), else by JavaFX.
     */
    private static final class NameCell<T> extends TableCell<T, String> {
        // a table shows dozens of cells: each one's popup is made when it is first hovered
        private final StringProperty whole = new SimpleStringProperty(this, "whole", "");
        private final LazyTooltip tip = LazyTooltip.following(whole);
        private final boolean keepingTid;
        /** A value read from its start: cut at its end. */
        private final boolean atEnd;
        /** Never cut: on as many lines as the column's width needs. */
        private final boolean wrapping;
        /** A symbol with its offset: cut in the symbol's middle, the offset whole. */
        private final boolean keepingOffset;
        private final Text probe = new Text();
        private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]+");

        NameCell(boolean keepingTid, boolean atEnd, boolean wrapping) {
            this(keepingTid, atEnd, wrapping, false);
        }

        NameCell(boolean keepingTid, boolean atEnd, boolean wrapping, boolean keepingOffset) {
            this.keepingOffset = keepingOffset;
            this.keepingTid = keepingTid;
            this.atEnd = atEnd;
            this.wrapping = wrapping;
            setAlignment(Pos.CENTER_LEFT);
            setTextOverrun(keepingTid || wrapping || keepingOffset ? OverrunStyle.ELLIPSIS : OverrunStyle.CENTER_ELLIPSIS);
            tip.installOn(this);
            if (keepingTid || wrapping || keepingOffset) {
                // change listeners: an invalidation listener fires once until the width is read again,
                // and an empty cell (no item to shorten) never read it, so a cell that was empty
                // when the column was first laid out kept its lines for the narrower width
                widthProperty().addListener((o, was, is) -> shorten());
                fontProperty().addListener((o, was, is) -> shorten());
                paddingProperty().addListener((o, was, is) -> shorten());
            }
            if (wrapping) {
                // the column's width, set before the rows are laid out: lines made from the cell's own
                // width, which follows in the row's layout, left the row at an earlier width's height
                // (a Figures name on three lines in a row five lines tall, two-line rows once widened)
                tableColumnProperty().addListener((o, was, is) -> {
                    if (was != null) {
                        was.widthProperty().removeListener(weakColumnWidth);
                    }
                    if (is != null) {
                        is.widthProperty().addListener(weakColumnWidth);
                    }
                    shorten();
                });
            }
        }

        private final ChangeListener<Number> columnWidth = (o, was, is) -> shorten();
        private final WeakChangeListener<Number> weakColumnWidth =
                new WeakChangeListener<>(columnWidth);

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            boolean none = empty || item == null || item.isEmpty();
            whole.set(none ? "" : item);
            if (atEnd) {
                setTextOverrun(OverrunStyle.ELLIPSIS);
            } else if (!keepingTid && !wrapping && !keepingOffset) {
                // an address (perf lock's 0xffff888627c2ba40) is told apart by its low digits: cut in
                // the middle, two locks a page apart both read "0x...40"
                setTextOverrun(!none && ADDRESS.matcher(item).matches() ? OverrunStyle.LEADING_ELLIPSIS
                        : OverrunStyle.CENTER_ELLIPSIS);
            }
            if (tip.isMade()) { // a reused cell: no popup over an empty row
                setTooltip(none ? null : tip.tooltip());
            }
            setText(empty ? null : item);
            shorten();
        }

        /** A task label within the cell's room, or a wrapping name on its lines, measured in the cell's font; a pixel spare for rounding. */
        private void shorten() {
            String item = getItem();
            if (!keepingTid && !wrapping && !keepingOffset || isEmpty() || item == null || item.isEmpty()) {
                return;
            }
            // a wrapping cell's lines from its column's width, which the row's layout then gives it
            double width = wrapping && getTableColumn() != null ? getTableColumn().getWidth() : getWidth();
            double room = width - snappedLeftInset() - snappedRightInset() - 1;
            if (room <= 0) {
                setText(item);
                return;
            }
            probe.setFont(getFont());
            if (wrapping) {
                String lines = String.join("\n", LabelFit.lines(item, room, t -> {
                    probe.setText(t);
                    return probe.getLayoutBounds().getWidth();
                }));
                if (!lines.equals(getText())) {
                    setText(lines);
                }
                return;
            }
            if (keepingOffset) {
                setText(LabelFit.keepingOffset(item, room, t -> {
                    probe.setText(t);
                    return probe.getLayoutBounds().getWidth();
                }));
                return;
            }
            setText(LabelFit.keepingTid(item, room, t -> {
                probe.setText(t);
                return probe.getLayoutBounds().getWidth();
            }));
        }
    }

    private static <T> TableColumn<T, String> plain(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(widthPx);
        c.setSortable(false);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(value.apply(cd.getValue())));
        return c;
    }

    /**
     * Style class of a right-aligned column ({@link #number}, {@link #share}): its header is
     * right-aligned over its figures too (workbench.css), where a header on two lines ("total" over
     * "wait us") was drawn left-aligned over the right-aligned figures.
     */
    static final String NUMBER_COLUMN = "number-column";

    /**
     * A right-aligned column (numbers line up), {@code widthPx} wide at least: in a narrow side
     * panel (a 1280 px window) the name column beside it gives way ("pgben...470]", its tooltip
     * whole) rather than every column alike ("200 ...", "39...", a header "sh...").
     */
    static <T> TableColumn<T, String> number(String title, double widthPx, Function<T, String> value) {
        TableColumn<T, String> c = plain(title, widthPx, value);
        c.setMinWidth(widthPx);
        c.getStyleClass().add(NUMBER_COLUMN);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return c;
    }

    /**
     * A right-aligned column of shares ({@link #number}) where a tiny one is written short,
     * {@code <0.01 %} ({@link #shortPercent}), its exact figure ({@code 0.00046 %}) the cell's
     * tooltip: five digits for a share no one weighs took the CPU tab's profile a 94 px column,
     * and "C2 CompilerThre (running)" beside it read "C2 Compiler... (running)".
     */
    static <T> TableColumn<T, String> share(String title, double widthPx, ToDoubleFunction<T> share) {
        TableColumn<T, String> c = plain(title, widthPx, r -> shortPercent(share.applyAsDouble(r)));
        c.setMinWidth(widthPx);
        c.getStyleClass().add(NUMBER_COLUMN);
        c.setCellFactory(col -> new TableCell<>() {
            private final StringProperty exact = new SimpleStringProperty(this, "exact", "");
            private final LazyTooltip tip = LazyTooltip.following(exact);

            {
                setAlignment(Pos.CENTER_RIGHT);
                tip.installOn(this);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                String whole = "";
                if (!empty && item != null && getTableView() != null && getIndex() >= 0
                        && getIndex() < getTableView().getItems().size()) {
                    String full = percent(share.applyAsDouble(getTableView().getItems().get(getIndex())));
                    whole = full.equals(item) ? "" : full; // a tooltip only where the cell is short of it
                }
                exact.set(whole);
                if (tip.isMade()) { // a reused cell: no popup where nothing is shortened
                    setTooltip(whole.isEmpty() ? null : tip.tooltip());
                }
            }
        });
        return c;
    }

    /** Below this share (0.01 %), and above none, a share column writes {@link #TINY_SHARE}. */
    static final double TINY_SHARE_BELOW = 0.0001;
    /** A tiny share as a figure column writes it: not none ({@code 0.0 %}), and too small to weigh. */
    static final String TINY_SHARE = "<0.01 %";

    /** A share as {@link #percent} writes it, but one below 0.01 % (and not none) as {@code <0.01 %}. */
    static String shortPercent(double share) {
        return share > 0 && share < TINY_SHARE_BELOW ? TINY_SHARE : percent(share);
    }

    /**
     * {@code t}'s figures as wide as they are made, its name column (the first) taking whatever the
     * panel has over them: the table's last column flexes, and a wider panel's spare room went to
     * "waited" (130 px for "80.8 s") while case A's "buffer_strategy_lock" read "buffe...lock" beside
     * it (the Selection tab's lock waits; in the Locks tab, one lock's figures beside "most wa...t
     * once"). In a narrow panel the name gives way first, as before, its tooltip whole. A figure
     * column is still widened by hand, the names giving way ({@link NamesGiveWay}).
     */
    static void namesTakeTheRoom(TableView<?> t) {
        NamesGiveWay policy = NamesGiveWay.of(t);
        for (var c : t.getColumns().subList(1, t.getColumns().size())) {
            policy.capped(c);
        }
    }

    /**
     * Sets {@code column}'s preferred width to {@code px}, where JavaFX would not size it otherwise:
     * a column whose preferred width is JavaFX's default ({@link #JAVAFX_DEFAULT_WIDTH_PX}) when its
     * header is first laid out is sized to its content instead. A contention table's callers given
     * way to 80 px in a 1024 px window's side panel became 315 px wide, the contended count and the
     * total wait beside them past the panel's edge. A hair over 80 px keeps the width given.
     */
    static void givePrefWidth(TableColumn<?, ?> column, double px) {
        column.setPrefWidth(px == JAVAFX_DEFAULT_WIDTH_PX ? Math.nextUp(px) : px);
    }

    /** TableColumnBase's default width: a column at it is auto-sized by its header's first layout. */
    static final double JAVAFX_DEFAULT_WIDTH_PX = 80;

    /**
     * Widens {@code column} to its longest text (header or cell), between {@code minPx} and
     * {@code maxPx}: for tables that scroll sideways instead of squeezing every column into the
     * side panel until nothing is legible.
     */
    static void fitToText(TableColumn<?, ?> column, Collection<String> texts, double minPx, double maxPx) {
        double widest = Math.max(widestTextPx(texts),
                widestTextPx(List.of(column.getText())) * 1.1); // headers are bold
        column.setPrefWidth(Math.max(minPx, Math.min(maxPx, Math.ceil(widest * 1.1 + 24))));
    }

    /**
     * The width a figure column needs for its header and {@code texts} whole, and no more: the
     * widest text, the header's bold counted 10 % wider, and a cell's padding (16 px both sides and
     * rounding: at 12, "44.7 ms" read "44.7 ..."); {@code minPx} at least.
     */
    static double figureWidthPx(String header, Collection<String> texts, double minPx) {
        // the header measured bold, as drawn, with a pixel each side for its borders: counted as 10 %
        // wider than plain text, "total wait us" read "total wait ..." by 2 px
        Text bold = new Text(header);
        bold.setFont(Font.font(Font.getDefault().getFamily(),
                FontWeight.BOLD, Font.getDefault().getSize() * 1.1));
        double headerPx = Math.max(widestTextPx(List.of(header)) * 1.1, bold.getLayoutBounds().getWidth()) + 2;
        return Math.max(minPx, Math.ceil(Math.max(widestTextPx(texts), headerPx) + FIGURE_PAD_PX));
    }

    /**
     * {@code header} on two lines, broken at the space that leaves its wider line narrowest
     * ({@code "spin total\nns"}), where it is wider than every one of {@code texts} (the column's
     * figures) on one line; else as it is. A header row holds its tallest header's lines.
     */
    static String twoLineHeader(String header, Collection<String> texts) {
        if (header.indexOf(' ') < 0 || header.contains("\n")
                || widestTextPx(List.of(header)) * 1.1 <= widestTextPx(texts)) {
            return header;
        }
        String best = header;
        double bestPx = widestTextPx(List.of(header));
        for (int i = header.indexOf(' '); i >= 0; i = header.indexOf(' ', i + 1)) {
            String first = header.substring(0, i);
            String second = header.substring(i + 1);
            double px = widestTextPx(List.of(first, second));
            if (px < bestPx) {
                best = first + "\n" + second;
                bestPx = px;
            }
        }
        return best;
    }

    /** A figure cell's padding, both sides, and rounding ({@link #figureWidthPx}). */
    static final double FIGURE_PAD_PX = 16;

    /**
     * The widest of {@code texts} on one line, in px, in a font a little larger than the default:
     * the theme's cells and bold headers are wider than the default font measures them.
     */
    static double widestTextPx(Collection<String> texts) {
        Text probe = new Text();
        probe.setFont(Font.font(Font.getDefault().getFamily(),
                Font.getDefault().getSize() * 1.1));
        double widest = 0;
        for (String t : texts) {
            probe.setText(t);
            widest = Math.max(widest, probe.getLayoutBounds().getWidth());
        }
        return widest;
    }

    /**
     * A tooltip on {@code column}'s header saying what its figures count (the rule, where two tools
     * count differently), put on once {@code table} has laid its headers out.
     */
    static void headerTip(TableView<?> table, TableColumn<?, ?> column, String tip) {
        ChangeListener<Boolean> onLaidOut = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (!installHeaderTip(table, column, tip)) {
                    return;
                }
                table.needsLayoutProperty().removeListener(this);
            }
        };
        if (!installHeaderTip(table, column, tip)) {
            table.needsLayoutProperty().addListener(onLaidOut);
        }
    }

    private static boolean installHeaderTip(TableView<?> table, TableColumn<?, ?> column, String tip) {
        if (!table.getColumns().contains(column)) {
            return true; // replaced meanwhile: nothing to put it on
        }
        for (Node n : table.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader h && h.getTableColumn() == column) {
                Tooltip.install(h, new Tooltip(tip));
                return true;
            }
        }
        return false;
    }

    /**
     * Shows or hides {@code t}'s column headers: a table with nothing to list ("No locks in this
     * dataset") otherwise sits under a row of blank headers that reads as a broken table.
     */
    static void showHeader(TableView<?> t, boolean show) {
        Runnable apply = () -> {
            if (t.lookup(".column-header-background") instanceof javafx.scene.layout.Region header) {
                double size = show ? javafx.scene.layout.Region.USE_COMPUTED_SIZE : 0;
                header.setMinHeight(size);
                header.setPrefHeight(size);
                header.setMaxHeight(size);
                header.setVisible(show);
                t.requestLayout();
            }
        };
        if (t.getSkin() != null) {
            apply.run();
        } else {
            t.skinProperty().addListener(new javafx.beans.InvalidationListener() {
                @Override
                public void invalidated(javafx.beans.Observable o) {
                    t.skinProperty().removeListener(this);
                    apply.run();
                }
            });
        }
    }

    /** A share as every table on screen writes it ({@link ScreenText#share}), "12.3 %"; NaN (no share: nothing to divide by) as "-". */
    static String percent(double share) {
        if (Double.isNaN(share)) {
            return "-";
        }
        return ScreenText.share(share);
    }

    static String duration(long ns) {
        return TimeFormat.duration(ns);
    }

    /**
     * Microseconds: a tenth below 100, from 100 up whole and grouped as the counts beside them
     * ({@link ScreenText#count}): the Locks tab's "wait max (us)" read 6896 under a "holds" of
     * 12,345. The form follows the rounded figure, so 99.96 is 100, not 100.0.
     */
    static String micros(double us) {
        String tenths = String.format(Locale.ROOT, "%.1f", us);
        return Math.abs(Double.parseDouble(tenths)) >= 100 ? ScreenText.count(us) : tenths;
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
