package org.schedlab.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.render.Bookmark;
import org.schedlab.render.ColorMode;

public class WorkspaceFileTest {
    @TempDir
    Path dir;

    /** Every field set to something other than its default. */
    public static Workspace full(Path dataDir, Path elsewhere) {
        Map<String, String> live = new LinkedHashMap<>();
        live.put("preemption", "lazy");
        live.put("cpus", "8");
        Workspace.DatasetPart data = new Workspace.DatasetPart(
                List.of(dataDir.resolve("runs/perf_sched_script.txt.gz"), elsewhere.resolve("pgbench.txt")),
                Optional.empty(),
                List.of(new Bookmark(1_000_500L, "holder preempted here"), new Bookmark(2_000_000L, "")),
                Optional.of(new Workspace.TimeWindow(900_000L, 3_100_000L)),
                Optional.of(List.of("postgres[4242]", "kworker/1:2[77]")));
        return new Workspace(Optional.of(data),
                Optional.of(new Workspace.SimRun("teach-kernel-section", live, 42,
                        Optional.of(new Workspace.TimeWindow(5_000_000L, 6_000_000L)),
                        List.of(new Bookmark(5_500_000L, "lazy waits for the tick")),
                        Optional.of(scenarioValues("hz", "250", "cpus", "1")), Optional.empty(),
                        // picked under Task lanes: two tasks labelled alike, in the lanes' order
                        Optional.of(List.of("worker[7]", "kworker/0:1[1000]", "worker[7]")))),
                Optional.of(new Workspace.AbSetup("pgbench-graviton4",
                        new Workspace.AbSide(Map.of("preemption", "none"), 7, Optional.empty(),
                                List.of(new Bookmark(15L, "A: holder preempted"))),
                        new Workspace.AbSide(Map.of("preemption", "lazy"), 8, Optional.of(new Workspace.Sources(
                                List.of(dataDir.resolve("runs/after.txt")), Optional.empty())),
                                List.of(new Bookmark(12L, "B: no spin"), new Bookmark(19L, ""))), 3,
                        Optional.of(new Workspace.TimeWindow(10L, 20_000L)), false,
                        Optional.of(scenarioValues("preemption", "full", "clients", "64")), Optional.empty(),
                        // every lane unchecked: kept as such, not as "none picked"
                        Optional.of(List.of()))),
                ColorMode.BY_STATE, Workspace.Tab.LIVE);
    }

    private static Map<String, String> scenarioValues(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void everyFieldSurvivesSaveAndOpen() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("other"));
        Path wsDir = Files.createDirectories(dir.resolve("project"));
        Workspace w = full(wsDir, elsewhere);
        Path f = wsDir.resolve("study.schedlab");

        WorkspaceFile.save(f, w, "SchedLab test");

