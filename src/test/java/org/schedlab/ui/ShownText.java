package org.schedlab.ui;

import java.util.function.BiConsumer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.testfx.util.WaitForAsyncUtils;

/** What a labeled control (a table cell, a column header's label) actually draws: its text as cut to fit ("200 ..."), not the text it was given. */
public final class ShownText {
    private ShownText() {
    }

    /**
     * The drawn text of {@code labeled}, "" when it draws none, read on the FX thread after the
     * layout pass its current text asks for: a label's text set by a run, an import or a fold is
     * drawn at the next pulse, so a read between the two compared a text with the one drawn before
     * it ("simulating 5 %" drawn as "simulating 2 %" on CI). A caller that also reads the given text
     * reads it in the same FX runnable, after this.
     */
    public static String of(Node labeled) {
        return FxWait.onFx(() -> {
            Text t = node(labeled);
            return t == null ? "" : t.getText();
        });
    }

    /** The {@link Text} node {@code labeled} draws its text with (null when none), laid out as {@link #of} says: for its bounds or font. */
    public static Text node(Node labeled) {
        return FxWait.onFx(() -> {
            laidOut(labeled);
            return labeled.lookup(".text") instanceof Text t ? t : null;
        });
    }

    /**
     * Lays out {@code node}'s scene now, with its styles, when {@code node} or a parent of it waits for
     * a layout pass (a text, size or child changed since the last pulse), as the next pulse would;
     * nothing when it is laid out already. On the FX thread.
     */
    public static void laidOut(Node node) {
        FxWait.onFx(() -> {
            if (node.getScene() == null) {
                return null;
            }
            Parent dirty = null; // the outermost parent waiting for a layout pass
            for (Node n = node; n != null; n = n.getParent()) {
                if (n instanceof Parent p && p.isNeedsLayout()) {
                    dirty = p;
                }
            }
            if (dirty != null) {
                Parent root = node.getScene().getRoot();
                root.applyCss();
                root.layout();
                dirty.layout(); // one not managed by its parent is laid out on its own
            }
            return null;
        });
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
