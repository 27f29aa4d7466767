package org.schedlab.sim.net;

/**
 * The TCP (and tap) counters a network run reports, each with its summary key, its nstat name
 * (net/ipv4/proc.c; "-" where nstat has no such counter) and its Wireshark expert-info label
 * and field (KERNEL-FACTS section 8; [U] where the field name is unverified). Counts are per
 * GSO frame, as a capture inside the guest shows them; nstat adds tcp_skb_pcount (MSS-sized
 * packets) for the retransmission counters, so its numbers are larger by the segment's MSS
 * count.
 */
public enum TcpCounter {
    DSACK("dsack", "TcpExtTCPDSACKRecv", "D-SACK Sequence", "tcp.options.sack.dsack"),
    PARTIAL_ACKS("partialAcks", "-", "Partial Acknowledgement of a segment", "[U]"),
    KARN_ACKS("karnAcks", "-", "Ambiguous ACK (Karn)", "[U]"),
    SPURIOUS_RETRANS("spuriousRetrans", "-", "(Suspected) spurious retransmission",
            "tcp.analysis.spurious_retransmission"),
    FAST_RETRANS("fastRetrans", "TcpExtTCPFastRetrans", "(Suspected) fast retransmission",
            "tcp.analysis.fast_retransmission"),
    DUP_ACKS("dupAcks", "-", "Duplicate ACK", "tcp.analysis.duplicate_ack"),
    LOST_SEGMENTS("lostSegments", "-", "Previous segment(s) not captured", "tcp.analysis.lost_segment"),
    OUT_OF_ORDER("outOfOrder", "-", "(Suspected) out-of-order segment", "tcp.analysis.out_of_order"),
    RETRANS_SEGS("retransSegs", "TcpRetransSegs", "Retransmission", "tcp.analysis.retransmission"),
    SLOW_START_RETRANS("slowStartRetrans", "TcpExtTCPSlowStartRetrans", "-", "-"),
    TIMEOUTS("timeouts", "TcpExtTCPTimeouts", "-", "-"),
    SPURIOUS_RTOS("spuriousRtos", "TcpExtTCPSpuriousRTOs", "-", "-"),
    DSACK_UNDO("dsackUndo", "TcpExtTCPDSACKUndo", "-", "-"),
    DSACK_OLD_SENT("dsackOldSent", "TcpExtTCPDSACKOldSent", "-", "-"),
    DSACK_OFO_SENT("dsackOfoSent", "TcpExtTCPDSACKOfoSent", "-", "-"),
    OFO_QUEUE("ofoQueue", "TcpExtTCPOFOQueue", "-", "-"),
    SEGS_OUT("segsOut", "TcpOutSegs", "-", "-"),
    TAP_DROPS("tapDrops", "-", "-", "-"),
    BYTES_SENT("bytesSent", "-", "-", "-"),
    BYTES_ACKED("bytesAcked", "-", "-", "-");

    private final String key;
    private final String nstat;
    private final String wireshark;
    private final String wiresharkField;

    TcpCounter(String key, String nstat, String wireshark, String wiresharkField) {
        this.key = key;
        this.nstat = nstat;
        this.wireshark = wireshark;
        this.wiresharkField = wiresharkField;
    }

    /** The key in the summary's {@code tcp} object. */
    public String key() {
        return key;
    }

    /** The nstat name, or "-" when nstat has no such counter. */
    public String nstat() {
        return nstat;
    }

    /** Wireshark's expert-info label, or "-". */
    public String wireshark() {
        return wireshark;
    }

    public String wiresharkField() {
        return wiresharkField;
    }

    /** Name of the counter track: the nstat name, else the Wireshark field, else the key. */
    public String trackName() {
        if (!nstat.equals("-")) {
            return nstat;
        }
        if (this == TAP_DROPS) {
            return "tap tx_dropped";
        }
        if (!wiresharkField.equals("-") && !wiresharkField.equals("[U]")) {
            return wiresharkField;
        }
        return "tcp " + key;
    }

    /** Byte totals are kept for the invariants and the summary, not drawn as event tracks. */
    public boolean isTrack() {
        return this != BYTES_SENT && this != BYTES_ACKED;
    }
}
