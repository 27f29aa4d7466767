package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** Simulated wake-ups name their waker: the task current on the CPU that ran try_to_wake_up. */
class SimulatedWakersTest {
    private static int task(Dataset d, String comm) {
        return d.tasks().stream().filter(t -> t.comm().equals(comm)).findFirst().orElseThrow().id();
    }

    /** The textbook remote wake-up: W, on CPU 1, wakes B onto CPU 0. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"full", "lazy", "none"})
    void teachRemoteWakeupsWakeUpsOfBNameW(String model) throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("teach-remote-wakeup"), Map.of("preemption", model),
                Simulation.Options.recording(100), () -> false).dataset().orElseThrow();
        int b = task(d, "B");
        int w = task(d, "W");
        Marks m = d.marks();
        int n = 0;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.WAKEUP && m.task(i) == b) {
                assertEquals(w, m.waker(i), "wake-up " + i + " at " + m.tNs(i) + " (" + m.note(i) + ")");
                n++;
            }
        }
        assertTrue(n > 10, "B woke " + n + " times");
    }

    /** The task on {@code cpu}'s lane at {@code t} ({@link Intervals#NO_TASK}: idle). */
    private static int running(Dataset d, int cpu, long t) {
        Intervals s = d.cpus().get(cpu).slices();
        int i = s.firstVisibleAt(t);
        return i < s.size() && s.startNs(i) <= t ? s.task(i) : Intervals.NO_TASK;
    }

    /**
     * Every wake-up that names a waker names what the waking CPU's lane shows then (the mark's
     * own CPU, or the one its "from CPU n" note names; the lane's task just before or at the
     * instant, as the waker may switch out at it): its task, or idle. Only uperf's guest timer,
     * which the model fires in no CPU's context, leaves wake-ups without a waker.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"teach-remote-wakeup, 100", "teach-kernel-section, 100", "pgbench-graviton4, 10", "mongodb-ycsb-a, 10",
        "s390-uperf, 10"})
    void eachWakerIsWhatTheWakingCpuRan(String scenario, long recordMs) throws Exception {
        Map<String, String> set = recordMs > 10 ? Map.of() : Map.of("durationMs", "30", "warmupMs", "20");
        Dataset d = Simulation.run(ScenarioCatalog.builtIn(scenario), set, Simulation.Options.recording(recordMs),
                () -> false).dataset().orElseThrow();
        Marks m = d.marks();
        int named = 0;
        int none = 0;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) != MarkKind.WAKEUP) {
                continue;
            }
            int w = m.waker(i);
            if (w == Marks.NO_WAKER) {
                none++;
                continue;
            }
            named++;
            int cpu = m.note(i).startsWith("from CPU ") ? Integer.parseInt(m.note(i).substring(9)) : m.cpu(i);
            int expected = w == Marks.IDLE_WAKER ? Intervals.NO_TASK : w;
            int before = running(d, cpu, m.tNs(i) - 1);
            int at = running(d, cpu, m.tNs(i));
            assertTrue(m.tNs(i) == d.startNs() || before == expected || at == expected, "wake-up " + i + " at "
                    + m.tNs(i) + " of " + m.task(i) + " names " + w + ", CPU " + cpu + " ran " + before + " then " + at);
        }
        assertTrue(named >= 5, named + " wake-ups named a waker");
        if (!scenario.equals("s390-uperf")) {
            assertEquals(0, none, "wake-ups without a waker");
        }
    }
}
