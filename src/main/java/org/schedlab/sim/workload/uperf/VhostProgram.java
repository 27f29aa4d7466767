package org.schedlab.sim.workload.uperf;

import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.net.IntList;
import org.schedlab.sim.net.PacketFifo;

/**
 * A vhost-net worker thread ({@code vhost-<qemu pid>}) for one queue pair of one guest. It
 * alternates handle_tx (the guest's transmit ring through the switch to the peer's tap queue)
 * and handle_rx (the tap queue into the guest's receive buffers, then vhost_signal), each call
 * bounded by VHOST_NET_WEIGHT bytes / packets, and sleeps when neither has work - the only
 * moment a kworker queued on its CPU gets the CPU under lazy preemption unless a tick
 * upgrades the request. A kernel thread: preemptible kernel code without resched points
 * (vhost_worker's cond_resched() is a no-op under full and lazy).
 */
final class VhostProgram implements Program {
    private static final byte IDLE = 0;
    private static final byte TX = 1;
    private static final byte RX = 2;

    private final Fabric fab;
    private final UperfParams p;
    private final int g;
    private final int q;
    private final KernelCode txCode;
    private final KernelCode rxCode;
    private final Site idleSite;
    private final IntList batch = new IntList();
    private Task task;
    private byte action = IDLE;
    private boolean lastWasTx;
    private boolean sleeping;

    VhostProgram(Fabric fab, int g, int q, KernelCode txCode, KernelCode rxCode,
                 Site idleSite) {
        this.fab = fab;
        this.p = fab.p;
        this.g = g;
        this.q = q;
        this.txCode = txCode;
        this.rxCode = rxCode;
        this.idleSite = idleSite;
    }

    void task(Task t) {
        this.task = t;
    }

    Task task() {
        return task;
    }

    /** vhost_poll_wakeup(): work for this worker; wakes it if it sleeps. */
    void notify(TaskContext waker) {
        if (sleeping) {
            waker.wake(task);
        }
    }

    boolean sleeping() {
        return sleeping;
    }

    @Override
    public void step(TaskContext ctx) {
        sleeping = false;
        complete(ctx);
        PacketFifo txq = fab.tx[g][q];
        boolean txWork = !txq.isEmpty();
        boolean rxWork = rxReady();
        if (txWork && (!rxWork || !lastWasTx)) {
            lastWasTx = true;
            handleTx(ctx, txq);
        } else if (rxWork) {
            lastWasTx = false;
            handleRx(ctx);
        } else {
            action = IDLE;
            sleeping = true;
            ctx.block(idleSite);
        }
    }

    private boolean rxReady() {
        PacketFifo tap = fab.tap[g][q];
        return !tap.isEmpty() && fab.rxFreeBuffers[g][q] >= buffersOf(tap.peek());
    }

    private long wireBytes(int pkt) {
        return fab.pool.isData(pkt) ? p.dataWireBytes() : UperfParams.ackWireBytes();
    }

    private int buffersOf(int pkt) {
        return p.buffersFor(wireBytes(pkt));
    }

    private void handleTx(TaskContext ctx, PacketFifo txq) {
        batch.clear();
        long bytes = 0;
        long ns = 0;
        while (!txq.isEmpty() && bytes < p.vhostWeightBytes() && batch.size() < p.vhostWeightPackets()) {
            int pkt = txq.poll();
            long b = wireBytes(pkt);
            bytes += b;
            ns += p.vhostPacketNs() + p.switchPacketNs() + Math.round(b / p.vhostCopyBytesPerNs());
            batch.add(pkt);
        }
        action = TX;
        ctx.kernel(ns, txCode);
    }

    private void handleRx(TaskContext ctx) {
        batch.clear();
        PacketFifo tap = fab.tap[g][q];
        long bytes = 0;
        long ns = 0;
        while (rxReady() && bytes < p.vhostWeightBytes() && batch.size() < p.vhostWeightPackets()) {
            int pkt = tap.poll();
            long b = wireBytes(pkt);
            fab.rxFreeBuffers[g][q] -= p.buffersFor(b);
            bytes += b;
            ns += p.vhostPacketNs() + p.descriptorsFor(b) * p.vhostBufferNs() + Math.round(b / p.vhostCopyBytesPerNs());
            batch.add(pkt);
        }
        if (p.irqInatomic() && !fab.napiScheduled[g][q]) {
            ns += p.injectNs(); // kvm_arch_set_irq_inatomic() runs right here
        }
        action = RX;
        ctx.kernel(ns, rxCode);
    }

    /** The step just finished: its packets leave through the switch or land in the guest's ring. */
    private void complete(TaskContext ctx) {
        if (action == TX) {
            for (int i = 0; i < batch.size(); i++) {
                fab.forward(g, q, batch.get(i), ctx);
            }
        } else if (action == RX) {
            PacketFifo ring = fab.rxRing[g][q];
            for (int i = 0; i < batch.size(); i++) {
                if (!ring.offer(batch.get(i))) {
                    throw new IllegalStateException("receive ring overflow: buffers were reserved");
                }
            }
            fab.signal(g, q, ctx, task);
        }
        batch.clear();
        action = IDLE;
    }
}
