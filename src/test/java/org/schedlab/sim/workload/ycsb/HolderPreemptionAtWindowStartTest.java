package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.MarkExplainer;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * A lock-holder preemption that began in the warm-up and goes on into the record window is
 * marked at the window's start, as a hold going on there is cut at it: case B's granted readers
 * wait milliseconds for a CPU holding mmap_lock, and a window opened inside such a wait had no
 * mark for it (so {@code L} could not reach it).
 */
class HolderPreemptionAtWindowStartTest {
    private static final Pattern OFF_FOR = Pattern.compile("mmap_lock holder (preempted|stolen) for (\\d+) us, (\\d+) waiting");
    private static final Pattern BEFORE = Pattern.compile("\\(from the window's start; off CPU (\\d+) us before it\\)$");

    /** An episode of the default run, from the recording of warm-up's end to 140 ms, that crosses a whole ms. */
    private static long episodeNs;
    private static long episodeEndNs;
    private static long boundaryMs;
    private static int holder;
    private static int cpu;

    static Dataset recorded(long warmupMs, long recordMs) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"),
                Map.of("warmupMs", Long.toString(warmupMs), "durationMs", Long.toString(recordMs)),
                Simulation.Options.recording(recordMs), () -> false).dataset().orElseThrow();
    }

    @BeforeAll
    static void findAnEpisodeAcrossAMillisecond() throws Exception {
        Dataset full = recorded(100, 40);
        Marks m = full.marks();
        for (int i = 0; i < m.size(); i++) {
            Matcher g = OFF_FOR.matcher(m.note(i));
            if (m.kind(i) != MarkKind.LOCK_HOLDER_PREEMPTION || !g.find() || m.note(i).contains("at least")) {
                continue;
            }
            long end = m.tNs(i) + Long.parseLong(g.group(2)) * 1000;
            long ms = m.tNs(i) / 1_000_000 + 1;
            // 1.5 ms past the boundary at least, so that a 1 ms window lies inside it
            if (ms * 1_000_000 - m.tNs(i) > 20_000 && end - ms * 1_000_000 > 1_500_000) {
                episodeNs = m.tNs(i);
                episodeEndNs = end;
                boundaryMs = ms;
                holder = m.task(i);
                cpu = m.cpu(i);
                return;
            }
        }
        throw new AssertionError("no holder preempted across a millisecond in case B's 40 ms");
    }

    /** The lock-holder preemption marks at the window's start. */
    private static int atStart(Dataset d) {
        Marks m = d.marks();
        int found = -1;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION && m.tNs(i) == d.startNs()) {
                assertEquals(-1, found, "one episode marked at the start: " + m.note(i));
                found = i;
            }
        }
        assertTrue(found >= 0, "the holder off CPU since " + (boundaryMs * 1_000_000 - episodeNs)
                + " ns before the window is marked at its start");
        return found;
    }

    @Test
    void aHolderOffCpuSinceTheWarmUpIsMarkedAtTheWindowsStartWithItsTimeInTheWindow() throws Exception {
        Dataset d = recorded(boundaryMs, 5);
        assertEquals(boundaryMs * 1_000_000, d.startNs());
        int i = atStart(d);
        Marks m = d.marks();
        assertEquals(holder, m.task(i), "the same holder");
        assertEquals(cpu, m.cpu(i), "on the CPU it was preempted from");
        Matcher g = OFF_FOR.matcher(m.note(i));
        assertTrue(g.find(), m.note(i));
        assertEquals(episodeEndNs - d.startNs(), Long.parseLong(g.group(2)) * 1000, 2_000, "off CPU in the window: " + m.note(i));
        Matcher b = BEFORE.matcher(m.note(i));
        assertTrue(b.find(), m.note(i));
        assertEquals(d.startNs() - episodeNs, Long.parseLong(b.group(1)) * 1000, 1_000, "and before it: " + m.note(i));
        String why = MarkExplainer.explain(d, i);
        assertTrue(why.startsWith("lock-holder preemption: " + m.note(i)), why);
        assertTrue(why.endsWith(". It began before the recording, with the switch that took the holder off its CPU"), why);
    }

    @Test
    void aWindowInsideTheEpisodeIsMarkedAtItsStartStillOffCpuAtItsEnd() throws Exception {
        Dataset d = recorded(boundaryMs, 1);
        int i = atStart(d);
        Marks m = d.marks();
        assertEquals(holder, m.task(i));
        assertTrue(m.note(i).startsWith("mmap_lock holder preempted for at least 1000 us (still off CPU at the window's end), "),
                m.note(i));
        assertTrue(BEFORE.matcher(m.note(i)).find(), m.note(i));
    }
}
