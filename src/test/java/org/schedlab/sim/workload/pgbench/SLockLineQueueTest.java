package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Case A with {@code spinDelay=none}: s_lock rounds of spins_per_delay x 2 ns are shorter than
 * the lock's cache-line queue at a release. The line's backlog once ran away (every spinner's
 * TAS queued again each time the chosen winner's round ended before its TAS), holds grew to
 * 1.5 ms, the waiters slept in pg_usleep, and one lazy seed in six ran at 69 k tps with 69 %
 * of the CPUs idle; from the first milliseconds of seed 3, at 5 k tps.
 */
class SLockLineQueueTest {
    @Test
    void holdsStayMicrosecondsWhenSpinRoundsAreShorterThanTheLinesQueue() throws Exception {
        RunSummary s = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"),
                Map.of("spinDelay", "none", "preemption", "lazy", "seed", "3", "warmupMs", "0", "durationMs", "30"),
                Simulation.Options.summaryOnly(), () -> false).summary();
        RunSummary.LockSummary lock = s.locks().get(0);
        assertTrue(lock.holdUs().p99() < 100, "hold " + lock.holdUs());
        assertTrue(s.throughput().value() > 100_000, "throughput " + s.throughput().value());
    }

    @Test
    void theLinesQueueNeverHoldsMoreThanOneWritePerCpu() throws Exception {
        // one write at a time, 50 ns each; a queue that re-counted the same TAS writes at each lost
        // winner grew to 30 us (spinDelay=none, seed 1), and to milliseconds before the owed line
        // time was paid in the spins
        PgbenchHarness h = PgbenchHarness.run(ScenarioCatalog.builtIn("pgbench-graviton4"),
                Map.of("spinDelay", "none", "preemption", "lazy", "seed", "1", "warmupMs", "0", "durationMs", "100"));
        long[] busy = h.shared.spinLock.lineBusyNs();
        long elapsed = 100_000_000L;
        assertTrue(busy[0] + busy[1] < elapsed, "line busy " + (busy[0] + busy[1]) / 1e6 + " ms in 100 ms (writes "
                + busy[0] / 1e6 + ", losers' TAS " + busy[1] / 1e6 + ")");
        // at most one write outstanding per CPU: 96 x 50 ns
        assertTrue(h.shared.spinLock.maxLineBacklogNs() <= 96 * 50,
                "the line's queue reached " + h.shared.spinLock.maxLineBacklogNs() + " ns");
    }
}
