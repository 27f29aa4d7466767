package org.schedlab.ui;

import java.util.function.BiConsumer;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.testfx.util.WaitForAsyncUtils;

/** What a labeled control (a table cell, a column header's label) actually draws: its text as cut to fit ("200 ..."), not the text it was given. */
public final class ShownText {
    private ShownText() {
    }

    /** The drawn text of {@code labeled}, "" when it draws none. */
    public static String of(Node labeled) {
        Node text = labeled.lookup(".text");
        return text instanceof Text t ? t.getText() : "";
    }

    /**
     * Each row of {@code table} scrolled into view in turn and laid out, {@code visit} given each
     * of that row's non-empty cells on the FX thread (what it throws is thrown here): for checking
     * what every cell of a table draws, not only the rows a viewport first shows.
     */
    public static void eachRowsCells(TableView<?> table, BiConsumer<TableCell<?, ?>, Integer> visit) {
        int rows = FxWait.onFx(() -> table.getItems().size());
        for (int row = 0; row < rows; row++) {
            int r = row;
            FxWait.onFx(() -> {
                table.scrollTo(r);
                table.layout();
                return null;
            });
            WaitForAsyncUtils.waitForFxEvents();
            FxWait.onFx(() -> {
                for (Node n : table.lookupAll(".table-cell")) {
                    TableCell<?, ?> c = (TableCell<?, ?>) n;
                    if (!c.isEmpty() && c.getIndex() == r) {
                        visit.accept(c, r);
                    }
                }
                return null;
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
