package org.schedlab.ui;

import java.util.HashMap;
import java.util.Map;

import javafx.scene.control.ConstrainedColumnResizeBase;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.util.Callback;

/**
 * The resize policy of a table whose figures are as wide as they are made and whose names (the
 * first column) take the rest ({@link Tables#namesTakeTheRoom}): the figure columns' widths are
 * capped at their figures, so a drag on a figure column's edge did nothing. A drag sets that
 * column's width, the names giving way (down to their least) or taking back what it gives up;
 * the width set by hand is kept when the table's columns are made again for another scope (by
 * the column's title). A change of the table's width, or a drag on the names' edge, is the
 * constrained policy's, as before.
 */
final class NamesGiveWay extends ConstrainedColumnResizeBase implements Callback<TableView.ResizeFeatures, Boolean> {
    /** The widths set by hand, by column title. */
    private final Map<String, Double> byHandPx = new HashMap<>();

    /** The policy of {@code t}, made and installed the first time. */
    static NamesGiveWay of(TableView<?> t) {
        if (t.getColumnResizePolicy() instanceof NamesGiveWay p) {
            return p;
        }
        NamesGiveWay p = new NamesGiveWay();
        t.setColumnResizePolicy(p);
        return p;
    }

    /** Caps {@code c} at its figures' width, or at the width a hand gave a column of its title. */
    void capped(TableColumn<?, ?> c) {
        double px = byHandPx.getOrDefault(c.getText(), c.getPrefWidth());
        c.setPrefWidth(px);
        c.setMaxWidth(px);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public Boolean call(TableView.ResizeFeatures f) {
        TableView<?> t = f.getTable();
        TableColumn column = f.getColumn();
        if (column == null || t.getColumns().isEmpty() || column == t.getColumns().get(0)
                || !t.getColumns().contains(column)) {
            return TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN.call(f);
        }
        TableColumn names = t.getColumns().get(0);
        double delta = f.getDelta();
        // wider: as much as the names can give; narrower: down to the column's least, the names taking it
        double given = delta > 0 ? Math.min(delta, names.getWidth() - names.getMinWidth())
                : Math.max(delta, column.getMinWidth() - column.getWidth());
        if (given == 0) {
            return false;
        }
        double px = column.getWidth() + given;
        byHandPx.put(column.getText(), px);
        column.setMaxWidth(Math.max(px, column.getMaxWidth()));
        column.setPrefWidth(px);
        f.setColumnWidth(column, px);
        column.setMaxWidth(px);
        f.setColumnWidth(names, names.getWidth() - given);
        return true;
    }
}
