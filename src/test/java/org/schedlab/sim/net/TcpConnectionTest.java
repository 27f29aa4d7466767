package org.schedlab.sim.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.record.Recorder;

/**
 * One connection driven packet by packet: slow start, SACK-based fast retransmit, D-SACK of a
 * spurious retransmission and its undo, a real loss, the RTO, the window, and the invariants.
 */
class TcpConnectionTest {
    private static final long MS = 1_000_000L;

    private final PacketPool pool = new PacketPool();
    private final TcpCounters ctr = new TcpCounters(Recorder.none());
    /** 1 MSS per segment so cwnd counts segments; window of 32 segments. */
    private final TcpConnection c = new TcpConnection(0, pool, ctr, new TcpConfig(1000, 1, 32, 3, 200 * MS, 4));
    private final IntList out = new IntList();

    private List<Integer> sent() {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            ids.add(out.get(i));
        }
        out.clear();
        return ids;
    }

    /** Delivers data packet {@code id} and returns the receiver's ACK (the data packet is freed). */
    private int deliver(int id, long now) {
        int ack = c.onData(id, now);
        pool.free(id);
        return ack;
    }

    private void ack(int ackId, long now) {
        c.onAck(ackId, now, out);
        pool.free(ackId);
    }

    @Test
    void slowStartDoublesTheWindowPerRoundTrip() {
        c.transmit(0, out);
        List<Integer> first = sent();
        assertEquals(4, first.size(), "initial window of 4 segments");
        for (int id : first) {
            ack(deliver(id, MS), MS);
        }
        assertEquals(8, sent().size(), "each ACKed segment lets two go");
        assertEquals(8.0, c.cwndPackets());
        assertTrue(c.srttNs() > 0);
        assertEquals(ctr.total(TcpCounter.BYTES_ACKED), 4000);
        assertEquals(ctr.total(TcpCounter.BYTES_SENT), 12000);
    }

    @Test
    void reorderedSegmentIsFastRetransmittedThenDsackedAndTheReductionUndone() {
        c.transmit(0, out);
        List<Integer> w = sent(); // segments 0..3
        for (int id : w) {
            ack(deliver(id, MS), MS);
        }
        List<Integer> w2 = sent(); // segments 4..11
        assertEquals(8, w2.size());
        int late = w2.get(0); // segment 4 is held back (a slow queue)
        double before = c.cwndPackets();
        for (int i = 1; i < w2.size(); i++) {
            int a = deliver(w2.get(i), 2 * MS);
            assertEquals(1, pool.sackBlocks(a), "out-of-order data is SACKed");
            ack(a, 2 * MS);
        }
        assertTrue(ctr.total(TcpCounter.DUP_ACKS) >= 3, "duplicate ACKs: " + ctr.total(TcpCounter.DUP_ACKS));
        assertEquals(1, ctr.total(TcpCounter.FAST_RETRANS), "three SACKed above the hole: fast retransmit");
        assertTrue(c.cwndPackets() < before, "cwnd reduced on recovery");
        List<Integer> after = sent();
        int retrans = after.stream().filter(pool::isRetransmission).findFirst().orElseThrow();
        assertEquals(4, pool.seq(retrans));
        // the retransmission fills the hole first, then the original arrives: a duplicate
        ack(deliver(retrans, 3 * MS), 3 * MS);
        int dup = deliver(late, 3 * MS);
        assertTrue(pool.hasDsack(dup));
        assertEquals(4, pool.dsackLo(dup));
        ack(dup, 3 * MS);
        assertEquals(1, ctr.total(TcpCounter.DSACK));
        assertEquals(1, ctr.total(TcpCounter.SPURIOUS_RETRANS));
        assertEquals(1, ctr.total(TcpCounter.DSACK_UNDO), "all retransmissions spurious: undo");
        assertEquals(before, c.cwndPackets(), 1e-9, "cwnd restored");
        assertEquals(1, ctr.total(TcpCounter.LOST_SEGMENTS), "the receiver saw one gap");
        assertEquals(0, ctr.total(TcpCounter.OUT_OF_ORDER), "the late original is a duplicate, not out of order");
        assertEquals(1, ctr.total(TcpCounter.DSACK_OLD_SENT));
    }

    @Test
    void originalArrivingBeforeItsRetransmissionLooksLikeAFastRetransmissionAndTheRetransmissionIsDsacked() {
        c.transmit(0, out);
        for (int id : sent()) {
            ack(deliver(id, MS), MS);
        }
        List<Integer> w2 = sent();
        int late = w2.get(0);
        for (int i = 1; i < w2.size(); i++) {
            ack(deliver(w2.get(i), 2 * MS), 2 * MS);
        }
        int retrans = sent().stream().filter(pool::isRetransmission).findFirst().orElseThrow();
        ack(deliver(late, 3 * MS), 3 * MS);
        assertEquals(0, ctr.total(TcpCounter.OUT_OF_ORDER),
                "seven duplicate ACKs asked for this very segment: Wireshark reads it as a fast retransmission");
        int dup = deliver(retrans, 3 * MS);
        assertTrue(pool.hasDsack(dup));
        ack(dup, 3 * MS);
        assertEquals(1, ctr.total(TcpCounter.SPURIOUS_RETRANS));
        assertEquals(1, ctr.total(TcpCounter.KARN_ACKS), "one cumulative ACK covered a retransmitted segment");
    }

    /** Sends segments 0..3, has them acknowledged, and returns the next window (4..11). */
    private List<Integer> secondWindow() {
        c.transmit(0, out);
        for (int id : sent()) {
            ack(deliver(id, MS), MS);
        }
        return sent();
    }

    @Test
    void segmentOvertakenByOneIsOutOfOrderAsWiresharkFlagsIt() {
        List<Integer> w2 = secondWindow();
        deliver(w2.get(1), 2 * MS); // segment 5 first: one duplicate ACK for 4
        deliver(w2.get(0), 2 * MS + 10_000);
        assertEquals(1, ctr.total(TcpCounter.LOST_SEGMENTS), "segment 5 left a gap");
        assertEquals(1, ctr.total(TcpCounter.OUT_OF_ORDER), "one duplicate ACK, 10 us after the highest segment");
    }

    @Test
    void segmentOvertakenByTwoIsNoOutOfOrderSegmentForWireshark() {
        List<Integer> w2 = secondWindow();
        deliver(w2.get(1), 2 * MS);
        deliver(w2.get(2), 2 * MS); // two duplicate ACKs for 4: Wireshark's fast-retransmission pattern
        deliver(w2.get(0), 2 * MS + 10_000);
        assertEquals(0, ctr.total(TcpCounter.OUT_OF_ORDER), "the hole's duplicate ACKs make it a fast retransmission");
        assertEquals(0, ctr.total(TcpCounter.FAST_RETRANS), "the sender retransmitted nothing");
    }

    @Test
    void segmentArrivingLongAfterTheHighestIsNoOutOfOrderSegmentForWireshark() {
        List<Integer> w2 = secondWindow();
        deliver(w2.get(1), 2 * MS);
        deliver(w2.get(0), 5 * MS + 1); // more than Wireshark's 3 ms after segment 5
        assertEquals(0, ctr.total(TcpCounter.OUT_OF_ORDER), "Wireshark calls it a retransmission");
    }

    @Test
    void oneSackedGsoFrameAboveAHoleMarksItLostAsRfc6675CountsBytes() {
        // 4 MSS per segment: one SACKed segment above the hole is 4 MSS, more than (DupThresh - 1) MSS
        TcpConnection gso = new TcpConnection(1, pool, ctr, new TcpConfig(1000, 4, 32, 3, 200 * MS, 16));
        gso.transmit(0, out);
        for (int id : sent()) {
            gso.onAck(gso.onData(id, MS), MS, out);
        }
        List<Integer> w2 = sent();
        assertEquals(8, w2.size(), "cwnd 32 MSS after slow start: 8 segments of 4");
        gso.onAck(gso.onData(w2.get(1), 2 * MS), 2 * MS, out); // segment 5 SACKed, 4 still missing
        assertEquals(16.0, gso.cwndPackets(), "IsLost(4) with 4 MSS SACKed above it: recovery, cwnd halved");
        for (int i = 2; i < 5; i++) { // the pipe drains until cwnd lets the lost segment go
            gso.onAck(gso.onData(w2.get(i), 2 * MS), 2 * MS, out);
        }
        assertEquals(1, ctr.total(TcpCounter.FAST_RETRANS));
        int retrans = sent().stream().filter(pool::isRetransmission).findFirst().orElseThrow();
        assertEquals(4, pool.seq(retrans));
    }

    @Test
    void lostSegmentIsRetransmittedWithoutDsack() {
        c.transmit(0, out);
        for (int id : sent()) {
            ack(deliver(id, MS), MS);
        }
        List<Integer> w2 = sent();
        pool.free(w2.get(0)); // dropped by a full tap queue
        for (int i = 1; i < w2.size(); i++) {
            ack(deliver(w2.get(i), 2 * MS), 2 * MS);
        }
        int retrans = sent().stream().filter(pool::isRetransmission).findFirst().orElseThrow();
        ack(deliver(retrans, 3 * MS), 3 * MS);
        assertEquals(1, ctr.total(TcpCounter.FAST_RETRANS));
        assertEquals(0, ctr.total(TcpCounter.DSACK));
        assertEquals(0, ctr.total(TcpCounter.DSACK_UNDO));
        assertEquals(12, c.sndUna(), "everything acknowledged after the repair");
        assertEquals(c.sndUna(), c.rcvNxt());
    }

    @Test
    void retransmissionTimerFiresWhenNothingComesBack() {
        c.transmit(0, out);
        List<Integer> lost = sent();
        lost.forEach(pool::free);
        long deadline = c.rtoDeadlineNs();
        assertEquals(1000 * MS, deadline, "initial RTO of 1 s before any RTT sample");
        c.onRto(deadline - 1, out);
        assertEquals(0, out.size(), "not yet");
        c.onRto(deadline, out);
        List<Integer> r = sent();
        assertEquals(1, r.size(), "cwnd of one segment after a timeout");
        assertTrue(pool.isRetransmission(r.get(0)));
        assertEquals(0, pool.seq(r.get(0)));
        assertEquals(1, ctr.total(TcpCounter.TIMEOUTS));
        assertEquals(1, ctr.total(TcpCounter.SLOW_START_RETRANS));
        assertTrue(c.rtoDeadlineNs() >= deadline + 2000 * MS, "backed off");
    }

    @Test
    void senderNeverPassesTheAdvertisedWindow() {
        c.transmit(0, out);
        for (int round = 0; round < 6; round++) {
            for (int id : sent()) {
                ack(deliver(id, MS * (round + 1)), MS * (round + 1));
            }
        }
        // the reader never read: the window closed at 32 unread segments
        assertEquals(32, c.unreadSegments());
        assertEquals(32, c.sndNxt());
        assertEquals(0, out.size());
        int n = c.read(10 * MS, out);
        assertEquals(32, n);
        assertEquals(1, out.size(), "a window update once the window can double");
        int wu = out.get(0);
        out.clear();
        assertTrue(pool.isWindowUpdate(wu));
        assertEquals(64, pool.edge(wu));
        ack(wu, 11 * MS);
        assertFalse(out.isEmpty(), "the window update lets the sender go on");
        assertEquals(0, ctr.total(TcpCounter.DUP_ACKS), "a window update is no duplicate ACK");
    }

    @Test
    void acknowledgingUnsentDataIsABug() {
        c.transmit(0, out);
        sent();
        int bogus = pool.ack(0, 99, 200, false);
        assertThrows(IllegalStateException.class, () -> c.onAck(bogus, MS, out));
    }

    @Test
    void countersOnlyGrow() {
        assertThrows(IllegalArgumentException.class, () -> ctr.add(TcpCounter.DSACK, 0, -1));
        ctr.add(TcpCounter.DSACK, 0, 2);
        ctr.startMeasuring();
        ctr.inc(TcpCounter.DSACK, 0);
        assertEquals(3, ctr.total(TcpCounter.DSACK));
        assertEquals(1, ctr.measured(TcpCounter.DSACK));
        assertEquals(1L, ctr.summary().get("dsack"));
    }
}
