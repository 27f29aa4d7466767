package org.schedlab.sim.workload.uperf;

import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.net.IntList;
import org.schedlab.sim.net.PacketFifo;
import org.schedlab.sim.net.TcpConnection;

/**
 * A KVM vCPU thread ({@code CPU n/KVM}) and the guest running on it. For the host, guest code
 * is user-mode-like: it is preempted at any interrupt return once either resched flag is set
 * (xfer_to_guest_mode_work checks both). Guest work, in order of priority: transmit what TCP
 * produced (then kick the vhost threads whose notifications are on: a diag 0x500 exit, host
 * kernel work); NAPI polls of the receive queues whose interrupt arrived (up to NAPI weight
 * packets, TCP input, ACKs out, buffers refilled); retransmission timers; the uperf reader
 * threads placed on this vCPU. With nothing to do it first pulls a reader that waits on a
 * busy vCPU (the guest scheduler's newidle balance); then it halts and the thread sleeps until
 * an interrupt is injected or another vCPU sends a wake-up IPI.
 */
final class VcpuProgram implements Program {
    private static final byte NONE = 0;
    private static final byte NAPI = 1;
    private static final byte XMIT = 2;
    private static final byte TIMER = 3;
    private static final byte READ = 4;

    private final Fabric fab;
    private final UperfParams p;
    private final int g;
    private final int v;
    private final Sites sites;
    private Task task;
    private boolean sleeping;
    private byte action = NONE;
    private int actionArg;

    private int irqPending;
    private int nextQueue;
    private int kickMask;
    private int ipiMask;
    private final IntList produced = new IntList();
    private final IntList batch = new IntList();
    private final PacketFifo timers = new PacketFifo(PacketFifo.UNBOUNDED);
    private final PacketFifo reads = new PacketFifo(PacketFifo.UNBOUNDED);

    /** The profile sites and kernel code of every vCPU thread. */
    record Sites(Site napi, Site xmit, Site timer, Site read, KernelCode kick, Site halt) {
    }

    VcpuProgram(Fabric fab, int g, int v, Sites sites) {
        this.fab = fab;
        this.p = fab.p;
        this.g = g;
        this.v = v;
        this.sites = sites;
    }

    void task(Task t) {
        this.task = t;
    }

    Task task() {
        return task;
    }

    /** The interrupt of receive queue {@code q} is delivered (kvm_set_irq): a halted vCPU wakes. */
    void interrupt(int q, TaskContext waker) {
        irqPending |= 1 << q;
        if (sleeping) {
            waker.wake(task);
        }
    }

    /** The guest's retransmission timer for connection {@code f} fired (a host timer interrupt). */
    void timer(int f) {
        timers.offer(f);
        if (sleeping) {
            fab.kernel.wake(task);
        }
    }

    /** Queues connection {@code f}'s reader; the vCPU is woken (guest IPI) by the waker's next kick step. */
    void readerWoken(int f) {
        reads.offer(f);
    }

    boolean sleeping() {
        return sleeping;
    }

    @Override
    public void step(TaskContext ctx) {
        sleeping = false;
        complete(ctx);
        if (!produced.isEmpty()) {
            xmit(ctx);
            return;
        }
        if ((kickMask | ipiMask) != 0 && kick(ctx)) {
            return;
        }
        if (irqPending != 0) {
            napi(ctx);
            return;
        }
        if (!timers.isEmpty()) {
            action = TIMER;
            actionArg = timers.poll();
            ctx.user(p.timerNs(), sites.timer());
            return;
        }
        if (!reads.isEmpty() || pullReader()) {
            int f = reads.poll();
            fab.readScheduled[f] = false;
            long bytes = fab.conns[f].unreadSegments() * p.segmentBytes();
            action = READ;
            actionArg = f;
            ctx.user(p.guestReadNs() + Math.round(bytes / p.guestCopyBytesPerNs()), sites.read());
            return;
        }
        action = NONE;
        sleeping = true;
        ctx.block(sites.halt());
    }

    /**
     * The guest's newidle balance: about to halt, this vCPU pulls a waiting reader thread from
     * a vCPU that is busy with other work (the longest-queued one gives its newest). The reader
     * stays here afterwards, so its window updates now leave on this vCPU's queue.
     */
    private boolean pullReader() {
        VcpuProgram busiest = null;
        for (VcpuProgram o : fab.vcpu[g]) {
            if (o != this && !o.sleeping && !o.reads.isEmpty()
                    && (busiest == null || o.reads.size() > busiest.reads.size())) {
                busiest = o;
            }
        }
        if (busiest == null) {
            return false;
        }
        int f = busiest.reads.pollLast();
        fab.readerVcpu[f] = v;
        reads.offer(f);
        return true;
    }

