package org.schedlab.sim.workload.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;

import org.schedlab.sim.kernel.Arch;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.Smt;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.mem.FaultCostModel;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.sync.Rwsem;
import org.schedlab.sim.sync.RwsemCosts;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * {@code mongodb-ycsb-a}: mongod's connection threads serving YCSB workload A from clients on
 * another machine. Each operation: receive the request, run mongod/WiredTiger user code with
 * page faults in between (each takes {@code mmap_lock} for read), sometimes read a block from
 * disk (a cache miss), sometimes return memory to the kernel with an unmap (write lock, then
 * downgraded to read for the zap, as 5.10's munmap does) or grow the heap with mmap (write
 * lock, released with up_write), send the reply, and wait for the
 * client's next request. Throughput: operations per second.
 */
public final class YcsbWorkload implements Workload {
    @Override
    public String name() {
        return "mongodb-ycsb-a";
    }

    @Override
    public String throughputUnit() {
        return "ops/s";
    }

    /**
     * The operations' latency as the server sees it: from the request's arrival (the end of the
     * client's round trip) to the reply's send; the YCSB client's own figure adds the network.
     */
    static final String READ_OP = "READ (server)";
    static final String UPDATE_OP = "UPDATE (server)";

    @Override
    public Map<String, String> autoResolved(Params p, MachineConfig m) throws ScenarioException {
        Map<String, String> out = new LinkedHashMap<>();
        if (p.asMap().containsKey("smt") && p.isAuto("smt")) {
            out.put("smt", YcsbConfig.smt(p, m) ? "on" : "off");
        }
        if (p.asMap().containsKey("cpuRelaxNs") && p.isAuto("cpuRelaxNs")) {
            out.put("cpuRelaxNs", Long.toString(YcsbConfig.cpuRelaxNs(p, m)));
        }
        return out;
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        YcsbConfig cfg = YcsbConfig.from(ctx.params(), ctx.machine());
        if (cfg.clients() < 1) {
            throw new ScenarioException("clients must be >= 1");
        }
        if (cfg.smtSoloSpeedup() > 1.0) {
            Smt.pairSiblings(ctx.kernel(), cfg.smtSoloSpeedup());
        }
        RwsemCosts costs = new RwsemCosts(ctx.machine().lineTransferNs(), cfg.cpuRelaxNs(), cfg.wakeNs());
        // owner_on_cpu() sees a preempted vCPU through KVM's steal-time "preempted" flag on x86
        // (kvm_vcpu_is_preempted); arm64 had no vcpu_is_preempted() in 5.10.
        Rwsem mmapLock = new Rwsem(ctx.kernel(), "mmap_lock", cfg.readerSpinning(), costs,
                ctx.machine().arch() == Arch.X86);
        ConnProgram.Shared sh = new ConnProgram.Shared(cfg, mmapLock,
                new FaultCostModel(cfg.minorFaultUs(), cfg.faultPtlFraction()),
                ctx.site("mongod (user)"), KernelCode.preemptible(ctx.site("tcp recv")),
                KernelCode.preemptible(ctx.site("tcp send")), ctx.site("page fault (mmap_lock read)"),
                ctx.site("rwsem spin (mmap_lock, fault)"), ctx.site("rwsem spin (mmap_lock, unmap)"),
                ctx.site("rwsem spin (mmap_lock, mmap)"), ctx.site("rwsem sleep (mmap_lock)"),
                KernelCode.preemptible(ctx.site("munmap (mmap_lock write)")),
                KernelCode.preemptible(ctx.site("munmap zap (mmap_lock read)")).withCondReschedEvery(10_000),
                KernelCode.preemptible(ctx.site("mmap (mmap_lock write)")),
                KernelCode.preemptible(ctx.site("rwsem wake (mmap_lock)")),
                KernelCode.preemptible(ctx.site("pread (cache miss)")), ctx.site("disk read (EBS)"),
                ctx.site("client round trip"), ctx.kernel().operation(READ_OP), ctx.kernel().operation(UPDATE_OP));
        int pid = 4000;
        for (int i = 0; i < cfg.clients(); i++) {
            ctx.spawn(TaskSpec.fair(pid + 1 + i, pid, "conn" + (i + 1)), new ConnProgram(sh));
        }
    }
}
