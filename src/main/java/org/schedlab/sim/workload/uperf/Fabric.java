package org.schedlab.sim.workload.uperf;

import java.util.random.RandomGenerator;
import org.schedlab.sim.engine.EventHandler;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.net.PacketFifo;
import org.schedlab.sim.net.PacketPool;
import org.schedlab.sim.net.TcpConnection;
import org.schedlab.sim.net.TcpCounter;
import org.schedlab.sim.net.TcpCounters;

/**
 * The host's virtual network between guest 0 (the uperf server, which writes) and guest 1
 * (the client, which reads): per guest and queue a transmit ring, a tap queue (the tun
 * ptr_ring, {@code tapQueuePackets} long: a full one drops) and a receive ring with the free
 * buffers the guest posted; the switch; tun's automatic flow steering; the irqfd of each
 * receive queue with its pending-work bit; the kworkers. The programs of the vCPU, vhost and
 * kworker threads move packets through it; the retransmission timers are engine events.
 *
 * <p>Flow steering (tun automq): a packet for a guest goes to the tap queue on which that
 * guest last transmitted a packet of the same connection; before it has sent one, to the
 * queue its flow hash picks. In the guest, XPS sends from vCPU v on queue v mod queues and
 * the interrupt of queue q is handled on vCPU q mod vCPUs. The client acknowledges data from
 * the vCPU whose queue delivered it, but the reader thread's window updates leave from the
 * reader's vCPU: when those differ the connection's queue flips, and data still queued on the
 * old queue can arrive after newer data (reordering).
 */
final class Fabric implements EventHandler {
    static final int SERVER = 0;
    static final int CLIENT = 1;
    private static final int EV_RTO = 0;
    private static final int EV_MEASURE = 1;

    final Kernel kernel;
    final UperfParams p;
    final PacketPool pool = new PacketPool();
    final TcpCounters counters;
    final TcpConnection[] conns;
    final int queues;
    final int vcpus;

    final PacketFifo[][] tx = new PacketFifo[2][];
    final PacketFifo[][] tap = new PacketFifo[2][];
    final PacketFifo[][] rxRing = new PacketFifo[2][];
    final int[][] rxFreeBuffers = new int[2][];
    final boolean[][] napiScheduled = new boolean[2][];
    final boolean[][] irqfdQueued = new boolean[2][];
    /** tun's flow table per guest: connection -> tap queue. */
    final int[][] flowQueue = new int[2][];
    /** The client's reader thread (uperf) for each connection runs on this vCPU. */
    final int[] readerVcpu;
    final boolean[] readScheduled;

    final VhostProgram[][] vhost = new VhostProgram[2][];
    final VcpuProgram[][] vcpu = new VcpuProgram[2][];
    KworkerProgram[] perCpuWorkers;
    final PacketFifo[] perCpuWork;
    /** system_dfl_wq-like pool: one shared worklist, idle workers woken most-recently-idle first. */
    KworkerProgram[] unboundWorkers;
    final PacketFifo unboundWork = new PacketFifo(PacketFifo.UNBOUNDED);
    private final KworkerProgram[] idleUnbound;
    private int idleUnboundCount;

    private final long[] rtoEventAt;
    private final long[] rtoGen;

    Fabric(Kernel kernel, UperfParams p, TcpCounters counters, RandomGenerator hashes, RandomGenerator placement) {
        this.kernel = kernel;
        this.p = p;
        this.counters = counters;
        this.queues = p.queues();
        this.vcpus = p.guestVcpus();
        int n = p.connections();
        for (int g = 0; g < 2; g++) {
            tx[g] = new PacketFifo[queues];
            tap[g] = new PacketFifo[queues];
            rxRing[g] = new PacketFifo[queues];
            rxFreeBuffers[g] = new int[queues];
            napiScheduled[g] = new boolean[queues];
            irqfdQueued[g] = new boolean[queues];
            vhost[g] = new VhostProgram[queues];
            vcpu[g] = new VcpuProgram[vcpus];
            flowQueue[g] = new int[n];
            for (int q = 0; q < queues; q++) {
                tx[g][q] = new PacketFifo(PacketFifo.UNBOUNDED);
                tap[g][q] = new PacketFifo(p.tapQueuePackets());
                rxRing[g][q] = new PacketFifo(p.rxRingSize());
                rxFreeBuffers[g][q] = p.rxRingSize();
            }
        }
        conns = new TcpConnection[n];
        readerVcpu = new int[n];
        readScheduled = new boolean[n];
        for (int f = 0; f < n; f++) {
            conns[f] = new TcpConnection(f, pool, counters, p.tcp());
            flowQueue[SERVER][f] = hashes.nextInt(queues);
            flowQueue[CLIENT][f] = hashes.nextInt(queues);
            readerVcpu[f] = placement.nextInt(vcpus);
        }
        int cpus = kernel.cpuCount();
        perCpuWork = new PacketFifo[cpus];
        for (int c = 0; c < cpus; c++) {
            perCpuWork[c] = new PacketFifo(PacketFifo.UNBOUNDED);
        }
        idleUnbound = new KworkerProgram[cpus];
        rtoEventAt = new long[n];
        rtoGen = new long[n];
        java.util.Arrays.fill(rtoEventAt, Long.MAX_VALUE);
    }

