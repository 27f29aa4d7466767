package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A simulated task's lane reads its waits as a recording's switch-outs would: "sleeping" for an
 * interruptible sleep (S: a futex wait, recv, a timer), "blocked" for an uninterruptible one (D:
 * I/O, a kernel rwsem's slow path). It drew every futex wait "blocked" and every fdatasync
 * "sleeping": teach-remote-wakeup's B, waiting on a futex, read as if in D.
 */
class SleepStatesTest {
    /** Time in each state over the lanes of tasks named {@code comm}. */
    private static Map<TaskState, Long> timeIn(Dataset d, String comm) {
        Map<TaskState, Long> out = new EnumMap<>(TaskState.class);
        for (TaskLane l : d.taskLanes()) {
            if (!d.task(l.task()).comm().equals(comm)) {
                continue;
            }
            for (int i = 0; i < l.intervals().size(); i++) {
                out.merge(l.state(i), l.intervals().durationNs(i), Long::sum);
            }
        }
        return out;
    }

    private static Dataset run(String scenario, Map<String, String> set, int recordMs) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), set, Simulation.Options.recording(recordMs),
                () -> false).dataset().orElseThrow();
    }

    @Test
    void aFutexWaitIsSleepingNotBlocked() throws Exception {
        Dataset d = run("teach-remote-wakeup", Map.of("durationMs", "50"), 50);
        Map<TaskState, Long> b = timeIn(d, "B");
        assertTrue(b.getOrDefault(TaskState.SLEEPING, 0L) > 0, "B waits on its futex: " + b);
        assertEquals(0L, b.getOrDefault(TaskState.BLOCKED, 0L), "a futex wait is S, not D: " + b);
    }

    @Test
    void walFlushIOIsBlockedAndAClientReadSleeping() throws Exception {
        Dataset d = run("pgbench-graviton4", Map.of("durationMs", "20", "warmupMs", "10"), 20);
        Map<TaskState, Long> postgres = timeIn(d, "postgres");
        assertTrue(postgres.getOrDefault(TaskState.BLOCKED, 0L) > 0, "fdatasync is D: " + postgres);
        assertTrue(postgres.getOrDefault(TaskState.SLEEPING, 0L) > postgres.getOrDefault(TaskState.BLOCKED, 0L),
                "most of a backend's waits are for its client (recv, S): " + postgres);
        Map<TaskState, Long> pgbench = timeIn(d, "pgbench");
        assertEquals(0L, pgbench.getOrDefault(TaskState.BLOCKED, 0L), "pgbench waits in epoll_wait, S: " + pgbench);
    }

    @Test
    void anRwsemSlowPathIsBlocked() throws Exception {
        Dataset d = run("mongodb-ycsb-a", Map.of("durationMs", "50", "warmupMs", "20"), 50);
        long blocked = 0;
        for (TaskLane l : d.taskLanes()) {
            for (int i = 0; i < l.intervals().size(); i++) {
                if (l.state(i) == TaskState.BLOCKED) {
                    blocked += l.intervals().durationNs(i);
                }
            }
        }
        assertTrue(blocked > 0, "mmap_lock's sleeping waiters and disk reads are D");
    }
}
