package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.control.TableRow;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.io.DatasetJson;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Selection tab's task table adds up each switch-in to its switch-out (perf sched timehist's
 * run time); schedlab import's task table prints perf sched latency's Runtime, which can be less
 * (java[7329] 450 ms against 422.437 ms in runA). Nothing said which: the "ran" column's header
 * names its rule, and the other's, in its tooltip.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionRunTimeRuleWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @TempDir
    Path dir;

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    @Test
    void theRunTimeHeaderNamesItsRule() throws Exception {
        Path file = dir.resolve("lhp.json");
        DatasetJson.write(LockHolderPreemption.dataset(), file);
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file and its task table", 60, () -> window.vm.timeline().summary().summary().isPresent()
                && lookup("#selection-tasks .table-row-cell").queryAll().stream()
                        .anyMatch(r -> !((TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> tips = FxWait.onFx(() -> lookup("#selection-tasks .column-header").queryAll().stream()
                .filter(n -> n instanceof TableColumnHeader h && h.getTableColumn() != null
                        && "ran".equals(h.getTableColumn().getText()))
                .map(n -> (Tooltip) n.getProperties().get("javafx.scene.control.Tooltip"))
                .map(t -> t == null ? "none" : t.getText()).toList());
        assertEquals(1, tips.size(), "the ran column's header: " + tips);
        String tip = tips.get(0);
        assertTrue(tip.contains("switch-in to its switch-out") && tip.contains("perf sched timehist"),
                "its rule: " + tip);
        assertTrue(tip.contains("schedlab import") && tip.contains("perf sched latency"), "and the other's: " + tip);
    }
}
