package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** build() is the one gate into the model: each broken rule is refused with what and where. */
class DatasetBuilderTest {

    private static DatasetBuilder builder() {
        return Dataset.builder(Metadata.of("test", "unit"));
    }

    private static String rejection(DatasetBuilder b) {
        return assertThrows(InvalidDatasetException.class, b::build).getMessage();
    }

    @Test
    void unsortedSlicesAreRejectedNamingCpuAndSlice() {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(2, 10, 20, t, SliceState.USER).slice(2, 5, 8, t, SliceState.USER);
        assertEquals("cpu 2 slice 1: starts at 5 before the previous one starts at 10 (not sorted)", rejection(b));
    }

    @Test
    void overlappingSlicesAreRejected() {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 0, 10, t, SliceState.USER).slice(0, 5, 15, t, SliceState.KERNEL);
        assertEquals("cpu 0 slice 1: starts at 5 before the previous one ends at 10 (overlap)", rejection(b));
    }

    @Test
    void touchingSlicesAreFine() throws Exception {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 0, 10, t, SliceState.USER).slice(0, 10, 10, t, SliceState.KERNEL).slice(0, 10, 12, t, SliceState.USER);
        assertEquals(3, b.build().sliceCount());
    }

    @Test
    void endBeforeStartIsRejected() {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 100, 50, t, SliceState.USER);
        assertEquals("cpu 0 slice 0: ends at 50 before it starts at 100", rejection(b));
    }

    @Test
    void unknownTaskIsRejected() {
        DatasetBuilder b = builder();
        b.addTask(1, 1, "a");
        b.slice(1, 0, 10, 3, SliceState.USER);
        assertEquals("cpu 1 slice 0: unknown task id 3 (dataset has 1 task)", rejection(b));
    }

    @Test
    void userSliceWithoutTaskIsRejectedButIdleAndStolenAreFine() throws Exception {
        DatasetBuilder b = builder();
        b.slice(0, 0, 10, Intervals.NO_TASK, SliceState.IDLE).slice(0, 10, 20, Intervals.NO_TASK, SliceState.STOLEN);
        assertEquals(2, b.build().sliceCount());
        b.slice(0, 20, 30, Intervals.NO_TASK, SliceState.USER);
        assertEquals("cpu 0 slice 2: state user needs a task", rejection(b));
    }

    @Test
    void counterTimeGoingBackIsRejected() {
        DatasetBuilder b = builder();
        b.counter("tps", "tx/s").add(10, 1).add(20, 2).add(15, 3);
        assertEquals("counter tps sample 2: time 15 before the previous sample's 20", rejection(b));
    }

    @Test
    void aNanCounterValueIsAGapButAnInfiniteOneIsRejected() throws Exception {
        DatasetBuilder b = builder();
        b.counter("lat", "us").add(10, 1).add(20, Double.NaN).add(30, 2);
        CounterSeries lat = b.build().counter("lat").orElseThrow();
        assertTrue(lat.hasValue(0));
        assertFalse(lat.hasValue(1), "no value from 20 until the sample at 30");
        DatasetBuilder inf = builder();
        inf.counter("lat", "us").add(10, 1).add(11, Double.POSITIVE_INFINITY);
        assertEquals("counter lat sample 1: value must be a finite number (or a gap), was Infinity", rejection(inf));
    }

    @Test
    void taskLaneOverlapAndUnknownTaskAreRejected() {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.taskState(t, 0, 10, TaskState.RUNNING).taskState(t, 9, 12, TaskState.SLEEPING);
        assertEquals("task lane 0 interval 1: starts at 9 before the previous one ends at 10 (overlap)", rejection(b));
        DatasetBuilder unknown = builder();
        unknown.taskState(4, 0, 10, TaskState.RUNNING);
        assertEquals("task lane 4: unknown task id 4 (dataset has 0 tasks)", rejection(unknown));
    }

    @Test
    void exclusiveLockHoldsMayNotOverlapButSharedOnesMay() throws Exception {
        DatasetBuilder b = builder();
        int a = b.addTask(1, 1, "a");
        int c = b.addTask(2, 2, "c");
        b.lock("mmap_lock", "rwsem", true).hold(5, 20, a).hold(0, 10, c);
        b.lock("rq", "spinlock", false).hold(0, 10, a).waitFor(12, 14, c, WaitMode.SPIN).waitFor(2, 10, c, WaitMode.SLEEP);
        Dataset d = b.build();
        LockLane shared = d.locks().get(0);
        assertEquals(0, shared.holds().startNs(0), "shared holds are sorted by start");
        assertEquals(WaitMode.SLEEP, d.locks().get(1).waitMode(0), "waits are sorted by start");
        b.lock("rq", "spinlock", false).hold(5, 12, c);
        assertEquals("lock rq hold 1: starts at 5 before the previous one ends at 10 (overlap)", rejection(b));
    }

    @Test
    void markOnUnknownCpuIsRejected() {
        DatasetBuilder b = builder();
        b.cpuCount(2);
        b.mark(MarkKind.BOOKMARK, 5, 2, Intervals.NO_TASK, "x");
        assertEquals("mark 0: cpu 2 out of range 0..1", rejection(b));
    }

    @Test
    void timesTooFarApartForALongSpanAreRejected() {
        // a file with a slice from Long.MIN_VALUE to Long.MAX_VALUE: the span overflowed to -1 ns and
        // every view said "empty" or 0% instead of refusing the file
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, Long.MIN_VALUE, 10, t, SliceState.USER).slice(0, 10, Long.MAX_VALUE, t, SliceState.USER);
        String m = rejection(b);
        assertTrue(m.contains("-9223372036854775808") && m.contains("9223372036854775807") && m.contains("expected"), m);
        DatasetBuilder marks = builder();
        int u = marks.addTask(1, 1, "a");
        marks.slice(0, 0, 10, u, SliceState.USER).mark(MarkKind.WAKEUP, Long.MIN_VALUE / 2 - 10, 0, u, null)
                .mark(MarkKind.WAKEUP, Long.MAX_VALUE / 2 + 10, 0, u, null);
        rejection(marks);
    }

    @Test
    void spanCoversEveryLaneAndEmptyDatasetSpansNothing() throws Exception {
        assertEquals(0, builder().build().spanNs());
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 100, 200, t, SliceState.USER);
        b.counter("c", "").add(50, 1);
        b.lock("l", "mutex", false).hold(150, 400, t);
        b.mark(MarkKind.WAKEUP, 30, 0, t, null);
        Dataset d = b.build();
        assertEquals(30, d.startNs());
        assertEquals(400, d.endNs());
        assertEquals("", d.marks().note(0), "a null note is stored as empty");
    }

    @Test
    void cpusWithoutSlicesStillExistAndLanesAreIndexedByCpu() throws Exception {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.cpuCount(4).slice(2, 0, 10, t, SliceState.USER);
        Dataset d = b.build();
        assertEquals(4, d.cpuCount());
        for (int c = 0; c < 4; c++) {
            assertEquals(c, d.cpus().get(c).cpu());
        }
        assertEquals(1, d.cpus().get(2).slices().size());
        assertTrue(d.cpus().get(3).slices().isEmpty());
    }

    @Test
    void marksAreSortedByTimeKeepingInsertionOrderForTies() throws Exception {
        DatasetBuilder b = builder();
        b.mark(MarkKind.BOOKMARK, 20, -1, -1, "late").mark(MarkKind.WAKEUP, 10, -1, -1, "first")
                .mark(MarkKind.PREEMPTION, 10, -1, -1, "second");
        Marks m = b.build().marks();
        assertEquals("first", m.note(0));
        assertEquals("second", m.note(1));
        assertEquals("late", m.note(2));
        assertEquals(2, m.firstAtOrAfter(11));
        assertEquals(0, m.firstAtOrAfter(10));
    }

    @Test
    void builtDatasetIsNotChangedByLaterAppends() throws Exception {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 0, 10, t, SliceState.USER);
        Dataset first = b.build();
        b.slice(0, 10, 20, t, SliceState.USER);
        assertEquals(1, first.sliceCount());
        assertEquals(2, b.build().sliceCount());
    }

    @Test
    void whatAppendingTrackedStaysValidatedAcrossBuildsAndKnowsTheLongestInterval() throws Exception {
        DatasetBuilder b = builder();
        int t = b.addTask(1, 1, "a");
        b.slice(0, 0, 10, t, SliceState.USER).slice(0, 10, 40, Intervals.NO_TASK, SliceState.IDLE);
        b.taskState(t, 0, 10, TaskState.RUNNING).taskState(t, 10, 100, TaskState.SLEEPING);
        b.mark(MarkKind.WAKEUP, 10, 0, t, "");
        Dataset d = b.build();
        assertEquals(30, d.cpus().get(0).slices().maxDurationNs());
        assertEquals(90, d.taskLanes().get(0).intervals().maxDurationNs());
        assertEquals(0, d.startNs());
        assertEquals(100, d.endNs());

        b.slice(0, 35, 50, t, SliceState.USER);
        assertEquals("cpu 0 slice 2: starts at 35 before the previous one ends at 40 (overlap)", rejection(b));
        DatasetBuilder c = builder();
        int u = c.addTask(1, 1, "a");
        c.slice(0, 0, 10, u, SliceState.USER);
        c.build();
        c.slice(0, 10, 20, Intervals.NO_TASK, SliceState.USER);
        assertEquals("cpu 0 slice 1: state user needs a task", rejection(c));
        DatasetBuilder m = builder();
        m.cpuCount(1);
        m.mark(MarkKind.BOOKMARK, 5, 0, Intervals.NO_TASK, "x");
        m.build();
        m.mark(MarkKind.BOOKMARK, 3, 0, 7, "y");
        assertEquals("mark 0: unknown task id 7 (dataset has 0 tasks)", rejection(m));
    }

    @Test
    void aCounterKeepsTakingSamplesAfterAdoptingColumnsOfNone() throws Exception {
        DatasetBuilder b = builder();
        // a reader's columns of no samples, then samples one by one: the adopted empty arrays were
        // grown to twice nothing, and the first add threw ArrayIndexOutOfBoundsException
        b.counter("c", "/s").addAll(new long[0], new double[0], 0, 5).add(10, 1.5).add(20, 2.5);
        b.counter("d", "/s").addAll(new long[] {1, 2, 0}, new double[] {3, 4, 0}, 2, 0).add(30, 5);
        Dataset d = b.build();
        CounterSeries c = d.counter("c").orElseThrow();
        assertEquals(2, c.size());
        assertEquals(20, c.tNs(1));
        assertEquals(2.5, c.value(1));
        CounterSeries e = d.counter("d").orElseThrow();
        assertEquals(3, e.size());
        assertEquals(30, e.tNs(2));
        assertEquals(5, e.value(2));
    }
}
