package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B table given the whole tab on a laptop (1280 x 720), case C's TCP table in view: under A's
 * and B's cards, each at its smallest, the split leaves the table about two and a half rows, and no
 * divider makes more. Maximized (its button, by keyboard) it shows at least {@link #ROWS} rows and
 * the whole TCP table while A's and B's headers still say what is compared; a double-click on its
 * tabs puts the dividers back where they were, and a workspace saved meanwhile keeps those.
 */
@ExtendWith(ApplicationExtension.class)
class AbTableMaximizeLaptopWindowTest extends FxRobot {
    /** The fewest delta rows the maximized table shows whole. */
    private static final int ROWS = 8;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void theTableTakesTheTabWithTheHeadersInViewAndGivesItBack() throws Exception {
        window.openS390FullVsLazy(this);
        TabPane tables = lookup("#ab-tables").queryAs(TabPane.class);
        SplitPane split = lookup("#ab-split").queryAs(SplitPane.class);
        FxWait.untilOnFx("the delta rows are in", 60, () -> deltas(tables).getItems().size() > ROWS);
        WaitForAsyncUtils.waitForFxEvents();
        double[] before = FxWait.onFx(() -> split.getDividerPositions().clone());
        int rowsBefore = FxWait.onFx(() -> wholeRows(deltas(tables)));
        assertEquals(1280, stage.get().getWidth(), 1);
        assertTrue(rowsBefore < ROWS, rowsBefore + " rows before");

        // by keyboard: the toggle takes the focus and Space presses it
        Button toggle = lookup("#ab-table-maximize").queryButton();
        interact(toggle::requestFocus);
        push(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            int rows = wholeRows(deltas(tables));
            assertTrue(rows >= ROWS, rows + " rows maximized, " + rowsBefore + " before");
            headersInView();
            // what a save keeps meanwhile: the split as it is to come back
            List<Double> saved = window.workbench.workspace().panels().capture().dividers().get("ab");
            assertArrayEquals(before, saved.stream().mapToDouble(Double::doubleValue).toArray(), 1e-9);
            tables.getSelectionModel().select(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            TextArea tcp = lookup("#ab-wireshark").queryAs(TextArea.class);
            ScrollPane scroll = (ScrollPane) tcp.lookup(".scroll-pane");
            Node text = scroll.getContent();
            assertTrue(text.getLayoutBounds().getHeight() <= scroll.getViewportBounds().getHeight(),
                    "the TCP table, " + text.getLayoutBounds().getHeight() + " px, in "
                            + scroll.getViewportBounds().getHeight() + " px");
        });

        // a double-click on the tabs' row gives the split back, dividers where they were
        doubleClickOn(lookup("#ab-tables .tab").<Node>query(), javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertArrayEquals(before, split.getDividerPositions(), 1e-3);
            tables.getSelectionModel().select(0);
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> assertEquals(rowsBefore, wholeRows(deltas(tables))));
    }

    /**
     * A workspace opened while the table has the whole tab: A and B unfold and the split takes the
     * workspace's dividers; a toggle afterwards folds from those, not from the ones before.
     */
    @Test
    void aWorkspaceOpenedWhileMaximizedShowsItsDividers() throws Exception {
        window.openS390FullVsLazy(this);
        SplitPane split = lookup("#ab-split").queryAs(SplitPane.class);
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("#ab-table-maximize");
        WaitForAsyncUtils.waitForFxEvents();
        double[] saved = {0.4, 0.78}; // each card above its smallest (181 px of the split's 530)
        interact(() -> window.workbench.workspace().panels().restore(new org.schedlab.workspace.Workspace.Panels(
                java.util.Map.of(), java.util.Map.of(), java.util.Map.of("ab", List.of(saved[0], saved[1])),
                List.of())));
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertArrayEquals(saved, split.getDividerPositions(), 1e-3);
            assertTrue(lookup("#ab-a-timeline").query().isVisible(), "A's timeline shown");
            assertTrue(lookup("#ab-b-timeline").query().isVisible(), "B's timeline shown");
        });
        clickOn("#ab-table-maximize");
        clickOn("#ab-table-maximize");
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> assertArrayEquals(saved, split.getDividerPositions(), 1e-3));
    }

    @SuppressWarnings("unchecked")
    private static TableView<Object> deltas(TabPane tables) {
        return (TableView<Object>) tables.getTabs().get(0).getContent();
    }

    /** The table's rows drawn whole inside its body, under its column headers. */
    private static int wholeRows(TableView<?> table) {
        table.layout();
        Node flow = table.lookup(".virtual-flow");
        Bounds body = flow.localToScene(flow.getLayoutBounds());
        int n = 0;
        for (Node r : table.lookupAll(".table-row-cell")) {
            if (r instanceof TableRow<?> row && row.isVisible() && !row.isEmpty() && row.getIndex() >= 0
                    && row.getIndex() < table.getItems().size()) {
                Bounds b = row.localToScene(row.getLayoutBounds());
                if (b.getMinY() >= body.getMinY() - 0.5 && b.getMaxY() <= body.getMaxY() + 0.5) {
                    n++;
                }
            }
        }
        return n;
    }

    /** A's and B's sides, parameters and statuses shown whole inside the window. */
    private void headersInView() {
        double height = stage.get().getScene().getHeight();
        for (String side : new String[] {"a", "b"}) {
            for (String part : new String[] {"-side", "-label", "-status"}) {
                Labeled l = lookup("#ab-" + side + part).queryLabeled();
                Bounds b = l.localToScene(l.getLayoutBounds());
                assertTrue(l.isVisible() && b.getHeight() > 0 && b.getMinY() >= 0 && b.getMaxY() <= height,
                        "#ab-" + side + part + " at " + b);
                assertEquals(l.getText(), ShownText.of(l), "#ab-" + side + part + " as drawn");
            }
        }
    }
}
