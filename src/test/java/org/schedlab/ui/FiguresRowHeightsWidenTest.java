package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryFigures;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Figures tab's rows follow the names' wrapping when the panel is widened: a YCSB name
 * wrapped on two lines at a laptop's panel width kept its row two lines tall once it fit on one,
 * leaving rows of uneven heights with a blank line under some names.
 */
@ExtendWith(ApplicationExtension.class)
class FiguresRowHeightsWidenTest extends FxRobot {
    /** Its own window, resized here: TestFX's shared one would keep the size for later classes. */
    @RegisterExtension
    final OwnStage own = new OwnStage();

    private final TimelineViewModel timeline = new TimelineViewModel();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        FiguresPanel panel = new FiguresPanel(new FiguresViewModel(timeline, () -> "f.txt"));
        panel.viewModel().activeProperty().set(true);
        own.open(stage -> {
            stage.setScene(new Scene(panel, 370, 600));
            stage.show();
        }, 370, 640);
    }

    /** Each visible row's height and its cells' most lines, top to bottom. */
    private static List<double[]> rows(TableView<?> t) {
        // as the screen shows it after the pulses: no layout() of the test's own, a pulse after the change
        FxWait.pulse(FxWait.onFx(t::getScene));
        return FxWait.onFx(() -> {
            List<double[]> out = new ArrayList<>();
            for (Node n : t.lookupAll(".table-row-cell")) {
                TableRow<?> r = (TableRow<?>) n;
                if (r.isEmpty() || !r.isVisible() || r.getItem() == null) {
                    continue;
                }
                int lines = 1;
                for (Node c : r.lookupAll(".table-cell")) {
                    String text = ((TableCell<?, ?>) c).getText();
                    lines = Math.max(lines, text == null ? 1 : text.split("\n", -1).length);
                }
                out.add(new double[] {r.getHeight(), lines, r.getIndex()});
            }
            return out;
        });
    }

    /** Rows of one line count that differ in height ("row 4: 3 lines, 90 px"): none where heights follow the lines. */
    private static List<String> uneven(List<double[]> rows) {
        java.util.Map<Integer, Double> heightOfLines = new java.util.HashMap<>();
        List<String> out = new ArrayList<>();
        for (double[] r : rows) {
            heightOfLines.merge((int) r[1], r[0], Math::min);
        }
        for (double[] r : rows) {
            double h = heightOfLines.get((int) r[1]);
            // and more lines, a taller row
            if (r[0] > h + 0.5 || heightOfLines.entrySet().stream().anyMatch(e -> e.getKey() < r[1] && e.getValue() >= r[0])) {
                out.add("row " + (int) r[2] + ": " + (int) r[1] + " lines, " + r[0] + " px");
            }
        }
        return out;
    }

    @Test
    void rowsAreAsTallAsTheirLinesAtANarrowWidthAndOnceWidened() throws Exception {
        Dataset d = Fixtures.importAll("public/ycsb/depdx_LOG8430_outputRun_workloada.txt").dataset();
        interact(() -> timeline.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<SummaryFigures.Row> t = FxWait.onFx(() -> lookup("#figures-table").queryAs(TableView.class));
        FxWait.untilOnFx("the figures", 30, () -> t.getItems().size() > 10);
        WaitForAsyncUtils.waitForFxEvents();
        List<double[]> narrow = rows(t);
        assertTrue(narrow.stream().anyMatch(r -> r[1] > 1), "some name wraps at 370 px");
        assertEquals(List.of(), uneven(narrow), "at 370 px");

        // widened in steps, as a window edge is dragged
        for (int w = 420; w <= 1100; w += 40) {
            int width = w;
            interact(() -> own.get().setWidth(width));
        }
        WaitForAsyncUtils.waitForFxEvents();
        List<double[]> wide = rows(t);
        assertTrue(wide.stream().allMatch(r -> r[1] == 1), "every name fits on one line at 1100 px");
        assertEquals(List.of(), uneven(wide), "at 1100 px, one line each");

        // and narrowed again, in one step
        interact(() -> own.get().setWidth(370));
        WaitForAsyncUtils.waitForFxEvents();
        List<double[]> again = rows(t);
        assertTrue(again.stream().anyMatch(r -> r[1] > 1), "names wrap again");
        assertEquals(List.of(), uneven(again), "at 370 px again");
    }
}
