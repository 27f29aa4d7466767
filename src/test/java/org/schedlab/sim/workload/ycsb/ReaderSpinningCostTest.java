package org.schedlab.sim.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.summary.RunSummary;

/**
 * Case B, off vs on, averaged over two seeds on short windows (20 ms warm-up, 100 ms measured).
 * What the model shows (scenario notes): at 64 connections and 6 faults per operation (the inputs
 * shipped until the eighth session) v5.10's adaptive disabling keeps faulting readers asleep and
 * the two versions tie. Where faulting readers pile up on a running writer while other connection
 * threads have user work to do - long write sections, or (the shipped inputs) 256 connection
 * threads on 16 vCPUs with about one fault per operation - v5.10's spinning readers take CPU those
 * threads need and the backport wins on both arches. On x86, whose vCPUs are hyperthreads
 * (smt=auto), a spinning hyperthread leaves most of its core to a sibling that computes; that
 * saves x86 part of the cost where readers spin behind a running writer (long write sections),
 * hardly any in the shipped inputs' handoff stalls, where every CPU spins at once. The seed's
 * x86 band (+5..+25 %) is reached at the shipped inputs; its arm64 band (+15..+40 %) is not, so
 * these tests assert x86's band and that off wins on arm64, not arm64's band.
 */
class ReaderSpinningCostTest {
    private static final String READER_SPIN = "rwsem spin (mmap_lock, fault)";
    private static final int SEEDS = 2;

    /** Off and on, averaged over seeds: throughput and the readers' spin share of all CPU time. */
    private record Pair(double onOps, double offOps, double onReaderSpin, double offReaderSpin) {
        double gain() {
            return offOps / onOps - 1;
        }
    }

