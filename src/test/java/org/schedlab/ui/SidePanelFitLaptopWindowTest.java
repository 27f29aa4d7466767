package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The side panel's runqlat and TCP tabs in a 1280 x 720 window (a laptop, the panel 384 px): what
 * they show lies inside the panel, with no sideways scroll to reach a bar's end or a column.
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelFitLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    /**
     * runA's runqlat histogram: its rows were a mail's 72 columns, and the bars ran past the panel's
     * right edge, their ends a sideways scroll away. The bars take the room the panel has: every row
     * is in view whole, the fullest bar still a bar.
     */
    @Test
    void theRunqlatHistogramFitsThePanelsWidth() throws Exception {
        open(Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"));
        selectTab("tab-runqlat");
        TextArea text = FxWait.onFx(() -> lookup("#runqlat-text").queryAs(TextArea.class));
        FxWait.untilOnFx("the histogram", 20, () -> text.getText().contains("|"));
        WaitForAsyncUtils.waitForFxEvents();
        double[] px = new double[2];
        String[] shown = new String[1];
        interact(() -> {
            ScrollPane scroll = (ScrollPane) text.lookup(".scroll-pane");
            px[0] = scroll.getViewportBounds().getWidth();
            px[1] = text.lookup(".content").lookupAll(".text").stream().filter(n -> n instanceof Text)
                    .mapToDouble(n -> n.getBoundsInParent().getMaxX()).max().orElse(0);
            shown[0] = text.getText();
        });
        assertTrue(px[1] > 0 && px[1] <= px[0], "rows " + px[1] + " px wide in a view of " + px[0] + " px:\n" + shown[0]);
        List<String> rows = shown[0].lines().filter(l -> l.contains("->")).toList();
        assertTrue(rows.size() >= 10 && rows.stream().allMatch(l -> l.endsWith("|")), "every bar closed:\n" + shown[0]);
        int longest = rows.stream().mapToInt(l -> l.length() - l.replace("*", "").length()).max().orElse(0);
        assertTrue(longest >= 10, "the fullest bar " + longest + " stars:\n" + shown[0]);
    }

    private void selectTab(String id) {
        interact(() -> {
            TabPane tabs = lookup("#side-tabs").queryAs(TabPane.class);
            tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst()
                    .orElseThrow());
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void open(Path file) throws Exception {
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its summary", 60, () -> window.vm.timeline().dataset().metadata().source()
                .contains(file.getFileName().toString()) && window.vm.timeline().summary().summary().isPresent());
        // the side panel at its first 30 % of 1280 px (384 px), as under X
        FxWait.untilOnFx("the side panel at 384 px", 20, () -> {
            if (Math.abs(lookup("#side-panel").query().getBoundsInLocal().getWidth() - 384) <= 8) {
                return true;
            }
            lookup(".split-pane").queryAll().stream().filter(n -> n.lookup("#side-panel") != null).findFirst()
                    .ifPresent(n -> ((javafx.scene.control.SplitPane) n).setDividerPositions(0.7));
            return false;
        });
        assertEquals(1280, stage.get().getWidth(), 1);
    }
}
