package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A workspace whose run names a scenario file (not a built-in) reads that file through the lab's
 * executor, as a picked scenario file is read: with the executor holding its tasks nothing is
 * read or shown on the FX thread, the run opens when the read has run, and the workspace's
 * problems are reported only then. Saving such a run names the file, so it opens again.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceScenarioFileTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<Task<?>> held = new ArrayList<>();
    private final LabViewModel lab = new LabViewModel(held::add, new ManualScheduler(), new LabFixtures.CountingRunner(),
            Runnable::run);
    private WorkspaceViewModel workspace;
    private WorkbenchViewModel vm;
    private final List<List<String>> done = new ArrayList<>();

    @BeforeEach
    void setUp() {
        interact(() -> {
            vm = new WorkbenchViewModel(Task::run, DatasetOpener.json());
            workspace = new WorkspaceViewModel(vm, Task::run);
            workspace.addPart(new LabWorkspace(lab, vm));
        });
        held.clear();
    }

    private Path scenarioFile(String name) throws Exception {
        Path p = dir.resolve(name + ".json");
        Files.copy(Path.of("example-data/scenarios/teach-fair-share.json"), p);
        return p;
    }

    private static Workspace live(String scenario, long seed) {
        return Workspace.empty().withTab(Workspace.Tab.LIVE)
                .withLive(Optional.of(new Workspace.SimRun(scenario, Map.of("durationMs", "300"), seed, Optional.empty())));
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            interact(t::run);
        }
    }

    @Test
    void aSideShowingTheDatasetTabKeepsItWhenTheDataIsReadBeforeTheScenarioFile() throws Exception {
        Path file = scenarioFile("mine");
        interact(vm::openExample);
        Path data = dir.resolve("recording.json");
        org.schedlab.io.DatasetJson.write(vm.timeline().dataset(), data);
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB)
                .withDataset(Optional.of(new Workspace.DatasetPart(List.of(data), Optional.empty(), List.of(),
                        Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(file.toString(),
                        new Workspace.AbSide(Map.of("durationMs", "300"), 1,
                                Optional.of(new Workspace.Sources(List.of(data), Optional.empty()))),
                        new Workspace.AbSide(Map.of("durationMs", "300", "preemption", "full"), 1), 1,
                        Optional.empty())));
        held.clear();

        interact(() -> workspace.restore(w, done::add));
        // the recording is read (this executor runs at once) while the scenario file waits
        assertEquals("recording.json", vm.sourceNameProperty().get());
        runHeld();

        assertTrue(lab.compare().showsDatasetProperty(CompareViewModel.Side.A).get(),
                "side A shows the recording, as saved, however the two reads came in");
        assertEquals("recording.json", lab.compare().side(CompareViewModel.Side.A).outcome().orElseThrow().label());
        assertEquals("full", lab.compare().panel(CompareViewModel.Side.B).overrides().get("preemption"));
        assertEquals(List.of(List.of()), done);
    }

    @Test
    void aRunNamingAScenarioFileIsReadByTheExecutorAndOpensWhenRead() throws Exception {
        Path file = scenarioFile("mine");
        interact(() -> workspace.restore(live(file.toString(), 42), done::add));
        assertNull(lab.livePanelProperty().get(), "nothing read or opened on the FX thread");
        assertTrue(done.isEmpty(), "the restore is not over before the file is read");
        assertEquals(1, held.size(), "the read waits in the executor");
        assertEquals(file.toString(), workspace.capture().live().orElseThrow().scenario(),
                "saved meanwhile, the run is kept as the workspace had it");

        runHeld();
        ParameterPanelViewModel p = lab.livePanelProperty().get();
        assertEquals(file.toString(), p.scenario().origin());
        assertEquals("42", p.param("seed").orElseThrow().value());
        assertEquals("300", p.param("durationMs").orElseThrow().value());
        assertEquals(List.of(List.of()), done);
        assertEquals(file.toAbsolutePath().normalize().toString(),
                workspace.capture().live().orElseThrow().scenario(), "saved again by its file, not its name");
    }

    @Test
    void anABSetupNamingAScenarioFileIsReadByTheExecutorToo() throws Exception {
        Path file = scenarioFile("pair");
        Workspace w = Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(file.toString(),
                new Workspace.AbSide(Map.of(), 1), new Workspace.AbSide(Map.of("durationMs", "300"), 2),
                1, Optional.empty())));
        interact(() -> workspace.restore(w, done::add));
        assertTrue(lab.compare().scenario().isEmpty(), "nothing read or opened on the FX thread");
        assertTrue(done.isEmpty());
        runHeld();
        assertEquals(file.toString(), lab.compare().scenario().orElseThrow().origin());
        assertEquals("300", lab.compare().panel(CompareViewModel.Side.B).param("durationMs").orElseThrow().value());
        assertEquals(List.of(List.of()), done);
    }

    @Test
    void aScenarioFileGoneBeforeTheReadIsNamedAndTheRunKeptForTheNextSave() throws Exception {
        Path file = scenarioFile("gone");
        interact(() -> workspace.restore(live(file.toString(), 7), done::add));
        Files.delete(file); // what the background read finds is what counts
        runHeld();
        assertNull(lab.livePanelProperty().get());
        assertEquals(List.of(List.of("Live run: " + file + ": no such scenario file")), done);
        assertEquals(file.toString(), workspace.capture().live().orElseThrow().scenario(), "kept as it was saved");
    }

    /**
     * A workspace without a Live run leaves the Live tab as it is, and so the run an earlier one
     * could not restore: without a word, the next save dropped it.
     */
    @Test
    void aWorkspaceWithoutALiveRunKeepsTheRunAnEarlierOneCouldNotRestore() throws Exception {
        Path file = scenarioFile("gone");
        interact(() -> workspace.restore(live(file.toString(), 7), done::add));
        Files.delete(file);
        runHeld();
        interact(() -> workspace.restore(Workspace.empty(), done::add));
        runHeld();
        assertEquals(file.toString(), workspace.capture().live().orElseThrow().scenario(), "kept as it was saved");
    }

    @Test
    void aNewerWorkspaceWinsOverAScenarioFileStillBeingRead() throws Exception {
        Path file = scenarioFile("slow");
        interact(() -> workspace.restore(live(file.toString(), 7), done::add));
        interact(() -> workspace.restore(live(LabFixtures.TEACH, 9), done::add));
        runHeld();
        ParameterPanelViewModel p = lab.livePanelProperty().get();
        assertEquals(LabFixtures.TEACH, p.scenario().name(), "the older workspace's late read is not shown");
        assertEquals("9", p.param("seed").orElseThrow().value());
        assertEquals(List.of(List.of()), done, "only the newer restore reports");
    }

    /** The saved scenario file with {@code from} replaced by {@code to}, as a user's edit since the save. */
    private static void edit(Path file, String from, String to) throws Exception {
        String text = Files.readString(file);
        assertTrue(text.contains(from), from);
        Files.writeString(file, text.replace(from, to));
    }

    @Test
    void aScenarioFileChangedSinceTheSaveIsNamedWithTheValuesThatDiffer() throws Exception {
        Path file = scenarioFile("edited");
        interact(() -> workspace.restore(live(file.toString(), 42), done::add));
        runHeld();
        Path saved = dir.resolve("study.schedlab");
        org.schedlab.workspace.WorkspaceFile.save(saved, workspace.capture(), "SchedLab test");
        assertEquals("250", org.schedlab.workspace.WorkspaceFile.read(saved).live().orElseThrow().scenarioValues()
                .orElseThrow().get("hz"), "the scenario's own values are saved with the run");

        // the user edits the scenario file: hz (not set by the workspace) and durationMs (set by it)
        edit(file, "\"value\": \"250\"", "\"value\": \"1000\"");
        edit(file, "\"durationMs\": {\n      \"value\": 1000", "\"durationMs\": {\n      \"value\": 2000");
        done.clear();
        Workspace reopened = org.schedlab.workspace.WorkspaceFile.read(saved);
        interact(() -> workspace.restore(reopened, done::add));
        runHeld();

        assertEquals("1000", lab.livePanelProperty().get().param("hz").orElseThrow().value(),
                "restored anyway, with the file as it is now");
        assertEquals(List.of(List.of("Live run: the scenario file " + file.toAbsolutePath().normalize()
                + " changed since the workspace was saved; the run uses its values now, not the saved ones:"
                + " hz=1000 (saved: 250)")), done,
                "the user is told, by the file and the value; durationMs is the saved 300 whatever the file says");
        assertEquals("300", lab.livePanelProperty().get().param("durationMs").orElseThrow().value());
    }

    @Test
    void anABSideTakingTheChangedValueIsNamedEvenWhenTheOtherSideSetsIt() throws Exception {
        Path file = scenarioFile("abedit");
        Map<String, String> savedValues = SavedScenario.valuesOf(
                org.schedlab.sim.scenario.ScenarioCatalog.find(file.toString()));
        Workspace w = Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(file.toString(),
                new Workspace.AbSide(Map.of("hz", "1000"), 1), new Workspace.AbSide(Map.of("durationMs", "300"), 2),
                1, Optional.empty(), true, Optional.of(savedValues))));
        edit(file, "\"value\": \"250\"", "\"value\": \"100\"");
        interact(() -> workspace.restore(w, done::add));
        runHeld();
        assertEquals(List.of(List.of("A/B: the scenario file " + file + " changed since the workspace was saved;"
                + " the run uses its values now, not the saved ones: hz=100 (saved: 250)")), done);
    }

    @Test
    void aBuiltInScenarioThatChangedSinceTheSaveIsNamedToo() throws Exception {
        Map<String, String> older = new java.util.LinkedHashMap<>(SavedScenario.valuesOf(
                org.schedlab.sim.scenario.ScenarioCatalog.builtIn(LabFixtures.TEACH)));
        String hz = older.get("hz");
        older.put("hz", hz.equals("100") ? "300" : "100"); // as an older SchedLab's built-in had it
        older.put("retired", "7");
        Workspace w = Workspace.empty().withLive(Optional.of(new Workspace.SimRun(LabFixtures.TEACH, Map.of(), 3,
                Optional.empty(), List.of(), Optional.of(older))));
        interact(() -> workspace.restore(w, done::add));
        runHeld();
        assertEquals(List.of(List.of("Live run: the built-in scenario " + LabFixtures.TEACH
                + " differs from the one the workspace was saved with (another SchedLab version); the run uses its"
                + " values now, not the saved ones: hz=" + hz + " (saved: " + older.get("hz") + "), retired is gone"
                + " (saved: 7)")), done);
    }

    @Test
    void aWorkspaceSavedWithoutTheScenarioValuesOpensWithoutANote() throws Exception {
        Path file = scenarioFile("older");
        edit(file, "\"value\": \"250\"", "\"value\": \"100\"");
        interact(() -> workspace.restore(live(file.toString(), 5), done::add));
        runHeld();
        assertEquals(List.of(List.of()), done, "nothing to compare with: no guess");
    }

    @Test
    void aRestoredRunHasTheWorkspacesBookmarksNotThoseOfTheRunTheTabShowed() {
        org.schedlab.render.Bookmark mark = new org.schedlab.render.Bookmark(60_000_000, "mine");
        Workspace marked = Workspace.empty().withLive(Optional.of(new Workspace.SimRun(LabFixtures.TEACH,
                Map.of("durationMs", "300"), 9, Optional.empty(), List.of(mark))));
        interact(() -> workspace.restore(marked, done::add));
        runHeld();
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(mark), lab.live().timeline().bookmarks().bookmarks());

        // the same scenario again, saved without bookmarks: a rerun would keep the tab's, the workspace has none
        interact(() -> workspace.restore(live(LabFixtures.TEACH, 9), done::add));
        runHeld();
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), lab.live().timeline().bookmarks().bookmarks());
    }

    @Test
    void aScenarioOpenedBeforeTheRestoredRunIsInKeepsItsOwnWindowAndBookmarks() throws Exception {
        org.schedlab.render.Bookmark mark = new org.schedlab.render.Bookmark(60_000_000, "mine");
        Workspace w = Workspace.empty().withLive(Optional.of(new Workspace.SimRun(LabFixtures.TEACH,
                Map.of("durationMs", "300"), 9, Optional.of(new Workspace.TimeWindow(50_000_000, 70_000_000)),
                List.of(mark))));
        interact(() -> workspace.restore(w, done::add));
        // before the restored run is in, the user opens a scenario of their own in the Live run
        org.schedlab.sim.scenario.Scenario mine =
                org.schedlab.sim.scenario.ScenarioCatalog.find(scenarioFile("mine").toString());
        interact(() -> lab.openLive(mine, Map.of("durationMs", "300")));
        runHeld();
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        TimelineViewModel t = lab.live().timeline();
        assertEquals(mine.name(), t.dataset().metadata().source());
        assertEquals(List.of(), t.bookmarks().bookmarks(), "its run opens with its own bookmarks (none)");
        assertTrue(t.startNs() <= t.boundStartNs() && t.endNs() >= t.boundEndNs(),
                "and fitted, not in the saved window of the workspace's run");
    }

    @Test
    void theDefaultRunTheLiveTabOpensWhileTheScenarioFileIsReadDoesNotHideTheSavedRun() throws Exception {
        Path file = scenarioFile("mine");
        interact(() -> workspace.restore(live(file.toString(), 42), done::add));
        // the workspace's tab is the Live run: showing it opens the default scenario while the file is read
        interact(lab::ensureLiveOpen);
        assertEquals(LabViewModel.defaultScenarioName(), lab.livePanelProperty().get().scenario().name());
        runHeld();
        ParameterPanelViewModel p = lab.livePanelProperty().get();
        assertEquals(file.toString(), p.scenario().origin(), "the saved run, not the stand-in");
        assertEquals("42", p.param("seed").orElseThrow().value());
        assertEquals(List.of(List.of()), done);
    }
}
