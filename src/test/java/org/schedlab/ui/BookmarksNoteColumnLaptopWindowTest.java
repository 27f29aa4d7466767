package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Bookmarks tab in a 1280 x 720 window: B put a bookmark the timeline labels "bookmark", but
 * its note cell was empty, and the "at" column took most of the table while the note got 80 px.
 */
@ExtendWith(ApplicationExtension.class)
class BookmarksNoteColumnLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.show(st));
    }

    @Test
    void anUnnamedBookmarkReadsAsTheTimelineLabelsItAndTheNoteGetsTheWidth() throws Exception {
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> window.vm.timeline().dataset().cpuCount() == 2);
        TimelineViewModel tl = window.vm.timeline();
        long start = FxWait.onFx(tl::startNs);
        long span = FxWait.onFx(tl::spanNs);
        interact(() -> {
            tl.bookmarks().add(start + span / 4, "");
            tl.bookmarks().add(start + span / 2, "lock handed to a preempted waiter");
            TabPane side = lookup("#side-tabs").queryAs(TabPane.class);
            side.getSelectionModel().select(side.getTabs().stream()
                    .filter(t -> t.getText().equals("Bookmarks")).findFirst().orElseThrow());
        });
        // the side panel at its first 30 % of 1280 px (384 px), as under X
        FxWait.untilOnFx("the side panel at 384 px", 60, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - 384) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = lookup("#bookmarks-table").queryAs(TableView.class);
        List<String> notes = FxWait.onFx(() -> table.lookupAll(".table-cell").stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null && "bookmarks-note".equals(c.getTableColumn().getId())
                        && !c.isEmpty())
                .sorted(java.util.Comparator.comparingInt(TableCell::getIndex))
                .map(TableCell::getText).collect(Collectors.toList()));
        assertEquals(List.of("bookmark", "lock handed to a preempted waiter"), notes,
                "an unnamed bookmark says what the timeline labels it");
        assertEquals("", FxWait.onFx(() -> tl.bookmarks().bookmarks().get(0).note()), "the note itself stays empty");
        List<Object> fills = FxWait.onFx(() -> table.lookupAll(".table-cell").stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null && "bookmarks-note".equals(c.getTableColumn().getId())
                        && !c.isEmpty())
                .sorted(java.util.Comparator.comparingInt(TableCell::getIndex))
                .map(c -> (Object) c.getTextFill()).collect(Collectors.toList()));
        assertTrue(!fills.get(0).equals(fills.get(1)), "the label is greyed, unlike a note: " + fills);

        double[] w = FxWait.onFx(() -> {
            TableColumn<?, ?> at = table.getColumns().get(0);
            TableColumn<?, ?> note = table.getColumns().get(1);
            return new double[] {at.getWidth(), note.getWidth(), table.getWidth()};
        });
        assertTrue(w[1] > 1.5 * w[0], "the note is the wide column: at " + w[0] + " px, note " + w[1] + " px");
        assertTrue(w[1] >= 200, "a note is readable: " + w[1] + " px of " + w[2]);
        assertTrue(w[0] >= 90, "the time still fits: " + w[0] + " px");
        assertEquals(1280, stage.get().getWidth(), 1);
    }
}
