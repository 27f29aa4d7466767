package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.Workbench;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A workspace saved by an older SchedLab, or edited by hand, meets a scenario that changed: a
 * parameter renamed, a value now out of range. What still fits is restored, and each value
 * that was dropped is named; a damaged workspace file says where, and what was open stays.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceRestoreBadInputTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private Workbench workbench;
    private LabViewModel lab;
    private final List<WorkspaceViewModel.Problem> failures = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard())
                .beforeShow(wb -> wb.workspace().addFailureListener(failures::add))
                .show(stage);
        workbench = window.workbench;
        lab = window.lab;
    }

    @Test
    void aRenamedOrOutOfRangeParameterIsNamedAndTheRestOfTheRunIsRestored() throws Exception {
        Workspace w = Workspace.empty().withTab(Workspace.Tab.LIVE).withLive(Optional.of(new Workspace.SimRun(
                LabFixtures.TEACH, Map.of("durationMs", "500", "oldName", "7", "preemption", "bogus"), 42,
                Optional.empty())));
        Path f = dir.resolve("old.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> workbench.workspace().open(f));

        FxWait.until("the report", 40, () -> !failures.isEmpty());
        String msg = failures.get(0).message();
        assertTrue(msg.contains("oldName") && msg.contains("preemption"), msg);
        ParameterPanelViewModel p = lab.livePanelProperty().get();
        assertNotNull(p, "the live run is restored with what still fits: " + msg);
        assertEquals("500", p.param("durationMs").orElseThrow().value());
        assertEquals("42", p.param("seed").orElseThrow().value());
        assertEquals(LabFixtures.teach().params().get("preemption").value(),
                p.param("preemption").orElseThrow().value(), "the refused value falls back to the scenario's");
    }

    @Test
    void moreSeedsPerSideThanTheTabRunsIsNamedNotCutSilently() throws Exception {
        Workspace w = Workspace.empty().withTab(Workspace.Tab.AB).withAb(Optional.of(new Workspace.AbSetup(
                LabFixtures.TEACH, new Workspace.AbSide(Map.of("durationMs", "200"), 1),
                new Workspace.AbSide(Map.of("durationMs", "200", "preemption", "full"), 1), 50,
                Optional.empty())));
        Path f = dir.resolve("many-seeds.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> workbench.workspace().open(f));

        FxWait.until("the report", 40, () -> !failures.isEmpty());
        String msg = failures.get(0).message();
        assertTrue(msg.contains("50 seeds per side") && msg.contains("1.." + CompareViewModel.MAX_SEEDS), msg);
        assertEquals(CompareViewModel.MAX_SEEDS, lab.compare().seedsProperty().get());
        assertEquals("full", lab.compare().panel(CompareViewModel.Side.B).overrides().get("preemption"),
                "the rest of the setup is restored");
        interact(() -> {
            lab.compare().side(CompareViewModel.Side.A).cancel();
            lab.compare().side(CompareViewModel.Side.B).cancel();
        });
    }

    @Test
    void aDamagedWorkspaceFileNamesTheFileAndLine() throws Exception {
        Path f = dir.resolve("cut.schedlab");
        Files.writeString(f, "{\n  \"format\": \"schedlab-workspace\",\n  \"live\": {\n");
        interact(() -> workbench.workspace().open(f));
        FxWait.until("the report", 40, () -> !failures.isEmpty());
        String msg = failures.get(0).message();
        assertTrue(msg.startsWith(f.toAbsolutePath().toString()), msg);
        assertTrue(msg.matches("(?s).*cut\\.schedlab:\\d+.*"), "names the line: " + msg);
    }

    @Test
    void aRunWithoutItsSeedIsNamed() throws Exception {
        Workspace w = Workspace.empty().withLive(Optional.of(new Workspace.SimRun(
                LabFixtures.TEACH, Map.of("durationMs", "500"), 42, Optional.empty())));
        Path f = dir.resolve("noseed.schedlab");
        WorkspaceFile.save(f, w, "test");
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(f.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("live")).remove("seed");
        json.writeValue(f.toFile(), root);
        interact(() -> workbench.workspace().open(f));
        FxWait.until("the report", 40, () -> !failures.isEmpty());
        String msg = failures.get(0).message();
        assertTrue(msg.startsWith(f.toAbsolutePath().toString()) && msg.contains("seed"), msg);
    }

    @Test
    void aRunWhoseScenarioIsNotThereIsKeptWhenTheWorkspaceIsSavedAgain() throws Exception {
        Workspace.SimRun live = new Workspace.SimRun("scenario-of-a-newer-version", Map.of("durationMs", "500"), 7,
                Optional.empty());
        Workspace.AbSetup ab = new Workspace.AbSetup("another-missing-one",
                new Workspace.AbSide(Map.of("preemption", "none"), 3),
                new Workspace.AbSide(Map.of("preemption", "full"), 3), 2, Optional.empty());
        Workspace w = Workspace.empty().withLive(Optional.of(live)).withAb(Optional.of(ab));
        Path f = dir.resolve("newer.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> workbench.workspace().open(f));
        FxWait.until("the report", 40, () -> !failures.isEmpty());

        Workspace again = workbench.workspace().capture();
        assertEquals(Optional.of(live), again.live(), "Ctrl+S keeps the live run it could not show");
        assertEquals(Optional.of(ab), again.ab(), "and the A/B setup");

        interact(() -> lab.load(LabFixtures.TEACH).ifPresent(s -> lab.openLive(s, Map.of("durationMs", "400"))));
        // captured on the FX thread: the live run just opened is running meanwhile
        assertEquals(LabFixtures.TEACH, WaitForAsyncUtils.asyncFx(() -> workbench.workspace().capture()).get().live()
                .orElseThrow().scenario(),
                "a run the user opens since is what is saved");
    }
}
