package org.schedlab.ui.lab;

import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.TableCell;

import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The Live tab's summary table as the window tests of its line breaking read it: opened, then cell by cell as drawn. */
final class LiveSummaryCells {
    private LiveSummaryCells() {
    }

    /** One drawn cell: its column's title, its row's text, and the text as drawn (lines joined by "\n"). */
    interface Drawn {
        void cell(String column, String item, String shown);
    }

    /** Opens {@code s} with {@code values} in the Live tab and waits until its summary is in the table. */
    static void openAndWait(FxRobot robot, LabWindowFixture window, Scenario s, Map<String, String> values)
            throws Exception {
        robot.interact(() -> {
            window.lab.openLive(s, values);
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live summary", 120, () -> robot.lookup("#live-summary .table-row-cell").queryAll()
                .stream().anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty())
                && !window.lab.live().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Scrolls through the summary four rows at a time and gives {@code drawn} every visible cell of
     * a row, on the FX thread. The table is laid out first and each cell's row read after its drawn
     * text: a layout pass hands rows to other cells, so a row read before it was compared with
     * another row's drawn text ("profile  tcp send" drawn as "lock").
     */
    static void eachDrawn(FxRobot robot, Drawn drawn) {
        SummaryTable table = FxWait.onFx(() -> robot.lookup("#live-summary").queryAs(SummaryTable.class));
        int rows = FxWait.onFx(() -> table.getItems().size());
        for (int first = 0; first < rows; first += 4) {
            int at = first;
            robot.interact(() -> table.scrollTo(at));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                ShownText.laidOut(table);
                for (Node n : table.lookupAll(".table-cell")) {
                    TableCell<?, ?> c = (TableCell<?, ?>) n;
                    String shown = ShownText.of(c);
                    if (c.getTableColumn() != null && !c.isEmpty() && c.getItem() instanceof String item
                            && c.isVisible()) {
                        drawn.cell(c.getTableColumn().getText(), item, shown);
                    }
                }
            });
        }
    }

    /** Whether {@code shown}, {@code item} on lines, breaks a line with no blank there, between two small letters or digits. */
    static boolean breaksInsideAWord(String item, String shown) {
        int at = 0;
        String[] lines = shown.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            while (at < item.length() && Character.isWhitespace(item.charAt(at))) {
                at++;
            }
            if (!item.startsWith(line, at)) {
                return true; // not the item's text: reported as such
            }
            at += line.length();
            if (i < lines.length - 1 && at > 0 && at < item.length() && !Character.isWhitespace(item.charAt(at))
                    && String.valueOf(item.charAt(at - 1)).matches("[a-z0-9]")
                    && String.valueOf(item.charAt(at)).matches("[a-z0-9]")) {
                return true;
            }
        }
        return false;
    }
}
