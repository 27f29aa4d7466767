package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskInfo;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * Case A's wake-ups name who woke the backend, as perf sched timehist -w would: a backend woken
 * by a pgbench thread is woken by the thread that drives its connection (pgbench -j splits the
 * clients into equal runs of connections).
 */
class ClientWakesBackendTest {
    @Test
    void aBackendsQueryWakeUpNamesThePgbenchThreadOfItsConnection() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("pgbench-graviton4"),
                Map.of("durationMs", "20", "warmupMs", "10", "preemption", "lazy"),
                Simulation.Options.recording(10), () -> false).dataset().orElseThrow();
        int clients = 0;
        int threads = 0;
        for (TaskInfo t : d.tasks()) {
            clients += t.comm().equals("postgres") ? 1 : 0;
            threads += t.comm().equals("pgbench") ? 1 : 0;
        }
        assertTrue(clients > 0 && threads > 0, clients + " backends, " + threads + " pgbench threads");
        Marks m = d.marks();
        int byClient = 0;
        int wakeUps = 0;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) != MarkKind.WAKEUP) {
                continue;
            }
            wakeUps++;
            int w = m.waker(i);
            assertTrue(w == Marks.IDLE_WAKER || w >= 0 && w < d.tasks().size(), "waker " + w + " of mark " + i);
            TaskInfo wakee = d.task(m.task(i));
            if (w < 0 || !wakee.comm().equals("postgres") || !d.task(w).comm().equals("pgbench")) {
                continue;
            }
            int conn = wakee.tid() - PgbenchWorkload.FIRST_BACKEND_PID;
            int j = d.task(w).tid() - PgbenchWorkload.PGBENCH_PID - 1;
            long from = (long) j * clients / threads;
            long to = (long) (j + 1) * clients / threads;
            // a pgbench thread also "wakes" a backend whose pg_usleep timer interrupts it on its CPU
            byClient += conn >= from && conn < to ? 1 : 0;
        }
        assertTrue(byClient > 1000, byClient + " of " + wakeUps + " wake-ups were a client's query");
        // a backend's wake-ups come from its client, other backends (a lock's release, the WAL
        // flush) and interrupts; nothing in case A wakes outside a CPU
        assertEquals(0, java.util.stream.IntStream.range(0, m.size())
                .filter(i -> m.kind(i) == MarkKind.WAKEUP && m.waker(i) == Marks.NO_WAKER).count());
    }
}
