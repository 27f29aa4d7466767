package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;

class RangeTotalsTest {
    private final Dataset d = LockHolderPreemption.dataset();

    @Test
    void perCpuBusyShareCountsRunningStatesCutAtTheRangeEdges() {
        RangeTotals r = RangeTotals.of(d, us(100), us(500));
        assertEquals(400_000, r.spanNs());
        // CPU 0: holder [100,150) + kworker [150,350) + holder [350,420) = 320 us of 400
        assertEquals(320_000, r.cpuBusyNs(0));
        assertEquals(0.8, r.cpuBusyShare(0), 1e-12);
        assertEquals(1.0, r.cpuBusyShare(3), 1e-12, "spinning is busy");
        // CPU 9: user [100,200) and [480,500)
        assertEquals(120_000, r.cpuBusyNs(9));
        assertEquals(280_000, r.cpuNs(9, SliceState.IDLE));
    }

    @Test
    void aCpuRecordedForPartOfTheRangeIsBusyForTheShareOfWhatWasRecorded() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("perf sched + pgbench", "test"));
        int pg = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 1_500_000, pg, SliceState.USER)
                .slice(0, 1_500_000, 2_000_000, org.schedlab.model.Intervals.NO_TASK, SliceState.IDLE);
        b.counter("pgbench tps", "tps").add(0, 2500).add(8_000_000, 2600);
        RangeTotals r = RangeTotals.of(b.build(), 0, 8_000_000);
        assertEquals(0.75, r.cpuBusyShare(0), 1e-12, "1.5 of the 2 ms recorded, not of the 8 ms range");
        assertEquals(6_000_000, r.unrecordedNs());
        assertEquals(0.0, RangeTotals.of(b.build(), 3_000_000, 8_000_000).cpuBusyShare(0), "nothing recorded there");
        assertEquals(2_000_000, r.cpuRecordedNs(0));
        assertEquals(0, RangeTotals.of(b.build(), 3_000_000, 8_000_000).cpuRecordedNs(0));
    }

    @Test
    void perTaskRunTimeIsSortedLongestFirst() {
        RangeTotals r = RangeTotals.of(d, us(100), us(500));
        List<RangeTotals.TaskTime> top = r.topTasks(100);
        assertEquals(11, top.size());
        assertEquals(400_000, top.get(0).runNs(), "every backend ran the whole range");
        assertEquals(LockHolderPreemption.backend(1), top.get(0).task(), "ties by task id");
        RangeTotals.TaskTime kworker = top.stream().filter(t -> t.task() == LockHolderPreemption.KWORKER)
                .findFirst().orElseThrow();
        assertEquals(200_000, kworker.runNs());
        assertEquals(3, r.topTasks(3).size());
    }

    @Test
    void breakdownSharesAreOfRecordedTimeAndUnrecordedTimeHasNoShare() {
        // the range runs 100 us past the last slice: 10 CPUs x 100 us unrecorded
        RangeTotals r = RangeTotals.of(d, us(0), us(700));
        List<CpuBreakdown.Row> rows = CpuBreakdown.of(r, CpuModes.of(d));
        CpuBreakdown.Row gap = rows.get(rows.size() - 1);
        assertEquals(CpuBreakdown.UNRECORDED, gap.label());
        assertEquals(10 * 100_000, gap.ns());
        assertTrue(Double.isNaN(gap.share()), "not a state: no share");
        assertEquals(1.0, rows.subList(0, rows.size() - 1).stream().mapToDouble(CpuBreakdown.Row::share).sum(), 1e-9);
        assertEquals(r.capacityNs() - gap.ns(), r.recordedNs());
        // the same states over exactly the recorded part give the same shares
        List<CpuBreakdown.Row> recordedOnly = CpuBreakdown.of(RangeTotals.of(d, us(0), us(600)), CpuModes.RECORDED);
        assertEquals(recordedOnly.get(0).share(), rows.get(0).share(), 1e-12);
        CpuBreakdown.Row kernel = rows.get(SliceState.KERNEL.code());
        assertEquals("kernel", kernel.label());
        assertEquals(200_000, kernel.ns());
    }

    @Test
    void profileByCommSplitsWhatTheCpuWasDoing() {
        RangeTotals r = RangeTotals.of(d, d.startNs(), d.endNs());
        List<Profile.Row> rows = Profile.byComm(d, r, CpuModes.of(d), 10);
        assertEquals("postgres (user)", rows.get(0).label());
        Profile.Row spin = rows.stream().filter(p -> p.state().equals("spinning")).findFirst().orElseThrow();
        assertEquals("postgres", spin.comm());
        assertEquals(r.stateNs(SliceState.SPINNING), spin.ns());
        Profile.Row kworker = rows.stream().filter(p -> p.comm().equals("kworker/0:1")).findFirst().orElseThrow();
        assertEquals(200_000, kworker.ns());
        assertEquals(200_000.0 / (10 * 600_000), kworker.share(), 1e-12);
    }

    @Test
    void cancelledScanStops() throws Exception {
        Dataset many = manySlices();
        assertThrows(CancellationException.class, () -> RangeTotals.of(many, 0, Long.MAX_VALUE, () -> true));
        assertEquals(2_000_000, RangeTotals.of(many, 0, Long.MAX_VALUE, () -> false).cpuBusyNs(0));
    }

    private static Dataset manySlices() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("many", "test"));
        int t = b.addTask(1, 1, "t");
        for (int i = 0; i < 200_000; i++) {
            b.slice(0, i * 10L, i * 10L + 10, t, SliceState.USER);
        }
        return b.build();
    }
}
