package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.CpuBreakdown;
import org.schedlab.analysis.Profile;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.SliceState;
import org.schedlab.render.SliceHit;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Dataset tab's CPU tab tells what the file records, as {@code schedlab table} does: a perf
 * sched recording says which task ran, not in which mode, so its CPU time is "running" and idle
 * (over the whole file and over a dragged range, in the profile and in the hover), where the tab
 * used to list its reader's guess - a kernel thread's time as kernel, every other task's as user.
 * A saved simulated run keeps its user, kernel, fault, spinning and stolen rows.
 */
@ExtendWith(ApplicationExtension.class)
class CpuModesWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    @SuppressWarnings("unchecked")
    private TableView<CpuBreakdown.Row> states() {
        return FxWait.onFx(() -> lookup("#cpu-breakdown").queryAs(TableView.class));
    }

    @SuppressWarnings("unchecked")
    private TableView<Profile.Row> profile() {
        return FxWait.onFx(() -> lookup("#cpu-profile").queryAs(TableView.class));
    }

    private List<String> stateLabels() {
        return states().getItems().stream().map(CpuBreakdown.Row::label).toList();
    }

    private void openOnCpuTab(Path file, String format) throws Exception {
        interact(() -> window.vm.openFiles(List.of(file)));
        FxWait.untilOnFx("the file is shown", 60, () -> window.vm.timeline().dataset().metadata().format().equals(format));
        interact(() -> {
            TabPane tabs = lookup("#side-tabs").queryAs(TabPane.class);
            tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> "tab-cpu".equals(t.getId())).findFirst()
                    .orElseThrow());
        });
        // the summary and the background preparation (which says whether modes are recorded)
        FxWait.untilOnFx("the CPU tab's states", 30, () -> !states().getItems().isEmpty()
                && window.vm.timeline().summary().summary().isPresent() && window.vm.timeline().data().isPrepared());
    }

    @Test
    void aPerfSchedRecordingShowsRunningAndIdleNotGuessedUserAndKernel() throws Exception {
        openOnCpuTab(Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"), "perf-sched-script");
        List<String> labels = stateLabels();
        assertEquals(List.of("running", "idle"), labels.subList(0, 2), labels.toString());
        for (String guessed : List.of("user", "kernel", "fault", "spinning", "stolen")) {
            assertFalse(labels.contains(guessed), guessed + " listed: " + labels);
        }
        Label note = FxWait.onFx(() -> lookup("#cpu-modes-note").queryAs(Label.class));
        assertTrue(note.isVisible(), "the tab says why");
        assertEquals("This recording says which task ran, not in which mode.", note.getText());
        double shares = states().getItems().stream().filter(r -> !r.label().equals(CpuBreakdown.UNRECORDED))
                .mapToDouble(CpuBreakdown.Row::share).sum();
        assertEquals(1.0, shares, 1e-9, "running and idle are all the recorded time");
        assertTrue(profile().getItems().stream().allMatch(r -> r.label().endsWith(" (running)")),
                profile().getItems().stream().map(Profile.Row::label).toList().toString());
        assertTrue(profile().getItems().stream().anyMatch(r -> r.label().startsWith("postgres")));

        // a range dragged on the axis: its totals are running and idle too
        Dataset d = window.vm.timeline().dataset();
        long mid = d.startNs() + d.spanNs() / 2;
        interact(() -> window.vm.timeline().selection().selectRange(mid, mid + 5_000_000L));
        FxWait.untilOnFx("the range's summary", 60, () -> window.vm.timeline().summary().summary()
                .map(s -> !s.wholeRun()).orElse(false) && !states().getItems().isEmpty());
        assertEquals(List.of("running", "idle"), stateLabels().subList(0, 2), stateLabels().toString());
        assertTrue(note.isVisible());

        // the hover and the selected slice say "running", not the reader's user or kernel
        Intervals lane = d.cpus().get(0).slices();
        int i = 0;
        while (lane.task(i) < 0 || SliceState.ofCode(lane.code(i)) == SliceState.IDLE || lane.task(i + 1) < 0) {
            i++;
        }
        SliceHit hit = new SliceHit(0, i, lane.task(i), SliceState.ofCode(lane.code(i)), lane.startNs(i), lane.endNs(i));
        interact(() -> window.vm.timeline().pointerAt(Optional.of(hit)));
        String hover = window.vm.timeline().hoverTextProperty().get();
        assertTrue(hover.contains("\nrunning on CPU 0"), hover);
        interact(() -> window.vm.timeline().selection().select(Optional.of(hit)));
        String details = window.vm.timeline().selection().detailsTextProperty().get();
        assertTrue(details.contains("state     running\n"), details);
        // what the CPU ran next, as far as the recording knows
        assertFalse(details.contains("(user)") || details.contains("(kernel)"), details);
    }

    @Test
    void aSavedSimulatedRunKeepsItsSplitByMode() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of(),
                new Simulation.Options(30, 64, false), () -> false).dataset().orElseThrow();
        Path saved = dir.resolve("run.json");
        DatasetJson.write(run, saved);
        openOnCpuTab(saved, "simulation");
        assertEquals(List.of("user", "kernel", "fault", "spinning", "stolen", "idle"), stateLabels().subList(0, 6),
                stateLabels().toString());
        assertTrue(states().getItems().stream().anyMatch(r -> r.label().equals("spinning") && r.ns() > 0),
                "the run's spinning is there");
        assertFalse(FxWait.onFx(() -> lookup("#cpu-modes-note").queryAs(Label.class).isVisible()));
        assertTrue(profile().getItems().stream().noneMatch(r -> r.label().endsWith(" (running)")));
        assertTrue(profile().getItems().stream().anyMatch(r -> r.label().endsWith(" (user)")));
    }
}
