package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.MarkExplainer;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;

/**
 * A saved case B run cut at a window's end inside a lock episode marks it as a recording that
 * ended there does (the same run: warm-up and length change only what is recorded): "for at least"
 * the time to the window's end, "still ... at the window's end", a holder preemption's waiters
 * counted then (66 at 130 ms where the whole episode ends with 185), a stall's spinners up to then
 * and its CPU the one its waiter was queued on then (CPU 13 at 352 ms, where it took the lock on
 * CPU 14 later). The default run from 100 ms has holder preemptions from 129.4 ms (3125 us) and
 * 134.2 ms (4142 us) and handoff stalls from 121.4 ms (6575 us), 153.1, 186.8, 206.9 (up to 1 CPU
 * spinning), 324.6 and 351.3 ms; windows ending inside them, some also starting inside them.
 * The cut kept the episode's whole length and its counts at its real end.
 */
class CropAtEpisodeEndMatchesRecordingTest {
    /** Windows {from, to} in ms of the default run, each ending inside a holder preemption or stall. */
    private static final long[][] WINDOWS_MS = {
        {129, 130}, {129, 131}, {134, 136}, // holder preemptions begun in the window
        {130, 131}, {137, 138}, // and going on at both ends
        {153, 155}, {186, 188}, {206, 207}, {324, 326}, {351, 352}, // stalls begun in the window
        {122, 125}, {190, 191}, // and going on at both ends
    };
    private static Dataset full;

    @BeforeAll
    static void record() throws Exception {
        full = HolderPreemptionAtWindowStartTest.recorded(100, 260);
    }

    /** The lock episode marks of {@code d}: time, kind, CPU, task and note. */
    private static List<String> episodes(Dataset d) {
        List<String> out = new ArrayList<>();
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION || m.kind(i) == MarkKind.LOCK_HANDOFF) {
                out.add(m.tNs(i) + " " + m.kind(i) + " CPU " + m.cpu(i) + " task " + m.task(i) + ": " + m.note(i));
            }
        }
        return out;
    }

    /** The lock episode marks of {@code d} its note says are still going on at the recording's end. */
    private static List<Integer> atEnd(Dataset d) {
        List<Integer> out = new ArrayList<>();
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            if ((m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION || m.kind(i) == MarkKind.LOCK_HANDOFF)
                    && m.note(i).contains("at the window's end")) {
                out.add(i);
            }
        }
        return out;
    }

    private static Dataset recorded(long fromMs, long toMs) throws Exception {
        Dataset r = HolderPreemptionAtWindowStartTest.recorded(fromMs, toMs - fromMs);
        assertEquals(fromMs * 1_000_000, r.startNs());
        assertEquals(toMs * 1_000_000, r.endNs());
        return r;
    }

    @Test
    void aCutEndingInsideAnEpisodeMarksItAsARecordingEndingThereDoes() throws Exception {
        LockIndex index = LockIndex.of(full);
        int stillGoingOn = 0;
        for (long[] w : WINDOWS_MS) {
            long from = w[0] * 1_000_000;
            long to = w[1] * 1_000_000;
            Dataset cut = full.crop(from, to);
            Dataset recorded = recorded(w[0], w[1]);
            String what = "the cut " + w[0] + ".." + w[1] + " ms";
            assertEquals(episodes(recorded), episodes(cut), what);
            assertEquals(1, atEnd(recorded).size(), what + " ends inside one episode");
            stillGoingOn += atEnd(cut).size();
            // the Locks tab's counts for the range are the cut's
            LockStatistics.Row row = LockStatistics.of(index, from, to).get(0);
            assertEquals(cut.marks().count(MarkKind.LOCK_HANDOFF), row.handoffStallMarks(), "Locks tab, " + what);
            assertEquals(cut.marks().count(MarkKind.LOCK_HOLDER_PREEMPTION), row.holderPreemptionMarks(),
                    "Locks tab, " + what);
        }
        assertEquals(WINDOWS_MS.length, stillGoingOn, "episodes going on at the cuts' ends");
    }

    @Test
    void aCutOfACutEndingInsideAnEpisodeReadsAsTheRecordingToo() throws Exception {
        // the first cut ends after the holder's return (132.5 ms), the second inside its time off CPU
        Dataset wide = full.crop(125_000_000, 133_000_000);
        assertEquals(episodes(recorded(129, 131)), episodes(wide.crop(129_000_000, 131_000_000)));
        // the first cut already ends inside it: the second from inside it to an earlier end
        Dataset first = full.crop(129_000_000, 132_000_000);
        assertEquals(episodes(recorded(130, 131)), episodes(first.crop(130_000_000, 131_000_000)));
        // a stall cut at 154 ms and again at 153..154 ms from the first cut's start
        Dataset stall = full.crop(150_000_000, 155_000_000);
        assertEquals(episodes(recorded(153, 154)), episodes(stall.crop(153_000_000, 154_000_000)));
        // cut again at its own end: nothing more to say
        assertEquals(episodes(first), episodes(first.crop(129_000_000, 132_000_000)));
    }

    @Test
    void theStepBarSaysAnEpisodeAtTheCutsEndIsStillGoingOnNotHowItEnded() throws Exception {
        // the holder preemption from 129.4 ms ends at 132.5 ms with 185 waiting
        Dataset cut = full.crop(129_000_000, 131_000_000);
        Dataset recorded = recorded(129, 131);
        int i = atEnd(cut).get(0);
        String why = MarkExplainer.explain(cut, i);
        assertEquals(MarkExplainer.explain(recorded, atEnd(recorded).get(0)), why);
        assertTrue(why.startsWith("lock-holder preemption: mmap_lock holder preempted for at least 1584 us (still off CPU"
                + " at the window's end), 118 waiting"), why);
        assertFalse(why.contains("3125 us") || why.contains("185 waiting"), why);

        // the stall from 351.3 ms: its waiter queued on CPU 13 at 352 ms, took the lock on CPU 14 at 352.1 ms
        Dataset stallCut = full.crop(351_000_000, 352_000_000);
        Dataset stallRecorded = recorded(351, 352);
        int s = atEnd(stallCut).get(0);
        String stall = MarkExplainer.explain(stallCut, s);
        assertEquals(MarkExplainer.explain(stallRecorded, atEnd(stallRecorded).get(0)), stall);
        assertTrue(stall.startsWith("lock handoff stall: mmap_lock free for at least 676 us with HANDOFF set (still at"
                + " the window's end)"), stall);
        assertTrue(stall.contains("past the recording's end, where it still waited to run on CPU 13"), stall);
        assertFalse(stall.contains("810 us"), stall);
    }
}
