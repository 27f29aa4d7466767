package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;

/**
 * A saved case B run cut at a window's start inside a lock episode marks it as a recording made
 * from there does (the same run: the warm-up changes only what is recorded). Windows of the
 * default run from 100 ms: inside stalls of 16 spinners whose last stretch had only 1, 3 or 6,
 * a stall whose spinners all spun before 192 ms and 207 ms (no stall in those windows), and
 * holder preemptions. The cut counted the spinners of the whole stall and its time from the
 * note's whole microseconds (1001 us where the recording says 1002).
 */
class CropAtEpisodeMatchesRecordingTest {
    private static final long[] WINDOWS_MS = {104, 127, 128, 131, 156, 192, 207, 328, 352};
    private static final long WINDOW_MS = 3;
    private static Dataset full;

    @BeforeAll
    static void record() throws Exception {
        full = HolderPreemptionAtWindowStartTest.recorded(100, 260);
    }

    /** The lock marks at {@code d}'s start: kind, CPU, task and note. */
    private static List<String> atStart(Dataset d) {
        List<String> out = new ArrayList<>();
        Marks m = d.marks();
        for (int i = m.firstAtOrAfter(d.startNs()); i < m.size() && m.tNs(i) == d.startNs(); i++) {
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION || m.kind(i) == MarkKind.LOCK_HANDOFF) {
                out.add(m.kind(i) + " CPU " + m.cpu(i) + " task " + m.task(i) + ": " + m.note(i));
            }
        }
        return out;
    }

    @Test
    void aCutInsideAnEpisodeMarksItAsARecordingFromThereDoes() throws Exception {
        LockIndex index = LockIndex.of(full);
        int carried = 0;
        for (long ms : WINDOWS_MS) {
            long from = ms * 1_000_000;
            long to = from + WINDOW_MS * 1_000_000;
            Dataset cut = full.crop(from, to);
            Dataset recorded = HolderPreemptionAtWindowStartTest.recorded(ms, WINDOW_MS);
            assertEquals(from, recorded.startNs());
            List<String> expected = atStart(recorded);
            assertEquals(expected, atStart(cut), "the cut from " + ms + " ms");
            carried += expected.size();
            LockStatistics.Row row = LockStatistics.of(index, from, to).get(0);
            assertEquals(cut.marks().count(MarkKind.LOCK_HANDOFF), row.handoffStallMarks(), "Locks tab from " + ms + " ms");
            assertEquals(cut.marks().count(MarkKind.LOCK_HOLDER_PREEMPTION), row.holderPreemptionMarks(),
                    "Locks tab from " + ms + " ms");
        }
        assertEquals(7, carried, "episodes going on at the windows' starts");
    }
}
