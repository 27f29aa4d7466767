package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * {@link Dataset#crop}: nothing outside the window, nothing inside it lost, cut durations that add
 * up to the overlap with the window, on a simulated run (case B: an rwsem's read and write holds,
 * spin and sleep waits, marks, operations, counters) and on a real perf recording with its pgbench
 * log and nstat series.
 */
class DatasetCropTest {
    private static final Path REC = Path.of("example-data/recordings/pgbench-sandbox-2cpu");
    private static Dataset run;
    private static Dataset recording;

    @BeforeAll
    static void load() throws Exception {
        run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("warmupMs", "20", "durationMs", "40"),
                new Simulation.Options(40, 256, false), () -> false).dataset().orElseThrow();
        recording = Importer.standard().importFiles(List.of(RecordingSource.of(REC.resolve("perf_sched_script.txt.gz")),
                RecordingSource.of(REC.resolve("pgbench.txt")), RecordingSource.of(REC.resolve("nstat.txt.gz"))),
                ImportMonitor.NONE).dataset();
    }

    /** Whether {@code d} has a mark at {@code tNs} with {@code note}. */
    private static boolean markedAt(Dataset d, long tNs, String note) {
        for (int i = d.marks().firstAtOrAfter(tNs); i < d.marks().size() && d.marks().tNs(i) == tNs; i++) {
            if (d.marks().note(i).equals(note)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A lock episode's length is read from its note; a hand-edited file's absurd length (more digits
     * than a long holds in ns) is no length: the crop carries nothing and says nothing wrong.
     */
    @Test
    void aNoteWithAnAbsurdLengthIsNoLengthNotAFailedCrop() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("absurd-note", "test"));
        int t = b.addTask(1, 1, "postgres");
        b.slice(0, 0, 2_000_000, t, SliceState.USER);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 100_000, 0, t, "l holder preempted for 99999999999999999999 us, 3 waiting");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 200_000, 0, t, "l holder preempted for 1500 us, 3 waiting");
        Dataset d = b.build();
        assertEquals(false, DatasetCrop.kept(d, 0, 1_000_000, 2_000_000));
        assertEquals(true, DatasetCrop.kept(d, 1, 1_000_000, 2_000_000));
        Dataset cut = d.crop(1_000_000, 2_000_000);
        assertEquals(1, cut.marks().size(), "only the readable one carried");
        assertTrue(markedAt(cut, 1_000_000,
                "l holder preempted for 700 us, 3 waiting (from the window's start; off CPU 800 us before it)"));
    }

    /**
     * A lock episode that goes on past a cut's end is one in the cut only as far as a recording that
     * ended there would have marked it: a holder off CPU that nobody had waited for yet, a stall
     * that nobody had spun on yet or no longer than the wake-up path (3 + 2 us here) is none, as a
     * preemption going on at the cut's start that nobody waited for from there on (the recorder's
     * rule for its window's start); the Locks tab's counts for the range say the same. Else its note says it still goes on, with the
     * time so far and the waiters then, and a stall is on the CPU its waiter was woken on.
     */
    @Test
    void anEpisodeGoingOnPastTheCutsEndIsMarkedOnlyAsFarAsItWasOneThere() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("episodes", Metadata.SIMULATION,
                Map.of("wakeupIpiUs", "3", "ctxSwitchUs", "2"), java.util.OptionalLong.of(1), "test"));
        int h = b.addTask(1, 1, "holder");
        int w = b.addTask(2, 2, "waiter");
        int s1 = b.addTask(3, 3, "spinner1");
        int s2 = b.addTask(4, 4, "spinner2");
        int h2 = b.addTask(5, 5, "holder2");
        b.cpuCount(3);
        b.slice(0, 0, 500_000, h, SliceState.KERNEL);
        b.slice(1, 900_000, 1_000_000, h, SliceState.KERNEL); // back from 500 us off CPU
        b.slice(0, 3_000_000, 3_100_000, h, SliceState.USER);
        b.slice(2, 3_100_000, 3_300_000, h2, SliceState.KERNEL);
        b.slice(2, 3_600_000, 3_900_000, h2, SliceState.KERNEL); // back from 300 us off CPU
        b.lock("l", "rwsem", true)
                .hold(100_000, 1_000_000, h, LockLane.HOLD_WRITE)
                .hold(2_000_000, 2_100_000, w, LockLane.HOLD_WRITE)
                .hold(2_800_000, 2_900_000, s2, LockLane.HOLD_WRITE)
                .waitFor(700_000, 1_000_000, w, WaitMode.SLEEP)
                .waitFor(750_000, 800_000, s2, WaitMode.SPIN) // over at the cut's end: not waiting then
                .waitFor(800_000, 850_000, s1, WaitMode.SLEEP) // begun at it: waiting then
                .waitFor(1_200_000, 2_000_000, w, WaitMode.SLEEP)
                .waitFor(1_800_000, 2_000_000, s1, WaitMode.SPIN)
                .waitFor(2_500_000, 2_800_000, s2, WaitMode.SLEEP)
                .hold(3_200_000, 3_900_000, h2, LockLane.HOLD_WRITE)
                .waitFor(2_500_000, 2_700_000, s1, WaitMode.SPIN)
                .waitFor(3_250_000, 3_350_000, s1, WaitMode.SLEEP); // gave up while h2 was off CPU
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 500_000, 0, h, "l holder preempted for 400 us, 1 waiting");
        b.mark(MarkKind.WAKEUP, 1_500_000, 2, w, "");
        b.mark(MarkKind.LOCK_HANDOFF, 1_500_000, 1, w, "l free for 500 us with HANDOFF set, up to 1 CPU spinning on it");
        b.mark(MarkKind.LOCK_HANDOFF, 2_500_000, 2, s2, "l free for 300 us with HANDOFF set, up to 1 CPU spinning on it");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 3_300_000, 2, h2, "l holder preempted for 300 us, 0 waiting");
        Dataset d = b.build();
        LockIndex index = LockIndex.of(d);
        long[][] windows = {{0, 600_000}, {0, 800_000}, {1_000_000, 1_700_000}, {1_000_000, 1_900_000},
            {2_000_000, 2_504_000}, {2_000_000, 2_506_000}, {650_000, 690_000}, {3_400_000, 3_900_000},
            {3_300_000, 3_900_000}};
        String[] expected = {null, "l holder preempted for at least 300 us (still off CPU at the window's end), 2 waiting",
            null, "l free for at least 400 us with HANDOFF set (still at the window's end), up to 1 CPU spinning on it",
            null, "l free for at least 6 us with HANDOFF set (still at the window's end), up to 1 CPU spinning on it",
            null, null, "l holder preempted for 300 us, 0 waiting"};
        for (int k = 0; k < windows.length; k++) {
            Dataset cut = d.crop(windows[k][0], windows[k][1]);
            List<String> notes = new ArrayList<>();
            int cpu = -1;
            for (int i = 0; i < cut.marks().size(); i++) {
                if (cut.marks().kind(i) != MarkKind.WAKEUP) {
                    notes.add(cut.marks().note(i));
                    cpu = cut.marks().cpu(i);
                }
            }
            String what = "cut " + windows[k][0] + ".." + windows[k][1] + " ns";
            assertEquals(expected[k] == null ? List.of() : List.of(expected[k]), notes, what);
            if (k == 3) {
                assertEquals(2, cpu, "the stall's waiter was queued on the CPU it was woken on");
            }
            LockStatistics.Row row = LockStatistics.of(index, windows[k][0], windows[k][1]).get(0);
            assertEquals(notes.size(), row.handoffStallMarks() + row.holderPreemptionMarks(), "Locks tab, " + what);
        }
    }

    /** The notes of {@code d}'s lock episode marks, each with its time and CPU. */
    private static List<String> episodes(Dataset d) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < d.marks().size(); i++) {
            MarkKind k = d.marks().kind(i);
            if (k == MarkKind.LOCK_HOLDER_PREEMPTION || k == MarkKind.LOCK_HANDOFF) {
                out.add(d.marks().tNs(i) + " CPU " + d.marks().cpu(i) + ": " + d.marks().note(i));
            }
        }
        return out;
    }

    /**
     * A cut's end at the edges of a lock episode, as the simulator's recorder ends its window (it
     * runs every event at the window's last instant first): an episode over exactly there is over,
     * one whose note's whole microseconds end just before it but whose holder is back only after it
     * still goes on; someone starting to wait right at the end waits then; a stall exactly as long
     * as the wake-up path (3 + 2 us) is the handoff working. A cut of a cut that began inside a
     * stall counts its length from the stall's start, not the first cut's; a cut of the whole span
     * keeps a note whose length reaches past the data's end as it is.
     */
    @Test
    void aCutEndingAtAnEpisodesEdgeReadsAsARecordingEndingThere() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("edges", Metadata.SIMULATION,
                Map.of("wakeupIpiUs", "3", "ctxSwitchUs", "2"), java.util.OptionalLong.of(1), "test"));
        int h = b.addTask(1, 1, "holder");
        int w = b.addTask(2, 2, "waiter");
        int s = b.addTask(3, 3, "stalled");
        int x = b.addTask(4, 4, "spinner");
        b.cpuCount(3);
        b.slice(0, 0, 500_000, h, SliceState.KERNEL);
        b.slice(0, 900_500, 1_000_000, h, SliceState.KERNEL); // back 400.5 us later: "for 400 us"
        b.lock("l", "rwsem", true)
                .hold(100_000, 1_000_000, h, LockLane.HOLD_WRITE)
                .waitFor(600_000, 1_000_000, w, WaitMode.SLEEP)
                .hold(1_000_000, 1_100_000, w, LockLane.HOLD_WRITE)
                .waitFor(1_050_000, 1_600_000, s, WaitMode.SLEEP)
                .waitFor(1_100_000, 1_700_000, x, WaitMode.SPIN)
                .hold(1_600_000, 1_700_000, s, LockLane.HOLD_WRITE);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 500_000, 0, h, "l holder preempted for 400 us, 1 waiting");
        b.mark(MarkKind.WAKEUP, 1_100_000, 1, s, "");
        b.mark(MarkKind.LOCK_HANDOFF, 1_100_000, 2, s,
                "l free for 500 us with HANDOFF set, up to 1 CPU spinning on it");
        b.slice(2, 1_600_000, 1_700_000, s, SliceState.KERNEL);
        b.slice(1, 1_700_000, 2_000_000, x, SliceState.KERNEL);
        Dataset d = b.build();
        LockIndex index = LockIndex.of(d);
        long[][] windows = {{0, 600_000}, {0, 900_200}, {0, 900_500}, {1_000_000, 1_105_000}, {1_000_000, 1_106_000}};
        String[] expected = {
            "500000 CPU 0: l holder preempted for at least 100 us (still off CPU at the window's end), 1 waiting",
            "500000 CPU 0: l holder preempted for at least 400 us (still off CPU at the window's end), 1 waiting",
            "500000 CPU 0: l holder preempted for 400 us, 1 waiting",
            null,
            "1100000 CPU 1: l free for at least 6 us with HANDOFF set (still at the window's end), up to 1 CPU"
                + " spinning on it"};
        for (int k = 0; k < windows.length; k++) {
            Dataset cut = d.crop(windows[k][0], windows[k][1]);
            String what = "cut " + windows[k][0] + ".." + windows[k][1] + " ns";
            assertEquals(expected[k] == null ? List.of() : List.of(expected[k]), episodes(cut), what);
            LockStatistics.Row row = LockStatistics.of(index, windows[k][0], windows[k][1]).get(0);
            assertEquals(episodes(cut).size(), row.handoffStallMarks() + row.holderPreemptionMarks(),
                    "Locks tab, " + what);
        }
        // cut first from 2 us into the stall, then to 4 us after that: 6 us of stall, the same notes
        Dataset first = d.crop(1_102_000, 1_900_000);
        assertEquals(List.of("1102000 CPU 2: l free for 498 us with HANDOFF set, up to 1 CPU spinning on it"
                + " (from the window's start; HANDOFF set 2 us before it)"), episodes(first));
        assertEquals(List.of("l free for at least 4 us with HANDOFF set (still at the window's end), up to 1 CPU"
                + " spinning on it (from the window's start; HANDOFF set 2 us before it)"),
                notes(first.crop(1_102_000, 1_106_000)));
        assertEquals(notes(d.crop(1_102_000, 1_106_000)), notes(first.crop(1_102_000, 1_106_000)));

        // a file's marks: a note reaching past the data's end and a stall still going on there, on
        // the CPU the file says, are kept as they are by a cut of the whole span; a holder off CPU
        // with nobody waiting yet at a cut's end is kept as the file has it, with the time to there
        DatasetBuilder f = Dataset.builder(Metadata.of("file", "test"));
        int fh = f.addTask(1, 1, "holder");
        int fw = f.addTask(2, 2, "waiter");
        f.cpuCount(2);
        f.slice(0, 0, 1_000_000, fh, SliceState.KERNEL);
        f.lock("l", "rwsem", true).hold(0, 2_000_000, fh, LockLane.HOLD_WRITE)
                .waitFor(1_200_000, 2_000_000, fw, WaitMode.SLEEP);
        f.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 1_000_000, 0, fh, "l holder preempted for 5000 us, 1 waiting");
        f.mark(MarkKind.WAKEUP, 1_900_000, 1, fw, "");
        f.mark(MarkKind.LOCK_HANDOFF, 1_900_000, 0, fw,
                "l free for at least 100 us with HANDOFF set (still at the window's end), up to 1 CPU spinning on it");
        f.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 2_000_000, 1, fw,
                "l holder preempted for at least 0 us (still off CPU at the window's end), 0 waiting");
        Dataset file = f.build();
        assertEquals(episodes(file), episodes(file.crop(file.startNs(), file.endNs())));
        LockStatistics.Row whole = LockStatistics.of(LockIndex.of(file), file.startNs(), file.endNs()).get(0);
        assertEquals(2, whole.holderPreemptionMarks(), "the Locks tab's whole run has the one at its last instant");
        assertEquals(List.of("1000000 CPU 0: l holder preempted for at least 100 us (still off CPU at the window's"
                + " end), 0 waiting"), episodes(file.crop(0, 1_100_000)));
    }

    private static List<String> notes(Dataset d) {
        List<String> out = new ArrayList<>();
        for (String e : episodes(d)) {
            out.add(e.substring(e.indexOf(": ") + 2));
        }
        return out;
    }

    @Test
    void aSimulatedRunKeepsExactlyWhatLiesInTheWindow() {
        long s = run.startNs();
        assertTrue(run.locks().stream().anyMatch(l -> l.shared() && !l.waits().isEmpty()), "case B has its rwsem");
        assertTrue(run.operations().stream().anyMatch(o -> o.size() > 0), "and its operations");
        assertTrue(run.marks().size() > 0, "and marks");
        checkWindow(run, s + 7_333_333, s + 21_000_001);
        checkWindow(run, s, s + 1_000_000);
        checkWindow(run, run.endNs() - 3_000_000, run.endNs());
        checkWindow(run, s - 5_000_000, s + 2_000_000); // begins before the data
    }

    @Test
    void aPerfRecordingKeepsExactlyWhatLiesInTheWindow() {
        assertTrue(recording.sliceCount() > 10_000 && !recording.taskLanes().isEmpty(), recording.toString());
        assertTrue(recording.counters().size() > 1, "pgbench progress and nstat series: " + recording.counters());
        assertTrue(recording.locks().stream().anyMatch(l -> !l.waits().isEmpty()), "perf's lock contention waits");
        long s = recording.startNs();
        long span = recording.spanNs();
        checkWindow(recording, s + span / 3, s + span / 3 + 20_000_000);
        checkWindow(recording, s + span / 2 + 123_457, s + span - span / 5);
        // past the CPU lanes (perf ran for 0.5 s of pgbench's 6): counter samples only, the window's span
        checkWindow(recording, s + 1_000_000_000L, s + 1_200_000_000L);
        assertEquals(200_000_000L, recording.crop(s + 1_000_000_000L, s + 1_200_000_000L).spanNs());
    }

    @Test
    void theWholeSpanGivesBackEverythingAndTheMetadataSaysWhichWindow() {
        for (Dataset d : List.of(run, recording)) {
            Dataset whole = d.crop(d.startNs(), d.endNs());
            assertEquals(d.cpus(), whole.cpus(), "every slice, the last instant's too");
            assertEquals(d.taskLanes(), whole.taskLanes());
            assertEquals(d.locks(), whole.locks());
            assertEquals(d.counters(), whole.counters());
            assertEquals(d.marks(), whole.marks());
            assertEquals(d.operations(), whole.operations());
            assertEquals(d.tasks(), whole.tasks());
            assertEquals(d.startNs(), whole.startNs());
            assertEquals(d.endNs(), whole.endNs());
        }
        Dataset w = run.crop(run.startNs() + 20_000_000, run.startNs() + 30_500_000);
        Map<String, String> params = new LinkedHashMap<>(run.metadata().parameters());
        params.put(DatasetCrop.WINDOW_KEY, "20..30.5 ms");
        assertEquals(params, w.metadata().parameters(), "every parameter kept, the window noted");
        assertEquals(run.metadata().source(), w.metadata().source());
        assertEquals(run.metadata().seed(), w.metadata().seed());
        assertEquals("0.001..2.25 ms", DatasetCrop.windowText(1_000, 2_250_000));
        assertThrows(IllegalArgumentException.class, () -> run.crop(run.startNs() + 5, run.startNs() + 5));
    }

    @Test
    void aWindowOfUnderAMicrosecondReadsWithEnoughDigitsToTellItsEndsApart() {
        // rounded to the microsecond, a 1 ns window read "60..60 ms", as if it had no length
        assertEquals("60..60.000001 ms", DatasetCrop.windowText(60_000_000, 60_000_001));
        assertEquals("60.0001..60.0004 ms", DatasetCrop.windowText(60_000_100, 60_000_400));
        assertEquals("60.00001..60.00002 ms", DatasetCrop.windowText(60_000_010, 60_000_020));
        assertEquals("0..0.000001 ms", DatasetCrop.windowText(0, 1));
        // each digit rounded at its own place: ends told apart at the 4th or 5th decimal are not
        // said to the nanosecond, nor 10 ns said as 100 ns
        assertEquals("60.0001..60.0003 ms", DatasetCrop.windowText(60_000_120, 60_000_270));
        assertEquals("60.00001..60.00003 ms", DatasetCrop.windowText(60_000_012, 60_000_027));
        // ends a microsecond or more apart keep today's text, rounded to the microsecond
        assertEquals("60..60.001 ms", DatasetCrop.windowText(60_000_400, 60_000_600));
        assertEquals("5..10.001 ms", DatasetCrop.windowText(5_000_000, 10_000_500));
        assertEquals("20..30.5 ms", DatasetCrop.windowText(20_000_000, 30_500_000));

        // the cut says it, and a window of that cut is said from the run's start to the nanosecond
        long from = run.startNs() + 20_000_000;
        Dataset ns = run.crop(from, from + 1);
        String w = ns.metadata().parameters().get(DatasetCrop.WINDOW_KEY);
        assertEquals("20..20.000001 ms", w);
        assertTrue(DatasetCrop.isCutWindow(w), "read back as a cut's window");
        Dataset sub = run.crop(from + 100, from + 400);
        assertEquals("20.0001..20.0004 ms", sub.metadata().parameters().get(DatasetCrop.WINDOW_KEY));
        assertEquals("20.0002..20.0003 ms", sub.crop(sub.startNs() + 100, sub.startNs() + 200).metadata().parameters()
                .get(DatasetCrop.WINDOW_KEY), "100 ns into a cut 100 ns into 20 ms");
    }

    /** Every invariant of a crop of {@code d} to {@code [from, to)}. */
    private static void checkWindow(Dataset d, long from, long to) {
        Dataset c = d.crop(from, to);
        String at = d.metadata().source() + " [" + from + ", " + to + ")";
        assertEquals(d.tasks(), c.tasks(), at);
        assertEquals(d.cpuCount(), c.cpuCount(), at);
        for (int cpu = 0; cpu < d.cpuCount(); cpu++) {
            checkIntervals(d.cpus().get(cpu).slices(), c.cpus().get(cpu).slices(), from, to, at + " cpu " + cpu);
        }
        Map<Integer, Intervals> kept = new LinkedHashMap<>();
        c.taskLanes().forEach(l -> kept.put(l.task(), l.intervals()));
        for (TaskLane l : d.taskLanes()) {
            Intervals cut = kept.getOrDefault(l.task(), Intervals.EMPTY);
            checkIntervals(l.intervals(), cut, from, to, at + " task " + l.task());
        }
        Map<String, LockLane> locks = new LinkedHashMap<>();
        c.locks().forEach(l -> locks.put(l.name(), l));
        for (LockLane a : d.locks()) {
            LockLane b = locks.getOrDefault(a.name(), new LockLane(a.name(), a.kind(), a.shared(), Intervals.EMPTY,
                    Intervals.EMPTY));
            // only a lane of waits alone with none in the window is left out
            assertEquals(!(a.holds().isEmpty() && !a.waits().isEmpty() && b.waits().isEmpty()),
                    locks.containsKey(a.name()), at + " " + a.name());
            assertEquals(List.of(a.name(), a.kind(), a.shared()), List.of(b.name(), b.kind(), b.shared()), at);
            checkIntervals(a.holds(), b.holds(), from, to, at + " " + a.name() + " holds");
            checkIntervals(a.waits(), b.waits(), from, to, at + " " + a.name() + " waits");
        }
        // marks and operations: those at times inside the window, all of them and only them
        List<Long> marks = new ArrayList<>();
        for (int i = 0; i < d.marks().size(); i++) {
            if (d.marks().tNs(i) >= from && d.marks().tNs(i) < to) {
                marks.add(d.marks().tNs(i));
            }
        }
        // besides those, the lock episodes going on at the window's start are marked there
        // (HolderEpisodeCropTest); every other mark of the cut is one of the data's
        List<Long> cut = new ArrayList<>();
        for (int i = 0; i < c.marks().size(); i++) {
            if (c.marks().tNs(i) == from && c.marks().note(i).endsWith(" us before it)") && !markedAt(d, from, c.marks().note(i))) {
                continue;
            }
            cut.add(c.marks().tNs(i));
        }
        assertEquals(marks, cut, at + " marks");
        assertEquals(d.operations().size(), c.operations().size(), at);
        for (int k = 0; k < d.operations().size(); k++) {
            OperationSamples a = d.operations().get(k);
            OperationSamples b = c.operations().get(k);
            long n = 0;
            long sum = 0;
            for (int i = 0; i < a.size(); i++) {
                if (a.endNs(i) >= from && a.endNs(i) < to) {
                    n++;
                    sum += a.latencyNs(i);
                }
            }
            long cutSum = 0;
            for (int i = 0; i < b.size(); i++) {
                assertTrue(b.endNs(i) >= from && b.endNs(i) < to, at);
                cutSum += b.latencyNs(i);
            }
            assertEquals(a.name(), b.name());
            assertEquals(n, b.size(), at + " " + a.name());
            assertEquals(sum, cutSum, at + " " + a.name());
        }
        // counters: the same values over the window, nothing outside it
        assertEquals(d.counters().size(), c.counters().size(), at);
        long end = Math.min(to, d.endNs());
        for (int k = 0; k < d.counters().size(); k++) {
            CounterSeries a = d.counters().get(k);
            CounterSeries b = c.counters().get(k);
            for (int i = 0; i < b.size(); i++) {
                assertTrue(b.tNs(i) >= from && b.tNs(i) < to, at + " " + b.name());
            }
            if (c.endNs() == end && a.size() > 0 && a.tNs(0) <= from) {
                assertEquals(a.window(from, end, d.endNs()), b.window(from, end, c.endNs()), at + " " + a.name());
            }
        }
        // the span is the window's (as far as the data goes), even where nothing happens at its edges
        assertEquals(List.of(Math.max(from, d.startNs()), Math.min(to, d.endNs())), List.of(c.startNs(), c.endNs()), at);
    }

    /**
     * {@code cut} holds exactly the intervals of {@code all} that overlap {@code [from, to)} (or
     * lie in it with no length), in order, each cut at the edges: so their durations add up to
     * the overlap and nothing outside the window is left.
     */
    private static void checkIntervals(Intervals all, Intervals cut, long from, long to, String at) {
        long overlap = 0;
        int n = 0;
        for (int i = 0; i < all.size(); i++) {
            long s = all.startNs(i);
            long e = all.endNs(i);
            long a = Math.max(s, from);
            long b = Math.min(e, to);
            if (b > a || s == e && s >= from && s < to) {
                assertTrue(n < cut.size(), at + ": interval " + i + " lost");
                assertEquals(List.of(a, b, all.task(i), all.code(i)),
                        List.of(cut.startNs(n), cut.endNs(n), cut.task(n), cut.code(n)), at + ": interval " + i);
                overlap += b - a;
                n++;
            }
        }
        assertEquals(n, cut.size(), at + ": intervals kept");
        long sum = 0;
        for (int i = 0; i < cut.size(); i++) {
            assertTrue(cut.startNs(i) >= from && cut.endNs(i) <= to, at + ": " + i + " outside");
            sum += cut.durationNs(i);
        }
        assertEquals(overlap, sum, at + ": cut durations");
    }
}
