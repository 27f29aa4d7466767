package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * Totals from a 32-bit kernel wrap at 2^32: the counter goes down once, from near 2^32 to little.
 * That is not the sign of nstat's increments (values that drop because each snapshot counts only
 * its own second): the file stays totals, the wrapped counter is drawn continuing past 2^32, and
 * the report says so. Real increments are still recognised.
 */
class NetCounterWrapTest {
    private static final long WRAP = 1L << 32;

    @TempDir
    Path dir;

    private ImportResult importFile(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return Importer.standard().importFile(RecordingSource.of(f));
    }

    @Test
    void aWrapped32BitCounterInProcNetSnmpTotalsKeepsTheFileTotalsAndIsDrawnContinuing() throws Exception {
        // three cat /proc/net/snmp a second apart; Udp InDatagrams wraps between the second and third
        String snapshot = "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens InSegs OutSegs\n"
                + "Tcp: 1 200 120000 -1 %d 10 %d %d\n"
                + "Udp: InDatagrams NoPorts InErrors OutDatagrams\n"
                + "Udp: %d 3 0 %d\n";
        String text = String.format(snapshot, 100, 5000, 4000, WRAP - 900, 700)
                + String.format(snapshot, 105, 5600, 4400, WRAP - 100, 760)
                + String.format(snapshot, 111, 6100, 4900, 650, 820);
        ImportResult r = importFile("snmp.txt", text);
        Dataset d = r.dataset();
        assertTrue(d.metadata().parameters().get("netCounters.values").startsWith("totals"),
                d.metadata().parameters().get("netCounters.values"));
        CounterSeries in = d.counter("UdpInDatagrams").orElseThrow();
        assertEquals(3, in.size());
        assertEquals(WRAP - 100, in.value(1));
        assertEquals(WRAP + 650, in.value(2), "750 more datagrams, not 2^32 fewer");
        CounterSeries segs = d.counter("TcpInSegs").orElseThrow();
        assertEquals(6100, segs.value(2), "the other counters stay the totals they are");
        assertEquals(0, segs.tNs(0));
        List<String> notes = r.report().files().get(0).notes();
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("UdpInDatagrams wraps at 2^32")), notes.toString());
    }

    @Test
    void aWrapped32BitCounterInNstatTotalsKeepsTheFileTotals() throws Exception {
        String text = "#kernel\nIpInReceives " + (WRAP - 40) + " 0.0\nTcpInSegs 100 0.0\n"
                + "#kernel\nIpInReceives 20 0.0\nTcpInSegs 130 0.0\n";
        Dataset d = importFile("nstat-a.txt", text).dataset();
        assertTrue(d.metadata().parameters().get("netCounters.values").startsWith("totals"));
        assertEquals(WRAP + 20, d.counter("IpInReceives").orElseThrow().value(1));
        assertEquals(130, d.counter("TcpInSegs").orElseThrow().value(1));
    }

    @Test
    void incrementsAreStillIncrementsWhenOneLooksLikeAWrap() throws Exception {
        // a counter that drops from the top of the 32-bit range is no evidence; the others dropping are
        String text = "#kernel\nIpInReceives " + (WRAP - 40) + " 0.0\nTcpInSegs 100 0.0\n"
                + "#kernel\nIpInReceives 20 0.0\nTcpInSegs 60 0.0\n";
        Dataset d = importFile("nstat.txt", text).dataset();
        assertTrue(d.metadata().parameters().get("netCounters.values").startsWith("increments"));
        assertEquals(160, d.counter("TcpInSegs").orElseThrow().value(2));
    }

    @Test
    void theWrapRuleTakesOnlyDropsFromTheTopOfThe32BitRange() {
        assertTrue(NetCounterIncrements.isWrap32(WRAP - 1, 0));
        assertTrue(NetCounterIncrements.isWrap32(3_000_000_000.0, 5));
        assertTrue(!NetCounterIncrements.isWrap32(100, 60), "an increment going down");
        assertTrue(!NetCounterIncrements.isWrap32(2_000_000_000.0, 5), "below 2^31: not near the top");
        assertTrue(!NetCounterIncrements.isWrap32(WRAP + 5.0, 3), "a 64-bit counter does not wrap at 2^32");
        assertTrue(!NetCounterIncrements.isWrap32(WRAP - 10, 3_000_000_000.0), "more than half the range on");
    }

    @Test
    void countersUseTheKernelsWholeUnsigned64BitRange() throws Exception {
        // /proc/net/netstat prints unsigned 64-bit values: one past 18 digits rejected the whole TcpExt row
        String proc = "TcpExt: SyncookiesSent TCPDSACKRecv TCPFastRetrans TCPOFOQueue\n"
                + "TcpExt: 18446744073709551615 9223372036854775807 1000000000000000000 42\n";
        ImportResult r = importFile("netstat.txt", proc);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(18446744073709551615.0, d.counter("TcpExtSyncookiesSent").orElseThrow().value(0));
        assertEquals(9223372036854775807.0, d.counter("TcpExtTCPDSACKRecv").orElseThrow().value(0));
        assertEquals(1e18, d.counter("TcpExtTCPFastRetrans").orElseThrow().value(0));
        assertEquals(42, d.counter("TcpExtTCPOFOQueue").orElseThrow().value(0));

        ImportResult nstat = importFile("nstat.txt", "#kernel\nTcpExtTCPDSACKRecv 18446744073709551615 0.0\n"
                + "TcpExtTCPOFOQueue 5 0.0\n");
        assertEquals(0, nstat.report().skippedLines(), nstat.report().warnings().toString());
        assertEquals(18446744073709551615.0, nstat.dataset().counter("TcpExtTCPDSACKRecv").orElseThrow().value(0));

        ImportResult netstat = importFile("netstat-s.txt", "Ip:\n    12 total packets received\n"
                + "Tcp:\n    7 active connection openings\n    18446744073709551615 segments retransmitted\n"
                + "TcpExt:\n    TCPDSACKRecv: 10000000000000000000\n");
        assertEquals(0, netstat.report().skippedLines(), netstat.report().warnings().toString());
        assertEquals(1e19, netstat.dataset().counter("TcpExt: TCPDSACKRecv").orElseThrow().value(0));

        // past 2^64 - 1 is no kernel counter: the row is refused, its value cut in the message
        ImportResult past = importFile("past.txt", proc + "IpExt: InOctets OutOctets\nIpExt: 1 "
                + "9".repeat(60) + "\n");
        assertEquals(1, past.report().skippedLines());
        String reason = past.report().files().get(0).firstSkipReason();
        assertTrue(reason.startsWith("line 4: IpExt: expected a number (0 .. 18446744073709551615) for OutOctets, found \""
                + "9".repeat(37) + "...\""), reason);
        // an nstat row past it says so too, not "expected a counter line" as if it had another shape
        ImportResult nstatPast = importFile("nstat-past.txt", "#kernel\nTcpExtTCPDSACKRecv 18446744073709551616 0.0\n"
                + "TcpExtTCPOFOQueue 5 0.0\n");
        assertEquals("line 2: expected a counter value (0 .. 18446744073709551615) for \"TcpExtTCPDSACKRecv\", found"
                + " \"18446744073709551616\"", nstatPast.report().files().get(0).firstSkipReason());
    }
}
