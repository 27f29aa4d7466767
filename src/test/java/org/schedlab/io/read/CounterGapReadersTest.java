package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * An interval a benchmark printed no figure for is a gap in the series (a NaN sample: no value
 * until the next one), not the previous interval's value held over it, nor a 0 the tool printed
 * for want of a measurement.
 */
class CounterGapReadersTest {
    private static final long S = 1_000_000_000L;

    /** The sample in force {@code ns} after the dataset's start. */
    private static int at(Dataset d, CounterSeries c, long ns) {
        return c.indexAt(d.startNs() + ns);
    }

    @Test
    void aYcsbOperationThatDidNotRunInAnIntervalHasNoLatencyThere() throws Exception {
        ImportResult r = Fixtures.importAll("handmade/ycsb/status_read_idle.txt");
        assertEquals(0, r.report().skippedLines(), r.report().files().get(0).skippedSummary());
        Dataset d = r.dataset();
        CounterSeries read = d.counter("ycsb READ avg latency").orElseThrow();
        // "30 sec: ... [READ: Count=0, ..., Avg=NaN ...]" is the ten seconds from 20 s to 30 s
        assertEquals(388.67, read.value(at(d, read, 15 * S)));
        assertFalse(read.hasValue(at(d, read, 20 * S)), "no READ latency from 20 s");
        assertFalse(read.hasValue(at(d, read, 29 * S)), "... to 30 s");
        assertEquals(335, read.value(at(d, read, 30 * S)), "READ ran again from 30 s to 40 s");
        // and the last interval (50 s to 60 s) had no READ either: the 40-50 s value does not run to the end
        assertEquals(376.5, read.value(at(d, read, 45 * S)));
        assertFalse(read.hasValue(at(d, read, 55 * S)));
        CounterSeries update = d.counter("ycsb UPDATE avg latency").orElseThrow();
        assertEquals(0, update.gapCount(), "UPDATE ran in every interval");
        assertEquals(0, d.counter("ycsb ops/sec").orElseThrow().gapCount());
        // CLEANUP runs once, in the last interval: it starts there and has no gap before it
        CounterSeries cleanup = d.counter("ycsb CLEANUP avg latency").orElseThrow();
        assertEquals(50 * S, cleanup.tNs(0) - d.startNs());
        assertEquals(0, cleanup.gapCount());
    }

    @Test
    void hdrHistogramsCountZeroWithAnAverageOfZeroIsAGapToo() throws Exception {
        // newer HdrHistogram prints an empty interval's mean as 0: Count=0 says nothing ran
        String log = "2024-05-02 14:03:11:401 10 sec: 1001 operations; 100.1 current ops/sec; [READ: Count=2, Max=412,"
                + " Min=318, Avg=365, 90=412] [UPDATE: Count=999, Max=2931, Min=187, Avg=402.36, 90=571]\n"
                + "2024-05-02 14:03:21:401 20 sec: 2001 operations; 100 current ops/sec; [READ: Count=0, Max=0,"
                + " Min=9223372036854775807, Avg=0, 90=0] [UPDATE: Count=1000, Max=2755, Min=183, Avg=398.5, 90=566]\n"
                + "2024-05-02 14:03:31:401 30 sec: 3001 operations; 100 current ops/sec; [READ: Count=1, Max=335,"
                + " Min=335, Avg=335, 90=335] [UPDATE: Count=999, Max=2843, Min=181, Avg=401.07, 90=569]\n";
        Dataset d = Fixtures.importText("ycsb-status.txt", log).dataset();
        CounterSeries read = d.counter("ycsb READ avg latency").orElseThrow();
        assertEquals(365, read.value(at(d, read, 5 * S)));
        assertFalse(read.hasValue(at(d, read, 15 * S)), "not a READ latency of 0 us");
        assertEquals(335, read.value(at(d, read, 25 * S)));
    }

