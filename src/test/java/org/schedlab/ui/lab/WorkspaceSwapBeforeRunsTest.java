package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.render.Bookmark;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.schedlab.workspace.Workspace;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Swap A and B pressed after a workspace was reopened but before its A/B runs are in: the saved
 * window and bookmarks of each side go on the run of that side's values, wherever the swap put
 * them - not on the run that comes in on the side they were saved for, which now runs the other
 * side's values; Make B the new A leaves A's saved ones to no run. The lab's executor holds every run
 * until the test lets it go.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceSwapBeforeRunsTest extends FxRobot {
    private final List<Task<?>> held = new ArrayList<>();
    private final LabViewModel lab = new LabViewModel(held::add, new ManualScheduler(), new LabFixtures.CountingRunner(),
            Runnable::run);
    private WorkspaceViewModel workspace;
    private final List<List<String>> done = new ArrayList<>();
    private final Bookmark markA = new Bookmark(60_000_000, "A: spin starts");
    private final Bookmark markB = new Bookmark(80_000_000, "B: lock handed over");
    private final Workspace.TimeWindow windowA = new Workspace.TimeWindow(50_000_000, 90_000_000);

    @BeforeEach
    void setUp() {
        interact(() -> {
            WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.json());
            workspace = new WorkspaceViewModel(vm, Task::run);
            workspace.addPart(new LabWorkspace(lab, vm));
        });
        held.clear();
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            interact(t::run);
        }
    }

    /** A on preemption=none with a bookmark and the window, B on full with a bookmark of its own. */
    private Workspace saved() {
        return Workspace.empty().withTab(Workspace.Tab.AB).withAb(Optional.of(new Workspace.AbSetup(
                LabFixtures.TEACH,
                new Workspace.AbSide(Map.of("durationMs", "300", "preemption", "none"), 1, Optional.empty(),
                        List.of(markA)),
                new Workspace.AbSide(Map.of("durationMs", "300", "preemption", "full"), 1, Optional.empty(),
                        List.of(markB)),
                1, Optional.of(windowA))));
    }

    @Test
    void eachSidesSavedBookmarksAndWindowStayWithItsValuesAcrossASwapBeforeTheRunsAreIn() throws Exception {
        interact(() -> workspace.restore(saved(), done::add));
        interact(() -> lab.compare().swap()); // both runs still held: not in yet
        runHeld();
        assertEachSidesOwn();
    }

    @Test
    void theResultsASwapShowsUntilTheRestoredRunsAreInDoNotTakeTheSavedBookmarks() throws Exception {
        // A/B showed another scenario's runs before the workspace was opened: Swap exchanges those
        // (stale) results, then reruns both sides; the saved bookmarks are for the reruns
        org.schedlab.sim.scenario.Scenario before = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> lab.compare().open(before, Map.of("durationMs", "300"), Map.of("durationMs", "400")));
        runHeld();
        interact(() -> workspace.restore(saved(), done::add));
        interact(() -> lab.compare().swap());
        runHeld();
        assertEachSidesOwn();
    }

    @Test
    void makeBTheNewABeforeTheRunsAreInDropsAsSavedBookmarksAndKeepsBs() throws Exception {
        // A's values are gone (A is B now): A's saved bookmarks belong to no run any more and must not
        // land on A's rerun, which runs B's values; B's stay with B
        interact(() -> workspace.restore(saved(), done::add));
        interact(() -> lab.compare().makeBTheNewA());
        runHeld();
        FxWait.untilOnFx("both sides' runs in", 60, () -> lab.compare().side(Side.A).outcome().isPresent()
                && lab.compare().side(Side.B).outcome().isPresent());
        CompareViewModel c = lab.compare();
        assertEquals("full", FxWait.onFx(() -> c.side(Side.A).outcome().orElseThrow().overrides().get("preemption")),
                "A runs B's values");
        assertEquals(List.of(), FxWait.onFx(() -> List.copyOf(c.side(Side.A).timeline().bookmarks().bookmarks())),
                "A's saved bookmarks were for the values A no longer has");
        assertEquals(List.of(markB), FxWait.onFx(() -> List.copyOf(c.side(Side.B).timeline().bookmarks().bookmarks())),
                "B's bookmarks on B's run");
    }

    private void assertEachSidesOwn() throws Exception {
        FxWait.untilOnFx("both sides' runs in", 60, () -> lab.compare().side(Side.A).outcome().isPresent()
                && lab.compare().side(Side.B).outcome().isPresent());

        CompareViewModel c = lab.compare();
        assertEquals("full", FxWait.onFx(() -> c.side(Side.A).outcome().orElseThrow().overrides().get("preemption")),
                "A runs B's values after the swap");
        assertEquals(List.of(markB), FxWait.onFx(() -> List.copyOf(c.side(Side.A).timeline().bookmarks().bookmarks())),
                "B's bookmarks on the run of B's values, now on side A");
        assertEquals(List.of(markA), FxWait.onFx(() -> List.copyOf(c.side(Side.B).timeline().bookmarks().bookmarks())),
                "A's bookmarks on the run of A's values, now on side B");
        TimelineViewModel b = c.side(Side.B).timeline();
        assertEquals(List.of(windowA.startNs(), windowA.endNs()), FxWait.onFx(() -> List.of(b.startNs(), b.endNs())),
                "A's window on the run of A's values");
        assertEquals(List.of(List.of()), done);
    }
}
