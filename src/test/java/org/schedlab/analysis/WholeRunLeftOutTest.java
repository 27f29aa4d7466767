package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * A Wireshark Expert Info export's capture totals (tcp.* metadata, no times) count the whole
 * capture, as an nstat snapshot's counters count the whole run: a range narrower than the data
 * and a window cut from a recording leave them out, and the note says what was left out.
 */
class WholeRunLeftOutTest {
    private static Dataset run(Map<String, String> params, boolean snapshot) throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("run.txt + expert.csv", "perf+wireshark", params,
                OptionalLong.empty(), "t"));
        int t = b.addTask(10, 10, "postgres");
        b.slice(0, 0, 2_000_000_000L, t, SliceState.USER);
        if (snapshot) {
            b.counter("TcpRetransSegs", "count").add(0, 1);
            b.counter("TcpExtTCPDSACKRecv", "count").add(0, 7);
        }
        return b.build();
    }

    @Test
    void aCapturesTotalsAreListedOverTheWholeDataOnlyAndSaidWhereLeftOut() throws Exception {
        Dataset d = run(Map.of("tcp.dsack", "309", "tcp.dupAcks", "12"), false);
        assertEquals(java.util.Set.of("tcp dsack", "tcp dupAcks"), TcpCounters.of(d, d.startNs(), d.endNs()).stream()
                .map(TcpCounters.Row::counter).collect(java.util.stream.Collectors.toSet()));
        assertEquals(0, TcpCounters.wholeRunLeftOut(d, d.startNs(), d.endNs()));
        assertTrue(TcpCounters.of(d, 500_000_000L, 1_500_000_000L).isEmpty());
        assertEquals(new TcpCounters.LeftOut(0, 2), TcpCounters.leftOut(d, 500_000_000L, 1_500_000_000L));
        assertEquals("left out: 2 totals of a Wireshark capture, counts of the whole capture",
                TcpCountersText.wholeRunNote(d, 500_000_000L, 1_500_000_000L).orElseThrow());
        Dataset window = d.crop(d.startNs(), d.endNs());
        assertTrue(TcpCounters.of(window, window.startNs(), window.endNs()).isEmpty());
        assertEquals(2, TcpCounters.wholeRunLeftOut(window, window.startNs(), window.endNs()));
    }

    @Test
    void bothASnapshotAndACapturesTotalsAreNamedWhenLeftOut() throws Exception {
        Dataset d = run(Map.of(TcpCounters.SNAPSHOTS_KEY, "1", "tcp.dupAcks", "12"), true);
        assertEquals(new TcpCounters.LeftOut(2, 1), TcpCounters.leftOut(d, 500_000_000L, 1_500_000_000L));
        String note = TcpCountersText.wholeRunNote(d, 500_000_000L, 1_500_000_000L).orElseThrow();
        assertEquals("left out: 2 nstat snapshot counters, 1 capture total (whole run)", note);
        assertTrue(note.length() + 2 <= 72, note);
        assertEquals("2 counters of an nstat snapshot and 1 total of a Wireshark capture",
                TcpCounters.leftOut(d, 500_000_000L, 1_500_000_000L).what());
    }

    /** The Dataset tab's Copy and `table` head their table with the same note. */
    @Test
    void aTableOfARangeSaysTheCapturesTotalsWereLeftOut() throws Exception {
        Dataset d = run(Map.of("tcp.dsack", "309"), false);
        assertEquals("left out: 1 total of a Wireshark capture, counts of the whole capture",
                TcpCountersText.wholeRunNote(d, 0, 1_000_000_000L).orElseThrow());
        assertTrue(TcpCountersText.wholeRunNote(d, d.startNs(), d.endNs()).isEmpty());
    }

    /** YCSB's CLEANUP section is left out of the latency table by rule: the table says so. */
    @Test
    void ycsbsCleanupIsSaidToBeLeftOutOfTheLatencyTable() throws Exception {
        Dataset d = org.schedlab.io.read.Fixtures.importAll("public/ycsb/depdx_LOG8430_outputRun_workloada.txt")
                .dataset();
        String report = SummaryReport.render(DatasetSummary.of(d));
        assertTrue(report.contains("  CLEANUP left out: each client thread's teardown, not an operation\n"), report);
        assertTrue(report.contains("  UPDATE "), report);
    }
}
