package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The status bar's messages and the tables' name cells have their tooltips made on the first
 * hover, not when the line or the table is built (a table shows dozens of cells, each a popup
 * window of its own when made): the whole text shows on hover as before, a screen reader has it
 * from the start, and it follows the next message or the row the cell shows next. An empty
 * message or an empty row shows no popup.
 */
@ExtendWith(ApplicationExtension.class)
class LazyTooltipsWindowTest extends FxRobot {
    private static final String LONG = "pgbench_with_an_extraordinarily_long_thread_name_that_never_ends_at_all";

    private final StringProperty message = new SimpleStringProperty("");
    private Label line;
    private TableView<String[]> table;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        line = StatusBar.message("test-message", message, Duration.minutes(5));
        line.setMinWidth(200);
        table = Tables.table("names", "none");
        table.getColumns().add(Tables.text("task", 120, r -> r[0]));
        table.getColumns().add(Tables.number("ran", 80, r -> r[1]));
        table.getItems().setAll(List.<String[]>of(new String[] {LONG + "[7377]", "5.61 ms"},
                new String[] {"short[1]", "1.00 ms"}));
        stage.setScene(new Scene(new VBox(8, line, table), 300, 260));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private static String shownTooltip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                .filter(w -> w instanceof Tooltip && w.isShowing()).map(w -> ((Tooltip) w).getText())
                .findFirst().orElse("")).get(30, TimeUnit.SECONDS);
    }

    private void hoverShows(Node n, String text) throws Exception {
        moveTo(n);
        moveBy(2, 1); // a move inside the node after entering it, as a hand's would be
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shownTooltip().equals(text));
        } catch (java.util.concurrent.TimeoutException e) {
            // said by the assertion
        }
        assertEquals(text, shownTooltip());
        moveAway();
    }

    private void moveAway() {
        moveTo(table.lookup(".column-header")); // so the next hover enters afresh
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
    }

    /** The name column's cells from the top, rows and empty ones below them; found on FX, which lays them out. */
    private List<TableCell<?, ?>> nameCells() {
        return FxWait.onFx(() -> {
            List<TableCell<?, ?>> out = new ArrayList<>();
            for (Node n : lookup("#names .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == table.getColumns().get(0) && c.getIndex() >= 0 && c.getTableRow() != null
                        && c.getTableRow().isVisible()) {
                    out.add(c);
                }
            }
            out.sort((a, b) -> Integer.compare(a.getIndex(), b.getIndex()));
            return out;
        });
    }

    @Test
    void aMessagesTooltipIsMadeOnHoverAndFollowsTheNextMessage() throws Exception {
        assertNull(line.getTooltip());
        moveAway(); // the pointer may sit where the line shows: it enters it from outside
        moveTo(line).moveBy(2, 1);
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        assertEquals("", shownTooltip(), "no message yet: no popup");
        assertNull(line.getTooltip());
        moveAway();

        interact(() -> message.set("Saved workspace study.schedlab"));
        assertNull(line.getTooltip(), "made before anything was hovered");
        assertEquals("Saved workspace study.schedlab", line.getAccessibleHelp());
        hoverShows(line, "Saved workspace study.schedlab");

        interact(() -> message.set("Exported the view to /home/me/figures/window.png"));
        assertEquals("Exported the view to /home/me/figures/window.png", line.getAccessibleHelp());
        assertEquals("Exported the view to /home/me/figures/window.png", line.getTooltip().getText());
        hoverShows(line, "Exported the view to /home/me/figures/window.png");
    }

    @Test
    void aNameCellsTooltipIsMadeOnHoverWithTheWholeNameAndFollowsTheRowItShows() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        List<TableCell<?, ?>> cells = nameCells();
        assertTrue(cells.size() > 2, "rows and empty cells below them: " + cells.size());
        for (TableCell<?, ?> c : cells) {
            assertNull(c.getTooltip(), "a tooltip made before anything was hovered, row " + c.getIndex());
        }
        assertEquals(LONG + "[7377]", cells.get(0).getAccessibleHelp());
        assertEquals("short[1]", cells.get(1).getAccessibleHelp());
        assertEquals("", cells.get(2).getAccessibleHelp());

        TableCell<?, ?> first = cells.get(0);
        moveTo(line); // the pointer may sit where the first row shows: it enters it from outside
        hoverShows(first, LONG + "[7377]");
        assertNotNull(first.getTooltip());

        // other rows: a cell shows another task, and so does its tooltip once made
        interact(() -> table.getItems().set(0, new String[] {"postgres: bench [9001]", "2.00 ms"}));
        WaitForAsyncUtils.waitForFxEvents();
        TableCell<?, ?> rowZero = nameCells().get(0);
        assertEquals("postgres: bench [9001]", rowZero.getAccessibleHelp());
        everyMadeTooltipSaysItsCellsText();
        hoverShows(rowZero, "postgres: bench [9001]");
        assertEquals("postgres: bench [9001]", rowZero.getTooltip().getText());

        // no rows: no popup, made or not
        interact(() -> table.getItems().clear());
        WaitForAsyncUtils.waitForFxEvents();
        List<Tooltip> made = FxWait.onFx(() -> lookup("#names .table-cell").queryAll().stream()
                .map(n -> ((TableCell<?, ?>) n).getTooltip()).toList());
        for (Tooltip t : made) {
            assertNull(t, "a tooltip on a cell without a row");
        }
        moveTo(rowZero).moveBy(2, 1);
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        assertEquals("", shownTooltip());
    }

    /** Each name cell with a tooltip says its item there; the cells are read on FX, the checks made here. */
    private void everyMadeTooltipSaysItsCellsText() {
        List<String[]> made = FxWait.onFx(() -> {
            List<String[]> out = new ArrayList<>(); // item, tooltip text, row
            for (Node n : lookup("#names .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTooltip() != null && c.getTableColumn() == table.getColumns().get(0)) {
                    out.add(new String[] {(String) c.getItem(), c.getTooltip().getText(), String.valueOf(c.getIndex())});
                }
            }
            return out;
        });
        for (String[] m : made) {
            assertEquals(m[0], m[1], "row " + m[2]);
        }
    }
}
