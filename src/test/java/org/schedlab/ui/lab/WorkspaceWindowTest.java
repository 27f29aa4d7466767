package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;

import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.render.Bookmark;
import org.schedlab.render.ColorMode;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FilePicker;
import org.schedlab.ui.RecentFiles;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File > Save workspace as… and File > Open workspace… in the real window, headless: the menu
 * items are clicked, only the native file chooser is replaced by the test's answer. A
 * dataset with a bookmark and a zoomed window, a live run with its seed and an A/B setup are
 * saved, the window is changed, and opening the workspace brings them all back.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private volatile Optional<Path> nextWorkspacePick = Optional.empty();
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private LabViewModel lab;
    private Lab labUi;
    private final List<WorkspaceViewModel.Problem> failures = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        FilePicker picker = LabFixtures.workspacePicker(() -> nextWorkspacePick);
        window.opener(DatasetOpener.standard())
                .recentFiles(RecentFiles.storedIn(Files.createTempDirectory("schedlab-recent").resolve("recent.json")))
                .picker(picker)
                .beforeShow(wb -> wb.workspace().addFailureListener(failures::add))
                .show(stage);
        workbench = window.workbench;
        vm = window.vm;
        lab = window.lab;
        labUi = window.ui;
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 40, condition);
    }

    /** The example dataset written to a file of our own, so the workspace refers to a real path. */
    private Path datasetFile(String name) throws Exception {
        interact(() -> vm.openExample());
        waitUntil("the example", () -> vm.timeline().dataset() != TimelineViewModel.NO_DATASET);
        Path f = dir.resolve(name);
        DatasetJson.write(vm.timeline().dataset(), f);
        return f;
    }

    private String selectedTabId() {
        return FxWait.onFx(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    @Test
    void savingAndReopeningAWorkspaceBringsBackBookmarksWindowRunsAndTab() throws Exception {
        Path data = datasetFile("pgbench.json");
        interact(() -> vm.openFiles(List.of(data)));
        waitUntil("the file is open", () -> vm.sourceNameProperty().get().equals("pgbench.json"));
        TimelineViewModel t = vm.timeline();
        Dataset d = t.dataset();
        long bookmarkNs = d.startNs() + d.spanNs() / 3;
        long winStart = d.startNs() + d.spanNs() / 4;
        long winEnd = d.startNs() + d.spanNs() / 2;
        interact(() -> {
            t.bookmarks().add(bookmarkNs, "holder preempted here");
            t.setWindow(winStart, winEnd);
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500", "seed", "7"));
            lab.compare().seedsProperty().set(2);
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "500"),
                    Map.of("preemption", "full", "durationMs", "500"));
            labUi.showLive();
        });
        clickOn("View");
        clickOn("Color by state");
        waitUntil("live and A/B runs", () -> lab.live().outcome().isPresent()
                && lab.compare().side(CompareViewModel.Side.A).outcome().isPresent()
                && lab.compare().side(CompareViewModel.Side.B).outcome().isPresent());

        Path saved = dir.resolve("study.schedlab");
        nextWorkspacePick = Optional.of(dir.resolve("study")); // the extension is added
        clickOn("File");
        clickOn("Save workspace as\u2026");
        waitUntil("the workspace is saved", () -> Files.exists(saved)
                && workbench.workspace().fileProperty().get().isPresent());
        assertEquals(Optional.of(saved), workbench.workspace().fileProperty().get());
        assertEquals(List.of(saved), vm.recentEntriesProperty().get(0), "the workspace is the newest recent entry");
        assertEquals("Saved workspace study.schedlab", FxWait.onFx(() -> lookup("#status-workspace").queryLabeled()
                .getText()));

        // change everything the workspace holds
        interact(() -> {
            t.bookmarks().remove(t.bookmarks().bookmarks().size() - 1);
            t.fitAll();
            t.colorModeProperty().set(ColorMode.BY_TASK);
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showCompare();
        });
        interact(() -> vm.openExample());
        waitUntil("the example replaced the file",
                () -> vm.sourceNameProperty().get().equals("pgbench-2cpu-50ms.json"));

        nextWorkspacePick = Optional.of(saved);
        clickOn("File");
        clickOn("Open workspace\u2026");
        waitUntil("the file and its bookmark are back", () -> vm.sourceNameProperty().get().equals("pgbench.json")
                && t.bookmarks().bookmarks().contains(new Bookmark(bookmarkNs, "holder preempted here")));
        assertEquals(winStart, t.startNs());
        assertEquals(winEnd, t.endNs());
        assertEquals(ColorMode.BY_STATE, t.colorModeProperty().get());
        assertEquals(List.of(saved), vm.recentEntriesProperty().get(0), "the workspace stays the newest recent entry");
        assertEquals("tab-live", selectedTabId());
        waitUntil("the live run with seed 7 is back", () -> lab.live().outcome().isPresent()
                && !lab.live().busyProperty().get()
                && "7".equals(lab.live().timeline().dataset().metadata().parameters().get("seed")));
        assertEquals(Map.of("durationMs", "500", "seed", "7"), lab.livePanelProperty().get().overrides());
        assertEquals(2, lab.compare().seedsProperty().get());
        assertEquals("full", lab.compare().panel(CompareViewModel.Side.B).overrides().get("preemption"));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void aMissingFileIsNamedAndTheRestOfTheWorkspaceStillOpens() throws Exception {
        Path kept = datasetFile("kept.json");
        Path gone = dir.resolve("gone.json");
        Workspace w = Workspace.empty().withTab(Workspace.Tab.DATASET).withDataset(Optional.of(
                new Workspace.DatasetPart(List.of(kept, gone), Optional.empty(),
                        List.of(new Bookmark(vm.timeline().dataset().startNs() + 1000, "still here")),
                        Optional.empty())));
        Path f = dir.resolve("partial.schedlab");
        WorkspaceFile.save(f, w, "test");

        nextWorkspacePick = Optional.of(f);
        clickOn("File");
        clickOn("Open workspace\u2026");

        FxWait.until("the failure report", 40, () -> !failures.isEmpty());
        String message = failures.get(0).message();
        assertTrue(message.contains("gone.json is missing"), message);
        assertTrue(!message.contains("kept.json"), message);
        assertEquals("Opened partial.schedlab; some of it could not be restored as saved", failures.get(0).title());
        waitUntil("the file that exists opens", () -> vm.sourceNameProperty().get().equals("kept.json")
                && t().bookmarks().bookmarks().stream().anyMatch(b -> b.note().equals("still here")));
        assertEquals("tab-dataset", selectedTabId());
    }

    @Test
    void anUnknownScenarioIsNamedAndTheOtherRunStillOpens() throws Exception {
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB)
                .withLive(Optional.of(new Workspace.SimRun("no-such-scenario", Map.of(), 1, Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                        new Workspace.AbSide(Map.of("preemption", "none", "durationMs", "500"), 3),
                        new Workspace.AbSide(Map.of("preemption", "full", "durationMs", "500"), 3), 1,
                        Optional.empty(), false)));
        Path f = dir.resolve("scenarios.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> workbench.workspace().open(f));

        FxWait.until("the failure report", 40, () -> !failures.isEmpty());
        assertTrue(failures.get(0).message().contains("Live run: ") && failures.get(0).message()
                .contains("no-such-scenario"), failures.get(0).message());
        waitUntil("both A/B sides ran with seed 3", () -> List.of(CompareViewModel.Side.A, CompareViewModel.Side.B)
                .stream().allMatch(side -> lab.compare().side(side).outcome().flatMap(RunOutcome::dataset)
                        .map(d -> "3".equals(d.metadata().parameters().get("seed"))).orElse(false)));
        assertEquals("tab-ab", selectedTabId());
        assertEquals("Opened workspace scenarios.schedlab in part",
                FxWait.onFx(() -> lookup("#status-workspace").queryLabeled().getText()));
        assertFalse(lab.compare().lanesLinkedProperty().get(), "Link lanes as the workspace kept it: off");
    }

    @Test
    void anABSideShowingTheDatasetTabShowsItAgainOnceTheFileIsRead() throws Exception {
        Path data = datasetFile("recording.json");
        interact(() -> vm.openFiles(List.of(data)));
        waitUntil("the file is open", () -> vm.sourceNameProperty().get().equals("recording.json"));
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"), Map.of("durationMs", "500"));
            lab.compare().showDataset(CompareViewModel.Side.A, vm.timeline().dataset(), "recording.json",
                    vm.openedSources());
        });
        Workspace[] captured = new Workspace[1];
        interact(() -> captured[0] = workbench.workspace().capture());
        assertEquals(Optional.of(new Workspace.Sources(List.of(data), Optional.empty())),
                captured[0].ab().orElseThrow().a().data());
        Path f = dir.resolve("ab.schedlab");
        WorkspaceFile.save(f, captured[0], "test");

        interact(() -> {
            vm.openExample();
            lab.compare().open(LabFixtures.teach(), Map.of(), Map.of());
        });
        waitUntil("side A is simulated again", () -> !lab.compare().showsDatasetProperty(CompareViewModel.Side.A).get()
                && vm.sourceNameProperty().get().equals("pgbench-2cpu-50ms.json"));

        interact(() -> workbench.workspace().open(f));

        waitUntil("side A shows the reread file", () -> lab.compare().showsDatasetProperty(CompareViewModel.Side.A)
                .get() && lab.compare().side(CompareViewModel.Side.A).outcome()
                .map(o -> o.label().equals("recording.json")).orElse(false));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void eachABSideGetsBackTheFileItShowedNotWhatTheDatasetTabShowsAtSaving() throws Exception {
        Path before = datasetFile("before.json");
        Path after = datasetFile("after.json");
        interact(() -> lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"),
                Map.of("durationMs", "500")));
        interact(() -> vm.openFiles(List.of(before)));
        waitUntil("before.json is open", () -> vm.sourceNameProperty().get().equals("before.json"));
        clickOn("Simulate");
        clickOn("Dataset tab \u2192 A");
        interact(() -> vm.openFiles(List.of(after)));
        waitUntil("after.json is open", () -> vm.sourceNameProperty().get().equals("after.json"));
        clickOn("Simulate");
        clickOn("Dataset tab \u2192 B");
        waitUntil("A shows before.json, B after.json", () -> label(CompareViewModel.Side.A).equals("before.json")
                && label(CompareViewModel.Side.B).equals("after.json"));
        Path f = dir.resolve("two-recordings.schedlab");
        interact(() -> workbench.workspace().saveAs(f));
        waitUntil("saved", () -> Files.exists(f) && workbench.workspace().messageProperty().get().startsWith("Saved"));

        interact(() -> {
            vm.openExample();
            lab.compare().open(LabFixtures.teach(), Map.of(), Map.of());
        });
        waitUntil("both sides simulate again", () -> !lab.compare().showsDatasetProperty(CompareViewModel.Side.A).get()
                && !lab.compare().showsDatasetProperty(CompareViewModel.Side.B).get()
                && vm.sourceNameProperty().get().equals("pgbench-2cpu-50ms.json"));

        interact(() -> workbench.workspace().open(f));

        waitUntil("A shows before.json again, B after.json", () -> label(CompareViewModel.Side.A).equals("before.json")
                && label(CompareViewModel.Side.B).equals("after.json")
                && lab.compare().showsDatasetProperty(CompareViewModel.Side.A).get()
                && lab.compare().showsDatasetProperty(CompareViewModel.Side.B).get());
        waitUntil("the Dataset tab shows after.json", () -> vm.sourceNameProperty().get().equals("after.json"));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void aSideWhoseOwnFileIsGoneIsNamedAndShowsItsSimulation() throws Exception {
        Path kept = datasetFile("kept.json");
        Path gone = dir.resolve("gone.json");
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB)
                .withDataset(Optional.of(new Workspace.DatasetPart(List.of(kept), Optional.empty(), List.of(),
                        Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                        new Workspace.AbSide(Map.of("durationMs", "500"), 1,
                                Optional.of(new Workspace.Sources(List.of(gone), Optional.empty()))),
                        new Workspace.AbSide(Map.of("durationMs", "500"), 1,
                                Optional.of(new Workspace.Sources(List.of(kept), Optional.empty()))), 1,
                        Optional.empty())));
        List<List<String>> problems = new CopyOnWriteArrayList<>();

        interact(() -> workbench.workspace().restore(w, problems::add));
        FxWait.until("the restore's report", 40, () -> !problems.isEmpty());

        assertEquals(List.of("A/B side A: " + gone + ": no such file; the side shows its simulation"),
                problems.get(0));
        waitUntil("B shows the Dataset tab's file", () -> label(CompareViewModel.Side.B).equals("kept.json"));
        waitUntil("A runs its parameters", () -> lab.compare().side(CompareViewModel.Side.A).outcome()
                .flatMap(RunOutcome::dataset).isPresent() && !label(CompareViewModel.Side.A).equals("kept.json"));
        assertFalse(lab.compare().showsDatasetProperty(CompareViewModel.Side.A).get());
    }

    /** What a saved workspace's A/B side {@code side} names as its data: "files" or "example", absent when it simulates. */
    private static com.fasterxml.jackson.databind.JsonNode sideData(Path workspace, String side) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(workspace.toFile()).path("ab").path(side)
                .path("data");
    }

    /** Clicks File > {@code menuItem} and waits for the save to {@code expected} (removed first, so its new copy shows). */
    private void saveThrough(String menuItem, Path expected) throws Exception {
        Files.deleteIfExists(expected);
        clickOn("File");
        clickOn(menuItem);
        waitUntil("saved to " + expected, () -> Files.exists(expected) && !workbench.workspace().busyProperty().get()
                && workbench.workspace().fileProperty().get().equals(Optional.of(expected))
                && workbench.workspace().messageProperty().get().equals("Saved workspace " + expected.getFileName()));
    }

    @Test
    void aSideWhoseFileIsGoneKeepsItThroughSavesWhereverTheyGoUntilTheSideChanges() throws Exception {
        Path disk = Files.createDirectories(dir.resolve("disk"));
        Path run = datasetFile("disk/run.json");
        Path study = dir.resolve("study.schedlab");
        WorkspaceFile.save(study, Workspace.empty().withTab(Workspace.Tab.DATASET).withAb(Optional.of(
                new Workspace.AbSetup(LabFixtures.TEACH,
                        new Workspace.AbSide(Map.of("durationMs", "500"), 1,
                                Optional.of(new Workspace.Sources(List.of(run), Optional.empty()))),
                        new Workspace.AbSide(Map.of("durationMs", "500", "preemption", "full"), 1), 1,
                        Optional.empty()))), "test");
        assertEquals("disk/run.json", sideData(study, "a").path("files").path(0).asText(), "saved beside it");
        Files.delete(run); // the disk is unplugged

        nextWorkspacePick = Optional.of(study);
        clickOn("File");
        clickOn("Open workspace\u2026");
        FxWait.until("the report", 40, () -> !failures.isEmpty());
        assertEquals("A/B side A: " + run + ": no such file; the side shows its simulation", failures.get(0).message());
        waitUntil("the report's dialog", () -> lookup("#workspace-problem-dialog").tryQuery().isPresent());
        clickOn(FxWait.onFx(() -> from(lookup("#workspace-problem-dialog").queryAll()).lookup("OK")
                .<javafx.scene.Node>query()));
        interact(() -> labUi.showCompare());
        waitUntil("A runs its simulation", () -> lab.compare().side(CompareViewModel.Side.A).outcome().isPresent());
        javafx.scene.control.Label note = FxWait.onFx(() -> lookup("#ab-a-data-missing")
                .queryAs(javafx.scene.control.Label.class));
        assertTrue(note.isVisible(), "side A's header says its data is not shown");
        assertEquals("run.json missing: shows its simulation; a save keeps run.json", note.getText());
        assertFalse(FxWait.onFx(() -> lookup("#ab-b-data-missing").query().isVisible()), "B shows what it was given");

        saveThrough("Save workspace", study);
        assertEquals("disk/run.json", sideData(study, "a").path("files").path(0).asText(),
                "saving again keeps the side's file");

        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere")).resolve("copy.schedlab");
        nextWorkspacePick = Optional.of(elsewhere);
        saveThrough("Save workspace as\u2026", elsewhere);
        assertEquals(run.toString(), sideData(elsewhere, "a").path("files").path(0).asText(),
                "from another folder, the same file by its full path");
        assertEquals(Optional.of(new Workspace.Sources(List.of(run), Optional.empty())),
                WorkspaceFile.read(elsewhere).ab().orElseThrow().a().data());
        Path inside = disk.resolve("on-the-disk.schedlab");
        nextWorkspacePick = Optional.of(inside);
        saveThrough("Save workspace as\u2026", inside);
        assertEquals("run.json", sideData(inside, "a").path("files").path(0).asText(),
                "beside the file, relative to the new place");

        // the user puts a simulation on A: its file is no longer its data
        clickOn("#ab-edit-a");
        // A's rows come a few per frame, B's shown meanwhile (ParamPanelStagingTest)
        waitUntil("A's parameters shown", () -> from(lookup("#ab-pane").queryAll()).lookup(".parameter-panel")
                .queryAll().stream().noneMatch(p -> ((ParameterPanel) p).isStaging()));
        javafx.scene.Node combo = FxWait.onFx(() -> from(lookup("#ab-pane").queryAll()).lookup("#param-preemption")
                .query());
        clickOn(combo);
        clickOn(lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.ListCell<?> c
                && "lazy".equals(c.getText()) && n.isVisible()).<javafx.scene.Node>query());
        waitUntil("the note is gone", () -> !note.isVisible());
        saveThrough("Save workspace", inside);
        assertTrue(sideData(inside, "a").isMissingNode(), "A simulates preemption=lazy: no data named");
        assertEquals("lazy", new com.fasterxml.jackson.databind.ObjectMapper().readTree(inside.toFile())
                .path("ab").path("a").path("parameters").path("preemption").asText());
    }

    private String label(CompareViewModel.Side side) {
        return lab.compare().side(side).outcome().map(RunOutcome::label).orElse("");
    }

    @Test
    void theViewWindowOnARecordingPutOnSideAComesBack() throws Exception {
        Path data = datasetFile("recording.json");
        interact(() -> vm.openFiles(List.of(data)));
        waitUntil("the file is open", () -> vm.sourceNameProperty().get().equals("recording.json"));
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"),
                    Map.of("durationMs", "500", "preemption", "full"));
            lab.compare().showDataset(CompareViewModel.Side.A, vm.timeline().dataset(), "recording.json",
                    vm.openedSources());
            labUi.showCompare();
        });
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        waitUntil("B's run", () -> b.outcome().isPresent() && !b.busyProperty().get());
        TimelineViewModel ta = lab.compare().side(CompareViewModel.Side.A).timeline();
        TimelineViewModel tb = b.timeline();
        long start = ta.boundStartNs() + 10_000_000;
        long end = ta.boundStartNs() + 20_000_000;
        interact(() -> ta.setWindow(start, end)); // zoomed into the recording, B follows
        long bOffset = tb.startNs() - tb.boundStartNs();
        Workspace[] captured = new Workspace[1];
        interact(() -> captured[0] = workbench.workspace().capture());
        Path f = dir.resolve("zoomed.schedlab");
        WorkspaceFile.save(f, captured[0], "test");

        interact(() -> {
            ta.fitAll();
            lab.compare().open(LabFixtures.teach(), Map.of(), Map.of("preemption", "lazy"));
        });
        interact(() -> workbench.workspace().open(f));

        waitUntil("side A shows the reread file", () -> lab.compare().showsDatasetProperty(CompareViewModel.Side.A)
                .get() && lab.compare().side(CompareViewModel.Side.A).outcome()
                .map(o -> o.label().equals("recording.json")).orElse(false));
        waitUntil("B's run again", () -> b.outcome().isPresent() && !b.busyProperty().get()
                && "full".equals(b.outcome().get().overrides().get("preemption")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(start, end), List.of(ta.startNs(), ta.endNs()), "A's window on the recording");
        assertEquals(bOffset, tb.startNs() - tb.boundStartNs(), "B at the same moment from its start");
        assertEquals(end - start, tb.spanNs());
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void bookmarksOnTheLiveRunAndOnEachABSideComeBackWithTheirNotes() throws Exception {
        // B over a Live or A/B timeline bookmarks it too, and a workspace kept only the Dataset
        // tab's: the moment marked in the A/B comparison was gone after Save and Open
        Path data = datasetFile("recording.json");
        interact(() -> vm.openFiles(List.of(data)));
        waitUntil("the file is open", () -> vm.sourceNameProperty().get().equals("recording.json"));
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500", "seed", "7"));
            lab.compare().open(LabFixtures.teach(), Map.of("durationMs", "500"),
                    Map.of("durationMs", "500", "preemption", "full"));
            lab.compare().showDataset(CompareViewModel.Side.A, vm.timeline().dataset(), "recording.json",
                    vm.openedSources());
            labUi.showCompare();
        });
        RunViewModel live = lab.live();
        RunViewModel a = lab.compare().side(CompareViewModel.Side.A);
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        waitUntil("the runs", () -> live.outcome().isPresent() && !live.busyProperty().get()
                && b.outcome().isPresent() && !b.busyProperty().get());
        long liveNs = live.timeline().boundStartNs() + 3_000_000;
        long aNs = a.timeline().boundStartNs() + 12_000_000;
        long bNs = b.timeline().boundStartNs() + 40_000_000;
        interact(() -> {
            live.timeline().bookmarks().add(liveNs, "lazy waits for the tick");
            a.timeline().bookmarks().add(aNs, "recording: holder preempted");
            b.timeline().bookmarks().add(bNs, "full: preempted at once");
        });
        Path saved = dir.resolve("marks.schedlab");
        nextWorkspacePick = Optional.of(saved);
        clickOn("File");
        clickOn("Save workspace as\u2026");
        waitUntil("the workspace is saved", () -> Files.exists(saved)
                && workbench.workspace().fileProperty().get().isPresent());

        // another scenario: its runs do not keep the bookmarks (reruns of the same scenario would)
        org.schedlab.sim.scenario.Scenario fair = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> {
            lab.openLive(fair, Map.of("durationMs", "500"));
            lab.compare().open(fair, Map.of(), Map.of("preemption", "full"));
        });
        waitUntil("the bookmarks went with the new runs", () -> live.timeline().bookmarks().bookmarks().isEmpty()
                && b.timeline().bookmarks().bookmarks().isEmpty());
        clickOn("File");
        clickOn("Open workspace\u2026");

        waitUntil("the live run's bookmark is back", () -> live.timeline().bookmarks().bookmarks()
                .equals(List.of(new Bookmark(liveNs, "lazy waits for the tick"))));
        waitUntil("side A's bookmark on the reread recording is back", () -> a.timeline().bookmarks().bookmarks()
                .equals(List.of(new Bookmark(aNs, "recording: holder preempted"))));
        waitUntil("side B's bookmark is back", () -> b.timeline().bookmarks().bookmarks()
                .equals(List.of(new Bookmark(bNs, "full: preempted at once"))));
        assertEquals("7", live.timeline().dataset().metadata().parameters().get("seed"));
        assertEquals("full", b.outcome().orElseThrow().overrides().get("preemption"));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void bookmarksOnTheABSidesComeBackOverTheFirstScreensRuns() throws Exception {
        // as `schedlab study.schedlab` starts: the default A/B runs are under way when the
        // workspace is restored over them
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB).withAb(Optional.of(new Workspace.AbSetup(
                LabFixtures.TEACH,
                new Workspace.AbSide(Map.of("preemption", "none"), 3, Optional.empty(),
                        List.of(new Bookmark(20_000_000, "A mark"))),
                new Workspace.AbSide(Map.of("preemption", "lazy"), 3, Optional.empty(),
                        List.of(new Bookmark(30_000_000, "B mark"))), 1, Optional.empty())));
        Path f = dir.resolve("over-first-screen.schedlab");
        WorkspaceFile.save(f, w, "test");
        interact(() -> {
            lab.lookaheadProperty().set(true); // as the app runs
            lab.openDefault();
            labUi.showCompare();
        });
        interact(() -> workbench.workspace().open(f));
        RunViewModel a = lab.compare().side(CompareViewModel.Side.A);
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        waitUntil("both restored runs are in", () -> a.outcome().isPresent() && !a.busyProperty().get()
                && b.outcome().isPresent() && !b.busyProperty().get()
                && "lazy".equals(b.outcome().get().overrides().get("preemption")));
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(new Bookmark(20_000_000, "A mark")), a.timeline().bookmarks().bookmarks());
        assertEquals(List.of(new Bookmark(30_000_000, "B mark")), b.timeline().bookmarks().bookmarks());
    }

    @Test
    void aSideThatShowedDataThatIsGoneSaysItShowsItsSimulation() throws Exception {
        Path gone = dir.resolve("gone.json");
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB)
                .withDataset(Optional.of(new Workspace.DatasetPart(List.of(gone), Optional.empty(), List.of(),
                        Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                        new Workspace.AbSide(Map.of("durationMs", "500"), 1,
                                Optional.of(new Workspace.Sources(List.of(gone), Optional.empty()))),
                        new Workspace.AbSide(Map.of("durationMs", "500"), 1), 1, Optional.empty())));
        List<List<String>> problems = new CopyOnWriteArrayList<>();

        interact(() -> workbench.workspace().restore(w, problems::add));
        FxWait.until("the dataset's files are checked", 40, () -> !problems.isEmpty());

        assertEquals(List.of("gone.json is missing (" + gone + ")",
                "A/B: the side that showed the Dataset tab shows its simulation, as the data is not there"),
                problems.get(0));
        waitUntil("side A runs its parameters", () -> lab.compare().side(CompareViewModel.Side.A).outcome()
                .isPresent());
    }

    private TimelineViewModel t() {
        return vm.timeline();
    }
}
