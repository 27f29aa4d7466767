package org.schedlab.sim.workload.uperf;

import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.net.TcpCounters;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * uperf streaming between two KVM guests on one host (case C): guest 0 (server) writes
 * {@code connections} TCP streams that guest 1 (client) reads. Host threads: each guest's
 * vCPU threads ({@code CPU n/KVM}), one vhost worker per queue and guest ({@code vhost-<pid>}),
 * and the kworkers that run irqfd inject works when {@code irqInatomic=off}: bound per-CPU
 * ones ({@code kworker/N:1}, {@code irqWorkqueue=percpu}) or an unbound pool
 * ({@code kworker/uM:K}). Throughput is what the client's readers receive, in Gb/s.
 */
public final class UperfWorkload implements Workload {
    static final int SERVER_PID = 3101;
    static final int CLIENT_PID = 3202;
    /** Queue and vCPU numbers are kept in int bit masks. */
    static final int MAX_QUEUES = 31;

    @Override
    public String name() {
        return "uperf";
    }

    @Override
    public String throughputUnit() {
        return "Gb/s";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        assemble(ctx);
    }

    /** Builds the run and returns its network (tests look inside). */
    static Fabric assemble(WorkloadContext ctx) throws ScenarioException {
        UperfParams p = UperfParams.from(ctx.params());
        if (p.queues() > MAX_QUEUES || p.guestVcpus() > MAX_QUEUES) {
            throw new ScenarioException("vhostQueues and guestVcpus must be at most " + MAX_QUEUES);
        }
        var kernel = ctx.kernel();
        int cpus = kernel.cpuCount();
        TcpCounters counters = new TcpCounters(kernel.recorder());
        Fabric fab = new Fabric(kernel, p, counters, ctx.random("uperf flow hash"),
                ctx.random("uperf reader placement"));

        VcpuProgram.Sites vs = new VcpuProgram.Sites(ctx.site("guest: virtio-net rx, GRO, TCP input (NAPI)"),
                ctx.site("guest: TCP output, virtio-net xmit"), ctx.site("guest: TCP retransmit timer"),
                ctx.site("guest: uperf read (copy to user)"),
                KernelCode.preemptible(ctx.site("kvm: diag 0x500 notify / sigp exit")), ctx.site("guest halt"));
        KernelCode txCode = KernelCode.preemptible(ctx.site("vhost: handle_tx + OVS datapath"));
        KernelCode rxCode = KernelCode.preemptible(ctx.site("vhost: handle_rx (copy to guest)"));
        for (int g = 0; g < 2; g++) {
            int pid = g == Fabric.SERVER ? SERVER_PID : CLIENT_PID;
            for (int v = 0; v < p.guestVcpus(); v++) {
                VcpuProgram prog = new VcpuProgram(fab, g, v, vs);
                fab.vcpu[g][v] = prog;
                int hint = (g * p.guestVcpus() + v) % cpus;
                prog.task(ctx.spawn(TaskSpec.fair(pid + 1 + v, pid, "CPU " + v + "/KVM").onCpu(hint), prog));
            }
            for (int q = 0; q < p.queues(); q++) {
                VhostProgram prog = new VhostProgram(fab, g, q, txCode, rxCode, ctx.site("vhost idle"));
                fab.vhost[g][q] = prog;
                int hint = (2 * p.guestVcpus() + g * p.queues() + q) % cpus;
                prog.task(ctx.spawn(TaskSpec.fair(pid + 40 + q, pid, "vhost-" + pid).onCpu(hint), prog));
            }
        }
        KernelCode inject = KernelCode.preemptible(ctx.site("kworker: irqfd_inject -> kvm_set_irq"));
        if (!p.irqInatomic()) {
            if (p.unboundWorkqueue()) {
                fab.unboundWorkers = new KworkerProgram[cpus];
                for (int k = 0; k < cpus; k++) {
                    KworkerProgram w = new KworkerProgram(fab, fab.unboundWork, true, inject, ctx.site("worker idle"));
                    fab.unboundWorkers[k] = w;
                    w.task(ctx.spawn(TaskSpec.fair(2000 + k, 2000 + k, "kworker/u" + 2 * cpus + ":" + k)
                            .onCpu(k), w));
                }
            } else {
                fab.perCpuWorkers = new KworkerProgram[cpus];
                for (int c = 0; c < cpus; c++) {
                    KworkerProgram w = new KworkerProgram(fab, fab.perCpuWork[c], false, inject,
                            ctx.site("worker idle"));
                    fab.perCpuWorkers[c] = w;
                    Task t = ctx.spawnPinned(TaskSpec.fair(1000 + c, 1000 + c, "kworker/" + c + ":1").onCpu(c), w);
                    w.task(t);
                }
            }
        }
        // uperf's writers start every stream from the vCPU they run on
        for (int f = 0; f < p.connections(); f++) {
            fab.vcpu[Fabric.SERVER][f % p.guestVcpus()].timer(f);
        }
        fab.measureFrom(ctx.params().longValue("warmupMs") * 1_000_000L);
        ctx.tcpCounters(counters::summary);
        return fab;
    }
}
