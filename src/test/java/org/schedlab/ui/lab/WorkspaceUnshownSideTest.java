package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.schedlab.io.DatasetJson;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.schedlab.workspace.Workspace;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * An A/B side whose own data could not be read when a workspace was reopened (its file gone
 * with an unplugged disk) shows its simulation, and saving the workspace again keeps the
 * side's data reference, as the Dataset tab keeps its files, until the user puts other data or
 * a simulation on that side. Every way a side changes is held to that: its own parameters, data
 * put on it and a new scenario replace the reference; the other side's parameters and the seeds
 * per side do not; Swap moves it with the side, "Make B the new A" gives A B's.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceUnshownSideTest extends FxRobot {
    private static final Map<String, String> SHORT = Map.of("durationMs", "300");

    @TempDir
    Path dir;

    private final List<Task<?>> heldReads = new ArrayList<>();
    private final LabViewModel lab = new LabViewModel(Task::run, new ManualScheduler(),
            new LabFixtures.CountingRunner(), Runnable::run);
    private WorkbenchViewModel vm;
    private WorkspaceViewModel workspace;
    private final List<List<String>> done = new ArrayList<>();
    private Path gone;
    private Path kept;
    private Workspace.Sources goneData;
    private final Workspace.TimeWindow window = new Workspace.TimeWindow(5_000_000, 9_000_000);

    @BeforeEach
    void setUp() throws Exception {
        gone = dir.resolve("gone.json");
        kept = dir.resolve("kept.json");
        goneData = new Workspace.Sources(List.of(gone), Optional.empty());
        interact(() -> {
            vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
            workspace = new WorkspaceViewModel(vm, Task::run);
            workspace.addPart(new LabWorkspace(lab, vm));
            vm.openExample();
        });
        DatasetJson.write(vm.timeline().dataset(), kept);
    }

    private CompareViewModel c() {
        return lab.compare();
    }

    /** A shows gone.json (gone before the reopen), B simulates preemption=full. */
    private Workspace aOnGoneData() {
        return Workspace.empty().withTab(Workspace.Tab.AB).withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                new Workspace.AbSide(SHORT, 1, Optional.of(goneData)),
                new Workspace.AbSide(Map.of("durationMs", "300", "preemption", "full"), 1), 1,
                Optional.of(window))));
    }

    private Workspace.AbSetup saved() {
        Workspace.AbSetup[] ab = new Workspace.AbSetup[1];
        interact(() -> ab[0] = workspace.capture().ab().orElseThrow());
        return ab[0];
    }

    private void reopenWithAOnGoneData() {
        interact(() -> workspace.restore(aOnGoneData(), done::add));
        assertEquals(List.of(List.of("A/B side A: " + gone + ": no such file; the side shows its simulation")), done);
        assertFalse(c().showsDatasetProperty(Side.A).get(), "A shows its simulation");
        assertTrue(c().side(Side.A).outcome().isPresent(), "A's simulation ran");
    }

    @Test
    void savingAgainKeepsTheDataASideCouldNotShowAndItsWindow() {
        reopenWithAOnGoneData();
        CompareViewModel.UnshownData u = c().unshownDataProperty(Side.A).get().orElseThrow();
        assertEquals(goneData, u.sources());
        assertEquals(gone + ": no such file", u.why());
        assertEquals("gone.json", u.name());
        assertEquals(Optional.empty(), c().unshownDataProperty(Side.B).get());

        Workspace.AbSetup ab = saved();
        assertEquals(Optional.of(goneData), ab.a().data(), "the reference survives the save");
        assertEquals(Optional.empty(), ab.b().data());
        assertEquals(Optional.of(window), ab.window(), "A's window in the data's clock, not the simulation's");
        Workspace.AbSetup opened = aOnGoneData().ab().orElseThrow();
        assertEquals(new Workspace.AbSetup(opened.scenario(), opened.a(), opened.b(), opened.seedsPerSide(),
                opened.window(), opened.lanesLinked(), Optional.of(SavedScenario.valuesOf(c().scenario().orElseThrow())),
                Optional.of(ScenarioText.hashes(c().scenario().orElseThrow()))),
                ab, "saved as it was opened, with the values and text hashes of the scenario it opened with");
    }

    /** {@link #aOnGoneData()} with {@code marks} saved on A's data. */
    private Workspace aOnGoneDataMarked(List<org.schedlab.render.Bookmark> marks) {
        Workspace.AbSetup before = aOnGoneData().ab().orElseThrow();
        return aOnGoneData().withAb(Optional.of(new Workspace.AbSetup(before.scenario(),
                new Workspace.AbSide(before.a().parameters(), before.a().seed(), before.a().data(), marks),
                before.b(), 1, before.window())));
    }

    @Test
    void theBookmarksOnDataASideCouldNotShowAreSavedAgainNotTheSimulations() {
        List<org.schedlab.render.Bookmark> marks = List.of(new org.schedlab.render.Bookmark(6_000_000, "spin starts"));
        Workspace w = aOnGoneDataMarked(marks);
        interact(() -> workspace.restore(w, done::add));
        assertFalse(c().showsDatasetProperty(Side.A).get(), "A shows its simulation");
        assertEquals(List.of(), c().side(Side.A).timeline().bookmarks().bookmarks(),
                "the data's bookmarks are not put on the simulation");

        assertEquals(marks, saved().a().bookmarks(), "kept with the data they mark");
        interact(() -> c().swap());
        assertEquals(marks, saved().b().bookmarks(), "and move with it");
    }

    /**
     * A workspace without an A/B setup leaves the A/B tab as it is; it forgot the bookmarks on the
     * data a side could not show, though, and the next save kept the reference without them.
     */
    @Test
    void aWorkspaceWithoutABLeavesTheBookmarksOnDataASideCouldNotShow() {
        List<org.schedlab.render.Bookmark> marks = List.of(new org.schedlab.render.Bookmark(6_000_000, "spin starts"));
        Workspace w = aOnGoneDataMarked(marks);
        interact(() -> workspace.restore(w, done::add));
        interact(() -> workspace.restore(Workspace.empty(), done::add));
        Workspace.AbSetup ab = saved();
        assertEquals(Optional.of(goneData), ab.a().data(), "A/B as it was");
        assertEquals(marks, ab.a().bookmarks(), "with the bookmarks on that data");
    }

    /**
     * The bookmarks on the simulation a side shows in place of its missing data are not in a save
     * (it keeps the data's): a save does not keep them, so the unsaved-bookmarks question must not
     * offer one. The place moves with the side and goes once the side is the user's own again.
     */
    @Test
    void theSimulationsBookmarksOnASideWithMissingDataAreNotKeptBySave() {
        reopenWithAOnGoneData();
        RunViewModel a = c().side(Side.A);
        interact(() -> a.timeline().bookmarks().add(a.timeline().boundStartNs() + 1_000_000, "on the simulation"));
        assertEquals(Map.of("A/B side A", 1), org.schedlab.ui.FxWait.onFx(workspace::unsavedBookmarks));
        assertEquals(java.util.Set.of("A/B side A"), org.schedlab.ui.FxWait.onFx(workspace::notKeptBySave));
        assertEquals(List.of(), saved().a().bookmarks(), "the save keeps the data's bookmarks (none), not this one");

        interact(() -> c().swap());
        assertEquals(java.util.Set.of("A/B side B"), org.schedlab.ui.FxWait.onFx(workspace::notKeptBySave), "the data went to B");
        interact(() -> c().panel(Side.B).param("preemption").orElseThrow().set("full"));
        assertEquals(java.util.Set.of(), org.schedlab.ui.FxWait.onFx(workspace::notKeptBySave), "B simulates by the user's choice now");
    }

    @Test
    void changingTheSidesOwnParameterReplacesTheReference() {
        reopenWithAOnGoneData();
        interact(() -> c().panel(Side.B).param("preemption").orElseThrow().set("lazy"));
        interact(() -> c().seedsProperty().set(2));
        assertEquals(Optional.of(goneData), saved().a().data(), "B's parameters and the seeds leave A's data alone");

        interact(() -> c().panel(Side.A).param("preemption").orElseThrow().set("full"));
        assertEquals(Optional.empty(), c().unshownDataProperty(Side.A).get());
        Workspace.AbSetup ab = saved();
        assertEquals(Optional.empty(), ab.a().data(), "A simulates by the user's choice now");
        assertEquals("full", ab.a().parameters().get("preemption"));
        assertFalse(ab.window().equals(Optional.of(window)), "A's window is its simulation's now");
    }

    @Test
    void dataPutOnTheSideReplacesTheReference() throws Exception {
        reopenWithAOnGoneData();
        interact(() -> vm.openFiles(List.of(kept)));
        interact(() -> c().showDataset(Side.A, vm.timeline().dataset(), "kept.json", vm.openedSources()));
        assertEquals(Optional.of(new Workspace.Sources(List.of(kept), Optional.empty())), saved().a().data());
        assertEquals(Optional.empty(), c().unshownDataProperty(Side.A).get());
    }

    @Test
    void openingAScenarioInABReplacesTheReferences() {
        reopenWithAOnGoneData();
        interact(() -> lab.openCompare(LabFixtures.teach()));
        assertEquals(Optional.empty(), saved().a().data());
        assertEquals(Optional.empty(), c().unshownDataProperty(Side.A).get());
    }

    @Test
    void swapMovesTheReferenceWithTheSideAndMakeBTheNewACopiesB() {
        reopenWithAOnGoneData();
        interact(() -> c().swap());
        Workspace.AbSetup ab = saved();
        assertEquals(Optional.empty(), ab.a().data());
        assertEquals(Optional.of(goneData), ab.b().data(), "the side (parameters and data) is B now");
        assertEquals("full", ab.a().parameters().get("preemption"));

        interact(() -> c().makeBTheNewA());
        ab = saved();
        assertEquals(Optional.of(goneData), ab.a().data(), "A became B, the data B could not show included");
        assertEquals(Optional.of(goneData), ab.b().data(), "B stays as it was");

        interact(() -> c().panel(Side.B).param("preemption").orElseThrow().set("lazy"));
        interact(() -> c().makeBTheNewA()); // B simulates now: so does A
        ab = saved();
        assertEquals(Optional.empty(), ab.a().data());
        assertEquals(Optional.empty(), ab.b().data());
    }

    @Test
    void aSideThatShowedTheDatasetTabsFileKeepsItWhenThatFileIsGone() {
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB)
                .withDataset(Optional.of(new Workspace.DatasetPart(List.of(gone), Optional.empty(), List.of(),
                        Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                        new Workspace.AbSide(SHORT, 1),
                        new Workspace.AbSide(SHORT, 1, Optional.of(goneData)), 1, Optional.empty())));
        interact(() -> workspace.restore(w, done::add));
        assertEquals(1, done.size());
        assertEquals(gone + ": no such file", c().unshownDataProperty(Side.B).get().orElseThrow().why());
        Workspace saved = workspace.capture();
        assertEquals(Optional.of(goneData), saved.ab().orElseThrow().b().data());
        assertEquals(w.dataset(), saved.dataset(), "the Dataset tab keeps it too, as before");
    }

    @Test
    void anExampleThisVersionDoesNotShipIsKeptOnItsSideToo() {
        Workspace.Sources future = new Workspace.Sources(List.of(), Optional.of("/org/schedlab/examples/future.json"));
        Workspace w = Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(LabFixtures.TEACH,
                new Workspace.AbSide(SHORT, 1, Optional.of(future)), new Workspace.AbSide(SHORT, 1), 1,
                Optional.empty())));
        interact(() -> workspace.restore(w, done::add));
        assertEquals(Optional.of(future), saved().a().data());
        assertEquals("future.json", c().unshownDataProperty(Side.A).get().orElseThrow().name());
    }

    @Test
    void aReadThatFailsAfterTheUserChangedTheSideDoesNotPutTheReferenceBack() throws Exception {
        WorkbenchViewModel slowReader = new WorkbenchViewModel(heldReads::add, DatasetOpener.standard());
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, Task::run);
        interact(() -> ws.addPart(new LabWorkspace(lab, slowReader)));
        interact(() -> ws.restore(aOnGoneData(), done::add));
        assertEquals(Optional.of(new CompareViewModel.UnshownData(goneData, "", Optional.of(window))),
                c().unshownDataProperty(Side.A).get(), "while the file is read, a save keeps it");
        interact(() -> c().panel(Side.A).param("preemption").orElseThrow().set("full"));
        assertEquals(1, heldReads.size());
        interact(() -> heldReads.remove(0).run());
        assertEquals(Optional.empty(), c().unshownDataProperty(Side.A).get(), "the user's change stays");
        assertEquals(1, done.size());
    }

    @Test
    void aGoneFileReadBeforeTheScenarioFileOpensIsStillKept() throws Exception {
        List<Task<?>> held = new ArrayList<>();
        LabViewModel slowLab = new LabViewModel(held::add, new ManualScheduler(), new LabFixtures.CountingRunner(),
                Runnable::run);
        WorkspaceViewModel ws = new WorkspaceViewModel(vm, Task::run);
        interact(() -> ws.addPart(new LabWorkspace(slowLab, vm)));
        Path scenario = dir.resolve("mine.json");
        Files.copy(Path.of("example-data/scenarios/teach-fair-share.json"), scenario);
        Workspace w = Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(scenario.toString(),
                new Workspace.AbSide(SHORT, 1, Optional.of(goneData)), new Workspace.AbSide(SHORT, 1), 1,
                Optional.empty())));
        interact(() -> ws.restore(w, done::add));
        assertTrue(slowLab.compare().unshownDataProperty(Side.A).get().isEmpty(),
                "no note on the A/B the workspace has not replaced yet");
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            interact(t::run);
        }
        assertEquals(gone + ": no such file",
                slowLab.compare().unshownDataProperty(Side.A).get().orElseThrow().why());
        Workspace.AbSetup[] ab = new Workspace.AbSetup[1];
        interact(() -> ab[0] = ws.capture().ab().orElseThrow());
        assertEquals(Optional.of(goneData), ab[0].a().data());
    }

    @Test
    void theNoteSaysTheFileIsMissingTheSideSimulatesAndASaveKeepsIt() {
        CompareViewModel.UnshownData u = new CompareViewModel.UnshownData(goneData, gone + ": no such file",
                Optional.empty());
        assertEquals("gone.json missing: shows its simulation; a save keeps gone.json", ComparePane.unshownNote(u));
        String details = ComparePane.unshownDetails(Side.A, u);
        assertTrue(details.contains(gone + ": no such file") && details.contains("Saving the workspace keeps gone.json"),
                details);
        assertEquals("reading gone.json: shows its simulation meanwhile",
                ComparePane.unshownNote(new CompareViewModel.UnshownData(goneData, "", Optional.empty())));
        assertEquals("a.txt + b.txt", new CompareViewModel.UnshownData(new Workspace.Sources(
                List.of(dir.resolve("a.txt"), dir.resolve("b.txt")), Optional.empty()), "x", Optional.empty()).name());
    }
}