        assertEquals(w, WorkspaceFile.read(f));
    }

    @Test
    void fitCpuLanesIsKeptAndAFileWithoutItOpensWithTheLanesAtTheirOwnHeights() throws Exception {
        Path f = dir.resolve("fit.schedlab");
        Workspace fit = Workspace.empty().withFitCpuLanes(true);
        WorkspaceFile.save(f, fit, "SchedLab test");
        assertTrue(Files.readString(f).contains("\"fitCpuLanes\" : true"), Files.readString(f));
        assertTrue(WorkspaceFile.read(f).fitCpuLanes());

        WorkspaceFile.save(f, Workspace.empty(), "SchedLab test");
        assertFalse(Files.readString(f).contains("fitCpuLanes"), "left out when off: older SchedLabs open the file");
        assertFalse(WorkspaceFile.read(f).fitCpuLanes());
    }

    /**
     * Saved with "Fit CPU lanes" on, A/B's dividers from before the fit are kept beside the fitted
     * ones (turning it off in the reopened workspace puts them back); a file without them - saved
     * with it off, or by an older SchedLab - opens, with none; one out of 0..1 is clamped and named.
     */
    @Test
    void dividersFromBeforeTheFitAreKeptAndOptional() throws Exception {
        Path f = dir.resolve("fitted.schedlab");
        Workspace fitted = Workspace.empty().withFitCpuLanes(true).withPanels(new Workspace.Panels(Map.of(), Map.of(),
                Map.of("ab", List.of(0.4283, 0.8604)), Map.of("ab", List.of(0.3453, 0.6943)), List.of()));
        WorkspaceFile.save(f, fitted, "SchedLab test");
        String json = Files.readString(f);
        assertTrue(json.contains("\"dividersBeforeFit\" : {"), json);
        assertEquals(fitted, WorkspaceFile.read(f));
        assertEquals(List.of(0.3453, 0.6943), WorkspaceFile.read(f).panels().dividersBeforeFit().get("ab"));

        WorkspaceFile.save(f, fitted.withPanels(new Workspace.Panels(Map.of(), Map.of(),
                Map.of("ab", List.of(0.28, 0.56)), List.of())), "SchedLab test");
        assertFalse(Files.readString(f).contains("dividersBeforeFit"), "left out when there are none");

        Path older = Files.writeString(dir.resolve("older.schedlab"), "{\"schedlabWorkspace\": 1, \"tab\": \"ab\","
                + " \"colorMode\": \"task\", \"fitCpuLanes\": true, \"panels\": {\"dividers\": {\"ab\": [0.43, 0.86]}}}\n");
        Workspace w = WorkspaceFile.read(older);
        assertEquals(List.of(0.43, 0.86), w.panels().dividers().get("ab"));
        assertTrue(w.panels().dividersBeforeFit().isEmpty());

        Path hand = Files.writeString(dir.resolve("hand.schedlab"), "{\"schedlabWorkspace\": 1, \"tab\": \"ab\","
                + " \"colorMode\": \"task\", \"panels\": {\"dividersBeforeFit\": {\"ab\": [0.3, 1.5]}}}\n");
        Workspace h = WorkspaceFile.read(hand);
        assertEquals(List.of(0.3, 1.0), h.panels().dividersBeforeFit().get("ab"));
        assertEquals(1, h.panels().notes().size(), h.panels().notes().toString());
        assertTrue(h.panels().notes().get(0).contains("divider position 1.5 in \"ab\" of \"dividersBeforeFit\" is outside"
                + " 0..1; using 1"), h.panels().notes().toString());
    }

    @Test
    void anEmptyWorkspaceRoundTrips() throws Exception {
        Path f = dir.resolve("empty.schedlab");
        WorkspaceFile.save(f, Workspace.empty(), "SchedLab test");
        assertEquals(Workspace.empty(), WorkspaceFile.read(f));
    }

    @Test
    void anExampleDatasetIsSavedByNameNotPath() throws Exception {
        Workspace w = Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(),
                Optional.of("/org/schedlab/ui/examples/pgbench-2cpu-50ms.json"), List.of(), Optional.empty())));
        Path f = dir.resolve("ex.schedlab");
        WorkspaceFile.save(f, w, "t");
        assertEquals(w, WorkspaceFile.read(f));
    }

    @Test
    void filesBesideTheWorkspaceAreWrittenRelativeSoTheFolderCanMove() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path elsewhere = Files.createDirectories(dir.resolve("other"));
        WorkspaceFile.save(project.resolve("w.schedlab"), full(project, elsewhere), "t");
        String text = Files.readString(project.resolve("w.schedlab"));
        assertTrue(text.contains("\"runs/perf_sched_script.txt.gz\""), text);
        assertTrue(text.contains(elsewhere.resolve("pgbench.txt").toAbsolutePath().toString()), text);

        Path moved = dir.resolve("moved");
        Files.move(project, moved);
        Workspace read = WorkspaceFile.read(moved.resolve("w.schedlab"));
        assertEquals(moved.resolve("runs/perf_sched_script.txt.gz").toAbsolutePath(),
                read.dataset().orElseThrow().files().get(0));
    }

    @Test
    void aScenarioFileBesideTheWorkspaceMovesWithIt() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path elsewhere = Files.createDirectories(dir.resolve("other"));
        String mine = project.resolve("scenarios/my-case.json").toAbsolutePath().toString();
        String theirs = elsewhere.resolve("their-case.json").toAbsolutePath().toString();
        Workspace w = Workspace.empty()
                .withLive(Optional.of(new Workspace.SimRun(mine, Map.of("cpus", "8"), 3, Optional.empty())))
                .withAb(Optional.of(new Workspace.AbSetup(theirs, new Workspace.AbSide(Map.of(), 1),
                        new Workspace.AbSide(Map.of(), 2), 1, Optional.empty())));
        WorkspaceFile.save(project.resolve("w.schedlab"), w, "t");
        String text = Files.readString(project.resolve("w.schedlab"));
        assertTrue(text.contains("\"scenario\" : \"scenarios/my-case.json\""), text);
        assertTrue(text.contains(theirs), text);

        Path moved = dir.resolve("moved");
        Files.move(project, moved);
        Workspace read = WorkspaceFile.read(moved.resolve("w.schedlab"));
        assertEquals(moved.resolve("scenarios/my-case.json").toAbsolutePath().toString(),
                read.live().orElseThrow().scenario());
        assertEquals(theirs, read.ab().orElseThrow().scenario());
    }

    @Test
    void aSideSavedAsShowingTheDatasetTabGetsTheTabsFiles() throws Exception {
        // the form written before a side kept its own files
        Path f = dir.resolve("older.schedlab");
        Files.writeString(f, "{\"schedlabWorkspace\": 1, \"dataset\": {\"files\": [\"runs/x.txt\"]},\n"
                + " \"ab\": {\"scenario\": \"pgbench-graviton4\", \"a\": {\"seed\": 1, \"datasetTab\": true},"
                + " \"b\": {\"seed\": 2, \"datasetTab\": false}}}");

        Workspace w = WorkspaceFile.read(f);

        Workspace.Sources tab = new Workspace.Sources(List.of(dir.resolve("runs/x.txt").toAbsolutePath().normalize()),
                Optional.empty());
        assertEquals(Optional.of(tab), w.ab().orElseThrow().a().data());
        assertEquals(Optional.empty(), w.ab().orElseThrow().b().data());
    }

    @Test
    void aSidesOwnFileBesideTheWorkspaceIsWrittenRelative() throws Exception {
        Path wsDir = Files.createDirectories(dir.resolve("project"));
        Path f = wsDir.resolve("study.schedlab");
        WorkspaceFile.save(f, full(wsDir, Files.createDirectories(dir.resolve("other"))), "t");
        assertTrue(Files.readString(f).contains("\"data\" : {\n        \"files\" : [ \"runs/after.txt\" ]"),
                Files.readString(f));
    }

    @Test
    void aBuiltInScenarioIsSavedByItsName() throws Exception {
        Workspace w = full(dir, dir);
        Path f = dir.resolve("names.schedlab");
        WorkspaceFile.save(f, w, "t");
        String text = Files.readString(f);
        assertTrue(text.contains("\"scenario\" : \"teach-kernel-section\""), text);
        assertEquals("pgbench-graviton4", WorkspaceFile.read(f).ab().orElseThrow().scenario());
    }

    @Test
    void savingTheSameWorkspaceTwiceGivesTheSameBytes() throws Exception {
        Workspace w = full(dir, dir);
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        WorkspaceJson.write(w, dir, "t", a);
        WorkspaceJson.write(w, dir, "t", b);
        assertArrayEquals(a.toByteArray(), b.toByteArray());
        String text = a.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"schedlabWorkspace\" : 1,"), text);
    }

    @Test
    void theSeedIsKeptApartFromTheOtherParameters() {
        Workspace.SimRun r = new Workspace.SimRun("s", Map.of("seed", "9", "cpus", "4"), 9, Optional.empty());
        assertEquals(Map.of("cpus", "4"), r.parameters());
        assertEquals(Map.of("cpus", "4", "seed", "9"), r.parametersWithSeed());
    }

    @Test
    void workspacesAreRecognisedByTheirExtension() {
        assertTrue(WorkspaceFile.isWorkspaceName(Path.of("/a/b/Study.SchedLab")));
        assertFalse(WorkspaceFile.isWorkspaceName(Path.of("/a/b/dataset.json")));
        assertEquals(Path.of("/a/w.schedlab"), WorkspaceFile.withExtension(Path.of("/a/w")));
        assertEquals(Path.of("/a/w.schedlab"), WorkspaceFile.withExtension(Path.of("/a/w.schedlab")));
    }
}
