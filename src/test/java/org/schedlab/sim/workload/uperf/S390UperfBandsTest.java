package org.schedlab.sim.workload.uperf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Case C in bands (SIMULATOR.md "What it must show"), on short runs of the shipped scenario:
 * with the irqfd inject work queued on the vhost thread's CPU, lazy preemption leaves the
 * kworker waiting behind the running vhost thread, the guest's interrupts come late and in
 * bursts, and throughput, kworker run-queue latency and the TCP counters move as in the seed;
 * in-atomic injection (or an unbound workqueue) takes the kworker out of the path.
 */
class S390UperfBandsTest {
    private static RunSummary run(String... kv) throws Exception {
        Map<String, String> set = new LinkedHashMap<>();
        set.put("warmupMs", "50");
        set.put("durationMs", "200");
        for (int i = 0; i < kv.length; i += 2) {
            set.put(kv[i], kv[i + 1]);
        }
        return Simulation.run(ScenarioCatalog.builtIn("s390-uperf"), set, Simulation.Options.summaryOnly(),
                () -> false).summary();
    }

    private static double kworkerUs(RunSummary s) {
        return s.runqlatUs().get("kworker").mean();
    }

    private static String describe(RunSummary full, RunSummary lazy) {
        return "full " + full.throughput().value() + " Gb/s " + full.tcp() + " kworker " + kworkerUs(full)
                + " us; lazy " + lazy.throughput().value() + " Gb/s " + lazy.tcp() + " kworker " + kworkerUs(lazy)
                + " us";
    }

    @Test
    void withIrqfdThroughAPerCpuKworkerLazyLosesThroughputAndProvokesSpuriousRetransmissions() throws Exception {
        RunSummary full = run("preemption", "full");
        RunSummary lazy = run("preemption", "lazy");
        String why = describe(full, lazy);
        double ratio = lazy.throughput().value() / full.throughput().value();
        assertTrue(ratio >= 0.4 && ratio <= 0.8, "lazy/full throughput " + ratio + ": " + why);
        assertTrue(kworkerUs(lazy) >= 10 * kworkerUs(full), "kworker run-queue latency: " + why);
        long dsackFull = full.tcp().get("dsack");
        long dsackLazy = lazy.tcp().get("dsack");
        assertTrue(dsackLazy >= 20 && dsackLazy >= 3 * dsackFull, "D-SACKs: " + why);
        long frFull = full.tcp().get("fastRetrans");
        long frLazy = lazy.tcp().get("fastRetrans");
        assertTrue(frLazy >= 20 && frLazy >= 5 * frFull, "fast retransmissions: " + why);
    }

    @Test
    void inAtomicInjectionMakesLazyAsFastAsFull() throws Exception {
        RunSummary full = run("preemption", "full", "irqInatomic", "on");
        RunSummary lazy = run("preemption", "lazy", "irqInatomic", "on");
        double ratio = lazy.throughput().value() / full.throughput().value();
        assertTrue(Math.abs(ratio - 1) <= 0.1, "lazy/full " + ratio);
        assertTrue(!lazy.runqlatUs().containsKey("kworker"), "no kworker in the path");
    }

    @Test
    void anUnboundWorkqueueRunsTheInjectOnAnIdleCpuUnderLazyToo() throws Exception {
        RunSummary full = run("preemption", "full", "irqWorkqueue", "unbound");
        RunSummary lazy = run("preemption", "lazy", "irqWorkqueue", "unbound");
        double ratio = lazy.throughput().value() / full.throughput().value();
        assertTrue(ratio >= 0.9, "lazy/full " + ratio);
        assertTrue(kworkerUs(lazy) < 20, "kworker " + kworkerUs(lazy) + " us (seed: 0.005 ms with system_dfl_wq)");
    }
}
