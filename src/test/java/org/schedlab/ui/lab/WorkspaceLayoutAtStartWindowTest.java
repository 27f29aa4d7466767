package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A workspace restored into the window before it is shown (one given at start can be): the split
 * panes have no size yet, and dividers set then would be placed anew by their first layout. The
 * restored positions are the ones on screen once the window is laid out - the A/B tab's in front,
 * the Dataset tab's behind it.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceLayoutAtStartWindowTest extends FxRobot {
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) throws Exception {
        Path f = Files.createTempFile("start", ".schedlab");
        String side = "{\"parameters\": {\"durationMs\": \"40\", \"warmupMs\": \"20\", \"preemption\": \"%s\"}, \"seed\": 1}";
        Files.writeString(f, "{\"schedlabWorkspace\": 1, \"tab\": \"ab\", \"colorMode\": \"task\",\n"
                + " \"ab\": {\"scenario\": \"s390-uperf\", \"a\": " + side.formatted("full") + ", \"b\": "
                + side.formatted("lazy") + "},\n"
                + " \"panels\": {\"tabs\": {\"abTables\": \"tcp\"},\n"
                + "   \"dividers\": {\"ab\": [0.3, 0.62], \"dataset\": [0.55], \"live\": [0.5], \"liveSide\": [0.25]}}}\n");
        Workspace w = WorkspaceFile.read(f);
        Files.delete(f);
        window.opener(DatasetOpener.standard()).beforeShow(wb -> {
            wb.workspace().restore(w, problems::addAll);
        }).show(stage);
        TabPane tables = (TabPane) stage.getScene().lookup("#ab-tables");
        tables.getSelectionModel().selectedItemProperty().addListener((o, was, now) ->
                shown.add(now.getId() + (now.isDisable() ? " (disabled)" : "")));
    }

    /** The table tabs selected after the window showed, in order (a tab disabled when selected says so). */
    private final List<String> shown = new CopyOnWriteArrayList<>();

    @Test
    void theTcpTableChosenInTheWorkspaceShowsOnceTheRunsCountTcpAndTheDeltasMeanwhile() throws Exception {
        FxWait.until("the TCP table", 60, () -> !shown.isEmpty() && shown.get(shown.size() - 1).equals("ab-wireshark-tab"));
        // not a blank TCP tab greyed out while the runs compute: the deltas' placeholder says what is pending
        assertEquals("ab-deltas-tab", shown.get(0), shown.toString());
        assertTrue(problems.isEmpty(), problems.toString());
    }

    @Test
    void dividersRestoredBeforeTheWindowIsLaidOutAreTheOnesOnScreen() {
        assertEquals("tab-ab", FxWait.onFx(() -> lookup("#workspaces").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().getSelectedItem().getId()));
        DividersOnScreen.assertAt("A, B and the table, the A/B tab in front",
                FxWait.onFx(() -> lookup("#ab-split").queryAs(SplitPane.class)), 0.3, 0.62);
        interact(window.workbench::showDatasetTab);
        DividersOnScreen.assertAt("the Dataset tab's split", lookup("#workbench-split")
                .queryAs(SplitPane.class), 0.55);
        // the Live tab, first shown now: laid out long after the workspace was restored
        interact(window.ui::showLive);
        DividersOnScreen.assertAt("the Live tab's timeline and side", FxWait.onFx(() -> lookup("#live-split")
                .queryAs(SplitPane.class)), 0.5);
        DividersOnScreen.assertAt("the Live tab's explanation and summary", lookup("#live-side-split")
                .queryAs(SplitPane.class), 0.25);
        assertTrue(problems.isEmpty(), problems.toString());
    }
}
