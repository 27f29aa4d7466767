package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.TaskExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A scenario file picked in the A/B or Live tab ("Open a scenario file") is read by a background
 * task, never on the FX thread: with the executor holding its tasks, nothing is read or opened
 * until the task runs, and a newer pick wins over an older read that finishes later.
 */
@ExtendWith(ApplicationExtension.class)
class ScenarioFileLoadTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<Task<?>> held = new ArrayList<>();
    private final TaskExecutor holding = held::add;
    private final LabViewModel lab = new LabViewModel(holding, new ManualScheduler(), new LabFixtures.CountingRunner(),
            Runnable::run);

    private Path scenarioFile(String name) throws Exception {
        Path p = dir.resolve(name + ".json");
        Files.copy(Path.of("example-data/scenarios/teach-fair-share.json"), p);
        return p;
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            interact(t::run);
        }
    }

    @Test
    void aPickedFileIsReadByATaskAndOpenedWhenItIsRead() throws Exception {
        Path file = scenarioFile("mine");
        List<Scenario> opened = new ArrayList<>();
        held.clear();
        interact(() -> lab.loadFile(file.toString(), opened::add));
        assertTrue(opened.isEmpty(), "nothing read on the FX thread");
        assertEquals(1, held.size());
        runHeld();
        assertEquals(1, opened.size());
        assertEquals("teach-fair-share", opened.get(0).name());
    }

    @Test
    void aFileGoneBeforeTheReadRunsIsReportedAndNothingOpens() throws Exception {
        Path file = scenarioFile("gone");
        List<Scenario> opened = new ArrayList<>();
        held.clear();
        interact(() -> lab.loadFile(file.toString(), opened::add));
        Files.delete(file);
        runHeld();
        assertTrue(opened.isEmpty());
        assertTrue(lab.messageProperty().get().contains("no such scenario file"), lab.messageProperty().get());
    }

    @Test
    void aNewerPickWinsOverAnOlderReadFinishingLater() throws Exception {
        Path older = scenarioFile("older");
        Path newer = scenarioFile("newer");
        List<String> opened = new ArrayList<>();
        held.clear();
        interact(() -> {
            lab.loadFile(older.toString(), s -> opened.add("older"));
            lab.loadFile(newer.toString(), s -> opened.add("newer"));
        });
        Task<?> first = held.remove(0);
        runHeld();
        interact(first::run);
        assertEquals(List.of("newer"), opened);
    }
}
