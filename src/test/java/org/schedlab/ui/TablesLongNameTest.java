package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A summary table with long task names (a postgres backend's whole title, a thread name of 70
 * characters): the two "pgbench_with_a..." rows were told apart by nothing, as the cut took the
 * tid at the end; the names also sat higher than the numbers beside them.
 */
@ExtendWith(ApplicationExtension.class)
class TablesLongNameTest extends FxRobot {
    private static final String LONG = "pgbench_with_an_extraordinarily_long_thread_name_that_never_ends_at_all";

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        TableView<String[]> t = Tables.table("long-names", "none");
        t.getColumns().add(Tables.task("task", 120, r -> r[0]));
        t.getColumns().add(Tables.number("ran", 80, r -> r[1]));
        t.getItems().setAll(List.of(new String[] {LONG + "[7377]", "5.61 ms"},
                new String[] {LONG + "[7379]", "5.55 ms"}));
        stage.setScene(new Scene(t, 240, 200));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    /** The cells of {@code column} with a row, from the top; found on FX, which lays them out. */
    private List<TableCell<?, ?>> cells(int column) {
        return FxWait.onFx(() -> {
            List<TableCell<?, ?>> out = new ArrayList<>();
            for (Node n : lookup("#long-names .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (!c.isEmpty() && c.getTableColumn() == c.getTableView().getColumns().get(column)) {
                    out.add(c);
                }
            }
            out.sort((a, b) -> Integer.compare(a.getIndex(), b.getIndex()));
            return out;
        });
    }

    private static String shown(TableCell<?, ?> c) {
        return ShownText.of(c);
    }

    @Test
    void aLongTaskNameKeepsItsTidAndTheFullNameIsItsTooltip() {
        WaitForAsyncUtils.waitForFxEvents();
        List<TableCell<?, ?>> names = cells(0);
        assertEquals(2, names.size());
        assertTrue(shown(names.get(0)).endsWith("[7377]"), shown(names.get(0)));
        assertTrue(shown(names.get(1)).endsWith("[7379]"), shown(names.get(1)));
        assertNotEquals(shown(names.get(0)), shown(names.get(1)));
        // the whole name: a screen reader's at once, the tooltip's on hover (LazyTooltipsWindowTest)
        assertEquals(LONG + "[7377]", names.get(0).getAccessibleHelp());
    }

    @Test
    void namesAndNumbersShareTheRowsMiddle() {
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Pos.CENTER_LEFT, cells(0).get(0).getAlignment());
        assertEquals(Pos.CENTER_RIGHT, cells(1).get(0).getAlignment());
    }
}
