package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The tasks picked in "Task lanes" on the Dataset tab are part of the view a workspace keeps:
 * they came back as the lanes the data opens with, whatever the user had picked.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceTaskLanesTest extends FxRobot {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private WorkspaceViewModel ws;

    private Path openSixWorkers() throws Exception {
        Path data = dir.resolve("six.json");
        DatasetJson.write(UiFixtures.busy("six", 6, 0, 10_000_000), data);
        vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
        ws = new WorkspaceViewModel(vm, Task::run);
        interact(() -> vm.openFiles(List.of(data)));
        return data;
    }

    private List<String> lanes() {
        Dataset d = vm.timeline().dataset();
        List<String> out = new ArrayList<>();
        for (int id : vm.timeline().trackSpecProperty().get().taskLanes()) {
            out.add(d.task(id).label());
        }
        return out;
    }

    private List<Integer> idsOf(String... labels) {
        List<Integer> ids = new ArrayList<>();
        for (String l : labels) {
            ids.add(vm.timeline().dataset().tasks().stream().filter(t -> t.label().equals(l)).findFirst()
                    .orElseThrow().id());
        }
        return ids;
    }

    @Test
    void thePickedTaskLanesComeBackInTheirOrder() throws Exception {
        openSixWorkers();
        List<String> defaults = lanes();
        List<String> picked = List.of("worker/5[105]", "worker/0[100]", "worker/4[104]", "worker/3[103]");
        assertTrue(!defaults.equals(picked), "the pick differs from what the data opens with: " + defaults);
        interact(() -> vm.timeline().setTaskLanes(idsOf(picked.toArray(String[]::new))));
        Path f = dir.resolve("lanes.schedlab");
        interact(() -> ws.saveAs(f));
        assertTrue(Files.readString(f).contains("\"taskLanes\""), Files.readString(f));

        interact(() -> vm.timeline().setTaskLanes(List.of()));
        interact(() -> ws.open(f));

        assertEquals(picked, lanes());
        assertEquals("Opened workspace lanes.schedlab", ws.messageProperty().get());
    }

    @Test
    void aTaskNoLongerInTheDataIsNamedAndTheOthersGetTheirLanes() throws Exception {
        Path data = openSixWorkers();
        Workspace w = Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(data),
                Optional.empty(), List.of(), Optional.empty(), Optional.of(List.of("worker/2[102]", "gone[999]")))));
        Path f = dir.resolve("changed.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> ws.open(f));

        assertEquals(List.of("worker/2[102]"), lanes());
        assertEquals("Opened workspace changed.schedlab; no task gone[999] in the data for its lane",
                ws.messageProperty().get());
    }

    /**
     * A workspace saved before a reused tid's later tasks were labelled {@code comm[tid#2]} names
     * two lanes {@code worker[7]}: the second, the tid's second task, is {@code worker[7#2]} now.
     * Only the first came back, the second reported as no longer in the data; both come back.
     */
    @Test
    void twoLanesOfOneLabelSavedBeforeReusedTidsWereLabelledApartBothComeBack() throws Exception {
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("reused", "perf-sched-script"));
        String[] comms = {"idle", "worker", "worker", "kworker/0:1"};
        int[] tids = {1, 7, 7, 1000};
        for (int i = 0; i < comms.length; i++) {
            int t = b.addTask(tids[i], 100, comms[i]);
            b.slice(0, i * 1000L, i * 1000L + 500, t, org.schedlab.model.SliceState.USER);
            b.taskState(t, i * 1000L, i * 1000L + 500, org.schedlab.model.TaskState.RUNNING);
        }
        Path data = dir.resolve("reused.json");
        DatasetJson.write(b.build(), data);
        vm = new WorkbenchViewModel(Task::run, DatasetOpener.standard());
        ws = new WorkspaceViewModel(vm, Task::run);
        Workspace w = Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(data),
                Optional.empty(), List.of(), Optional.empty(), Optional.of(List.of("worker[7]", "worker[7]")))));
        Path f = dir.resolve("older.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> ws.open(f));

        assertEquals(List.of("worker[7]", "worker[7#2]"), lanes());
        assertEquals("Opened workspace older.schedlab", ws.messageProperty().get());
    }

    @Test
    void manyTasksNoLongerInTheDataAreCountedNotAllListed() throws Exception {
        Path data = openSixWorkers();
        List<String> lanes = new ArrayList<>(List.of("worker/1[101]"));
        for (int i = 0; i < 5000; i++) {
            lanes.add("gone[" + i + "]");
        }
        Workspace w = Workspace.empty().withDataset(Optional.of(new Workspace.DatasetPart(List.of(data),
                Optional.empty(), List.of(), Optional.empty(), Optional.of(lanes))));
        Path f = dir.resolve("edited.schedlab");
        WorkspaceFile.save(f, w, "test");

        interact(() -> ws.open(f));

        assertEquals(List.of("worker/1[101]"), lanes());
        assertEquals("Opened workspace edited.schedlab; no task gone[0], gone[1], gone[2] and 4997 more in the data"
                + " for its lane", ws.messageProperty().get());
    }
}
