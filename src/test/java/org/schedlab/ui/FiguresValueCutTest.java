package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryFigures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Figures tab's value too long for its column (a laptop's side panel): it goes on as many
 * lines as it takes, broken at its spaces, none of it cut. Cut in the middle, a perf stat file's
 * aggregation read "aggre...ead column)"; cut at its end, YCSB's throughput read "1481.481481...".
 */
@ExtendWith(ApplicationExtension.class)
class FiguresValueCutTest extends FxRobot {
    private static final String AGGREGATION = "aggregated (no CPU or thread column)";

    /** Its own window: TestFX's shared one keeps the size an earlier class gave it, and a wide one cut nothing. */
    @RegisterExtension
    final OwnStage own = new OwnStage();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        TableView<SummaryFigures.Row> t = Tables.table("figures-cut", "none");
        t.getColumns().add(Tables.text("figure", 120, SummaryFigures.Row::name));
        t.getColumns().add(FiguresPanel.valueColumn());
        t.getItems().setAll(List.of(new SummaryFigures.Row("recorded", "perfStat.aggregation", AGGREGATION),
                new SummaryFigures.Row("preemptions", "preemptions involuntary", "6,896")));
        own.open(stage -> {
            stage.setScene(new Scene(t, 260, 200));
            stage.show();
        }, 260, 240);
    }

    private TableCell<?, ?> cell(int row) {
        return FxWait.onFx(() -> {
            for (Node n : lookup("#figures-cut .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (!c.isEmpty() && c.getIndex() == row && c.getTableColumn() == c.getTableView().getColumns().get(1)) {
                    return c;
                }
            }
            throw new AssertionError("no value cell in row " + row);
        });
    }

    private static String shown(TableCell<?, ?> c) {
        return ShownText.of(c);
    }

    @Test
    void aLongValueWrapsWholeAtItsSpacesAndAFigureIsOnOneLine() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        // the cells take their text before the column's first layout pass wraps it (run in the whole
        // suite, the first read came before that pass)
        FxWait.until("the value laid out in its column", 60, () -> shown(cell(0)).contains("\n"));
        String wrapped = shown(cell(0));
        assertEquals(AGGREGATION, wrapped.replace("\n", ""), "whole: " + wrapped);
        assertTrue(wrapped.startsWith("aggregated"), wrapped);
        assertTrue(!wrapped.contains("…") && !wrapped.contains("..."), wrapped);
        assertEquals("6,896", shown(cell(1)));
    }
}
