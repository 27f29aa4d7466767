package org.schedlab.ui;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.schedlab.analysis.CpuBreakdown;
import org.schedlab.analysis.CpuModes;
import org.schedlab.analysis.LatencyStats;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.LockTable;
import org.schedlab.analysis.OperationLatency;
import org.schedlab.analysis.Profile;
import org.schedlab.analysis.RangeTotals;
import org.schedlab.analysis.RunqlatHistogram;
import org.schedlab.analysis.TcpCounters;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimeRange;

/**
 * Everything the summary panels show for one scope - the selected range or the whole run - as
 * computed by {@code analysis}: CPU time by state, the profile by comm, busy share per CPU, the
 * tasks that ran longest, lock statistics, run-queue latency histograms and TCP counters.
 * {@code busyByCpu} is NaN for a CPU with nothing recorded in the scope (a perf lock or pgbench
 * import has CPUs but no scheduling): unknown, not idle; it is a share of {@code recordedByCpu}, how
 * long that CPU's lane recorded inside the scope, which can be far less than the scope (a trace that
 * names a CPU for a few microseconds reads 100 % busy: of those). {@code recordedLockTable} is the
 * contention table a lock tool printed (perf lock contention, klockstat, lock_stat), if the
 * dataset came from one: whole-recording figures with no times. {@code cpuModes} says whether
 * {@code cpu} and {@code profile} split the time by mode or, for a switch trace, give it as
 * running (decided over the whole dataset, so a range of a simulated run keeps its split).
 * {@code operations} is the latency of the workload's operations that ended inside the scope, per
 * operation ({@link OperationLatency}: a saved simulated run's; empty for a recording without them).
 */
public record Summary(TimeRange scope, boolean wholeRun, CpuModes cpuModes, List<CpuBreakdown.Row> cpu, List<Profile.Row> profile,
                      double[] busyByCpu, long[] recordedByCpu, List<RangeTotals.TaskTime> topTasks, int tasksThatRan,
                      List<LockStatistics.Row> locks, Map<String, RunqlatHistogram.Histogram> runqlat,
                      boolean runqlatFromRecording, List<TcpCounters.Row> tcp,
                      java.util.Optional<LockTable> recordedLockTable, Map<String, LatencyStats> operations) {
    /**
     * How long the CPU lanes recorded inside the scope: the longest any CPU's lane recorded there. A
     * task's run time is a share of this, 100 % a CPU all the time as top counts it, so a perf sched
     * recording of 1.5 s beside 7 s of pgbench progress does not make every task look 5x idler. Not
     * the CPUs' mean: a window at a recording's start, before CPU 1's first event, read perf[7396]
     * at "200.0 %" for running CPU 0 throughout, and a timehist filtered to CPU 2 (CPUs 0 and 1
     * named for microseconds) put a task that ran CPU 2 for 100 of its 164 ms at 180 %. The scope's
     * length when no CPU lane recorded anything.
     */
    public long recordedSpanNs() {
        long longest = 0;
        for (long ns : recordedByCpu) {
            longest = Math.max(longest, ns);
        }
        return longest == 0 ? scope.durationNs() : longest;
    }

    /** Profile rows and top tasks kept, at most. */
    static final int ROWS = 40;

    /**
     * Computes the summary of {@code scope}; {@code locks} and {@code modes} may be ones computed
     * before for {@code d} ({@link CpuModes#of} of the whole dataset).
     */
    static Summary compute(Dataset d, TimeRange scope, boolean wholeRun, LockIndex locks, CpuModes modes,
                           BooleanSupplier cancelled) {
        RangeTotals totals = RangeTotals.of(d, scope.startNs(), scope.endNs(), cancelled);
        double[] busy = new double[totals.cpuCount()];
        long[] cpuRecorded = new long[busy.length];
        for (int c = 0; c < busy.length; c++) {
            cpuRecorded[c] = totals.cpuRecordedNs(c);
            busy[c] = cpuRecorded[c] == 0 ? Double.NaN : totals.cpuBusyShare(c);
        }
        Map<String, RunqlatHistogram.Histogram> rq = RunqlatHistogram.fromTaskLanes(d, scope.startNs(), scope.endNs());
        boolean fromRecording = false;
        if (d.taskLanes().isEmpty()) {
            Map<String, RunqlatHistogram.Histogram> recorded = RunqlatHistogram.fromMetadata(d.metadata());
            if (!recorded.isEmpty()) {
                rq = recorded;
                fromRecording = true;
            }
        }
        return new Summary(scope, wholeRun, modes, CpuBreakdown.of(totals, modes), Profile.byComm(d, totals, modes, ROWS), busy, cpuRecorded,
                totals.topTasks(ROWS), totals.tasksThatRan(), LockStatistics.of(locks, scope.startNs(), scope.endNs()),
                rq, fromRecording, TcpCounters.of(d, scope.startNs(), scope.endNs()),
                LockTable.of(d.metadata().parameters()),
                OperationLatency.of(d, scope.startNs(), scope.endNs()));
    }
}
