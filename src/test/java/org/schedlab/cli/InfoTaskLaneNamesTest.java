package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.TaskState;

/**
 * {@code render --task COMM[TID]} needs a task lane's name, and {@code info} listed none: it names
 * them, in the workbench's Task lanes list's order (numbers by value), all of a few or the
 * busiest of many in its text, every one in its JSON.
 */
class InfoTaskLaneNamesTest {
    @TempDir
    Path dir;

    /** Task lanes of {@code comms} in this order, the i-th running i + 1 us, and one task without a lane. */
    private Path dataset(String name, List<String> comms) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("lanes", "test"));
        for (int i = 0; i < comms.size(); i++) {
            int t = b.addTask(100 + i, 100, comms.get(i));
            b.taskState(t, 0, (i + 1) * 1000L, TaskState.RUNNING);
            b.taskState(t, (i + 1) * 1000L, 100_000, TaskState.SLEEPING);
        }
        b.addTask(999, 999, "idle-no-lane");
        Path p = dir.resolve(name);
        DatasetJson.write(b.build(), p);
        return p;
    }

    @Test
    void aFewLanesAreAllNamedByNameWithNumbersByValue() throws Exception {
        Path p = dataset("few.json", List.of("worker10", "worker2", "CPU 3/KVM"));
        CliRun r = CliRun.of("info", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("task lanes  3 (6 intervals)\n            CPU 3/KVM[102], worker2[101], worker10[100]\n"),
                r.out());
        assertTrue(!r.out().contains("idle-no-lane"), "a task without a lane is no --task name: " + r.out());
    }

    @Test
    void manyLanesNameTheBusiestAndSayWhereTheRestAre() throws Exception {
        List<String> comms = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            comms.add("conn" + i);
        }
        Path p = dataset("many.json", comms);
        CliRun r = CliRun.of("info", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        // conn12 .. conn19 ran longest (13 .. 20 us), listed by name
        assertTrue(r.out().contains("the 8 running longest: conn12[112], conn13[113],"), r.out());
        assertTrue(r.out().contains("conn19[119]\n            all 20 in info --json's taskLaneNames\n"), r.out());
        assertTrue(!r.out().contains("conn11[111]"), r.out());
    }

    @Test
    void eightLanesAreAllNamedAndNoneNoRowOfNames() throws Exception {
        List<String> comms = new ArrayList<>();
        for (int i = 0; i < InfoCommand.LANE_NAMES_LISTED; i++) {
            comms.add("w" + i);
        }
        CliRun eight = CliRun.of("info", dataset("eight.json", comms).toString());
        assertEquals(0, eight.exitCode(), eight.err());
        assertTrue(eight.out().contains("task lanes  8 (16 intervals)\n            w0[100], w1[101], w2[102], w3[103],"
                + " w4[104], w5[105],\n            w6[106], w7[107]\nlocks"), "all of 8, none left out: " + eight.out());
        CliRun none = CliRun.of("info", dataset("none.json", List.of()).toString());
        assertEquals(0, none.exitCode(), none.err());
        assertTrue(none.out().contains("\ntask lanes  0 (0 intervals)\nlocks "), "no empty row of names: " + none.out());
    }

    /** Of a thousand lanes and more, "all N" counts them as the row above does, grouped: "1,001" under "1,001". */
    @Test
    void theCountOfAllIsWrittenAsTheTaskLanesRowWritesIt() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("lanes", "test"));
        for (int i = 0; i < 1001; i++) {
            int t = b.addTask(100 + i, 100, "pgbench");
            b.taskState(t, 0, 1000, TaskState.RUNNING);
            b.taskState(t, 1000, 2000, TaskState.SLEEPING);
        }
        Path p = dir.resolve("thousand.json");
        DatasetJson.write(b.build(), p);
        CliRun r = CliRun.of("info", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\ntask lanes  1,001 (2,002 intervals)\n"), r.out());
        assertTrue(r.out().contains("\n            all 1,001 in info --json's taskLaneNames\n"), r.out());
    }

    @Test
    void jsonListsEveryLaneInTheListsOrderAsANewField() throws Exception {
        List<String> comms = new ArrayList<>();
        for (int i = 20; i > 0; i--) {
            comms.add("conn" + i);
        }
        Path p = dataset("json.json", comms);
        CliRun r = CliRun.of("info", "--json", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        List<String> names = new ArrayList<>();
        o.get("taskLaneNames").forEach(n -> names.add(n.asText()));
        assertEquals(20, names.size());
        assertEquals(List.of("conn1[119]", "conn2[118]", "conn3[117]"), names.subList(0, 3));
        assertEquals("conn20[100]", names.get(19));
        assertEquals(20, o.get("taskLanes").asInt(), "the count stays as it was");
    }
}
