package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * A/B's task lanes list without a window: one item per task of the two runs, matched by
 * {@code comm[tid]}; what the user picks is kept by name through new datasets on either side.
 */
class TaskLaneChoiceTest {
    private final TimelineViewModel a = new TimelineViewModel();
    private final TimelineViewModel b = new TimelineViewModel();
    private final TaskLaneChoice choice = TaskLaneChoice.acrossSides(a, b);

    /** Tasks named {@code comm[tid]} as given, in that order, each with a state lane. */
    private static Dataset named(String source, Object... commTid) throws Exception {
        DatasetBuilder d = Dataset.builder(Metadata.of(source, "perf-sched-script"));
        for (int i = 0; i < commTid.length; i += 2) {
            int t = d.addTask((Integer) commTid[i + 1], 100, (String) commTid[i]);
            d.slice(0, i * 1000L, i * 1000L + 500, t, SliceState.USER);
            d.taskState(t, i * 1000L, i * 1000L + 500, TaskState.RUNNING);
        }
        return d.build();
    }

    private static List<String> lanes(TimelineViewModel t) {
        List<String> out = new ArrayList<>();
        for (int task : t.trackSpecProperty().get().taskLanes()) {
            out.add(t.dataset().task(task).label());
        }
        return out;
    }

    /** The item the list shows as {@code text}. */
    private int item(String text) {
        TaskLaneChoice.Listing l = choice.listingProperty().get();
        return l.laneOrder().stream().filter(i -> text.equals(l.texts().get(i))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + text + " in " + l.texts().values()));
    }

    private List<String> texts() {
        TaskLaneChoice.Listing l = choice.listingProperty().get();
        return l.laneOrder().stream().map(l.texts()::get).toList();
    }

    @Test
    void eachTaskIsListedOnceAndOneSidesTasksSayWhichSide() throws Exception {
        a.setDataset(named("a", "kworker/0:1", 1000, "vhost", 3141), List.of());
        b.setDataset(named("b", "vhost", 3141, "kworker/0:1", 1000, "uperf", 4242), List.of());
        assertEquals(List.of("kworker/0:1[1000]", "vhost[3141]", "uperf[4242]  (only on B)"), texts());
        choice.check(List.of(item("vhost[3141]"), item("uperf[4242]  (only on B)")));
        assertEquals(List.of("vhost[3141]"), lanes(a));
        assertEquals(List.of("vhost[3141]", "uperf[4242]"), lanes(b));
        assertEquals(List.of(item("vhost[3141]"), item("uperf[4242]  (only on B)")), choice.checkedProperty().get());
    }

    /** While B's run is still to come, A's tasks are not called A's only: nothing says B lacks them. */
    @Test
    void aSideWithNoRunYetDoesNotMakeTheOthersTasksItsOnly() throws Exception {
        a.setDataset(named("a", "kworker/0:1", 1000, "vhost", 3141), List.of());
        assertEquals(List.of("kworker/0:1[1000]", "vhost[3141]"), texts());
        b.setDataset(named("b", "vhost", 3141), List.of());
        assertEquals(List.of("kworker/0:1[1000]  (only on A)", "vhost[3141]"), texts());
    }

    /** The list's names in the order it lists them by name (the lanes not shown). */
    private List<String> byName() {
        TaskLaneChoice.Listing l = choice.listingProperty().get();
        return l.nameOrder().stream().map(l.texts()::get).toList();
    }

    @Test
    void numbersInNamesAreListedByValue() throws Exception {
        // case C's kworkers read kworker/10:1 .. kworker/15:1 above kworker/1:1 and kworker/2:1
        a.setDataset(named("a", "kworker/10:1", 1010, "kworker/2:1", 1002, "CPU 10/KVM", 3110, "kworker/1:1", 1001,
                "CPU 2/KVM", 3102, "vhost-3101", 3142), List.of());
        b.setDataset(named("b", "kworker/1:1", 1001, "kworker/10:1", 1010, "kworker/2:1", 1002), List.of());
        assertEquals(List.of("CPU 2/KVM[3102]  (only on A)", "CPU 10/KVM[3110]  (only on A)", "kworker/1:1[1001]",
                "kworker/2:1[1002]", "kworker/10:1[1010]", "vhost-3101[3142]  (only on A)"), byName());
        assertEquals(0, TaskLaneChoice.compareNames("Worker 7", "worker 7"), "case aside");
        assertEquals(-1, Integer.signum(TaskLaneChoice.compareNames("w7", "w07")), "same value: the shorter first");
        assertEquals(-1, Integer.signum(TaskLaneChoice.compareNames("w99999999999999999999", "w100000000000000000000")),
                "digits past a long's range by value too");
        assertEquals(-1, Integer.signum(TaskLaneChoice.compareNames("kworker", "kworker/0:1")));
        assertEquals(-1, Integer.signum(TaskLaneChoice.compareNames("worker-008", "worker-10")),
                "leading zeros aside: 8 before 10, though its run of digits is longer");
    }

    /** Tasks of one comm (a tid reused, or a pool's threads named alike) are listed by tid. */
    @Test
    void tasksOfOneCommAreListedByTid() throws Exception {
        a.setDataset(named("a", "worker", 10, "worker", 9, "idle", 1), List.of());
        b.setDataset(named("b", "worker", 10, "worker", 9, "idle", 1), List.of());
        assertEquals(List.of("idle[1]", "worker[9]", "worker[10]"), byName());
    }

    /**
     * A recording may have two threads of one tid and comm (the tid reused): the first of A's is the
     * first of B's, and the second is labelled apart (TaskInfo#label).
     */
    @Test
    void twoTasksOfOneNameMatchInTheirOrder() throws Exception {
        a.setDataset(named("a", "worker", 7, "worker", 7), List.of());
        b.setDataset(named("b", "worker", 7), List.of());
        assertEquals(List.of("worker[7]", "worker[7#2]  (only on A)"), texts());
    }

    @Test
    void aSwapAndANewRunShowThePickedTasksTheyHave() throws Exception {
        Dataset full = named("s390", "kworker/0:1", 1000, "vhost", 3141, "CPU 0/KVM", 3102);
        Dataset lazy = named("s390", "CPU 0/KVM", 3102, "vhost", 3141, "kworker/0:1", 1000);
        a.setDataset(full, List.of(1));
        b.setDataset(lazy, List.of(1));
        choice.check(List.of(item("kworker/0:1[1000]"), item("vhost[3141]")));
        // swap: each side gets the other's run, opening with the lanes it was made with
        a.setDataset(lazy, List.of(0));
        b.setDataset(full, List.of(2));
        assertEquals(List.of("kworker/0:1[1000]", "vhost[3141]"), lanes(a));
        assertEquals(List.of("kworker/0:1[1000]", "vhost[3141]"), lanes(b));
        // a rerun without vhost: the picked task it has
        b.setDataset(named("s390", "kworker/0:1", 1000, "CPU 0/KVM", 3102), List.of(1));
        assertEquals(List.of("kworker/0:1[1000]"), lanes(b));
    }

    @Test
    void aDatasetWithNoneOfThePickedTasksOpensWithItsOwnLanes() throws Exception {
        a.setDataset(named("a", "kworker/0:1", 1000), List.of());
        b.setDataset(named("b", "kworker/0:1", 1000), List.of());
        choice.check(List.of(item("kworker/0:1[1000]")));
        b.setDataset(named("pgbench", "postgres", 5001, "pgbench", 5000), List.of(1));
        assertEquals(List.of("pgbench[5000]"), lanes(b));
    }

    @Test
    void lanesAllUncheckedStayUncheckedThroughARerun() throws Exception {
        a.setDataset(named("a", "kworker/0:1", 1000), List.of(0));
        b.setDataset(named("b", "kworker/0:1", 1000), List.of(0));
        choice.check(List.of());
        b.setDataset(named("b", "kworker/0:1", 1000), List.of(0));
        assertEquals(List.of(), lanes(b));
    }

    @Test
    void afterForgetANewDatasetOpensWithItsOwnLanes() throws Exception {
        a.setDataset(named("a", "kworker/0:1", 1000, "vhost", 3141), List.of());
        b.setDataset(named("b", "kworker/0:1", 1000, "vhost", 3141), List.of());
        choice.check(List.of(item("kworker/0:1[1000]")));
        choice.forget();
        b.setDataset(named("b", "kworker/0:1", 1000, "vhost", 3141), List.of(1));
        assertEquals(List.of("vhost[3141]"), lanes(b));
    }

    @Test
    void thePicksAWorkspaceKeepsComeBackOnTheRunsItOpens() throws Exception {
        // a recording with a tid reused by the same comm: two tasks, worker[7] and worker[7#2], both picked
        a.setDataset(named("a", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        b.setDataset(named("b", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        List<Integer> order = choice.listingProperty().get().laneOrder();
        assertEquals(java.util.Optional.empty(), choice.picks(), "nothing picked yet: each run's own lanes");
        choice.check(List.of(order.get(1), order.get(2), order.get(3)));
        List<String> saved = choice.picks().orElseThrow();
        assertEquals(List.of("worker[7]", "worker[7#2]", "kworker/0:1[1000]"), saved);

        TimelineViewModel a2 = new TimelineViewModel();
        TimelineViewModel b2 = new TimelineViewModel();
        TaskLaneChoice restored = TaskLaneChoice.acrossSides(a2, b2);
        restored.pick(saved);
        a2.setDataset(named("a", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        b2.setDataset(named("b", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        assertEquals(saved, lanes(a2));
        assertEquals(saved, lanes(b2));
        assertEquals(3, restored.checkedProperty().get().size(), "all three checked in the list");
    }

    /**
     * A workspace saved before a reused tid's later tasks were labelled apart names both tasks
     * {@code worker[7]}: the second is {@code worker[7#2]} now, and it came back without it (the
     * first alone). Both picks come back as they were saved, on each side.
     */
    @Test
    void twoPicksOfOneLabelSavedBeforeReusedTidsWereLabelledApartBothComeBack() throws Exception {
        List<String> saved = List.of("worker[7]", "worker[7]", "kworker/0:1[1000]");
        TimelineViewModel a2 = new TimelineViewModel();
        TimelineViewModel b2 = new TimelineViewModel();
        TaskLaneChoice restored = TaskLaneChoice.acrossSides(a2, b2);
        restored.pick(saved);
        a2.setDataset(named("a", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        b2.setDataset(named("b", "idle", 1, "worker", 7, "worker", 7, "kworker/0:1", 1000), List.of());
        List<String> shown = List.of("worker[7]", "worker[7#2]", "kworker/0:1[1000]");
        assertEquals(shown, lanes(a2));
        assertEquals(shown, lanes(b2));
        assertEquals(3, restored.checkedProperty().get().size(), "all three checked in the list");
    }

    /**
     * Until the user picks, B opens with the tasks A opened with that it has (a reader compares
     * like with like), then those of its own not among them; a new run on A aligns B again.
     */
    @Test
    void beforeAnyPickBOpensWithAsLanesItHas() throws Exception {
        a.setDataset(named("a", "postgres", 5001, "pgbench", 5000, "kworker/0:1", 1000, "vhost", 3141), List.of(0, 1));
        b.setDataset(named("b", "kworker/0:1", 1000, "pgbench", 5000, "vhost", 3141), List.of(0, 2));
        assertEquals(List.of("postgres[5001]", "pgbench[5000]"), lanes(a), "A keeps its own");
        assertEquals(List.of("pgbench[5000]", "kworker/0:1[1000]", "vhost[3141]"), lanes(b), "A's it has, then its own");
        // A's rerun opens with other tasks: B follows
        a.setDataset(named("a", "postgres", 5001, "pgbench", 5000, "kworker/0:1", 1000, "vhost", 3141), List.of(3, 2));
        assertEquals(List.of("vhost[3141]", "kworker/0:1[1000]"), lanes(b));
        assertEquals(List.of(item("vhost[3141]"), item("kworker/0:1[1000]")), choice.checkedProperty().get());
        // B's rerun (arriving after A's) opens aligned too
        b.setDataset(named("b", "kworker/0:1", 1000, "pgbench", 5000, "vhost", 3141), List.of(1));
        assertEquals(List.of("vhost[3141]", "kworker/0:1[1000]", "pgbench[5000]"), lanes(b), "A's it has, then its own");
        // once the user picks, a run on A no longer moves B's lanes
        choice.check(List.of(item("pgbench[5000]")));
        a.setDataset(named("a", "postgres", 5001, "pgbench", 5000, "kworker/0:1", 1000, "vhost", 3141), List.of(3));
        assertEquals(List.of("pgbench[5000]"), lanes(a));
        assertEquals(List.of("pgbench[5000]"), lanes(b));
    }

    /** B's run in before A's: its own lanes until A's is in, then aligned. */
    @Test
    void bInFirstIsAlignedOnceAIsIn() throws Exception {
        b.setDataset(named("b", "kworker/0:1", 1000, "pgbench", 5000, "vhost", 3141), List.of(0, 2));
        assertEquals(List.of("kworker/0:1[1000]", "vhost[3141]"), lanes(b));
        a.setDataset(named("a", "postgres", 5001, "pgbench", 5000), List.of(1, 0));
        assertEquals(List.of("pgbench[5000]", "kworker/0:1[1000]", "vhost[3141]"), lanes(b));
    }

    /**
     * A's lanes fill as many as B opens with (case A: A's three postgres backends, all on B too):
     * B's own lock-holder preemption victim, which A does not open with, is shown after them
     * rather than left for the user to find in a list of 1,120 tasks.
     */
    @Test
    void bsOwnOpeningTaskAsDoNotShowIsShownAfterAs() throws Exception {
        Object[] tasks = {"postgres", 5200, "postgres", 5420, "postgres", 5638, "postgres", 5777, "pgbench", 4001};
        a.setDataset(named("a", tasks), List.of(0, 1, 2));
        b.setDataset(named("b", tasks), List.of(3, 0, 1)); // its victim 5777 first, then two A has too
        assertEquals(List.of("postgres[5200]", "postgres[5420]", "postgres[5638]"), lanes(a), "A keeps its own");
        assertEquals(List.of("postgres[5200]", "postgres[5420]", "postgres[5638]", "postgres[5777]"), lanes(b),
                "A's, then B's own victim");
        assertEquals(List.of(item("postgres[5200]"), item("postgres[5420]"), item("postgres[5638]"),
                item("postgres[5777]")), choice.checkedProperty().get(), "checked in the list");
        // B opening with A's tasks only: nothing added
        b.setDataset(named("b", tasks), List.of(2, 1));
        assertEquals(List.of("postgres[5200]", "postgres[5420]", "postgres[5638]"), lanes(b));
    }

    /**
     * Data put on both sides (a workspace reopened) opens without lanes and gets its default ones
     * once its summary is in: A's then are the lanes B aligns to.
     */
    @Test
    void lanesADatasetGetsOnceItsSummaryIsInAlignB() throws Exception {
        a.setDataset(named("a", "postgres", 5001, "pgbench", 5000, "kworker/0:1", 1000), List.of());
        b.setDataset(named("b", "kworker/0:1", 1000, "pgbench", 5000, "vhost", 3141), List.of());
        b.setTaskLanes(List.of(2)); // B's summary first: its own default
        assertEquals(List.of("vhost[3141]"), lanes(b));
        a.setTaskLanes(List.of(1)); // then A's
        assertEquals(List.of("pgbench[5000]"), lanes(a));
        assertEquals(List.of("pgbench[5000]", "vhost[3141]"), lanes(b), "A's it has, then its own");
    }

    /**
     * Eight postgres backends, each running a little less than the one before: A's data opens with
     * the busiest three; B's ({@code victims}) with its last three, lock-holder preemption victims.
     */
    static Dataset backends(String source, boolean victims) throws Exception {
        DatasetBuilder d = Dataset.builder(Metadata.of(source, "perf-sched-script"));
        for (int i = 0; i < 8; i++) {
            int t = d.addTask(5000 + i, 100, "postgres");
            long end = i * 10_000L + (8 - i) * 1000L;
            d.slice(0, i * 10_000L, end, t, SliceState.USER);
            d.taskState(t, i * 10_000L, end, TaskState.RUNNING);
            if (victims && i >= 5) {
                d.mark(org.schedlab.model.MarkKind.LOCK_HOLDER_PREEMPTION, i * 10_000L + 10, 0, t, "preempted");
            }
        }
        return d.build();
    }

    private static final List<String> AS_OWN = List.of("postgres[5000]", "postgres[5001]", "postgres[5002]");
    private static final List<String> AS_THEN_BS_OWN = List.of("postgres[5000]", "postgres[5001]", "postgres[5002]",
            "postgres[5005]", "postgres[5006]", "postgres[5007]");

    /**
     * A run's timeline comes with its lanes; data put on a side without lanes (a workspace
     * reopened) gets its own once its summary is in. Where A's lanes came before B's data's summary
     * (A's run's timeline, or A's summary), B was lined up with them, then showed lanes when its
     * summary came and kept A's three alone: its own lock-holder preemption victims were lost.
     * Every order ends with A's, then B's own.
     */
    @Test
    void everyOrderOfArrivalEndsWithAsLanesThenBsOwn() throws Exception {
        // 0: A's data (with its lanes when simulated), 1: A's summary, 2: B's, 3: B's summary
        List<List<Integer>> orders = List.of(List.of(0, 1, 2, 3), List.of(0, 2, 1, 3), List.of(0, 2, 3, 1),
                List.of(2, 0, 1, 3), List.of(2, 0, 3, 1), List.of(2, 3, 0, 1));
        for (int sims = 0; sims < 4; sims++) {
            boolean aSimulated = (sims & 1) != 0;
            boolean bSimulated = (sims & 2) != 0; // the first screen: both runs' timelines, no summary's lanes
            for (List<Integer> order : orders) {
                TimelineViewModel ta = new TimelineViewModel();
                TimelineViewModel tb = new TimelineViewModel();
                TaskLaneChoice c = TaskLaneChoice.acrossSides(ta, tb);
                Dataset da = backends("a", false);
                Dataset db = backends("b", true);
                for (int e : order) {
                    switch (e) {
                        case 0 -> ta.setDataset(da, aSimulated ? TimelineViewModel.defaultTaskLanes(da) : List.of());
                        case 1 -> {
                            if (!aSimulated) { // a run's lanes come with its timeline
                                ta.openingLanesKnown(da, TimelineViewModel.defaultTaskLanes(da));
                            }
                        }
                        case 2 -> tb.setDataset(db, bSimulated ? TimelineViewModel.defaultTaskLanes(db) : List.of());
                        default -> {
                            if (!bSimulated) {
                                tb.openingLanesKnown(db, TimelineViewModel.defaultTaskLanes(db));
                            }
                        }
                    }
                }
                String how = (aSimulated ? "A simulated" : "A's data") + (bSimulated ? ", B simulated" : ", B's data")
                        + ", order " + order;
                assertEquals(AS_OWN, lanes(ta), how);
                assertEquals(AS_THEN_BS_OWN, lanes(tb), how);
                assertEquals(6, c.checkedProperty().get().size(), how);
            }
        }
    }

    /** A pick made while B's summary is still coming wins over the lanes it brings. */
    @Test
    void aPickMadeBeforeBsSummaryIsInWins() throws Exception {
        Dataset da = backends("a", false);
        Dataset db = backends("b", true);
        a.setDataset(da, TimelineViewModel.defaultTaskLanes(da));
        b.setDataset(db, List.of());
        choice.check(List.of(item("postgres[5003]")));
        b.openingLanesKnown(db, TimelineViewModel.defaultTaskLanes(db));
        assertEquals(List.of("postgres[5003]"), lanes(a));
        assertEquals(List.of("postgres[5003]"), lanes(b));
    }

    /**
     * A summary that comes in for data the side no longer shows (another put on it meanwhile) gives
     * its lanes to nothing: task ids of the data before, on the one after, named other tasks.
     */
    @Test
    void lanesKnownLateForDataNoLongerShownAreLeftAlone() throws Exception {
        Dataset da = backends("a", false);
        Dataset before = backends("b", true);
        Dataset after = named("c", "sshd", 1, "cron", 2);
        a.setDataset(da, TimelineViewModel.defaultTaskLanes(da));
        b.setDataset(before, List.of());
        b.setDataset(after, List.of());
        List<String> bNow = lanes(b);
        b.openingLanesKnown(before, TimelineViewModel.defaultTaskLanes(before));
        assertEquals(bNow, lanes(b), "B's lanes as they were");
        assertEquals(null, b.lateOpeningLanesProperty().get());
    }
}
