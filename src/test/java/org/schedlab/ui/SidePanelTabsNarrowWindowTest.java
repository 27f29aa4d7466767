package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
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
 * The side panel's tab strip in a 1024 x 600 window (its panel 30 %, about 307 px) and in a
 * 1280 x 720 one (384 px): at 1024 px the selected tab's title beside the six others' icons did not
 * fit, and the strip showed half of the TCP tab's icon before its overflow menu. Every tab is in
 * the strip whole, none in the overflow menu, each named by its title or by its icon and a tooltip;
 * at 1280 px the selected one keeps its title.
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelTabsNarrowWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(st -> window.opener(DatasetOpener.standard()).show(st), 1024, 600);
    }

    @Test
    void at1024x600EveryTabIsWholeInTheStripAndNoneInItsMenu() throws Exception {
        clickThroughTheTabs(1024, false);
    }

    @Test
    void at1280x720EveryTabIsWholeInTheStripTheSelectedOneTitled() throws Exception {
        interact(() -> {
            stage.get().setWidth(1280);
            stage.get().setHeight(720);
        });
        clickThroughTheTabs(1280, true);
    }

    private void clickThroughTheTabs(double windowPx, boolean selectedTitled) throws Exception {
        interact(() -> window.vm.openFiles(List.of(Path.of("example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz"))));
        FxWait.untilOnFx("the recording and its summary", 60,
                () -> window.vm.timeline().summary().summary().isPresent());
        // the side panel at its first 30 % of the window, as under X
        double panelPx = windowPx * 0.3;
        FxWait.untilOnFx("the side panel at 30 %", 60, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - panelPx) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        assertEquals(windowPx, stage.get().getWidth(), 1);
        TabPane tabs = FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class));
        for (Tab tab : List.copyOf(tabs.getTabs())) {
            interact(() -> tabs.getSelectionModel().select(tab));
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.waitForFxEvents(); // a header measured once its style is applied may change the others'
            interact(() -> assertWholeInTheStrip(tabs, selectedTitled));
        }
        // the selected tab's header is where a click selects it (the tabs' order and places hold)
        Tab last = tabs.getTabs().get(tabs.getTabs().size() - 1);
        interact(() -> tabs.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("#" + last.getId());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(last, tabs.getSelectionModel().getSelectedItem(), "a click on the last tab's icon");
    }

    private static void assertWholeInTheStrip(TabPane tabs, boolean selectedTitled) {
        Bounds strip = tabs.localToScene(tabs.getBoundsInLocal());
        List<String> wrong = new ArrayList<>();
        Node menu = tabs.lookup(".control-buttons-tab");
        if (menu != null && menu.isVisible() && menu.getBoundsInLocal().getWidth() > 0) {
            StringBuilder widths = new StringBuilder();
            for (Node n : tabs.lookupAll(".tab")) {
                if (n.getStyleClass().contains("tab") && n.lookup(".tab-label") instanceof Label l) {
                    widths.append(l.getText()).append(' ').append(l.getContentDisplay()).append(' ')
                            .append(n.getLayoutBounds().getWidth()).append("; ");
                }
            }
            wrong.add("the overflow menu is shown beside " + widths);
        }
        Node region = tabs.lookup(".headers-region");
        Node area = tabs.lookup(".tab-header-area");
        // what the header area shows of the tabs: its clip, where it has one
        Bounds shown = area.localToScene(area.getLayoutBounds());
        double edge = Math.min(strip.getMaxX(), shown.getMaxX());
        for (Tab tab : tabs.getTabs()) {
            Node header = region.lookupAll("#" + tab.getId()).stream()
                    .filter(n -> n.getStyleClass().contains("tab")).findFirst().orElseThrow();
            Bounds b = header.localToScene(header.getBoundsInLocal());
            if (!header.isVisible() || b.getMaxX() > edge + 0.5 || b.getMinX() < strip.getMinX() - 0.5) {
                wrong.add(tab.getText() + " at x " + b.getMinX() + ".." + b.getMaxX() + ", the strip ends at " + edge);
            }
            Label label = (Label) header.lookup(".tab-label");
            boolean titled = label.getContentDisplay() != ContentDisplay.GRAPHIC_ONLY;
            if (titled && !ShownText.of(label).equals(tab.getText())) {
                wrong.add("'" + ShownText.of(label) + "' for " + tab.getText());
            }
            if (!titled && (tab.getTooltip() == null || !tab.getTooltip().getText().equals(tab.getText())
                    || label.getGraphic() == null)) {
                wrong.add(tab.getText() + ": no title, and no icon with a tooltip naming it");
            }
            if (selectedTitled && tab.isSelected() && !titled) {
                wrong.add(tab.getText() + " selected without its title");
            }
        }
        assertTrue(wrong.isEmpty(), "in " + tabs.getWidth() + " px with " + tabs.getSelectionModel().getSelectedItem()
                .getText() + " selected: " + wrong);
    }
}
