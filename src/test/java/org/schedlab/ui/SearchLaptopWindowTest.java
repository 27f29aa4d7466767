package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Finding a task on a laptop (1280 x 720): the first letter typed put "13 tasks: java[7329], C2
 * CompilerThre[7348], ..." beside the field, the toolbar grew wider than the window and moved the
 * task lanes, the field being typed in and its summary into its overflow menu. The second letter
 * went nowhere, and Enter pressed the Open button the keyboard fell to. The summary gives way,
 * cut with its whole text in the tooltip; the field stays, with the keyboard and all that was typed.
 */
@ExtendWith(ApplicationExtension.class)
class SearchLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(st -> window.opener(DatasetOpener.standard()).show(st));
    }

    @Test
    void typingInTheSearchFieldKeepsItInTheToolbarOnALaptopScreen() throws Exception {
        window.pick(org.schedlab.io.read.Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"));
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the recording", 60, () -> window.vm.timeline().summary().summary().isPresent());
        TextField search = FxWait.onFx(() -> lookup("#task-search").queryAs(TextField.class));
        Label found = FxWait.onFx(() -> lookup("#search-summary").queryAs(Label.class));
        ToolBar bar = FxWait.onFx(() -> lookup("#toolbar").queryAs(ToolBar.class));
        clickOn(search).write("C");
        FxWait.untilOnFx("the match count", 60, () -> found.getText().startsWith("13 tasks: "));
        WaitForAsyncUtils.waitForFxEvents();
        write("2");
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            assertEquals(1280, stage.get().getWidth(), 1);
            assertEquals("C2", search.getText(), "what was typed");
            assertTrue(search.isFocused(), "the field keeps the keyboard");
            javafx.geometry.Bounds b = search.localToScene(search.getLayoutBounds());
            javafx.geometry.Bounds t = bar.localToScene(bar.getLayoutBounds());
            assertTrue(search.getScene() == bar.getScene() && isInside(search, bar) && b.getMaxX() <= t.getMaxX(),
                    "the field is in the toolbar, in view: " + b);
            assertTrue(isInside(found, bar), "and so is the summary");
            assertTrue(found.localToScene(found.getLayoutBounds()).getMaxX() <= t.getMaxX() + 0.5, "in view");
        });
    }

    /**
     * The suggestions under the field: ControlsFX sizes its list for rows of 24 px and the theme's
     * rows are taller, so two suggestions ("C2 CompilerThre", "C2 CompilerThre[7348]") showed one
     * and a half, the second behind a scroll bar. Every suggestion up to the list's ten is read whole.
     */
    @Test
    void theSuggestionsAreReadWholeUnderTheField() throws Exception {
        window.pick(org.schedlab.io.read.Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"));
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the recording", 60, () -> window.vm.timeline().summary().summary().isPresent());
        clickOn("#task-search").write("C2");
        FxWait.untilOnFx("the suggestions", 60, () -> suggestions() != null && suggestions().getItems().size() == 2
                && !suggestions().lookupAll(".list-cell").isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            javafx.scene.control.ListView<?> list = suggestions();
            javafx.geometry.Bounds area = list.localToScreen(list.getLayoutBounds());
            int whole = 0;
            for (Node n : list.lookupAll(".list-cell")) {
                javafx.scene.control.ListCell<?> c = (javafx.scene.control.ListCell<?>) n;
                javafx.geometry.Bounds b = c.localToScreen(c.getLayoutBounds());
                if (!c.isEmpty() && c.isVisible() && b.getMinY() >= area.getMinY() - 0.5 && b.getMaxY() <= area.getMaxY() + 0.5) {
                    whole++;
                    assertEquals(c.getText(), ShownText.of(c), "a suggestion as drawn");
                }
            }
            assertEquals(list.getItems().size(), whole, "suggestions shown whole");
        });
    }

    /** The completion popup's list, when it shows. */
    private javafx.scene.control.ListView<?> suggestions() {
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (w instanceof javafx.scene.control.PopupControl p && w.isShowing() && p.getSkin() != null
                    && p.getSkin().getNode() instanceof javafx.scene.control.ListView<?> l) {
                return l;
            }
        }
        return null;
    }

    private static boolean isInside(Node n, Node ancestor) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }
}