    @Test
    void pgbenchSecondsWithoutATransactionHaveNoLatencyButAThroughputOfZero() throws Exception {
        // real pgbench 15: a table lock stalled every client from 3 s to 5 s, printed as
        // "progress: 4.0 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed"
        Dataset d = Fixtures.importAll("real/pgbench-local/runD_pgbench_lock_stall.txt").dataset();
        CounterSeries lat = d.counter("pgbench latency").orElseThrow();
        assertEquals(1.5, lat.value(at(d, lat, 2_500_000_000L)));
        assertFalse(lat.hasValue(at(d, lat, 3_500_000_000L)), "no latency from 3 s");
        assertFalse(lat.hasValue(at(d, lat, 4_999_000_000L)), "... to 5 s");
        assertEquals(8.319, lat.value(at(d, lat, 5_500_000_000L)));
        assertEquals(2.359, lat.value(lat.size() - 1), "the last second still closes the series");
        CounterSeries sd = d.counter("pgbench latency stddev").orElseThrow();
        assertFalse(sd.hasValue(at(d, sd, 3_500_000_000L)));
        CounterSeries tps = d.counter("pgbench tps").orElseThrow();
        assertEquals(0.0, tps.value(at(d, tps, 3_500_000_000L)), "no transaction is a throughput of 0: measured");
        assertEquals(0, tps.gapCount());
        assertEquals(0, d.counter("pgbench failed").orElseThrow().gapCount());
    }

    @Test
    void olderPgbenchsNanLatencyIsAGapAndAFigureALineLacksToo() throws Exception {
        String log = "progress: 1.0 s, 100.0 tps, lat 2.000 ms stddev 0.500, lag 0.100 ms\n"
                + "progress: 2.0 s, 0.0 tps, lat nan ms stddev -nan, lag nan ms\n"
                + "progress: 3.0 s, 110.0 tps, lat 1.800 ms stddev 0.400\n"
                + "progress: 4.0 s, 120.0 tps, lat 1.700 ms stddev 0.300, lag 0.200 ms\n";
        ImportResult r = Fixtures.importText("pg96.txt", log);
        assertEquals(0, r.report().skippedLines());
        Dataset d = r.dataset();
        CounterSeries lat = d.counter("pgbench latency").orElseThrow();
        assertEquals(2.0, lat.value(at(d, lat, S / 2)));
        assertFalse(lat.hasValue(at(d, lat, 3 * S / 2)), "nan: no transaction from 1 s to 2 s");
        assertEquals(1.8, lat.value(at(d, lat, 5 * S / 2)));
        CounterSeries lag = d.counter("pgbench schedule lag").orElseThrow();
        assertFalse(lag.hasValue(at(d, lag, 5 * S / 2)), "the 3 s line has no lag figure");
        assertEquals(0.2, lag.value(at(d, lag, 7 * S / 2)));
        assertTrue(d.counter("pgbench failed").isEmpty(), "a figure no line has is no series, not one of gaps");
    }

    @Test
    void aNetworkTotalMissingFromASnapshotIsAGapThere() throws Exception {
        // running totals, one snapshot a second: TcpExtTCPDSACKRecv is missing from the second one
        String text = "TcpRetransSegs 10 0.0\nTcpExtTCPDSACKRecv 1 0.0\n"
                + "TcpRetransSegs 15 0.0\n"
                + "TcpRetransSegs 19 0.0\nTcpExtTCPDSACKRecv 4 0.0\n";
        Dataset d = Fixtures.importText("nstat.txt", text).dataset();
        CounterSeries dsack = d.counter("TcpExtTCPDSACKRecv").orElseThrow();
        assertEquals(1, dsack.value(at(d, dsack, S / 2)));
        assertFalse(dsack.hasValue(at(d, dsack, 3 * S / 2)), "not the first snapshot's 1 held over the second");
        assertEquals(4, dsack.value(at(d, dsack, 2 * S)));
        assertEquals(0, d.counter("TcpRetransSegs").orElseThrow().gapCount());
    }
}
