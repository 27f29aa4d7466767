package org.schedlab.sim.net;

/**
 * The receiving end of a {@link TcpConnection}: in-order data is queued for the application,
 * out-of-order data kept; every data segment is acknowledged at once (a GSO frame is many MSS,
 * so delayed ACK never waits), with SACK blocks (the block holding the segment that triggered
 * the ACK first, then ascending) and a D-SACK block for a duplicate (RFC 2883). The window
 * never shrinks. After the application reads, a window update goes out when the window can at
 * least double (tcp_cleanup_rbuf). Counts what a capture inside the receiving guest flags:
 * gaps ("previous segment not captured"), out-of-order segments, duplicates (D-SACK sent).
 *
 * <p>"Out-of-order" follows Wireshark's rule (packet-tcp.c, tcp_analyze_sequence_number), not
 * the sender's knowledge: a capture cannot tell a late original from a retransmission. A
 * segment below the highest one seen is out of order only if it is not already acknowledged
 * (that reads as a spurious retransmission), does not fill the hole that two or more duplicate
 * ACKs asked for within 20 ms (a fast retransmission), arrives within {@link #OOO_THRESHOLD_NS}
 * of the highest segment (later: a retransmission) and does not end where the highest one
 * ends. So deep reordering - a late segment overtaken by two or more - counts as a fast
 * retransmission in a capture, not as out of order.
 */
final class TcpReceiver {
    /**
     * Wireshark's out-of-order window when the capture holds no handshake to take the first
     * RTT from: 3 ms. A run counts from the end of warm-up, after the connections opened.
     */
    static final long OOO_THRESHOLD_NS = 3_000_000L;
    /** Wireshark reads a segment as a fast retransmission within 20 ms of the duplicate ACK. */
    static final long FAST_RETRANS_WINDOW_NS = 20_000_000L;

    private final int id;
    private final PacketPool pool;
    private final TcpCounters ctr;
    private final TcpConfig cfg;
    private final int mask;
    private final boolean[] received;
    private int rcvNxt;
    private int rcvHigh;
    private int advEdge;
    private int unread;
    private int ofoCount;
    // what a capture at the receiver has seen: the highest segment's arrival, the last ACK sent
    private long highNs;
    private int lastAck;
    private int lastAckEdge;
    private long lastAckNs;
    private int dupAcksSent;

    TcpReceiver(int id, PacketPool pool, TcpCounters counters, TcpConfig cfg, int size) {
        this.id = id;
        this.pool = pool;
        this.ctr = counters;
        this.cfg = cfg;
        this.mask = size - 1;
        this.received = new boolean[size];
        this.advEdge = cfg.windowSegments();
    }

    int rcvNxt() {
        return rcvNxt;
    }

    /**
     * A data segment reached the receiver's TCP: returns the id of the ACK it sends (SACK and
     * D-SACK blocks filled in). Does not free {@code dataPacket}.
     */
    int onData(int dataPacket, long nowNs) {
        int s = pool.seq(dataPacket);
        boolean duplicate = s < rcvNxt || (s - rcvNxt <= mask && received[s & mask]);
        if (looksOutOfOrder(s, nowNs)) {
            ctr.inc(TcpCounter.OUT_OF_ORDER, nowNs);
        }
        if (duplicate) {
            ctr.inc(s < rcvNxt ? TcpCounter.DSACK_OLD_SENT : TcpCounter.DSACK_OFO_SENT, nowNs);
        } else {
            if (s > mask + rcvNxt) {
                throw new IllegalStateException("connection " + id + ": segment " + s + " beyond the window at "
                        + rcvNxt);
            }
            if (s > Math.max(rcvHigh, rcvNxt)) {
                ctr.inc(TcpCounter.LOST_SEGMENTS, nowNs);
            }
            if (s == rcvNxt) {
                int before = rcvNxt;
                rcvNxt++;
                while (received[rcvNxt & mask] && rcvNxt < rcvHigh) {
                    received[rcvNxt & mask] = false;
                    ofoCount--;
                    rcvNxt++;
                }
                unread += rcvNxt - before;
            } else {
                received[s & mask] = true;
                ofoCount++;
                ctr.inc(TcpCounter.OFO_QUEUE, nowNs);
            }
            if (s + 1 > rcvHigh) {
                rcvHigh = s + 1;
                highNs = nowNs;
            }
        }
        int a = pool.ack(id, rcvNxt, edgeNow(), false);
        ackSent(rcvNxt, pool.edge(a), nowNs);
        if (duplicate) {
            pool.dsack(a, s, s + 1);
        }
        addSackBlocks(a, duplicate ? -1 : s);
        return a;
    }

    /** Wireshark's out-of-order test (see the class comment), on what the capture saw before {@code s}. */
    private boolean looksOutOfOrder(int s, long nowNs) {
        if (s >= rcvHigh || s + 1 == rcvHigh || s + 1 <= lastAck) {
            return false;
        }
        boolean askedFor = dupAcksSent >= 2 && lastAck == s && nowNs - lastAckNs < FAST_RETRANS_WINDOW_NS;
        return !askedFor && nowNs - highNs < OOO_THRESHOLD_NS;
    }

    /** An ACK left: a duplicate one (same ack, same window) counts towards Wireshark's pattern. */
    private void ackSent(int ack, int edge, long nowNs) {
        if (ack != lastAck) {
            dupAcksSent = 0;
        } else if (edge == lastAckEdge && edge > ack) {
            dupAcksSent++; // Wireshark counts no duplicate ACK with a zero window
        }
        lastAck = ack;
        lastAckEdge = edge;
        lastAckNs = nowNs;
    }

    private int edgeNow() {
        int e = rcvNxt + Math.max(0, cfg.windowSegments() - unread - ofoCount);
        advEdge = Math.max(advEdge, e);
        return advEdge;
    }

    /** Blocks of out-of-order data: the one holding {@code first} (if any) first, then ascending. */
    private void addSackBlocks(int a, int first) {
        if (ofoCount == 0) {
            return;
        }
        int firstLo = -1;
        if (first > rcvNxt && received[first & mask]) {
            int lo = first;
            while (lo - 1 > rcvNxt && received[(lo - 1) & mask]) {
                lo--;
            }
            int hi = first + 1;
            while (hi < rcvHigh && received[hi & mask]) {
                hi++;
            }
            pool.addSack(a, lo, hi);
            firstLo = lo;
        }
        int s = rcvNxt + 1;
        while (s < rcvHigh && pool.blockRoom(a) > 0) {
            if (!received[s & mask]) {
                s++;
                continue;
            }
            int lo = s;
            while (s < rcvHigh && received[s & mask]) {
                s++;
            }
            if (lo != firstLo) {
                pool.addSack(a, lo, s);
            }
        }
    }

    /** In-order segments queued for the application and not read yet. */
    int unread() {
        return unread;
    }

    /**
     * The application reads everything queued: returns the segments read, and appends a window
     * update ACK to {@code out} when the advertised window can at least double.
     */
    int read(long nowNs, IntList out) {
        int n = unread;
        unread = 0;
        if (n == 0) {
            return 0;
        }
        int windowNow = advEdge - rcvNxt;
        int newWindow = cfg.windowSegments() - ofoCount;
        if (2 * windowNow <= cfg.windowSegments() && newWindow >= 2 * windowNow) {
            advEdge = Math.max(advEdge, rcvNxt + newWindow);
            out.add(pool.ack(id, rcvNxt, advEdge, true));
            ackSent(rcvNxt, advEdge, nowNs);
            addSackBlocks(out.get(out.size() - 1), -1);
        }
        return n;
    }
}
