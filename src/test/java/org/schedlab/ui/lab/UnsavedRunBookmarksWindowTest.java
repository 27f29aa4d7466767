package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.Bookmark;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Quit, the close button and an opened workspace asked before dropping the Dataset tab's unsaved
 * bookmarks only: a bookmark on the Live run (or an A/B side) went without a word. The same
 * question now counts them, naming where they are.
 */
@ExtendWith(ApplicationExtension.class)
class UnsavedRunBookmarksWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private volatile Optional<Path> nextWorkspacePick = Optional.empty();
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window.picker(LabFixtures.workspacePicker(() -> nextWorkspacePick)).show(stage);
    }

    @Test
    void aLiveRunBookmarkIsAskedAboutCancelKeepsItAndDiscardOpensTheWorkspace() throws Exception {
        Path saved = dir.resolve("before.schedlab");
        RunViewModel live = liveRun();
        TimelineViewModel dataset = window.vm.timeline();
        interact(() -> window.vm.openExample());
        FxWait.untilOnFx("the example is shown", 30, () -> dataset.dataset().cpuCount() == 2
                && !window.vm.loadingProperty().get());
        saveWorkspace(saved); // the workspace to open, saved before the bookmarks: it replaces both places

        long at = FxWait.onFx(() -> live.timeline().boundStartNs() + 3_000_000);
        interact(() -> live.timeline().bookmarks().add(at, "lazy waits for the tick"));
        clickOn("File");
        clickOn("Quit");
        DialogPane dialog = question();
        assertTrue(dialog.getHeaderText().contains("1 bookmark"), dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("Quitting drops the bookmarks on the Live run"),
                dialog.getContentText());
        DialogPane asked = dialog;
        // by the dialog's own button: the Live tab's run has a Cancel of its own
        clickOn(FxWait.onFx(() -> asked.lookupButton(ButtonType.CANCEL)));
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertTrue(FxWait.onFx(stage::isShowing), "Cancel keeps the window");
        assertEquals(List.of(new Bookmark(at, "lazy waits for the tick")),
                FxWait.onFx(() -> List.copyOf(live.timeline().bookmarks().bookmarks())), "Cancel keeps the bookmark");

        // one on the Dataset tab too: both places are named
        interact(() -> dataset.bookmarks().add(dataset.startNs() + dataset.spanNs() / 3, "the stall"));
        clickOn("File");
        clickOn("Open workspace\u2026");
        dialog = question();
        assertTrue(dialog.getHeaderText().contains("2 bookmarks (Dataset 1, Live run 1)"), dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("Opening before.schedlab drops the bookmarks on the Dataset tab"
                + " and the Live run."), dialog.getContentText());
        clickOn("Discard");
        FxWait.untilOnFx("the workspace opened", 30, () -> window.workbench.workspace().fileProperty().get()
                .equals(Optional.of(saved)) && live.timeline().bookmarks().bookmarks().isEmpty()
                && !live.busyProperty().get());
    }

    @Test
    void bookmarksRestoredFromAWorkspaceAndNotEditedAskNothing() throws Exception {
        Path saved = dir.resolve("marks.schedlab");
        RunViewModel live = liveRun();
        RunViewModel b = window.lab.compare().side(CompareViewModel.Side.B);
        interact(() -> window.lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"),
                Map.of("durationMs", "500", "preemption", "full")));
        FxWait.untilOnFx("the A/B runs", 40, () -> b.outcome().isPresent() && !b.busyProperty().get());
        long liveNs = FxWait.onFx(() -> live.timeline().boundStartNs() + 3_000_000);
        long bNs = FxWait.onFx(() -> b.timeline().boundStartNs() + 40_000_000);
        interact(() -> {
            live.timeline().bookmarks().add(liveNs, "lazy waits for the tick");
            b.timeline().bookmarks().add(bNs, "full: preempted at once");
        });
        assertEquals(Map.of("Live run", 1, "A/B side B", 1), FxWait.onFx(window.workbench.workspace()::unsavedBookmarks));
        saveWorkspace(saved);
        assertEquals(Map.of(), FxWait.onFx(window.workbench.workspace()::unsavedBookmarks), "saved: nothing to lose");

        // other scenarios: their runs open without the bookmarks; then open the saved workspace
        // again: the bookmarks come back on its reruns, kept by the file
        org.schedlab.sim.scenario.Scenario fair = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> {
            window.lab.openLive(fair, Map.of("durationMs", "500"));
            window.lab.compare().open(fair, Map.of(), Map.of("preemption", "full"));
        });
        FxWait.untilOnFx("the other scenario's runs", 40, () -> live.timeline().bookmarks().bookmarks().isEmpty()
                && b.timeline().bookmarks().bookmarks().isEmpty() && !live.busyProperty().get()
                && !b.busyProperty().get());
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.untilOnFx("the bookmarks are back", 40, () -> !live.busyProperty().get() && !b.busyProperty().get()
                && live.timeline().bookmarks().bookmarks().equals(List.of(new Bookmark(liveNs, "lazy waits for the tick")))
                && b.timeline().bookmarks().bookmarks().equals(List.of(new Bookmark(bNs, "full: preempted at once"))));
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "saved bookmarks ask nothing");
        // a rerun of the same scenario and Swap A and B carry them, saved as they were
        interact(() -> {
            window.lab.livePanelProperty().get().apply(Map.of("durationMs", "400", "seed", "7"));
            window.lab.compare().swap();
        });
        FxWait.untilOnFx("the rerun is in", 40, () -> !live.busyProperty().get() && !live.staleProperty().get()
                && "400".equals(live.timeline().dataset().metadata().parameters().get("durationMs")));
        assertEquals(Map.of(), FxWait.onFx(window.workbench.workspace()::unsavedBookmarks),
                "restored, rerun and swapped, not edited");
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.untilOnFx("the reruns of the reopened workspace", 40, () -> !live.busyProperty().get()
                && "500".equals(live.timeline().dataset().metadata().parameters().get("durationMs"))
                && !window.workbench.workspace().busyProperty().get());
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "nothing to lose, nothing asked");
    }

    /**
     * Opening a workspace asked about the bookmarks on the Live run, A and B whatever the file
     * held; but a file without a Live run, an A/B setup or data leaves that part as it is, its
     * bookmarks with it. The question counts only what the file replaces, and asks nothing when
     * that has no unsaved bookmark.
     */
    @Test
    void openingAWorkspaceAsksOnlyAboutThePartsTheFileReplaces() throws Exception {
        RunViewModel live = liveRun();
        RunViewModel b = window.lab.compare().side(CompareViewModel.Side.B);
        TimelineViewModel dataset = window.vm.timeline();
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"),
                    Map.of("durationMs", "500", "preemption", "full"));
            window.vm.openExample();
        });
        FxWait.untilOnFx("the A/B runs and the example", 40, () -> b.outcome().isPresent() && !b.busyProperty().get()
                && dataset.dataset().cpuCount() == 2 && !window.vm.loadingProperty().get());
        Bookmark onLive = new Bookmark(FxWait.onFx(() -> live.timeline().boundStartNs() + 3_000_000), "live");
        Bookmark onB = new Bookmark(FxWait.onFx(() -> b.timeline().boundStartNs() + 40_000_000), "side B");
        Bookmark onData = new Bookmark(FxWait.onFx(() -> dataset.startNs() + dataset.spanNs() / 3), "the stall");
        interact(() -> {
            live.timeline().bookmarks().add(onLive.tNs(), onLive.note());
            b.timeline().bookmarks().add(onB.tNs(), onB.note());
            dataset.bookmarks().add(onData.tNs(), onData.note());
        });
        // a study of the Live run only, and one of none of these (colours and the tab)
        Path liveOnly = dir.resolve("live-only.schedlab");
        WorkspaceFile.save(liveOnly, Workspace.empty().withLive(Optional.of(new Workspace.SimRun(LabFixtures.TEACH,
                Map.of("durationMs", "300"), 7, Optional.empty()))), "test");
        Path bare = dir.resolve("bare.schedlab");
        WorkspaceFile.save(bare, Workspace.empty(), "test");
        String status = FxWait.onFx(() -> window.workbench.workspace().messageProperty().get());

        nextWorkspacePick = Optional.of(liveOnly);
        clickOn("File");
        clickOn("Open workspace\u2026");
        DialogPane dialog = question();
        assertEquals("Save 1 bookmark in a workspace first?", dialog.getHeaderText(), "the Live run's only");
        assertTrue(dialog.getContentText().startsWith("Opening live-only.schedlab drops the bookmarks on the Live run."),
                dialog.getContentText());
        DialogPane asked = dialog;
        clickOn(FxWait.onFx(() -> asked.lookupButton(ButtonType.CANCEL)));
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertEquals(Optional.empty(), FxWait.onFx(() -> window.workbench.workspace().fileProperty().get()),
                "Cancel opens nothing");
        assertEquals(status, FxWait.onFx(() -> window.workbench.workspace().messageProperty().get()),
                "the status line as before");

        nextWorkspacePick = Optional.of(bare);
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.untilOnFx("the bare workspace opened", 60, () -> window.workbench.workspace().fileProperty().get()
                .equals(Optional.of(bare)) && !window.workbench.workspace().busyProperty().get());
        assertTrue(lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty(), "it replaces nothing that has bookmarks");
        assertEquals(Map.of("Dataset", 1, "Live run", 1, "A/B side B", 1),
                FxWait.onFx(window.workbench.workspace()::unsavedBookmarks), "all still there, still unsaved");

        nextWorkspacePick = Optional.of(liveOnly);
        clickOn("File");
        clickOn("Open workspace\u2026");
        question();
        clickOn("Discard");
        FxWait.untilOnFx("the Live run of live-only.schedlab", 40, () -> !live.busyProperty().get()
                && "300".equals(live.timeline().dataset().metadata().parameters().get("durationMs")));
        assertEquals(List.of(), FxWait.onFx(() -> List.copyOf(live.timeline().bookmarks().bookmarks())));
        assertEquals(List.of(onB), FxWait.onFx(() -> List.copyOf(b.timeline().bookmarks().bookmarks())), "A/B left alone");
        assertEquals(List.of(onData), FxWait.onFx(() -> List.copyOf(dataset.bookmarks().bookmarks())), "the Dataset tab left alone");
    }

    /**
     * An A/B side whose data a reopened workspace could not show shows its simulation, and a save
     * keeps that data (with its own bookmarks), not the bookmarks put on the simulation: the
     * question offered Save for those, which kept nothing, and asked again after every save.
     */
    @Test
    void bookmarksOnASimulationShownInPlaceOfMissingDataAreNotOfferedASave() throws Exception {
        Path goneData = dir.resolve("gone.json");
        Workspace.AbSetup ab = new Workspace.AbSetup(LabFixtures.TEACH,
                new Workspace.AbSide(Map.of("durationMs", "300"), 1,
                        Optional.of(new Workspace.Sources(List.of(goneData), Optional.empty()))),
                new Workspace.AbSide(Map.of("durationMs", "300", "preemption", "full"), 1), 1, Optional.empty());
        Path gone = dir.resolve("gone-side.schedlab");
        WorkspaceFile.save(gone, Workspace.empty().withAb(Optional.of(ab)), "test");
        Path other = dir.resolve("other.schedlab");
        WorkspaceFile.save(other, Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                new Workspace.AbSide(Map.of("durationMs", "300"), 2), new Workspace.AbSide(Map.of("durationMs", "300"), 3),
                1, Optional.empty()))), "test");
        RunViewModel a = window.lab.compare().side(CompareViewModel.Side.A);

        nextWorkspacePick = Optional.of(gone);
        clickOn("File");
        clickOn("Open workspace…");
        FxWait.untilOnFx("A shows its simulation in place of gone.json", 40, () -> !window.workbench.workspace()
                .busyProperty().get() && window.lab.compare().unshownDataProperty(CompareViewModel.Side.A).get()
                .filter(u -> !u.why().isEmpty()).isPresent() && a.outcome().isPresent() && !a.busyProperty().get()
                && lookup(".dialog-pane").tryQuery().isPresent());
        interact(() -> lookup(".dialog-pane").queryAll().forEach(d -> d.getScene().getWindow().hide())); // opened in part
        Bookmark mark = new Bookmark(FxWait.onFx(() -> a.timeline().boundStartNs() + 40_000_000), "on the simulation");
        interact(() -> a.timeline().bookmarks().add(mark.tNs(), mark.note()));

        nextWorkspacePick = Optional.of(other);
        clickOn("File");
        clickOn("Open workspace…");
        DialogPane asked = question();
        assertTrue(FxWait.onFx(() -> asked.getButtonTypes().stream().noneMatch(t -> org.schedlab.ui.MenuText.of(t).startsWith("Save"))),
                "a save would not keep it: " + FxWait.onFx(asked::getButtonTypes));
        assertEquals("Discard 1 bookmark? The workspace cannot keep it", asked.getHeaderText());
        assertTrue(asked.getContentText().contains("Saving the workspace would not keep it"), asked.getContentText());
        clickOn(FxWait.onFx(() -> asked.lookupButton(ButtonType.CANCEL)));
        FxWait.untilOnFx("the question is gone", 60, () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isEmpty());
        assertEquals(List.of(mark), FxWait.onFx(() -> List.copyOf(a.timeline().bookmarks().bookmarks())),
                "Cancel keeps it");
        assertEquals(Optional.of(gone), FxWait.onFx(() -> window.workbench.workspace().fileProperty().get()));
    }

    /** The teaching scenario on the Live tab, its run in. */
    private RunViewModel liveRun() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500", "seed", "7"));
            window.ui.showLive();
        });
        RunViewModel live = window.lab.live();
        FxWait.untilOnFx("the live run", 40, () -> live.outcome().isPresent() && !live.busyProperty().get());
        return live;
    }

    private void saveWorkspace(Path to) throws Exception {
        nextWorkspacePick = Optional.of(to);
        clickOn("File");
        clickOn("Save workspace as\u2026");
        FxWait.untilOnFx("the workspace is saved", 60, () -> Files.exists(to)
                && window.workbench.workspace().fileProperty().get().equals(Optional.of(to))
                && !window.workbench.workspace().busyProperty().get());
    }

    private DialogPane question() throws Exception {
        FxWait.untilOnFx("the question about the bookmarks", 60,
                () -> lookup("#unsaved-bookmarks-dialog").tryQuery().isPresent());
        return FxWait.onFx(() -> lookup("#unsaved-bookmarks-dialog").queryAs(DialogPane.class));
    }
}
