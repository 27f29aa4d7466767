package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Files opened (Ctrl+O) while the A/B tab is in front - the window starts there - are read into
 * the Dataset tab, out of sight: the load's progress went and nothing on screen changed, so a
 * first Ctrl+O seemed to do nothing. The A/B tab stays in front (its "A <- dataset" takes them
 * from there) and the status bar says where they went; opened on the Dataset tab itself, where
 * they show, it says nothing.
 */
@ExtendWith(ApplicationExtension.class)
class OpenFromLabTabWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @TempDir
    static Path dir;

    private static Path file;

    @Start
    void start(Stage stage) throws Exception {
        file = dir.resolve("lhp.json");
        org.schedlab.io.DatasetJson.write(org.schedlab.fixtures.LockHolderPreemption.dataset(), file);
        window.picker(owner -> Optional.of(file)).show(stage);
    }

    @Test
    void filesOpenedFromTheAbTabAreSaidToBeInTheDatasetTab() throws Exception {
        interact(() -> window.ui.showCompare());
        TabPane tabs = lookup("#workspaces").queryAs(TabPane.class);
        String ab = FxWait.onFx(() -> tabs.getSelectionModel().getSelectedItem().getText());
        press(KeyCode.CONTROL).press(KeyCode.O).release(KeyCode.O).release(KeyCode.CONTROL);
        FxWait.untilOnFx("the file is open in the Dataset tab", 20,
                () -> "lhp.json".equals(window.vm.sourceNameProperty().get()) && !window.vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label said = lookup("#status-opened").queryAs(Label.class);
        assertEquals("Opened lhp.json in the Dataset tab (Ctrl+1)", FxWait.onFx(said::getText));
        assertTrue(FxWait.onFx(said::isVisible), "on the status bar");
        assertEquals(ab, FxWait.onFx(() -> tabs.getSelectionModel().getSelectedItem().getText()), "A/B stays in front");

        interact(() -> {
            said.setText("");
            window.workbench.showDatasetTab();
        });
        Object before = FxWait.onFx(() -> window.vm.timeline().dataset());
        press(KeyCode.CONTROL).press(KeyCode.O).release(KeyCode.O).release(KeyCode.CONTROL);
        FxWait.untilOnFx("the file is read again and shown", 20,
                () -> window.vm.timeline().dataset() != before && !window.vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", FxWait.onFx(said::getText), "opened where it shows, nothing is said");
    }
}
