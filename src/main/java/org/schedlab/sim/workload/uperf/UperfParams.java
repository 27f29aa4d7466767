package org.schedlab.sim.workload.uperf;

import org.schedlab.sim.net.TcpConfig;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * The workload's parameters, resolved to nanoseconds, bytes and counts. Sources and rationale
 * are in the scenario file ({@code example-data/scenarios/s390-uperf.json}).
 */
record UperfParams(boolean irqInatomic, boolean unboundWorkqueue, int queues, int connections,
                   boolean mergeable, int guestVcpus, TcpConfig tcp, int rxRingSize, int mergeableBufBytes,
                   int tapQueuePackets, long vhostWeightBytes, int vhostWeightPackets, int napiWeight,
                   long vhostPacketNs, double vhostCopyBytesPerNs, long vhostBufferNs, long switchPacketNs,
                   long injectNs, long kickNs, long guestRxPacketNs, long guestAckTxNs, long guestAckRxNs,
                   long guestTxSegmentNs, long guestPageRefillNs, long guestReadNs, double guestCopyBytesPerNs,
                   long timerNs) {

    /** Bytes of a data frame on the wire inside the host: payload plus virtio-net/Ethernet/IP/TCP headers. */
    static final int HEADER_BYTES = 12 + 14 + 20 + 32;
    /** A 4 KiB page (the s390 page size): big-packet receive buffers are made of these. */
    static final int PAGE_BYTES = 4096;
    /** MAX_SKB_FRAGS + 1 pages per big-packet buffer (virtio-net add_recvbuf_big). */
    static final int BIG_BUFFER_PAGES = 18;

    static UperfParams from(Params p) throws ScenarioException {
        // a scenario file may widen the ranges; these are the values that still mean something
        // (a 0-byte MSS divided the send size by zero)
        Domains.counts(p, "vhostQueues", "connections", "guestVcpus", "mss", "gsoKB", "rcvWindowKB",
                "dupAckThreshold", "rtoMinMs", "initialCwnd", "rxRingSize", "mergeableBufBytes", "tapQueuePackets",
                "vhostWeightKB", "vhostWeightPackets", "napiWeight");
        Domains.above(p, "vhostCopyGBps", 0);
        Domains.above(p, "guestCopyGBps", 0);
        Domains.nonNegative(p, "vhostPacketUs", "vhostBufferNs", "switchPacketUs", "injectUs", "kickUs",
                "guestRxPacketUs", "guestAckTxUs", "guestAckRxUs", "guestTxSegmentUs", "guestPageRefillNs",
                "guestReadUs", "guestTimerUs");
        int mss = p.intValue("mss");
        int segMss = (int) Math.max(1, p.longValue("gsoKB") * 1024 / mss);
        long segBytes = (long) mss * segMss;
        int windowSegs = (int) Math.max(1, p.longValue("rcvWindowKB") * 1024 / segBytes);
        TcpConfig tcp = new TcpConfig(mss, segMss, windowSegs, p.intValue("dupAckThreshold"),
                p.longValue("rtoMinMs") * 1_000_000L, p.intValue("initialCwnd"));
        String wq = p.string("irqWorkqueue");
        if (!wq.equals("percpu") && !wq.equals("unbound")) {
            throw new ScenarioException("irqWorkqueue must be percpu or unbound, was " + wq);
        }
        return new UperfParams(p.on("irqInatomic"), wq.equals("unbound"), p.intValue("vhostQueues"),
                p.intValue("connections"), p.on("mergeableRxBuffers"), p.intValue("guestVcpus"), tcp,
                p.intValue("rxRingSize"), p.intValue("mergeableBufBytes"), p.intValue("tapQueuePackets"),
                p.longValue("vhostWeightKB") * 1024, p.intValue("vhostWeightPackets"), p.intValue("napiWeight"),
                p.usAsNs("vhostPacketUs"), p.doubleValue("vhostCopyGBps"), p.longValue("vhostBufferNs"),
                p.usAsNs("switchPacketUs"), p.usAsNs("injectUs"), p.usAsNs("kickUs"), p.usAsNs("guestRxPacketUs"),
                p.usAsNs("guestAckTxUs"), p.usAsNs("guestAckRxUs"), p.usAsNs("guestTxSegmentUs"),
                p.longValue("guestPageRefillNs"), p.usAsNs("guestReadUs"), p.doubleValue("guestCopyGBps"),
                p.usAsNs("guestTimerUs"));
    }

    long segmentBytes() {
        return tcp.segmentBytes();
    }

    /** Receive buffers a packet of {@code wireBytes} takes: mergeable page-sized ones, or one big buffer. */
    int buffersFor(long wireBytes) {
        return mergeable ? (int) ((wireBytes + mergeableBufBytes - 1) / mergeableBufBytes) : 1;
    }

    /** Pages the guest allocates to refill {@code buffers} receive buffers. */
    long pagesFor(int buffers) {
        return mergeable ? buffers : (long) buffers * BIG_BUFFER_PAGES;
    }

    /** Descriptors vhost walks for one packet: one per mergeable buffer, a whole big-buffer chain otherwise. */
    int descriptorsFor(long wireBytes) {
        return mergeable ? buffersFor(wireBytes) : BIG_BUFFER_PAGES;
    }

    long dataWireBytes() {
        return segmentBytes() + HEADER_BYTES;
    }

    static long ackWireBytes() {
        return HEADER_BYTES;
    }
}