    int irqfdId(int g, int q) {
        return g * queues + q;
    }

    /** The TX queue XPS picks on vCPU {@code v}. */
    int txQueueOf(int v) {
        return v % queues;
    }

    /** The vCPU that handles queue {@code q}'s interrupt. */
    int vcpuOfQueue(int q) {
        return q % vcpus;
    }

    // ------------------------------------------------------------------ switch

    /**
     * vhost of guest {@code g}, queue {@code q}, handed {@code pkt} to the switch: tun records
     * the queue the guest sent this connection on, the switch forwards to the peer's tap queue
     * its flow table names, a full queue drops, and a sleeping vhost there is woken.
     */
    void forward(int g, int q, int pkt, TaskContext waker) {
        int f = pool.flow(pkt);
        flowQueue[g][f] = q;
        int d = 1 - g;
        int dq = flowQueue[d][f];
        if (!tap[d][dq].offer(pkt)) {
            pool.free(pkt);
            counters.inc(TcpCounter.TAP_DROPS, kernel.nowNs());
            return;
        }
        vhost[d][dq].notify(waker);
    }

    // ------------------------------------------------------------------ interrupts

    /**
     * vhost_signal() for guest {@code g}'s receive queue {@code q}, from the vhost thread: no
     * interrupt while the guest's NAPI is already scheduled (it disabled callbacks); otherwise
     * irqfd_wakeup(): inject at once, or schedule_work() on the workqueue.
     */
    void signal(int g, int q, TaskContext vhostCtx, Task vhostTask) {
        if (napiScheduled[g][q]) {
            return;
        }
        napiScheduled[g][q] = true;
        if (p.irqInatomic()) {
            inject(g, q, vhostCtx);
            return;
        }
        int id = irqfdId(g, q);
        if (irqfdQueued[g][q]) {
            return; // the work item is already pending: queue_work() returns false
        }
        irqfdQueued[g][q] = true;
        if (p.unboundWorkqueue()) {
            unboundWork.offer(id);
            if (!anyUnboundAwake() && idleUnboundCount > 0) {
                idleUnbound[--idleUnboundCount].notify(vhostCtx);
            }
        } else {
            int cpu = vhostTask.cpu();
            perCpuWork[cpu].offer(id);
            perCpuWorkers[cpu].notify(vhostCtx);
        }
    }

    private boolean anyUnboundAwake() {
        return idleUnboundCount < unboundWorkers.length;
    }

    void unboundIdle(KworkerProgram w) {
        idleUnbound[idleUnboundCount++] = w;
    }

    void unboundAwake(KworkerProgram w) {
        for (int i = 0; i < idleUnboundCount; i++) {
            if (idleUnbound[i] == w) {
                System.arraycopy(idleUnbound, i + 1, idleUnbound, i, idleUnboundCount - i - 1);
                idleUnboundCount--;
                return;
            }
        }
    }

    /** kvm_set_irq() for irqfd {@code id}: the work item runs (cleared first, as process_one_work does). */
    void injectWork(int id, TaskContext ctx) {
        inject(id / queues, id % queues, ctx);
    }

    void clearQueued(int id) {
        irqfdQueued[id / queues][id % queues] = false;
    }

    /** The interrupt of guest {@code g}'s queue {@code q} reaches its vCPU (a halted one is woken). */
    void inject(int g, int q, TaskContext ctx) {
        vcpu[g][vcpuOfQueue(q)].interrupt(q, ctx);
    }

    // ------------------------------------------------------------------ retransmission timers

    /** Makes sure an event fires no later than connection {@code f}'s RTO deadline. */
    void armRto(int f) {
        long at = conns[f].rtoDeadlineNs();
        if (at == Long.MAX_VALUE || at >= rtoEventAt[f]) {
            return;
        }
        rtoEventAt[f] = at;
        kernel.engine().at(Math.max(at, kernel.nowNs()), this, EV_RTO, f, ++rtoGen[f]);
    }

    /** Takes the counters' baseline at the end of warm-up. */
    void measureFrom(long warmupNs) {
        if (warmupNs <= 0) {
            counters.startMeasuring();
        } else {
            kernel.engine().at(warmupNs, this, EV_MEASURE, 0, 0);
        }
    }

    @Override
    public void onEvent(long nowNs, int kind, int target, long data) {
        if (kind == EV_MEASURE) {
            counters.startMeasuring();
            return;
        }
        if (kind != EV_RTO || data != rtoGen[target]) {
            return;
        }
        rtoEventAt[target] = Long.MAX_VALUE;
        long deadline = conns[target].rtoDeadlineNs();
        if (deadline == Long.MAX_VALUE) {
            return;
        }
        if (nowNs < deadline) {
            armRto(target);
            return;
        }
        // the guest's timer interrupt runs tcp_retransmit_timer on the vCPU that sends the connection
        vcpu[SERVER][vcpuOfQueue(flowQueue[SERVER][target])].timer(target);
    }
}
