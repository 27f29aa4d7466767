package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

class TcpCountersTest {

    @Test
    void onlyTcpCountersAreListedWithBothToolsNames() {
        Dataset d = LockHolderPreemption.dataset();
        List<TcpCounters.Row> rows = TcpCounters.of(d, us(0), us(600));
        assertEquals(1, rows.size(), "throughput and spinning CPUs are not TCP counters");
        TcpCounters.Row r = rows.get(0);
        assertEquals("TcpRetransSegs", r.nstatName());
        assertEquals("tcp.analysis.retransmission", r.wiresharkName());
        assertEquals(0, r.atStart());
        assertEquals(5, r.atEnd());
        assertEquals(5, r.change());
        assertEquals(2, TcpCounters.of(d, us(100), us(300)).get(0).change());
    }

    @Test
    void recognisesNstatNetstatAndWiresharkNames() {
        assertTrue(TcpCounters.isTcp("TcpExtTCPDSACKRecv"));
        assertTrue(TcpCounters.isTcp("Tcp: segments retransmitted"));
        assertTrue(TcpCounters.isTcp("tcp dupAcks"));
        assertFalse(TcpCounters.isTcp("throughput"));
        assertEquals("tcp.options.sack.dsack", TcpCounters.names("tcp dsack")[1]);
        assertEquals("TcpExtTCPDSACKRecv", TcpCounters.names("tcp dsack")[0]);
        assertEquals("TcpExtTCPAbortOnData", TcpCounters.names("TcpExtTCPAbortOnData")[0]);
    }

    /**
     * {@code any} (asked as the Edit menu opens, without reading a sample) says exactly whether
     * {@code of} has rows: a TCP counter, a capture's totals in the metadata, or neither.
     */
    @Test
    void anySaysWhetherTheRangesRowsWouldBeThereWithoutReadingThem() throws Exception {
        Dataset counter = LockHolderPreemption.dataset();
        Dataset none = counters(new Object[] {"throughput", "tx/s", 0, 5.0});
        DatasetBuilder b = Dataset.builder(new Metadata("capture.csv", "wireshark-expert",
                Map.of("tcp.dsack", "309", "wireshark.D-SACK Sequence", "309"), OptionalLong.empty(), "t"));
        b.slice(0, 0, 20_000_000, b.addTask(1, 1, "vhost"), SliceState.KERNEL);
        Dataset totals = b.build();
        DatasetBuilder u = Dataset.builder(new Metadata("capture.csv", "wireshark-expert",
                Map.of("tcp.dsack", "many", "tcp.analysis.flags", "3"), OptionalLong.empty(), "t"));
        u.slice(0, 0, 20_000_000, u.addTask(1, 1, "vhost"), SliceState.KERNEL);
        Dataset unreadable = u.build();
        assertTrue(TcpCounters.any(counter));
        assertTrue(TcpCounters.any(totals));
        assertFalse(TcpCounters.any(none));
        assertFalse(TcpCounters.any(unreadable), "a total that is no number, and a flag the reader keeps no counter of");
        for (Dataset d : List.of(counter, none, totals, unreadable)) {
            // a capture's totals count all of it: left out of an instant's range, and said so
            assertEquals(TcpCounters.any(d), !TcpCounters.of(d, d.startNs(), d.startNs()).isEmpty()
                    || TcpCounters.wholeRunLeftOut(d, d.startNs(), d.startNs()) > 0);
            assertEquals(TcpCounters.any(d), !TcpCounters.of(d, d.startNs(), d.endNs()).isEmpty());
        }
    }

