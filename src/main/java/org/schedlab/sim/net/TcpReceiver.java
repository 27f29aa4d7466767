package org.schedlab.sim.net;

/**
 * The receiving end of a {@link TcpConnection}: in-order data is queued for the application,
 * out-of-order data kept; every data segment is acknowledged at once (a GSO frame is many MSS,
 * so delayed ACK never waits), with SACK blocks (the block holding the segment that triggered
 * the ACK first, then ascending) and a D-SACK block for a duplicate (RFC 2883). The window
 * never shrinks. After the application reads, a window update goes out when the window can at
 * least double (tcp_cleanup_rbuf). Counts what a capture inside the receiving guest flags:
 * gaps ("previous segment not captured"), out-of-order arrivals that are no retransmission,
 * duplicates (D-SACK sent).
 */
final class TcpReceiver {
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
        boolean retrans = pool.isRetransmission(dataPacket);
        boolean duplicate = s < rcvNxt || (s - rcvNxt <= mask && received[s & mask]);
        if (duplicate) {
            ctr.inc(s < rcvNxt ? TcpCounter.DSACK_OLD_SENT : TcpCounter.DSACK_OFO_SENT, nowNs);
        } else {
            if (s > mask + rcvNxt) {
                throw new IllegalStateException("connection " + id + ": segment " + s + " beyond the window at "
                        + rcvNxt);
            }
            if (s < rcvHigh && !retrans) {
                ctr.inc(TcpCounter.OUT_OF_ORDER, nowNs);
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
            rcvHigh = Math.max(rcvHigh, s + 1);
        }
        int a = pool.ack(id, rcvNxt, edgeNow(), false);
        if (duplicate) {
            pool.dsack(a, s, s + 1);
        }
        addSackBlocks(a, duplicate ? -1 : s);
        return a;
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
            addSackBlocks(out.get(out.size() - 1), -1);
        }
        return n;
    }
}
