package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * {@code render --task} on the names a recording gives: a tid that two comms had (a task that
 * exec'd), and a dataset without task lanes, where the CLI tests' runs have neither.
 */
class TaskPicksTest {

    /** bash[700] exec'd as worker[700], and kworker/0:1[5]; {@code lanes}: whether they have task lanes. */
    private static Dataset execd(boolean lanes) throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("execd", "test"));
        int kworker = b.addTask(5, 5, "kworker/0:1");
        int bash = b.addTask(700, 700, "bash");
        int worker = b.addTask(700, 700, "worker");
        b.slice(0, 0, 1_000, bash, SliceState.USER).slice(0, 1_000, 2_000, worker, SliceState.USER)
                .slice(0, 2_000, 3_000, kworker, SliceState.KERNEL);
        if (lanes) {
            b.taskState(kworker, 0, 2_000, TaskState.SLEEPING).taskState(bash, 0, 1_000, TaskState.RUNNING)
                    .taskState(worker, 1_000, 2_000, TaskState.RUNNING);
        }
        return b.build();
    }

    private static List<String> drawn(Dataset d, String... names) {
        return new TaskPicks(List.of(names)).spec(d).taskLanes().stream().map(t -> d.task(t).label()).toList();
    }

    @Test
    void aTidTwoCommsHadDrawsBothAndItsCommTidOnlyThatOne() throws Exception {
        Dataset d = execd(true);
        assertEquals(List.of("bash[700]", "worker[700]"), drawn(d, "700"), "the tid alone: each task that had it");
        assertEquals(List.of("worker[700]"), drawn(d, "worker[700]"));
        assertEquals(List.of("kworker/0:1[5]", "bash[700]", "worker[700]"), drawn(d, "kworker/0:1[5]", "700"),
                "in the order named");
    }

    @Test
    void aDatasetWithoutTaskLanesSaysSoNotThatItLacksTheName() throws Exception {
        Dataset d = execd(false);
        UserInputException e = assertThrows(UserInputException.class,
                () -> new TaskPicks(List.of("worker[700]")).check(List.of(d), List.of("x.json")));
        assertEquals("--task worker[700]: x.json has that task but no task lane for it (only tasks with a lane"
                + " can be drawn); x.json has no task lanes", e.getMessage());
        UserInputException none = assertThrows(UserInputException.class,
                () -> new TaskPicks(List.of("nginx[1]")).check(List.of(d), List.of("x.json")));
        assertEquals("--task nginx[1]: no task lane of that name in x.json; x.json has no task lanes", none.getMessage());
    }

    /**
     * Over A/B, sides with the same tasks: the closest are named once each and counted once, the
     * lanes only one side has with them ("of 3 task lanes", not the 5 the two sides draw).
     */
    /** {@code --task ""} (an unset shell variable) said "--task : no task lane of that name in x.json". */
    @Test
    void anEmptyTaskNameIsSaidToBeEmpty() throws Exception {
        for (String blank : new String[] {"", " "}) {
            UserInputException e = assertThrows(UserInputException.class,
                    () -> new TaskPicks(List.of(blank)).check(List.of(execd(true)), List.of("x.json")));
            assertEquals("--task: an empty name was given; expected COMM[TID] or a TID, as the Task lanes list names"
                    + " a task (is a shell variable unset?)", e.getMessage());
        }
    }

    @Test
    void overABTheClosestAndTheirCountAreOfDistinctNames() throws Exception {
        Dataset a = execd(true);
        DatasetBuilder b = Dataset.builder(Metadata.of("execd B", "test"));
        int kworker = b.addTask(5, 5, "kworker/0:1");
        int bash = b.addTask(700, 700, "bash");
        b.slice(0, 0, 1_000, bash, SliceState.USER).slice(0, 2_000, 3_000, kworker, SliceState.KERNEL);
        b.taskState(kworker, 0, 2_000, TaskState.SLEEPING).taskState(bash, 0, 1_000, TaskState.RUNNING);
        UserInputException e = assertThrows(UserInputException.class,
                () -> new TaskPicks(List.of("kworker/0:2[5]")).check(List.of(a, b.build()), List.of("A", "B")));
        assertEquals("--task kworker/0:2[5]: no task lane of that name in A or B; the closest: kworker/0:1[5],"
                + " worker[700], bash[700] (of 3 task lanes)", e.getMessage());
    }

    @Test
    void aTidAloneIsMatchedAgainstTheTidsForTheClosest() throws Exception {
        Dataset d = execd(true);
        UserInputException e = assertThrows(UserInputException.class,
                () -> new TaskPicks(List.of("6")).check(List.of(d), List.of("x.json")));
        // by the tids 5 is closest to 6; by the whole labels "bash[700]" would be
        assertEquals("--task 6: no task lane of that name in x.json; the closest: kworker/0:1[5], bash[700],"
                + " worker[700] (of 3 task lanes)", e.getMessage());
    }
}
