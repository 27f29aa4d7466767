package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackRow;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Fit CPU lanes" and the A/B tab's dividers on a laptop (1280 x 720): where the sides were before
 * the fit is where turning it off puts them back - also after the workspace saved with it on is
 * opened again -, the sides get their pixel a CPU when the mode was turned on on another tab before
 * A/B was ever shown, and again when a new run has another CPU count. A workspace's mode is the
 * whole window's: every timeline, the View menu and the toolbar.
 */
@ExtendWith(ApplicationExtension.class)
class FitCpuLanesDividersWindowTest extends FxRobot {
    @TempDir
    Path dir;

    private volatile Optional<Path> nextWorkspacePick = Optional.empty();
    private final List<WorkspaceViewModel.Problem> failures = new CopyOnWriteArrayList<>();

    /** Case B's YCSB run, on as many CPUs as a side's "cpus" asks (96 unless a test sets it). */
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) -> {
        Map<String, String> wide = new HashMap<>(overrides);
        wide.putIfAbsent("cpus", "96");
        return SimRunner.simulator().run(scenario, wide, options, monitor);
    });
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(s -> window.picker(LabFixtures.workspacePicker(() -> nextWorkspacePick))
                .beforeShow(wb -> wb.workspace().addFailureListener(failures::add)).show(s));
    }

    private TimelineView view(Side s) {
        return window.ui.comparePane().card(s).timelineView();
    }

    private SplitPane split() {
        return FxWait.onFx(() -> window.ui.comparePane().split());
    }

    private double[] dividers() {
        return FxWait.onFx(() -> window.ui.comparePane().split().getDividerPositions().clone());
    }

    /** {@code v}'s last frame is of a {@code cpus}-CPU run at its present size and scroll. */
    private static boolean painted(TimelineView v, int cpus) {
        return v.viewModel().dataset() != TimelineViewModel.NO_DATASET && v.viewModel().dataset().cpuCount() == cpus
                && v.lastPaintedViewport().map(p -> Math.abs(p.heightPx() - v.getHeight()) < 0.5
                        && p.laneScrollPx() == v.viewModel().laneScrollPxProperty().get()).orElse(false);
    }

    /** The CPU lanes of {@code v}'s last frame that are whole in its lanes area. */
    private static int cpusInView(TimelineView v) {
        TimelineLayout l = TimelineLayout.of(v.lastPaintedViewport().orElseThrow(), v.viewModel().dataset(),
                v.viewModel().trackSpecProperty().get());
        int whole = 0;
        for (int c = 0; c < v.viewModel().dataset().cpuCount(); c++) {
            TrackRow r = l.cpuLane(c);
            if (r.topPx() >= l.lanesTopPx() && r.bottomPx() <= l.lanesBottomPx()) {
                whole++;
            }
        }
        return whole;
    }

    private void untilWhole(String what, int cpus) throws Exception {
        for (Side s : Side.values()) {
            FxWait.untilOnFx(s + " shows all " + cpus + " CPU lanes (" + what + ")", 120,
                    () -> painted(view(s), cpus) && cpusInView(view(s)) == cpus);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void openBothSides() throws Exception {
        interact(() -> {
            window.lab.openCompare(window.lab.load("mongodb-ycsb-a").orElseThrow());
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both sides' 96-CPU runs painted", 120, () -> painted(view(Side.A), 96)
                && painted(view(Side.B), 96));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * The user gives the table more room: the dividers as high as the cards let them (a new
     * window's 0.28 and 0.56, each card at least its smallest), each side's timeline short of a
     * pixel for each of 96 CPUs. Returns where they are.
     */
    private double[] tableGivenRoom() throws Exception {
        interact(() -> {
            split().setDividerPositions(0.28, 0.56);
            split().layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        for (Side s : Side.values()) {
            assertTrue(FxWait.onFx(() -> view(s).getHeight()) < TimelineLayout.fittedCpusHeightPx(96) - 20,
                    s + "'s timeline short of 96 CPUs at a pixel: " + FxWait.onFx(() -> view(s).getHeight()));
        }
        return dividers();
    }

    private boolean fitOn() {
        return FxWait.onFx(() -> window.vm.timeline().fitCpuLanesProperty().get());
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

    /**
     * Saved with the mode on, a workspace keeps where the dividers were before the fit beside the
     * fitted ones: opened again, the sides are as saved, and turning the mode off gives the table
     * back its room. Before, the file had only the fitted dividers and the sides stayed at the
     * fitted sizes.
     */
    @Test
    void aWorkspaceSavedFittedTurnedOffAfterOpeningPutsTheDividersBackWhereTheyWereBeforeTheFit()
            throws Exception {
        openBothSides();
        double[] before = tableGivenRoom();
        clickOn("#fit-cpu-lanes");
        untilWhole("fitted", 96);
        double[] fitted = dividers();
        assertTrue(fitted[0] > before[0] + 0.05 && fitted[1] > before[1] + 0.05, "the fit gave both sides room: "
                + java.util.Arrays.toString(fitted) + " after " + java.util.Arrays.toString(before));
        Path saved = save("fitted.schedlab");
        com.fasterxml.jackson.databind.JsonNode panels = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Files.readString(saved)).path("panels");
        for (int i = 0; i < 2; i++) {
            assertEquals(fitted[i], panels.path("dividers").path("ab").get(i).asDouble(), DividersOnScreen.CLOSE,
                    panels.toString());
            assertEquals(before[i], panels.path("dividersBeforeFit").path("ab").get(i).asDouble(), DividersOnScreen.CLOSE,
                    panels.toString());
        }

        // the user moves on: the mode off, the dividers somewhere else
        clickOn("#fit-cpu-lanes");
        assertFalse(fitOn());
        interact(() -> split().setDividerPositions(0.2, 0.45));
        WaitForAsyncUtils.waitForFxEvents();

        openWorkspace(saved);
        assertTrue(fitOn(), "the workspace's mode");
        untilWhole("the workspace's runs", 96);
        DividersOnScreen.assertAt("the fitted dividers, as saved", split(), fitted);
        clickOn("#fit-cpu-lanes");
        assertFalse(fitOn());
        DividersOnScreen.assertAt("turned off: where they were before the fit", split(), before);
        assertTrue(failures.isEmpty(), failures.toString());
    }

    /**
     * Turned on from the Dataset tab before A/B was ever shown, its runs not yet begun (the
     * workbench opened on a file): shown, once the runs are in both sides have their pixel a CPU,
     * as if the mode had been turned on there.
     */
    @Test
    void turnedOnFromTheDatasetTabBeforeAbWasShownTheSidesGetTheirRoomWhenItIs() throws Exception {
        double[] before = tableGivenRoom();
        clickOn("View");
        clickOn("Fit CPU lanes  (K)");
        assertTrue(fitOn());
        interact(() -> {
            window.lab.openCompare(window.lab.load("mongodb-ycsb-a").orElseThrow());
            window.ui.showCompare();
        });
        untilWhole("shown after the mode was turned on", 96);
        assertEquals(1, FxWait.onFx(() -> view(Side.B).currentLayout().cpuLaneHeightPx()), "a pixel a lane");
        interact(() -> view(Side.A).requestFocus());
        type(javafx.scene.input.KeyCode.K);
        assertFalse(fitOn());
        DividersOnScreen.assertAt("turned off: where they were", split(), before);
    }

    /**
     * New runs with another CPU count while the mode is on: 96 CPUs get their pixel a CPU, 24 fit
     * the sides as they were before the fit, which go back there (the table its room), 96 again
     * get their pixel a CPU again. Turned off, the dividers are where they were before the fit.
     */
    @Test
    void aNewRunWithAnotherCpuCountGetsItsPixelACpuAgain() throws Exception {
        interact(() -> {
            window.lab.compare().open(window.lab.load("mongodb-ycsb-a").orElseThrow(), Map.of("cpus", "24"),
                    Map.of("cpus", "24"));
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both sides' 24-CPU runs painted", 120, () -> painted(view(Side.A), 24)
                && painted(view(Side.B), 24));
        double[] before = tableGivenRoom();
        clickOn("#fit-cpu-lanes");
        untilWhole("24 CPUs, the mode on", 24);
        DividersOnScreen.assertAt("24 CPUs fit the sides as they are", split(), before);
        for (String cpus : new String[] {"96", "24", "96"}) {
            interact(() -> {
                for (Side s : Side.values()) {
                    window.lab.compare().panel(s).apply(Map.of("cpus", cpus));
                }
            });
            untilWhole("after a run on " + cpus + " CPUs", Integer.parseInt(cpus));
            if (cpus.equals("24")) {
                DividersOnScreen.assertAt("24 CPUs fit the sides as they were", split(), before);
            } else {
                assertEquals(1, FxWait.onFx(() -> view(Side.A).currentLayout().cpuLaneHeightPx()), "a pixel a lane");
            }
        }
        assertTrue(fitOn());
        clickOn("#fit-cpu-lanes");
        DividersOnScreen.assertAt("turned off: where they were before the fit", split(), before);
    }

    /**
     * A workspace's "fitCpuLanes" is the window's setting: opened, every timeline (the Dataset tab's,
     * A's, B's, the Live run's), the View menu's check and the toolbar's toggle have it; one saved
     * without it turns it off everywhere.
     */
    @Test
    void aWorkspacesModeIsTheWholeWindows() throws Exception {
        Path on = Files.writeString(dir.resolve("on.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"dataset\", \"colorMode\": \"task\", \"fitCpuLanes\": true}\n");
        Path off = Files.writeString(dir.resolve("off.schedlab"),
                "{\"schedlabWorkspace\": 1, \"tab\": \"dataset\", \"colorMode\": \"task\"}\n");
        for (Path f : new Path[] {on, off, on}) {
            boolean want = f == on;
            openWorkspace(f);
            List<TimelineViewModel> all = FxWait.onFx(() -> List.of(window.vm.timeline(),
                    window.workbench.timelineView().viewModel(), view(Side.A).viewModel(), view(Side.B).viewModel(),
                    window.ui.livePane().card().timelineView().viewModel()));
            for (TimelineViewModel t : all) {
                assertEquals(want, FxWait.onFx(() -> t.fitCpuLanesProperty().get()), f.getFileName() + ": " + t);
                assertEquals(want, FxWait.onFx(() -> t.trackSpecProperty().get().fitCpuLanes()),
                        f.getFileName() + ": the lanes of " + t);
            }
            assertEquals(want, FxWait.onFx(() -> lookup("#fit-cpu-lanes").queryAs(ToggleButton.class).isSelected()),
                    f.getFileName() + ": the toolbar's toggle");
            clickOn("View");
            assertEquals(want, FxWait.onFx(() -> lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus().stream()
                    .flatMap(m -> m.getItems().stream()).filter(i -> "menu-fit-cpu-lanes".equals(i.getId()))
                    .map(i -> ((javafx.scene.control.CheckMenuItem) i).isSelected()).findFirst().orElseThrow()),
                    f.getFileName() + ": View > Fit CPU lanes");
            type(javafx.scene.input.KeyCode.ESCAPE);
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }
}

