package org.schedlab.sim.net;

/**
 * One TCP connection, both ends: the sender in one guest and the receiver in the other, over
 * sequence numbers that count equal-sized data segments (GSO frames).
 *
 * <p>Sender: slow start and congestion avoidance (Reno, in MSS packets: what CUBIC does in its
 * Reno-friendly region at sub-millisecond RTTs), growth only while cwnd-limited; RTT per
 * RFC 6298 with Karn's rule, RTO = srtt + max(4 rttvar, TCP_RTO_MIN) as Linux computes it,
 * doubling on each timeout; a SACK scoreboard where a segment is lost once more than
 * {@code dupThresh - 1} MSS above it are SACKed (RFC 6675 IsLost counts bytes, so one GSO
 * frame suffices) or {@code dupThresh} discontiguous runs, or the first one after {@code dupThresh}
 * duplicate ACKs; fast retransmit and recovery (cwnd halved, lost segments first, partial
 * ACKs keep recovery going); D-SACK received for a retransmitted segment proves it
 * spurious, and when every retransmission of an episode is proven so - during the recovery
 * or after it, until the next reduction - the cwnd reduction is undone (tcp_try_undo_dsack). Not modelled: RACK time-based marking, tail loss probes,
 * adaptive reordering threshold (tp->reordering), pacing, TSO autosizing.
 *
 * <p>Receiver: {@link TcpReceiver}.
 *
 * <p>Invariants (checked, an {@link IllegalStateException} when broken): nothing beyond what
 * was sent is ever acknowledged; counters only grow.
 */
public final class TcpConnection {
    // sender flags per segment
    private static final byte SACKED = 1;
    private static final byte LOST = 2;
    private static final byte RETRANS_OUT = 4;
    private static final byte EVER_RETRANS = 8;
    private static final byte SPURIOUS = 16;
    private static final byte RTO_RETRANS = 32;

    private static final byte OPEN = 0;
    private static final byte RECOVERY = 1;
    private static final byte LOSS = 2;

    private static final long INITIAL_RTO_NS = 1_000_000_000L;
    private static final long MAX_RTO_NS = 120_000_000_000L;

    private final int id;
    private final PacketPool pool;
    private final TcpCounters ctr;
    private final TcpConfig cfg;
    private final int mask;
    private final int segPkts;

    // ---- sender ----
    private int sndUna;
    private int sndNxt;
    private int sndWndEdge;
    private int lastEdge;
    private double cwnd;
    private double ssthresh = Double.MAX_VALUE;
    private byte state = OPEN;
    private int recoveryPoint;
    private int dupAckCount;
    private int sackedOut;
    private int lostOut;
    private int retransOut;
    private boolean cwndLimited;
    private double priorCwnd;
    private double priorSsthresh;
    private int undoRetrans;
    private boolean undoArmed;
    private boolean rtoSpuriousCounted;
    private final byte[] sflags;
    private final long[] sentNs;
    private long srttNs;
    private long rttvarNs;
    private long rtoNs = INITIAL_RTO_NS;
    private int rtoBackoff;
    private long rtoDeadlineNs = Long.MAX_VALUE;

    private final TcpReceiver receiver;

    public TcpConnection(int id, PacketPool pool, TcpCounters counters, TcpConfig cfg) {
        this.id = id;
        this.pool = pool;
        this.ctr = counters;
        this.cfg = cfg;
        this.segPkts = cfg.segmentMss();
        int size = Integer.highestOneBit(4 * cfg.windowSegments() + 16) * 2;
        this.mask = size - 1;
        this.sflags = new byte[size];
        this.sentNs = new long[size];
        this.receiver = new TcpReceiver(id, pool, counters, cfg, size);
        this.cwnd = cfg.initialCwndPackets();
        this.sndWndEdge = cfg.windowSegments();
    }

    public int id() {
        return id;
    }

    // ================================================================== sender

