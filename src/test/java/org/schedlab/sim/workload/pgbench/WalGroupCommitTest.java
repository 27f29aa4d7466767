package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Metadata;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.record.Recorder;

class WalGroupCommitTest {
    @Test
    void commitsArrivingDuringAFlushWaitAndTheNextGroupGetsOneFlusher() {
        Kernel k = new Kernel(new Engine(), MachineConfig.defaults(1, PreemptionModel.NONE), new RandomStreams(1),
            new Recorder(Metadata.of("test", "simulation"), 1, 0, 0, 8));
        Task a = k.createTask(TaskSpec.fair(1, 1, "postgres"), ctx -> ctx.exit());
        Task b = k.createTask(TaskSpec.fair(2, 2, "postgres"), ctx -> ctx.exit());
        Task c = k.createTask(TaskSpec.fair(3, 3, "postgres"), ctx -> ctx.exit());
        WalGroupCommit wal = new WalGroupCommit();
        long la = wal.insertCommit();
        assertEquals(WalGroupCommit.Outcome.FLUSH, wal.flushOrWait(a, la), "nobody flushing: a flushes");
        long lb = wal.insertCommit();
        long lc = wal.insertCommit();
        assertEquals(WalGroupCommit.Outcome.WAIT, wal.flushOrWait(b, lb));
        assertEquals(WalGroupCommit.Outcome.WAIT, wal.flushOrWait(c, lc));
        assertEquals(WalGroupCommit.Outcome.WAIT, wal.flushOrWait(c, lc), "a spurious wake-up re-queues nothing");
        assertEquals(2, wal.flushDone(a), "the release wakes both waiters");
        assertEquals(WalGroupCommit.Outcome.FLUSH, wal.flushOrWait(b, lb), "not covered: the first back flushes");
        assertEquals(WalGroupCommit.Outcome.WAIT, wal.flushOrWait(c, lc));
        assertEquals(1, wal.flushDone(b));
        assertEquals(WalGroupCommit.Outcome.DONE, wal.flushOrWait(c, lc), "covered by b's flush");
        assertEquals(1.5, wal.meanGroupSize(), 1e-9);
    }
}