    /** 20 ms on one CPU with the given counters (name, unit, then time/value pairs). */
    private static Dataset counters(Object[]... series) throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("scenario:s390-uperf", "simulation", Map.of(),
                OptionalLong.of(1), "t"));
        b.slice(0, 0, 20_000_000, b.addTask(1, 1, "vhost"), SliceState.KERNEL);
        for (Object[] s : series) {
            var c = b.counter((String) s[0], (String) s[1]);
            for (int i = 2; i < s.length; i += 2) {
                c.add(((Number) s[i]).longValue(), ((Number) s[i + 1]).doubleValue());
            }
        }
        return b.build();
    }

    @Test
    void aRateTrackReadsAsTheEventsItCountedNotAsItsBucketsRates() throws Exception {
        // a simulated run's track: 36 D-SACKs in the first 10 ms bucket (3600/s), 11 in the second
        Dataset d = counters(new Object[] {"TcpExtTCPDSACKRecv", "1/s", 0, 3600, 10_000_000, 1100});
        TcpCounters.Row whole = TcpCounters.of(d, 0, 20_000_000).get(0);
        assertEquals(0, whole.atStart());
        assertEquals(47, whole.atEnd());
        assertEquals(47, whole.change(), "not 1100 - 3600");
        assertEquals(47, whole.max());
        assertEquals("count", whole.unit());
        TcpCounters.Row second = TcpCounters.of(d, 10_000_000, 20_000_000).get(0);
        assertEquals(36, second.atStart());
        assertEquals(11, second.change());
        assertEquals(Map.of("dsack", 11L), TcpCountersText.wiresharkCounts(List.of(second)));
    }

    @Test
    void nstatStandsInForAWiresharkCountOnlyWhereNothingCountedTheEventItself() throws Exception {
        // a Wireshark CSV opened with nstat of the same run, and a simulated run's Wireshark-field
        // track beside its nstat one: each event once, Wireshark's count, never the two summed
        Dataset both = counters(
                new Object[] {"tcp dsack", "count", 0, 0, 10_000_000, 4},
                new Object[] {"TcpExtTCPDSACKRecv", "count", 0, 0, 10_000_000, 9},
                new Object[] {"TcpExtTCPOFOQueue", "count", 0, 0, 10_000_000, 50},
                new Object[] {"tcp.analysis.out_of_order", "count", 0, 0, 10_000_000, 7},
                new Object[] {"tcp.analysis.duplicate_ack", "count", 0, 0, 10_000_000, 30},
                new Object[] {"tcp.analysis.lost_segment", "count", 0, 0, 10_000_000, 2},
                new Object[] {"TcpExtTCPFastRetrans", "count", 0, 0, 10_000_000, 5});
        Map<String, Long> counts = TcpCountersText.wiresharkCounts(TcpCounters.of(both, 0, 20_000_000));
        assertEquals(4L, counts.get("dsack"));
        assertEquals(7L, counts.get("outOfOrder"));
        assertEquals(30L, counts.get("dupAcks"));
        assertEquals(2L, counts.get("lostSegments"));
        assertEquals(5L, counts.get("fastRetrans"), "nstat's count where nothing else counted it");

        Dataset nstatOnly = counters(new Object[] {"TcpExtTCPDSACKRecv", "count", 0, 0, 10_000_000, 9});
        assertEquals(Map.of("dsack", 9L), TcpCountersText.wiresharkCounts(TcpCounters.of(nstatOnly, 0, 20_000_000)));
    }

    @Test
    void nstatsSpuriousRtosAndOfoQueueAreNotWiresharksSpuriousRetransmissionsOrOutOfOrderSegments() throws Exception {
        // TCPSpuriousRTOs counts timeouts F-RTO undid, TCPOFOQueue every segment queued behind a
        // hole: a simulated lazy run counts 0 and 5409 where Wireshark flags 2134 and 1113. Paired,
        // the TCP tab named "TcpExtTCPSpuriousRTOs 0" the same event as "spurious_retransmission
        // 2134", and an nstat capture filled the mail's rows with those counters
        Dataset nstat = counters(new Object[] {"TcpExtTCPSpuriousRTOs", "count", 0, 0, 10_000_000, 1},
                new Object[] {"TcpExtTCPOFOQueue", "count", 0, 0, 10_000_000, 5409},
                new Object[] {"tcp.analysis.spurious_retransmission", "count", 0, 0, 10_000_000, 2134});
        List<TcpCounters.Row> rows = TcpCounters.of(nstat, 0, 20_000_000);
        assertEquals("", rows.get(0).wiresharkName(), rows.get(0).toString());
        assertEquals("", rows.get(1).wiresharkName(), rows.get(1).toString());
        assertEquals("", rows.get(2).nstatName(), rows.get(2).toString());
        Map<String, Long> counts = TcpCountersText.wiresharkCounts(rows.subList(0, 2));
        assertFalse(counts.containsKey("spuriousRetrans"), counts.toString());
        assertFalse(counts.containsKey("outOfOrder"), counts.toString());
    }

    /**
     * An nstat snapshot's TcpRetransSegs is the event Wireshark flags as a retransmission (the
     * reader's {@code tcp retransSegs}, a simulated run's {@code retransSegs}): the Figures tab of
     * the pgbench-local snapshot listed its D-SACK count but not its one retransmitted segment.
     */
    @Test
    void anNstatSnapshotsRetransmittedSegmentsAreInItsFigures() throws Exception {
        Dataset d = org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/nstat_snapshot.txt").dataset();
        List<SummaryFigures.Row> rows = SummaryFigures.of(DatasetSummary.of(d));
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("tcp retransSegs") && r.value().equals("1")),
                rows.toString());
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("tcp dsack") && r.value().equals("1")), rows.toString());
    }
    @Test
    void aSnapshotsWholeRunCountsAreListedOverTheWholeRunOnlyAndCountedWhereLeftOut() throws Exception {
        // nstat -az once beside a 2 s recording, and a capture's dupAcks over time
        DatasetBuilder b = Dataset.builder(new Metadata("run.txt + nstat.txt", "perf+nstat",
                Map.of(TcpCounters.SNAPSHOTS_KEY, "1"), OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, t, SliceState.USER);
        b.counter("TcpRetransSegs", "count").add(0, 1);
        b.counter("TcpExtTCPDSACKRecv", "count").add(0, 7);
        b.counter("tcp dupAcks", "count").add(0, 0).add(1_000_000_000L, 4);
        Dataset d = b.build();
        assertEquals(List.of("TcpRetransSegs", "TcpExtTCPDSACKRecv", "tcp dupAcks"),
                TcpCounters.of(d, d.startNs(), d.endNs()).stream().map(TcpCounters.Row::counter).toList());
        assertEquals(0, TcpCounters.wholeRunLeftOut(d, d.startNs(), d.endNs()));
        // a range narrower than the run: the snapshot's counts are not of it
        assertEquals(List.of("tcp dupAcks"), TcpCounters.of(d, 500_000_000L, 1_500_000_000L).stream()
                .map(TcpCounters.Row::counter).toList());
        assertEquals(2, TcpCounters.wholeRunLeftOut(d, 500_000_000L, 1_500_000_000L));
        assertEquals("left out: 2 counters of an nstat snapshot, counts of the whole run",
                TcpCountersText.wholeRunNote(d, 500_000_000L, 1_500_000_000L).orElseThrow());
        // a window cut from the recording, even over all of it
        Dataset window = d.crop(d.startNs(), d.endNs());
        assertEquals(2, TcpCounters.wholeRunLeftOut(window, window.startNs(), window.endNs()));
        assertTrue(TcpCounters.of(window, window.startNs(), window.endNs()).stream()
                .noneMatch(r -> r.counter().startsWith("Tcp")));
    }

    @Test
    void aTinyFigureReadsZeroWithoutASign() {
        // rates or means a hair either side of zero read "-0.00" (and a change of "+0.00"): a sign on
        // a figure that shows nothing
        String text = TcpCountersText.render("TCP counters", List.of(
                new TcpCounters.Row("rate", "count/s", "", "", 0.001, -0.001, -0.002, 0.001),
                new TcpCounters.Row("other", "count/s", "", "", -0.001, 0.001, 0.002, 0.001),
                new TcpCounters.Row("moved", "count/s", "", "", -0.004, 0.006, 0.01, 0.006)));
        assertTrue(text.lines().anyMatch(l -> l.matches("rate\\s+0\\.00\\s+0\\.00\\s+0\\.00")), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("other\\s+0\\.00\\s+0\\.00\\s+0\\.00")), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("moved\\s+0\\.00\\s+0\\.01\\s+\\+0\\.01")), text);
        // a value of negative zero, as one nstat snapshot's
        String one = TcpCountersText.render("TCP counters", List.of(new TcpCounters.Row("TcpInSegs", "count",
                "TcpInSegs", "", Double.NaN, -0.0, -0.0, -0.0)), true);
        assertTrue(one.lines().anyMatch(l -> l.matches("TcpInSegs\\s+0")), one);
    }
}
