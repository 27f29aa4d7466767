package org.schedlab.sim.net;

/**
 * The TCP settings every connection of a run shares.
 *
 * @param mss bytes of payload per packet (MTU 1500 with timestamps: 1448)
 * @param segmentMss MSS-sized packets per GSO frame (the unit sequence numbers count)
 * @param windowSegments the receive window the receiver advertises when its buffer is empty
 * @param dupThresh duplicate ACKs that mark the first hole lost; RFC 6675 IsLost also marks a
 *     hole lost once more than {@code dupThresh - 1} MSS above it are SACKed, or
 *     {@code dupThresh} separate SACKed runs
 * @param rtoMinNs the floor of the retransmission timeout's variance term (TCP_RTO_MIN)
 * @param initialCwndPackets the initial congestion window in MSS packets (TCP_INIT_CWND)
 */
public record TcpConfig(int mss, int segmentMss, int windowSegments, int dupThresh, long rtoMinNs,
                        int initialCwndPackets) {
    public TcpConfig {
        if (mss < 1 || segmentMss < 1 || windowSegments < 1 || dupThresh < 1 || rtoMinNs < 1
                || initialCwndPackets < 1) {
            throw new IllegalArgumentException("TCP settings must be positive");
        }
    }

    /** Payload bytes of one data segment (a GSO frame). */
    public long segmentBytes() {
        return (long) mss * segmentMss;
    }
}