    /**
     * Sends what cwnd and the peer's window allow, lost segments first; appends the new packet
     * ids to {@code out}.
     */
    public void transmit(long nowNs, IntList out) {
        if (lostOut > 0) {
            for (int s = sndUna; s < sndNxt && canSend(); s++) {
                byte f = sflags[s & mask];
                if ((f & LOST) != 0 && (f & (RETRANS_OUT | SACKED)) == 0) {
                    retransmit(s, nowNs, out);
                }
            }
        }
        while (sndNxt < sndWndEdge) {
            if (!canSend()) {
                cwndLimited = true;
                break;
            }
            int s = sndNxt++;
            sflags[s & mask] = 0;
            sentNs[s & mask] = nowNs;
            out.add(pool.data(id, s, false));
            ctr.inc(TcpCounter.SEGS_OUT, nowNs);
            ctr.add(TcpCounter.BYTES_SENT, nowNs, cfg.segmentBytes());
        }
        if (sndNxt >= sndWndEdge) {
            cwndLimited = false; // the receiver's window, not cwnd, stopped us
        }
        if (sndNxt > sndUna && rtoDeadlineNs == Long.MAX_VALUE) {
            rtoDeadlineNs = nowNs + rtoNs;
        }
    }

    private int inFlight() {
        return sndNxt - sndUna - sackedOut - lostOut + retransOut;
    }

    private boolean canSend() {
        int f = inFlight();
        return f == 0 || (double) (f + 1) * segPkts <= cwnd;
    }

    private void retransmit(int s, long nowNs, IntList out) {
        int i = s & mask;
        sflags[i] |= RETRANS_OUT | EVER_RETRANS;
        if (state == LOSS) {
            sflags[i] |= RTO_RETRANS;
            ctr.inc(TcpCounter.SLOW_START_RETRANS, nowNs);
        } else {
            ctr.inc(TcpCounter.FAST_RETRANS, nowNs);
        }
        retransOut++;
        sentNs[i] = nowNs;
        undoRetrans++;
        sawRetransmission = true;
        ctr.inc(TcpCounter.RETRANS_SEGS, nowNs);
        ctr.inc(TcpCounter.SEGS_OUT, nowNs);
        out.add(pool.data(id, s, true));
    }

    /**
     * An ACK arrived at the sender: D-SACK, SACK blocks, cumulative ack, loss marking and
     * recovery, then whatever may be sent now. Does not free {@code ackPacket}.
     */
    public void onAck(int ackPacket, long nowNs, IntList out) {
        int ack = pool.ackSeg(ackPacket);
        int edge = pool.edge(ackPacket);
        if (ack > sndNxt) {
            throw new IllegalStateException("connection " + id + ": ACK " + ack + " beyond what was sent ("
                    + sndNxt + ")");
        }
        if (pool.hasDsack(ackPacket)) {
            onDsack(pool.dsackLo(ackPacket), pool.dsackHi(ackPacket), nowNs);
        }
        for (int b = 0; b < pool.sackBlocks(ackPacket); b++) {
            markSacked(pool.sackLo(ackPacket, b), pool.sackHi(ackPacket, b));
        }
        if (ack > sndUna) {
            acked(ack, nowNs);
        } else if (ack == sndUna && sndNxt > sndUna && edge == lastEdge && !pool.isWindowUpdate(ackPacket)) {
            ctr.inc(TcpCounter.DUP_ACKS, nowNs);
            dupAckCount++;
        }
        if (edge > sndWndEdge) {
            sndWndEdge = edge;
        }
        lastEdge = Math.max(lastEdge, edge);
        if (state != LOSS && (sackedOut > 0 || dupAckCount >= cfg.dupThresh())) {
            markLost();
        }
        if (state == OPEN && lostOut > 0) {
            enterRecovery();
        }
        if (undoArmed && undoRetrans == 0 && sawRetransmission) {
            undo(nowNs);
        }
        transmit(nowNs, out);
    }

    private boolean sawRetransmission;

    private void onDsack(int lo, int hi, long nowNs) {
        ctr.inc(TcpCounter.DSACK, nowNs);
        for (int s = Math.max(lo, sndNxt - mask); s < hi && s < sndNxt; s++) {
            int i = s & mask;
            byte f = sflags[i];
            if ((f & EVER_RETRANS) != 0 && (f & SPURIOUS) == 0) {
                sflags[i] |= SPURIOUS;
                ctr.inc(TcpCounter.SPURIOUS_RETRANS, nowNs);
                if (undoArmed && undoRetrans > 0) {
                    undoRetrans--;
                }
                if ((f & RTO_RETRANS) != 0 && !rtoSpuriousCounted) {
                    rtoSpuriousCounted = true;
                    ctr.inc(TcpCounter.SPURIOUS_RTOS, nowNs);
                }
            }
        }
    }

