package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * One rule says whether a dataset's CPU lanes record modes or only which task ran, and the CPU
 * breakdown and the profile of any range follow it: a switch trace's time is running and idle,
 * a simulated run keeps user, kernel, fault, spinning and stolen.
 */
class CpuModesTest {
    /** What a sched_switch reader makes: a kernel thread's time kernel, a backend's user. */
    private static Dataset switchTrace(String format) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", format));
        int pg = b.addTask(10, 10, "postgres");
        int kw = b.addTask(20, 20, "kworker/0:1");
        b.slice(0, 0, 6_000_000, pg, SliceState.USER).slice(0, 6_000_000, 8_000_000, kw, SliceState.KERNEL)
                .slice(0, 8_000_000, 10_000_000, Intervals.NO_TASK, SliceState.IDLE);
        return b.build();
    }

    @Test
    void aSwitchTraceIsByTaskKindAndASimulatedRunRecordsModes() throws Exception {
        assertEquals(CpuModes.BY_TASK_KIND, CpuModes.of(switchTrace("perf-sched-script")));
        assertEquals(CpuModes.RECORDED, CpuModes.of(switchTrace("simulation")),
                "a run's user and kernel are what it simulated, even where they look like a trace's");
    }

    @Test
    void aTaskInBothModesOrAFaultSpinOrStealMeansTheRecordingHasModes() throws Exception {
        DatasetBuilder both = Dataset.builder(Metadata.of("trace.json", "schedlab-dataset"));
        int pg = both.addTask(10, 10, "postgres");
        both.slice(0, 0, 1_000, pg, SliceState.USER).slice(0, 1_000, 2_000, pg, SliceState.KERNEL);
        assertEquals(CpuModes.RECORDED, CpuModes.of(both.build()));
        for (SliceState s : List.of(SliceState.FAULT, SliceState.SPINNING, SliceState.STOLEN)) {
            DatasetBuilder b = Dataset.builder(Metadata.of("trace.json", "schedlab-dataset"));
            int t = b.addTask(10, 10, "postgres");
            b.slice(0, 0, 1_000, t, SliceState.USER).slice(0, 1_000, 2_000, t, s);
            assertEquals(CpuModes.RECORDED, CpuModes.of(b.build()), s.label());
        }
        // nothing ran: no guess to hide, and nothing to call running
        DatasetBuilder idle = Dataset.builder(Metadata.of("trace.txt", "ftrace"));
        idle.slice(0, 0, 1_000, Intervals.NO_TASK, SliceState.IDLE);
        assertEquals(CpuModes.RECORDED, CpuModes.of(idle.build()));
    }

    @Test
    void aKernelThreadThatExecsAUserProgramIsNoModeRecorded() throws Exception {
        // lisa's trace-cmd report: kworker/u12:0 (pid 1708) runs modprobe for call_usermodehelper; the
        // reader files its time by its comm at each switch, kernel and then user
        Dataset d = Fixtures.importAll("public/ftrace/lisa_trace-cmd_report.txt").dataset();
        assertEquals(CpuModes.BY_TASK_KIND, CpuModes.of(d));
        assertEquals("by task kind", DatasetSummary.of(d).path("cpuModes").asText());
        assertTrue(DatasetSummary.of(d).path("cpu").path("user").isNull(), "no guessed user share");
        // the same order built by hand, and its reverse: back in the kernel after user time is a mode
        DatasetBuilder exec = Dataset.builder(Metadata.of("trace.txt", "ftrace"));
        int t = exec.addTask(1708, 1708, "modprobe");
        exec.slice(0, 0, 1_000, t, SliceState.KERNEL).slice(1, 2_000, 3_000, t, SliceState.USER);
        assertEquals(CpuModes.BY_TASK_KIND, CpuModes.of(exec.build()));
        DatasetBuilder back = Dataset.builder(Metadata.of("trace.txt", "ftrace"));
        int u = back.addTask(1708, 1708, "modprobe");
        back.slice(0, 0, 1_000, u, SliceState.KERNEL).slice(1, 2_000, 3_000, u, SliceState.USER)
                .slice(0, 4_000, 5_000, u, SliceState.KERNEL);
        assertEquals(CpuModes.RECORDED, CpuModes.of(back.build()));
        // user time first, then the kernel, then user again on the same lane: back in the kernel
        // after its first user time, whatever user time follows
        DatasetBuilder between = Dataset.builder(Metadata.of("trace.txt", "ftrace"));
        int v = between.addTask(1708, 1708, "modprobe");
        between.slice(0, 0, 1_000, v, SliceState.USER).slice(0, 2_000, 3_000, v, SliceState.KERNEL)
                .slice(0, 4_000, 5_000, v, SliceState.USER);
        assertEquals(CpuModes.RECORDED, CpuModes.of(between.build()));
    }

    @Test
    void aSwitchTracesBreakdownIsRunningAndIdleInAnyRange() throws Exception {
        Dataset d = switchTrace("perf-sched-script");
        CpuModes modes = CpuModes.of(d);
        List<CpuBreakdown.Row> rows = CpuBreakdown.of(RangeTotals.of(d, 0, 10_000_000), modes);
        assertEquals(List.of("running", "idle"), rows.stream().map(CpuBreakdown.Row::label).toList());
        assertEquals(8_000_000, rows.get(0).ns(), "the backend's and the kernel thread's time together");
        assertEquals(0.8, rows.get(0).share(), 1e-12);
        assertEquals(0.2, rows.get(1).share(), 1e-12);
        // a range with only the backend in it: still running, not "user 100 %"
        List<CpuBreakdown.Row> range = CpuBreakdown.of(RangeTotals.of(d, 1_000_000, 12_000_000), modes);
        assertEquals(List.of("running", "idle", CpuBreakdown.UNRECORDED),
                range.stream().map(CpuBreakdown.Row::label).toList());
        assertEquals(7_000_000, range.get(0).ns());
        assertEquals(2_000_000, range.get(2).ns());
    }

    @Test
    void aSwitchTracesProfileIsRunningPerComm() throws Exception {
        Dataset d = switchTrace("perf-sched-script");
        List<Profile.Row> rows = Profile.byComm(d, RangeTotals.of(d, 0, 10_000_000), CpuModes.of(d), 10);
        assertEquals(List.of("postgres (running)", "kworker/0:1 (running)"), rows.stream().map(Profile.Row::label).toList());
        assertEquals(0.6, rows.get(0).share(), 1e-12);
        Dataset run = switchTrace("simulation");
        List<Profile.Row> byMode = Profile.byComm(run, RangeTotals.of(run, 0, 10_000_000), CpuModes.of(run), 10);
        assertEquals(List.of("postgres (user)", "kworker/0:1 (kernel)"), byMode.stream().map(Profile.Row::label).toList());
    }

    @Test
    void aSimulatedRunsBreakdownKeepsEveryMode() throws Exception {
        Dataset run = switchTrace("simulation");
        List<CpuBreakdown.Row> rows = CpuBreakdown.of(RangeTotals.of(run, 0, 10_000_000), CpuModes.of(run));
        assertEquals(List.of("user", "kernel", "fault", "spinning", "stolen", "idle"),
                rows.stream().map(CpuBreakdown.Row::label).toList());
        assertEquals(2_000_000, rows.get(1).ns());
    }

    @Test
    void theWorkbenchAndTheSummaryJsonDecideAlikeOnRealRecordings() throws Exception {
        Dataset perf = Fixtures.importAll("real/pgbench-local/runA_perf_sched_script.txt.gz").dataset();
        assertEquals(CpuModes.BY_TASK_KIND, CpuModes.of(perf));
        assertEquals("by task kind", DatasetSummary.of(perf).path("cpuModes").asText());
        assertTrue(DatasetSummary.of(perf).path("cpu").path("user").isNull());
        Dataset timehist = Fixtures.importAll("real/pgbench-local/runA_timehist.txt.gz").dataset();
        assertEquals(CpuModes.BY_TASK_KIND, CpuModes.of(timehist));
        Dataset run = switchTrace("simulation");
        assertEquals(CpuModes.RECORDED, CpuModes.of(run));
        assertFalse(DatasetSummary.of(run).has("cpuModes"));
    }

    @Test
    void aSliceSaysRunningWhereTheModeIsNotKnown() {
        assertEquals("running", CpuModes.BY_TASK_KIND.label(SliceState.USER));
        assertEquals("running", CpuModes.BY_TASK_KIND.label(SliceState.KERNEL));
        assertEquals("idle", CpuModes.BY_TASK_KIND.label(SliceState.IDLE));
        assertEquals("kernel", CpuModes.RECORDED.label(SliceState.KERNEL));
    }
}
