package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.WorkspaceViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B tab's table tab (A/B deltas or TCP as Wireshark shows it) and the split panes' dividers
 * in a workspace, in the real window: where the user left them at saving is where they are on
 * screen after opening it again - also when the workspace is restored before the window has been
 * laid out (opened at start), when dividers set at once would be placed anew by the first layout.
 * A workspace without them opens with the dividers of a new window; a divider outside 0..1 in a
 * hand-edited file is put at the edge and named in the report.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceLayoutWindowTest extends FxRobot {

    @TempDir
    Path dir;

    private volatile Optional<Path> nextWorkspacePick = Optional.empty();
    private final List<WorkspaceViewModel.Problem> failures = new CopyOnWriteArrayList<>();

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).picker(LabFixtures.workspacePicker(() -> nextWorkspacePick))
                .beforeShow(wb -> wb.workspace().addFailureListener(failures::add)).show(stage);
    }

    private SplitPane abSplit() {
        return FxWait.onFx(() -> lookup("#ab-split").queryAs(SplitPane.class));
    }

    private SplitPane datasetSplit() {
        return FxWait.onFx(() -> lookup("#workbench-split").queryAs(SplitPane.class));
    }

    private String abTable() {
        return FxWait.onFx(() -> lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    private void openWorkspace(Path f) throws Exception {
        nextWorkspacePick = Optional.of(f);
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.untilOnFx("the workspace is open", 60, () -> !window.workbench.workspace().busyProperty().get()
                && !window.workbench.workspace().messageProperty().get().startsWith("Opening"));
    }

    private Path save(String name) throws Exception {
        Path saved = dir.resolve(name);
        nextWorkspacePick = Optional.of(saved);
        clickOn("File");
        clickOn("Save workspace as\u2026");
        FxWait.untilOnFx("the workspace is saved", 40, () -> Files.exists(saved)
                && window.workbench.workspace().messageProperty().get().startsWith("Saved workspace"));
        return saved;
    }

    @Test
    void theTableTabAndTheDividersComeBackWhereTheyWereOnScreen() throws Exception {
        window.openS390FullVsLazy(this);
        clickOn("TCP as Wireshark shows it");
        assertEquals("ab-wireshark-tab", abTable());
        interact(() -> {
            abSplit().setDividerPositions(0.3, 0.62);
            window.workbench.showDatasetTab();
        });
        interact(() -> datasetSplit().setDividerPositions(0.6));
        WaitForAsyncUtils.waitForFxEvents();
        Path saved = save("study.schedlab");
        String json = Files.readString(saved);
        assertTrue(json.contains("\"abTables\" : \"tcp\""), json);
        com.fasterxml.jackson.databind.JsonNode kept = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json)
                .path("panels").path("dividers");
        assertEquals(2, kept.path("ab").size(), json);
        assertEquals(0.3, kept.path("ab").get(0).asDouble(), DividersOnScreen.CLOSE, json);
        assertEquals(0.62, kept.path("ab").get(1).asDouble(), DividersOnScreen.CLOSE, json);
        assertEquals(0.6, kept.path("dataset").get(0).asDouble(), 1e-9, json);
        // the Live tab, never shown: its splits where a new window puts them
        assertEquals(0.58, kept.path("live").get(0).asDouble(), DividersOnScreen.CLOSE, json);
        assertEquals(0.6, kept.path("liveSide").get(0).asDouble(), DividersOnScreen.CLOSE, json);

        // the user moves on: the deltas, the dividers elsewhere
        interact(() -> {
            window.ui.showCompare();
            lookup("#ab-tables").queryAs(TabPane.class).getSelectionModel().select(0);
            abSplit().setDividerPositions(0.4, 0.8);
        });
        interact(() -> {
            window.workbench.showDatasetTab();
            datasetSplit().setDividerPositions(0.75);
        });
        DividersOnScreen.assertAt("moved away", datasetSplit(), 0.75);

        openWorkspace(saved);
        DividersOnScreen.assertAt("the Dataset tab's split", datasetSplit(), 0.6);
        interact(window.ui::showCompare);
        DividersOnScreen.assertAt("A, B and the table", abSplit(), 0.3, 0.62);
        // the reruns clear the rows and bring them back: the TCP tab is chosen again with them
        FxWait.untilOnFx("the TCP table again", 60, () -> "ab-wireshark-tab".equals(abTable()));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void aWorkspaceWithoutDividersOpensWithANewWindowsAndOneOutOfRangeIsClampedAndNamed() throws Exception {
        interact(() -> {
            datasetSplit().setDividerPositions(0.5);
            abSplit().setDividerPositions(0.1, 0.9);
        });
        Path older = Files.writeString(dir.resolve("older.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"dataset\", \"colorMode\": \"task\"}\n");
        openWorkspace(older);
        DividersOnScreen.assertAt("as a new window", datasetSplit(), 0.7);
        interact(window.ui::showCompare);
        DividersOnScreen.assertAt("as a new window", abSplit(), 0.28, 0.56);
        assertTrue(failures.isEmpty(), failures.toString());

        // hand-edited: a divider past the edge, a split this version lacks, a table tab it lacks
        Path hand = Files.writeString(dir.resolve("hand.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"ab\", \"colorMode\": \"task\",\n"
                        + " \"panels\": {\"tabs\": {\"abTables\": \"flamegraph\"},\n"
                        + "   \"dividers\": {\"ab\": [0.3, 1.5], \"sweep\": [0.5]}}}\n");
        openWorkspace(hand);
        assertEquals("ab-deltas-tab", abTable());
        assertEquals(1, failures.size(), failures.toString());
        assertEquals(hand.toAbsolutePath() + ":3:29: divider position 1.5 in \"ab\" of \"dividers\" is outside 0..1;"
                + " using 1", failures.get(0).message());
        // as far down as the table's own minimum lets it go: B grows, A stays where it was put
        WaitForAsyncUtils.waitForFxEvents();
        double[] drawn = DividersOnScreen.drawn(abSplit());
        assertEquals(0.3, drawn[0], DividersOnScreen.CLOSE, java.util.Arrays.toString(drawn));
        assertTrue(drawn[1] > 0.56 + DividersOnScreen.CLOSE, java.util.Arrays.toString(drawn));
    }
}