    private void markSacked(int lo, int hi) {
        for (int s = Math.max(lo, sndUna); s < hi && s < sndNxt; s++) {
            int i = s & mask;
            byte f = sflags[i];
            if ((f & SACKED) != 0) {
                continue;
            }
            if ((f & LOST) != 0) {
                lostOut--;
            }
            if ((f & RETRANS_OUT) != 0) {
                retransOut--;
            }
            sflags[i] = (byte) ((f | SACKED) & ~(LOST | RETRANS_OUT));
            sackedOut++;
        }
    }

    private void acked(int ack, long nowNs) {
        // Karn: no RTT sample from a retransmitted segment; the newest clean one gives it
        boolean ambiguous = false;
        long cleanSentNs = -1;
        for (int s = sndUna; s < ack; s++) {
            int i = s & mask;
            byte f = sflags[i];
            if ((f & EVER_RETRANS) != 0) {
                ambiguous = true;
            } else if ((f & SACKED) == 0) {
                cleanSentNs = sentNs[i];
            }
            if ((f & SACKED) != 0) {
                sackedOut--;
            }
            if ((f & LOST) != 0) {
                lostOut--;
            }
            if ((f & RETRANS_OUT) != 0) {
                retransOut--;
            }
            sflags[i] = (byte) (f & ~(SACKED | LOST | RETRANS_OUT));
        }
        if (ambiguous) {
            ctr.inc(TcpCounter.KARN_ACKS, nowNs);
        }
        if (cleanSentNs >= 0) {
            rttSample(nowNs - cleanSentNs);
        }
        int newly = ack - sndUna;
        sndUna = ack;
        ctr.add(TcpCounter.BYTES_ACKED, nowNs, newly * cfg.segmentBytes());
        dupAckCount = 0;
        if (state == RECOVERY) {
            if (ack >= recoveryPoint) {
                state = OPEN; // the undo marker stays: a late D-SACK may still undo (tcp_try_undo_dsack)
                cwnd = Math.max(cwnd, ssthresh);
            } else {
                ctr.inc(TcpCounter.PARTIAL_ACKS, nowNs);
            }
        } else if (state == LOSS) {
            if (ack >= recoveryPoint) {
                state = OPEN;
            }
        } else if (cwndLimited) {
            double pkts = (double) newly * segPkts;
            if (cwnd < ssthresh) {
                cwnd = Math.min(cwnd + pkts, Math.max(ssthresh, cwnd));
            } else {
                cwnd += pkts * segPkts / cwnd;
            }
        }
        cwnd = Math.min(cwnd, 2.0 * cfg.windowSegments() * segPkts);
        rtoBackoff = 0;
        rtoNs = rtoFromRtt();
        rtoDeadlineNs = sndNxt > sndUna ? nowNs + rtoNs : Long.MAX_VALUE;
    }

    private void rttSample(long r) {
        if (srttNs == 0) {
            srttNs = r;
            rttvarNs = r / 2;
        } else {
            rttvarNs = (3 * rttvarNs + Math.abs(srttNs - r)) / 4;
            srttNs = (7 * srttNs + r) / 8;
        }
    }

    private long rtoFromRtt() {
        long base = srttNs == 0 ? INITIAL_RTO_NS : srttNs + Math.max(4 * rttvarNs, cfg.rtoMinNs());
        return Math.min(MAX_RTO_NS, base << Math.min(rtoBackoff, 20));
    }

