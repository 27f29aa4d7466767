package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** An empty table's sentence is read whole in a narrow side panel: it wraps, it is not cut. */
@ExtendWith(ApplicationExtension.class)
class PlaceholderWrapWindowTest extends FxRobot {
    private final TimelineViewModel vm = new TimelineViewModel();

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        stage.setScene(new Scene(new BookmarksPanel(vm), 240, 400));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    @Test
    void theBookmarksHintWrapsInsteadOfLosingItsEnd() {
        TableView<?> t = FxWait.onFx(() -> lookup("#bookmarks-table").queryAs(TableView.class));
        Label hint = (Label) t.getPlaceholder();
        interact(() -> t.getScene().getRoot().layout());
        assertEquals("No bookmarks: press B over the timeline to add one.", hint.getText());
        javafx.scene.text.Text shown = ShownText.node(hint);
        assertTrue(shown != null && shown.getText().replace("\n", " ").replaceAll(" +", " ").trim()
                .equals(hint.getText()), "shown: " + (shown == null ? null : shown.getText()));
        assertTrue(hint.getHeight() > hint.getFont().getSize() * 2, "on more than one line: " + hint.getHeight());
    }
}
