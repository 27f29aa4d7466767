package org.schedlab.sim.workload.ycsb;

import org.schedlab.sim.kernel.Arch;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * The mongodb-ycsb-a workload's parameters, resolved to nanoseconds and fractions. Units,
 * ranges and sources: example-data/scenarios/mongodb-ycsb-a.json.
 *
 * @param clients          YCSB client threads = mongod connection threads ("conn")
 * @param readerSpinning   rwsem reader optimistic spinning (v5.10) or the backport series
 * @param readFraction     share of reads (workload A: readproportion 0.5, the rest updates)
 * @param readNs           mongod user CPU of one read (mean)
 * @param updateNs         mongod user CPU of one update (mean)
 * @param recvNs           kernel work of receiving a request
 * @param sendNs           kernel work of sending a reply
 * @param clientGapNs      from a reply sent to the next request of that client arriving
 *                         (network round trip plus YCSB's own work), mean
 * @param faultsPerOp      anonymous page faults per operation (mean, Poisson)
 * @param minorFaultUs     median cost of one minor fault (sim.mem.FaultCostModel)
 * @param faultPtlFraction part of a fault under the page-table lock
 * @param unmapsPerOp      chance that an operation ends with an allocator unmap (write lock)
 * @param unmapWriteNs     mean time the unmap holds mmap_lock for write (VMA detach)
 * @param unmapZapNs       mean time of the zap and TLB flush after the downgrade to read
 * @param growthFraction   share of the write sections that are heap growth by mmap(): released
 *                         with up_write, no zap (the rest are munmaps: downgrade, zap, up_read)
 * @param cacheMissFraction share of reads that miss the WiredTiger cache and read the disk
 * @param preadNs          kernel work of one pread that misses the page cache
 * @param diskNs           latency of one EBS read
 * @param cpuRelaxNs       one kernel spin-loop iteration
 * @param wakeNs           the waker's cost per task woken
 * @param smtSoloSpeedup   SMT: how much faster a hyperthread runs while its sibling is idle or
 *                         spinning than while it is busy (1 = no SMT: every vCPU is a core)
 */
public record YcsbConfig(int clients, boolean readerSpinning, double readFraction, long readNs, long updateNs,
                         long recvNs, long sendNs, long clientGapNs, double faultsPerOp, double minorFaultUs,
                         double faultPtlFraction, double unmapsPerOp, long unmapWriteNs, long unmapZapNs,
                         double growthFraction, double cacheMissFraction, long preadNs, long diskNs,
                         long cpuRelaxNs, long wakeNs, double smtSoloSpeedup) {

    /** x86 PAUSE: about 140 cycles since Skylake at ~3 GHz [U] (as sim.sync.SpinCosts). */
    static final long X86_PAUSE_NS = 45;
    /** arm64 cpu_relax() is YIELD, effectively a NOP on Neoverse cores [S]. */
    static final long ARM64_YIELD_NS = 1;

    /** cpu_relax()'s cost: {@code auto} is the arch's (x86 PAUSE, arm64 YIELD). */
    static long cpuRelaxNs(Params p, MachineConfig m) throws ScenarioException {
        return p.isAuto("cpuRelaxNs") ? (m.arch() == Arch.X86 ? X86_PAUSE_NS : ARM64_YIELD_NS)
                : p.longValue("cpuRelaxNs");
    }

    /** Whether vCPUs pair as hyperthreads: {@code auto} is on for x86 only. */
    static boolean smt(Params p, MachineConfig m) throws ScenarioException {
        return p.isAuto("smt") ? m.arch() == Arch.X86 : p.on("smt");
    }

    public static YcsbConfig from(Params p, MachineConfig m) throws ScenarioException {
        // a scenario file may widen the ranges; these are the values that still mean something
        Domains.counts(p, "clients");
        Domains.percent(p, "readPct");
        Domains.percent(p, "faultPtlPct");
        Domains.percent(p, "cacheMissPct");
        Domains.percent(p, "growthPct");
        Domains.within(p, "unmapsPerOp", 0, 1);
        Domains.above(p, "minorFaultUs", 0);
        Domains.nonNegative(p, "readUs", "updateUs", "recvUs", "sendUs", "clientGapUs", "faultsPerOp",
                "unmapWriteUs", "unmapZapUs", "preadUs", "diskUs", "cpuRelaxNs", "wakeCostUs");
        long relax = cpuRelaxNs(p, m);
        boolean smt = smt(p, m);
        Domains.percent(p, "smtGainPct");
        double gain = p.doubleValue("smtGainPct") / 100.0;
        // both threads busy: the core does (1 + gain) x one thread's work, each thread half of it
        double solo = smt ? 2.0 / (1.0 + gain) : 1.0;
        return new YcsbConfig(p.intValue("clients"), p.on("readerSpinning"), p.doubleValue("readPct") / 100.0,
                p.usAsNs("readUs"), p.usAsNs("updateUs"), p.usAsNs("recvUs"), p.usAsNs("sendUs"),
                p.usAsNs("clientGapUs"), p.doubleValue("faultsPerOp"), p.doubleValue("minorFaultUs"),
                p.doubleValue("faultPtlPct") / 100.0, p.doubleValue("unmapsPerOp"), p.usAsNs("unmapWriteUs"),
                p.usAsNs("unmapZapUs"), p.doubleValue("growthPct") / 100.0, p.doubleValue("cacheMissPct") / 100.0,
                p.usAsNs("preadUs"), p.usAsNs("diskUs"), relax, p.usAsNs("wakeCostUs"), solo);
    }
}
