package org.schedlab.bench;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.TestScenarios;
import org.schedlab.sim.engine.EventHandler;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.EventQueue;
import org.schedlab.sim.engine.EventSlots;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Simulator speed. {@code eventQueueHold}: one pop + one push on a queue holding ~1000 events
 * (the classic hold model; delays mix near CPU events and far timers like a real run).
 * {@code simulate}: whole runs; the events per op (printed at setup, deterministic) divided by
 * the time per op is the engine's events per second on that scenario.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class SimulatorBench {
    /**
     * synthetic: 96 CPUs, 1024 workers on one spin lock, 200 ms; teach: teach-kernel-section;
     * pgbench: the default run of pgbench-graviton4 (case A: 96 CPUs, 1024 backends, 1 s).
     */
    @Param({"synthetic", "teach", "pgbench"})
    public String scenario;

    private Scenario sc;
    private Map<String, String> overrides;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        setUpScenario();
        long events = Simulation.run(sc, overrides, Simulation.Options.summaryOnly(), () -> false).summary().events();
        System.out.println("events per op (" + scenario + "): " + events);
    }

    private void setUpScenario() throws Exception {
        if (scenario.equals("synthetic")) {
            sc = TestScenarios.syntheticLock();
            overrides = Map.of("cpus", "96", "tasks", "1024", "durationMs", "200", "warmupMs", "20",
                    "workUs", "100", "ioUs", "2000");
        } else if (scenario.equals("pgbench")) {
            sc = ScenarioCatalog.builtIn("pgbench-graviton4");
            overrides = Map.of();
        } else {
            sc = ScenarioCatalog.builtIn("teach-kernel-section");
            overrides = Map.of();
        }
    }

    @Benchmark
    public RunSummary simulate() throws Exception {
        return Simulation.run(sc, overrides, Simulation.Options.summaryOnly(), () -> false).summary();
    }

    /** The event queue alone. */
    @State(Scope.Thread)
    public static class Hold {
        EventQueue q;
        SplittableRandom r;
        long now;
        final EventHandler h = (n, k, t, d) -> { };

        @Setup(Level.Iteration)
        public void fill() {
            q = new EventQueue();
            r = new SplittableRandom(1);
            now = 0;
            for (int i = 0; i < 1000; i++) {
                q.add(r.nextLong(2_000_000), h, 0, i, 0);
            }
        }
    }

    /** Per-CPU event slots alone: fire the earliest of 96 keys and re-arm it (what a CPU event does). */
    @State(Scope.Thread)
    public static class Slots {
        Engine engine;
        EventSlots slots;
        SplittableRandom r;

        @Setup(Level.Iteration)
        public void fill() {
            engine = new Engine();
            r = new SplittableRandom(1);
            EventHandler rearm = (now, k, key, d) -> slots.set(key, now + 1 + r.nextLong(20_000), 0);
            slots = engine.slots(96, rearm, 0);
            for (int i = 0; i < 96; i++) {
                slots.set(i, r.nextLong(20_000), 0);
            }
        }
    }

    /**
     * About 1000 events per invocation (the clock advances in 100 ns strides until 1000 more have
     * run; the last stride may add a few). Not parameterized by scenario: run it with
     * -p scenario=teach to skip the duplicates.
     */
    @Benchmark
    @OperationsPerInvocation(1000)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public long eventSlotsFireAndRearm(Slots s) {
        long target = s.engine.eventCount() + 1000;
        while (s.engine.eventCount() < target) {
            s.engine.runUntil(s.engine.nowNs() + 100, () -> false);
        }
        return s.engine.eventCount();
    }

    /** Not parameterized by scenario: run it with -p scenario=teach to skip the duplicate. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public long eventQueueHold(Hold s) {
        s.q.poll();
        s.now = s.q.polledTimeNs();
        long d = (s.r.nextInt() & 3) == 0 ? s.r.nextLong(2_000_000) : s.r.nextLong(20_000);
        s.q.add(s.now + d, s.h, 0, s.q.polledTarget(), 0);
        return s.now;
    }
}