    private void xmit(TaskContext ctx) {
        batch.clear();
        long ns = 0;
        for (int i = 0; i < produced.size(); i++) {
            int pkt = produced.get(i);
            batch.add(pkt);
            ns += fab.pool.isData(pkt) ? p.guestTxSegmentNs() : p.guestAckTxNs();
        }
        produced.clear();
        action = XMIT;
        ctx.user(ns, sites.xmit());
    }

    /** Kicks sleeping vhost workers and wakes halted vCPUs: one hypercall exit each. False if none was needed. */
    private boolean kick(TaskContext ctx) {
        int exits = 0;
        for (int q = 0; kickMask != 0; q++, kickMask >>>= 1) {
            VhostProgram w = fab.vhost[g][q];
            if ((kickMask & 1) != 0 && w.sleeping()) {
                w.notify(ctx);
                exits++;
            }
        }
        for (int o = 0; ipiMask != 0; o++, ipiMask >>>= 1) {
            VcpuProgram other = fab.vcpu[g][o];
            if ((ipiMask & 1) != 0 && other.sleeping()) {
                ctx.wake(other.task());
                exits++;
            }
        }
        if (exits == 0) {
            return false;
        }
        action = NONE;
        ctx.syscall(exits * p.kickNs(), sites.kick());
        return true;
    }

    private void napi(TaskContext ctx) {
        int q = nextQueue;
        while ((irqPending & (1 << q)) == 0) {
            q = (q + 1) % fab.queues;
        }
        nextQueue = (q + 1) % fab.queues;
        PacketFifo ring = fab.rxRing[g][q];
        batch.clear();
        long ns = 0;
        while (!ring.isEmpty() && batch.size() < p.napiWeight()) {
            int pkt = ring.poll();
            batch.add(pkt);
            long wire = fab.pool.isData(pkt) ? p.dataWireBytes() : UperfParams.ackWireBytes();
            ns += (fab.pool.isData(pkt) ? p.guestRxPacketNs() : p.guestAckRxNs())
                    + p.pagesFor(p.buffersFor(wire)) * p.guestPageRefillNs();
        }
        action = NAPI;
        actionArg = q;
        ctx.user(Math.max(ns, p.guestAckRxNs()), sites.napi());
    }

    private void complete(TaskContext ctx) {
        long now = ctx.nowNs();
        switch (action) {
            case NAPI:
                napiDone(actionArg, now);
                break;
            case XMIT:
                for (int i = 0; i < batch.size(); i++) {
                    int q = fab.txQueueOf(v);
                    fab.tx[g][q].offer(batch.get(i));
                    kickMask |= 1 << q;
                }
                break;
            case TIMER: {
                TcpConnection c = fab.conns[actionArg];
                if (c.rtoDeadlineNs() <= now) {
                    c.onRto(now, produced);
                } else {
                    c.transmit(now, produced);
                }
                fab.armRto(actionArg);
                break;
            }
            case READ: {
                int segs = fab.conns[actionArg].read(now, produced);
                ctx.completed(segs * p.segmentBytes() * 8 / 1e9);
                break;
            }
            default:
                break;
        }
        batch.clear();
        action = NONE;
    }

    /** TCP input for the polled packets, buffers refilled, NAPI completed when the ring ran dry. */
    private void napiDone(int q, long now) {
        int buffers = 0;
        for (int i = 0; i < batch.size(); i++) {
            int pkt = batch.get(i);
            int f = fab.pool.flow(pkt);
            TcpConnection c = fab.conns[f];
            if (fab.pool.isData(pkt)) {
                buffers += p.buffersFor(p.dataWireBytes());
                produced.add(c.onData(pkt, now));
                if (c.unreadSegments() > 0 && !fab.readScheduled[f]) {
                    fab.readScheduled[f] = true;
                    int r = fab.readerVcpu[f];
                    fab.vcpu[g][r].readerWoken(f);
                    if (r != v) {
                        ipiMask |= 1 << r;
                    }
                }
            } else {
                buffers += p.buffersFor(UperfParams.ackWireBytes());
                c.onAck(pkt, now, produced);
                fab.armRto(f);
            }
            fab.pool.free(pkt);
        }
        fab.rxFreeBuffers[g][q] += buffers;
        if (!fab.tap[g][q].isEmpty()) {
            kickMask |= 1 << q; // buffers added: the stalled vhost asked to be notified
        }
        if (fab.rxRing[g][q].isEmpty()) {
            irqPending &= ~(1 << q);
            fab.napiScheduled[g][q] = false; // napi_complete, callbacks enabled again
        }
    }
}
