package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.TextAlignment;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * perf lock contention's table in the Locks tab at a 1280 px window's side panel width: its
 * two-line headers ("total" over "wait us") were drawn left-aligned over right-aligned figures.
 * A number column's header is right-aligned, each of its lines too.
 */
@ExtendWith(ApplicationExtension.class)
class NumberHeadersRightTest extends FxRobot {
    /** Its own window: TestFX's shared one keeps the size an earlier class gave it. */
    @RegisterExtension
    final OwnStage own = new OwnStage();

    private final TimelineViewModel vm = new TimelineViewModel();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        LocksPanel panel = new LocksPanel(vm.summary());
        own.open(stage -> {
            Scene scene = new Scene(panel, 370, 600);
            // as the workbench's scene has it
            scene.getStylesheets().add(Workbench.class.getResource("workbench.css").toExternalForm());
            stage.setScene(scene);
            stage.show();
        }, 370, 640);
    }

    @Test
    void aContentionTablesNumberHeadersAreRightAlignedOverTheirFigures() throws Exception {
        Dataset table = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt")
                .dataset();
        interact(() -> vm.setDataset(table));
        @SuppressWarnings("unchecked")
        TableView<LocksPanel.Figure> t = FxWait.onFx(() -> lookup("#locks-table").queryAs(TableView.class));
        FxWait.untilOnFx("the recorded table", 60, () -> t.getItems().size() == 135);
        interact(() -> t.getScene().getRoot().layout());
        List<String> wrong = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        FxWait.onFx(() -> {
            for (var n : t.lookupAll(".column-header")) {
                if (!(n instanceof TableColumnHeader h) || h.getTableColumn() == null
                        || h.getTableColumn() == t.getColumns().get(0) || !h.getTableColumn().getColumns().isEmpty()) {
                    continue;
                }
                Label label = (Label) h.lookup(".label");
                String text = h.getTableColumn().getText();
                checked.add(text);
                if (label.getAlignment() != Pos.CENTER_RIGHT || label.getTextAlignment() != TextAlignment.RIGHT) {
                    wrong.add(text.replace('\n', '/') + ": " + label.getAlignment() + ", lines " + label.getTextAlignment());
                }
            }
            return null;
        });
        // perf's waits under one "wait (us)" (a group's header is centred over its figures' headers; avg and max give way in this 370 px panel)
        assertTrue(checked.containsAll(List.of("contended", "total")), "headers checked: " + checked);
        assertEquals(List.of(), wrong, "number headers not right-aligned");
    }
}