    private static Pair run(String arch, Map<String, String> inputs) throws Exception {
        Scenario sc = ScenarioCatalog.builtIn("mongodb-ycsb-a");
        double[] ops = new double[2];
        double[] spin = new double[2];
        for (int seed = 1; seed <= SEEDS; seed++) {
            for (int m = 0; m < 2; m++) {
                Map<String, String> o = new HashMap<>(Map.of("warmupMs", "20", "durationMs", "100"));
                o.putAll(inputs);
                o.put("arch", arch);
                o.put("readerSpinning", m == 0 ? "on" : "off");
                o.put("seed", Integer.toString(seed));
                RunSummary s = Simulation.run(sc, o, Simulation.Options.summaryOnly(), () -> false).summary();
                ops[m] += s.throughput().value() / SEEDS;
                spin[m] += s.profile().stream().filter(p -> p.site().equals(READER_SPIN))
                        .mapToDouble(RunSummary.SiteShare::share).sum() / SEEDS;
            }
        }
        return new Pair(ops[0], ops[1], spin[0], spin[1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void atSixtyFourConnectionsAndSixFaultsAdaptiveDisablingKeepsReadersAsleepAndTheVersionsTie(String arch)
            throws Exception {
        // the inputs shipped until the eighth session
        Pair p = run(arch, Map.of("clients", "64", "faultsPerOp", "6", "readUs", "300", "updateUs", "360"));
        assertTrue(p.onReaderSpin() < 0.005, "v5.10 readers spin " + p.onReaderSpin());
        assertTrue(Math.abs(p.gain()) < 0.03, "off/on " + p.gain());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void longWriteSectionsMakeSpinningReadersCostThroughputSoOffWins(String arch) throws Exception {
        // one fault per operation, a 1 ms write section in 1 % of operations (zap folded in)
        // (64 connections and the CPU per operation shipped until the eighth session)
        // 1 s windows: a 1 ms write section every 100 operations is rare enough that shorter
        // windows spread the gain by a point or two (3 seeds x 1 s: +4.8 % x86)
        Pair p = run(arch, Map.of("clients", "64", "readUs", "300", "updateUs", "360", "faultsPerOp", "1",
                "unmapsPerOp", "0.01", "unmapWriteUs", "1000", "unmapZapUs", "0", "durationMs", "1000"));
        assertTrue(p.onReaderSpin() > 0.05, "v5.10 readers spin " + p.onReaderSpin());
        assertTrue(p.offReaderSpin() == 0, "backport readers never spin");
        assertTrue(p.gain() > 0.04, "off/on " + p.gain());
        // the loss is CPU the spinning readers took: it cannot exceed their share of the CPUs
        double loss = 1 - p.onOps() / p.offOps();
        assertTrue(loss < p.onReaderSpin(), "loss " + loss + " vs reader spin " + p.onReaderSpin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void withFourTimesMoreConnectionsThanVcpusSpinningReadersCostThroughputAtTheShippedWriters(String arch)
            throws Exception {
        // one fault per operation, the shipped writers (0.1 unmaps of 4 us per operation): at 64
        // connections the versions tie; at 256 (16 per vCPU) faulting readers pile up on the OSQ
        // while runnable connection threads wait for the CPUs they spin on
        Pair few = run(arch, Map.of("faultsPerOp", "1", "clients", "64"));
        Pair many = run(arch, Map.of()); // the shipped inputs: 256 connections, 1 fault per operation
        assertTrue(Math.abs(few.gain()) < 0.02, "64 connections: off/on " + few.gain());
        assertTrue(many.onReaderSpin() > 0.03, "256 connections: v5.10 readers spin " + many.onReaderSpin());
        assertTrue(many.gain() > 0.05, "256 connections: off/on " + many.gain());
    }

    @Test
    void atTheShippedInputsOffWinsOnBothArches() throws Exception {
        // x86 inside the seed's band (+5..+25 %); arm64 wins too, but its band (+15..+40 %) and
        // the seed's order (arm64 losing about twice what x86 does) are not reached: over 3 seeds
        // x 1 s arm64 gains about what x86 does (+7.7 / +7.5 %); on windows this short the order
        // can flip
        Pair x86 = run("x86", Map.of());
        Pair arm64 = run("arm64", Map.of());
        assertTrue(x86.gain() > 0.05 && x86.gain() < 0.25, "x86 off/on " + x86.gain());
        assertTrue(arm64.gain() > 0.05, "arm64 off/on " + arm64.gain());
        assertTrue(x86.onReaderSpin() > 0.02 && arm64.onReaderSpin() > 0.02,
                "v5.10 reader spin x86 " + x86.onReaderSpin() + ", arm64 " + arm64.onReaderSpin());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arm64"})
    void underTheSeedKernelsCfsWokenThreadsTakeTheSpinnersCpusAndTheGapShrinks(String arch) throws Exception {
        // v5.10 runs CFS: sleepers placed half a latency behind min_vruntime preempt at once, and a
        // spinning reader leaves the OSQ on need_resched (3 seeds x 1 s: +1.9 % x86, +1.5 % arm64,
        // against +7.5 / +7.7 % under EEVDF). CFS needs the scenario's 100 ms of warm-up: from a
        // cold start the first 100 ms still show EEVDF-sized gaps; and its 1 s window: CFS's `on`
        // runs spread 4-7 % between seeds, so 300 ms windows put the two gains within noise.
        Map<String, String> settled = Map.of("warmupMs", "100", "durationMs", "1000");
        Pair eevdf = run(arch, settled);
        Map<String, String> cfsSettled = new HashMap<>(settled);
        cfsSettled.put("scheduler", "cfs");
        Pair cfs = run(arch, cfsSettled);
        assertTrue(cfs.onReaderSpin() < 0.7 * eevdf.onReaderSpin(),
                "reader spin cfs " + cfs.onReaderSpin() + ", eevdf " + eevdf.onReaderSpin());
        assertTrue(cfs.gain() < eevdf.gain() - 0.02, "off/on cfs " + cfs.gain() + ", eevdf " + eevdf.gain());
        assertTrue(cfs.gain() < 0.05, "off/on cfs " + cfs.gain());
    }

    @Test
    void whereTheHostPreemptsVcpusX86ReadersStopSpinningAndArm64sDoNot() throws Exception {
        // x86 guests see a preempted vCPU (owner_on_cpu, osq_lock's vcpu_is_preempted); arm64
        // 5.10 does not. 1 % of each vCPU's time taken in 50 us bursts, 256 connections, and
        // arm64's costs on both (no SMT, YIELD, its line transfer and wake-up), so that this
        // rule is the only difference left between the two arches
        // (the scenario's own 100 ms warm-up and 1 s window: steal bursts are rare events, and on
        // shorter windows the two gains spread by several points; 3 seeds x 1 s give +2.4 % x86,
        // +8.2 % arm64)
        Map<String, String> stolen = new HashMap<>(Map.of("faultsPerOp", "1", "clients", "256", "stealPct", "1",
                "stealBurstUs", "50", "smt", "off", "cpuRelaxNs", "1", "lineTransferNs", "50", "wakeupIpiUs", "6"));
        stolen.put("warmupMs", "100");
        stolen.put("durationMs", "1000");
        Pair x86 = run("x86", stolen);
        Pair arm64 = run("arm64", stolen);
        assertTrue(x86.onReaderSpin() < 0.5 * arm64.onReaderSpin(),
                "reader spin x86 " + x86.onReaderSpin() + ", arm64 " + arm64.onReaderSpin());
        assertTrue(arm64.gain() > x86.gain() + 0.04, "off/on x86 " + x86.gain() + ", arm64 " + arm64.gain());
    }

    @Test
    void onX86HyperthreadsTheSameSpinningCostsLessBecauseTheSiblingGetsTheCore() throws Exception {
        // the long-write point again, x86 with and without its SMT sibling model
        Map<String, String> longWrites = Map.of("clients", "64", "readUs", "300", "updateUs", "360",
                "faultsPerOp", "1", "unmapsPerOp", "0.01", "unmapWriteUs", "1000", "unmapZapUs", "0");
        Map<String, String> noSmt = new HashMap<>(longWrites);
        noSmt.put("smt", "off");
        Pair smt = run("x86", longWrites);
        Pair cores = run("x86", noSmt);
        assertTrue(smt.gain() > 0, "off still wins with SMT: " + smt.gain());
        assertTrue(smt.gain() < 0.85 * cores.gain(), "off/on with SMT " + smt.gain() + ", without " + cores.gain());
    }
}
