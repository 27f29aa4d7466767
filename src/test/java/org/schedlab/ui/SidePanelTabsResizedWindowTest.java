package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The side panel's tabs follow the window back and forth between 1600 and 1024 px: the overflow
 * menu never comes up, at 1600 px the selected tab keeps its title (every title at first), at
 * 1024 px at most the selected one has its title. (Widened again, the others stay icons: once the
 * skin has shown its menu button it counts the button's width as taken, so every title would
 * bring the menu up at 1600 px; see the review report.)
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelTabsResizedWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(st -> window.opener(DatasetOpener.standard()).show(st), 1600, 900);
    }

    @Test
    void theTabsFollowTheWindowBackAndForthNeverBringingUpTheMenu() throws Exception {
        interact(() -> window.vm.openFiles(List.of(Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz"))));
        FxWait.untilOnFx("the recording and its summary", 60,
                () -> window.vm.timeline().summary().summary().isPresent());
        TabPane tabs = FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class));
        interact(() -> tabs.getSelectionModel().select(3));
        boolean[] first = {true};
        for (double windowPx : new double[] {1600, 1024, 1600, 1024, 1600}) {
            interact(() -> stage.get().setWidth(windowPx));
            double panelPx = windowPx * 0.3;
            FxWait.untilOnFx("the side panel at 30 % of " + windowPx, 20, () -> {
                if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - panelPx) <= 8) {
                    return true;
                }
                lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                        .ifPresent(n -> ((SplitPane) n).setDividerPositions(0.7));
                return false;
            });
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.waitForFxEvents();
            interact(() -> {
                long hidden = tabs.getTabs().stream().filter(t -> t.getStyleClass().contains(SidePanel.TITLE_HIDDEN)).count();
                Node menu = tabs.lookup(".control-buttons-tab");
                boolean menuUp = menu != null && menu.isVisible() && menu.getBoundsInLocal().getWidth() > 0;
                assertTrue(!menuUp, windowPx + " px: the overflow menu is up");
                Tab selected = tabs.getSelectionModel().getSelectedItem();
                if (windowPx == 1600) {
                    // the selected tab is named by its title wherever the panel has the room
                    assertTrue(!selected.getStyleClass().contains(SidePanel.TITLE_HIDDEN), windowPx + " px: " + hidden);
                }
                if (windowPx == 1024) {
                    assertTrue(hidden >= tabs.getTabs().size() - 1, windowPx + " px: " + hidden + " icons only");
                }
                if (first[0]) {
                    assertEquals(0, hidden, windowPx + " px at first: every title shown");
                    first[0] = false;
                }
            });
        }
    }
}
