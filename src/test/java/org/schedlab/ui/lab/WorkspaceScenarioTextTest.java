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
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A scenario file reworded since the workspace was saved (its description, notes, a parameter's
 * explanation) while its values stayed: opening the workspace says so, in the message that names
 * changed values, by the part that changed - from hashes kept in the workspace, not the text.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceScenarioTextTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<Task<?>> held = new ArrayList<>();
    private final LabViewModel lab = new LabViewModel(held::add, new ManualScheduler(), new LabFixtures.CountingRunner(),
            Runnable::run);
    private WorkspaceViewModel workspace;
    private final List<List<String>> done = new ArrayList<>();
    private Path file;
    private Path saved;

    @BeforeEach
    void setUp() throws Exception {
        interact(() -> {
            WorkbenchViewModel vm = new WorkbenchViewModel(Task::run, DatasetOpener.json());
            workspace = new WorkspaceViewModel(vm, Task::run);
            workspace.addPart(new LabWorkspace(lab, vm));
        });
        held.clear();
        file = dir.resolve("mine.json");
        Files.copy(Path.of("example-data/scenarios/teach-fair-share.json"), file);
        saved = dir.resolve("study.schedlab");
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            Task<?> t = held.remove(0);
            interact(t::run);
        }
    }

    /** Opens {@code w}, saves the window to {@link #saved}, then clears the reports. */
    private void openAndSave(Workspace w) throws Exception {
        interact(() -> workspace.restore(w, done::add));
        runHeld();
        assertEquals(List.of(List.of()), done);
        WorkspaceFile.save(saved, workspace.capture(), "SchedLab test");
        done.clear();
    }

    private List<List<String>> reopen() throws Exception {
        Workspace reopened = WorkspaceFile.read(saved);
        interact(() -> workspace.restore(reopened, done::add));
        runHeld();
        return done;
    }

    private Workspace live() {
        return Workspace.empty().withLive(Optional.of(new Workspace.SimRun(file.toString(), Map.of("durationMs", "300"),
                42, Optional.empty())));
    }

    private void edit(String from, String to) throws Exception {
        String text = Files.readString(file);
        assertTrue(text.contains(from), from);
        Files.writeString(file, text.replace(from, to));
    }

    private String which() {
        return "the scenario file " + file.toAbsolutePath().normalize() + " changed since the workspace was saved";
    }

    @Test
    void aDescriptionEditedSinceTheSaveIsNamedThoughNoValueChanged() throws Exception {
        openAndSave(live());
        String json = Files.readString(saved);
        assertTrue(json.contains("\"scenarioText\""), json);
        assertFalse(json.contains("Tasks A and B compute"), "hashes, not the scenario's text: " + json);

        edit("Tasks A and B compute in user mode forever", "Tasks A and B compute in user mode for ever");
        assertEquals(List.of(List.of("Live run: " + which() + ": its description changed; the run's values are as saved")),
                reopen());
    }

    @Test
    void rewordedNotesAndAChangedValueAreNamedInOneMessage() throws Exception {
        openAndSave(live());
        edit("Set bNice=5 to see weights at work", "Set bNice=5 to watch weights at work");
        edit("\"value\": \"250\"", "\"value\": \"1000\"");
        assertEquals(List.of(List.of("Live run: " + which() + "; the run uses its values now, not the saved ones:"
                + " hz=1000 (saved: 250); its notes changed too")), reopen());
    }

    @Test
    void anABSetupNamesAParameterExplanationAndTheExplanationRewordedTogether() throws Exception {
        openAndSave(Workspace.empty().withAb(Optional.of(new Workspace.AbSetup(file.toString(),
                new Workspace.AbSide(Map.of(), 1), new Workspace.AbSide(Map.of("durationMs", "300"), 2), 1,
                Optional.empty()))));
        String text = Files.readString(file);
        int explain = text.indexOf("\"explain\"", text.indexOf("\"parameters\""));
        assertTrue(explain > 0, "the copied scenario explains a parameter");
        Files.writeString(file, text.substring(0, explain) + "\"explain\": \"Reworded. "
                + text.substring(explain + "\"explain\": \"".length()));
        edit("Two CPU-bound tasks share one CPU.", "Two CPU-bound tasks share a CPU.");
        assertEquals(List.of(List.of("A/B: " + which() + ": its explanation and parameter explanations changed;"
                + " the run's values are as saved")), reopen());
    }

    @Test
    void aScenarioFileThatIsTheSameSaysNothing() throws Exception {
        openAndSave(live());
        assertEquals(List.of(List.of()), reopen());
    }

    @Test
    void aWorkspaceSavedBeforeTheTextWasKeptSaysNothingAboutText() throws Exception {
        openAndSave(live());
        // as an older SchedLab wrote it: the values, no "scenarioText"
        Workspace.SimRun run = WorkspaceFile.read(saved).live().orElseThrow();
        WorkspaceFile.save(saved, Workspace.empty().withLive(Optional.of(new Workspace.SimRun(run.scenario(),
                run.parameters(), run.seed(), run.window(), run.bookmarks(), run.scenarioValues()))), "SchedLab test");
        assertFalse(Files.readString(saved).contains("scenarioText"));
        edit("Tasks A and B compute in user mode forever", "Tasks A and B compute in user mode for ever");
        assertEquals(List.of(List.of()), reopen(), "nothing to compare the words with: no guess");
    }
}
