package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
 * The side panel's tabs follow the window back and forth between 1024 and 1920 px, whatever it was
 * before: the overflow menu never comes up, and which titles show is a matter of the width alone.
 * At 1600 and 1920 px every tab has its title, at 1280 px the selected one keeps its title, at
 * 1024 px at most the selected one has its title. (Once the window had been 1024 px wide the six
 * other tabs stayed icons at 1600 px for the rest of the session: the tab pane's skin went on
 * counting the overflow menu's button, hidden, as taken.)
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
    void theTitlesShownAreAMatterOfTheWidthAloneNeverBringingUpTheMenu() throws Exception {
        interact(() -> window.vm.openFiles(List.of(Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz"))));
        FxWait.untilOnFx("the recording and its summary", 60,
                () -> window.vm.timeline().summary().summary().isPresent());
        TabPane tabs = FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class));
        interact(() -> tabs.getSelectionModel().select(3));
        Map<Double, String> firstSeen = new HashMap<>();
        for (double windowPx : new double[] {1600, 1024, 1600, 1280, 1920, 1440, 1024, 1440, 1280, 1600, 1920, 1024,
                1920}) {
            interact(() -> stage.get().setWidth(windowPx));
            double panelPx = windowPx * 0.3;
            FxWait.untilOnFx("the side panel at 30 % of " + windowPx, 60, () -> {
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
                List<Tab> hidden = tabs.getTabs().stream().filter(t -> t.getStyleClass().contains(SidePanel.TITLE_HIDDEN))
                        .toList();
                String shown = tabs.getTabs().stream().map(t -> hidden.contains(t) ? "(" + t.getText() + ")" : t.getText())
                        .collect(Collectors.joining(" "));
                Node menu = tabs.lookup(".control-buttons-tab");
                boolean menuUp = menu != null && menu.isVisible() && menu.getBoundsInLocal().getWidth() > 0;
                assertTrue(!menuUp, windowPx + " px: the overflow menu is up beside " + shown);
                Tab selected = tabs.getSelectionModel().getSelectedItem();
                if (windowPx >= 1280) {
                    assertTrue(!hidden.contains(selected), windowPx + " px: the selected tab without its title: " + shown);
                }
                if (windowPx >= 1600) {
                    assertEquals(0, hidden.size(), windowPx + " px: every title shown, not " + shown);
                }
                if (windowPx == 1024) {
                    assertTrue(hidden.size() >= tabs.getTabs().size() - 1, windowPx + " px: " + shown);
                }
                String before = firstSeen.putIfAbsent(windowPx, shown);
                assertEquals(before == null ? shown : before, shown, windowPx + " px again, as the first time");
            });
        }
    }
}
