package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.control.Button;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Ctrl+1..4 bring the tabs to the front in the order they stand (Dataset first, as a browser
 * numbers its tabs), and the status bar's import warnings, seen from a lab tab, say they are
 * the Dataset tab's.
 */
@ExtendWith(ApplicationExtension.class)
class TabShortcutsWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    private String selectedTab() {
        return FxWait.onFx(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    private void shortcut(KeyCode digit) {
        press(KeyCode.SHORTCUT).press(digit).release(digit).release(KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void ctrlDigitsSelectTheTabsInTheirOrder() {
        TabPane tabs = FxWait.onFx(() -> lookup("#workspaces").queryAs(TabPane.class));
        List<String> order = tabs.getTabs().stream().map(t -> t.getId()).toList();
        assertEquals("tab-dataset", order.get(0), "the Dataset tab stands first");
        KeyCode[] digits = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4};
        assertEquals(digits.length, order.size(), "one digit per tab");
        clickOn("#workspaces");
        for (int i = digits.length - 1; i >= 0; i--) { // backwards, so each press moves the selection
            shortcut(digits[i]);
            assertEquals(order.get(i), selectedTab(), "Ctrl+" + (i + 1));
        }
    }

    @Test
    void theImportsWarningsSeenFromALabTabNameTheDatasetTab() throws Exception {
        interact(() -> window.vm.openFiles(List.of(LabFixtures.RECORDING)));
        FxWait.untilOnFx("the recording's warnings", 30, () -> !window.vm.warningsProperty().isEmpty());
        Button warnings = FxWait.onFx(() -> lookup("#status-warnings").queryAs(Button.class));
        int n = window.vm.warningsProperty().size();
        interact(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().select(0));
        assertEquals(n + " import warnings", warnings.getText());
        interact(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().select(2));
        assertTrue(warnings.isVisible(), "still announced on the Live run tab");
        assertEquals("Dataset tab: " + n + " import warnings", warnings.getText());
    }
}