    /**
     * RFC 6675 IsLost: more than (dupThresh - 1) MSS SACKed above, or dupThresh discontiguous
     * SACKed runs above; or classic dupthresh on the first hole. The RFC counts bytes, not
     * segments: one SACKed GSO frame of 45 MSS above a hole is enough, as in Linux, whose
     * sacked_out counts MSS packets against tp-&gt;reordering.
     */
    private void markLost() {
        int sackedAbove = 0;
        int runsAbove = 0;
        boolean inRun = false;
        for (int s = sndNxt - 1; s >= sndUna && sackedOut > 0; s--) {
            int i = s & mask;
            byte f = sflags[i];
            if ((f & SACKED) != 0) {
                sackedAbove++;
                if (!inRun) {
                    runsAbove++;
                    inRun = true;
                }
                continue;
            }
            inRun = false;
            boolean lost = (long) sackedAbove * segPkts > cfg.dupThresh() - 1 || runsAbove >= cfg.dupThresh();
            if (lost && (f & (LOST | RETRANS_OUT)) == 0) {
                sflags[i] |= LOST;
                lostOut++;
            }
        }
        if (dupAckCount >= cfg.dupThresh() && sndNxt > sndUna) {
            int i = sndUna & mask;
            if ((sflags[i] & (SACKED | LOST | RETRANS_OUT)) == 0) {
                sflags[i] |= LOST;
                lostOut++;
            }
        }
    }

    private void enterRecovery() {
        state = RECOVERY;
        recoveryPoint = sndNxt;
        saveForUndo();
        ssthresh = Math.max(cwnd / 2, 2.0 * segPkts);
        cwnd = ssthresh;
    }

    private void saveForUndo() {
        priorCwnd = cwnd;
        priorSsthresh = ssthresh;
        undoRetrans = 0;
        undoArmed = true;
        sawRetransmission = false;
        rtoSpuriousCounted = false;
    }

    private void undo(long nowNs) {
        cwnd = Math.max(cwnd, priorCwnd);
        ssthresh = Math.max(ssthresh, priorSsthresh);
        undoArmed = false;
        ctr.inc(TcpCounter.DSACK_UNDO, nowNs);
    }

    /** When the retransmission timer expires (Long.MAX_VALUE: not armed). */
    public long rtoDeadlineNs() {
        return rtoDeadlineNs;
    }

    /**
     * The retransmission timer fired at {@code nowNs} (callers check {@link #rtoDeadlineNs}):
     * every unSACKed segment is lost, cwnd drops to one segment, sndUna is retransmitted.
     */
    public void onRto(long nowNs, IntList out) {
        if (nowNs < rtoDeadlineNs || sndNxt == sndUna) {
            return;
        }
        ctr.inc(TcpCounter.TIMEOUTS, nowNs);
        if (state == OPEN || !undoArmed) {
            saveForUndo();
        }
        ssthresh = Math.max(inFlight() * (double) segPkts / 2, 2.0 * segPkts);
        cwnd = segPkts;
        state = LOSS;
        recoveryPoint = sndNxt;
        lostOut = 0;
        retransOut = 0;
        for (int s = sndUna; s < sndNxt; s++) {
            int i = s & mask;
            byte f = sflags[i];
            if ((f & SACKED) == 0) {
                sflags[i] = (byte) ((f | LOST) & ~RETRANS_OUT);
                lostOut++;
            }
        }
        rtoBackoff++;
        rtoNs = rtoFromRtt();
        rtoDeadlineNs = nowNs + rtoNs;
        transmit(nowNs, out);
    }

    // ================================================================== receiver

    /**
     * A data segment reached the receiver's TCP: returns the id of the ACK it sends (SACK and
     * D-SACK blocks filled in). Does not free {@code dataPacket}.
     */
    public int onData(int dataPacket, long nowNs) {
        return receiver.onData(dataPacket, nowNs);
    }

    /** In-order segments queued for the application and not read yet. */
    public int unreadSegments() {
        return receiver.unread();
    }

    /**
     * The application reads everything queued: returns the segments read, and appends a window
     * update ACK to {@code out} when the advertised window can at least double.
     */
    public int read(long nowNs, IntList out) {
        return receiver.read(nowNs, out);
    }

    // ================================================================== queries

    public int sndUna() {
        return sndUna;
    }

    public int sndNxt() {
        return sndNxt;
    }

    public int rcvNxt() {
        return receiver.rcvNxt();
    }

    public double cwndPackets() {
        return cwnd;
    }

    public long srttNs() {
        return srttNs;
    }
}
