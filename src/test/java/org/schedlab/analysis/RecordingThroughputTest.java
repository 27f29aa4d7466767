package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * A recording's throughput is what its workload got done: a "throughput" counter, the
 * benchmark's headline, or a counter of transactions or operations per second - never the first
 * per-second rate of anything (TCP retransmissions, duplicate ACKs), and none (n/a) when the
 * recording has no such counter: network counters alone (the real nstat and /proc/net files).
 */
class RecordingThroughputTest {
    private static final long MS = 1_000_000;

    private static JsonNode summary(Dataset d) {
        return DatasetSummary.of(d);
    }

    private static void assertNone(JsonNode s, String what) {
        assertEquals(0.0, s.path("throughput").path("value").asDouble(), what);
        assertEquals("", s.path("throughput").path("unit").asText(), what);
        assertFalse(SummaryReport.render(s).contains("throughput"), what + ":\n" + SummaryReport.render(s));
    }

    @Test
    void theRealNstatAndNetstatFilesHaveNoThroughput() throws Exception {
        for (String f : List.of("real/pgbench-local/nstat_snapshot.txt",
                "public/netstat/node_exporter_fixture_proc_net_netstat.txt",
                "public/netstat/node_exporter_fixture_proc_net_snmp.txt")) {
            Dataset d = Fixtures.importAll(f).dataset();
            assertFalse(d.counters().isEmpty(), f);
            assertNone(summary(d), f);
        }
        // in the A/B table beside a pgbench output: n/a on the counters' side, no ratio
        JsonNode nstat = summary(Fixtures.importAll("real/pgbench-local/nstat_snapshot.txt").dataset());
        JsonNode pgbench = summary(Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset());
        SummaryComparison.Row tp = SummaryComparison.rows(List.of(nstat), List.of(pgbench)).get(0);
        assertEquals(SummaryComparison.THROUGHPUT, tp.metric());
        assertTrue(Double.isNaN(tp.base()), tp.toString());
        assertEquals(pgbench.path("throughput").path("value").asDouble(), tp.test(), 1e-9);
        assertTrue(tp.ratio().isEmpty(), tp.toString());
    }

    /**
     * The TCP counters as a simulated run records them (nstat and Wireshark names, events per
     * second in 10 ms buckets), here with the real nstat snapshot's names and counts, and no
     * "throughput" counter: as a saved run cut down to its network tracks.
     */
    private static DatasetBuilder tcpRates() throws Exception {
        Dataset nstat = Fixtures.importAll("real/pgbench-local/nstat_snapshot.txt").dataset();
        DatasetBuilder b = Dataset.builder(Metadata.of("tcp-tracks.json", "schedlab"));
        for (CounterSeries c : nstat.counters()) {
            if (c.name().startsWith("Tcp")) {
                b.counter(c.name(), "1/s").add(0, c.value(0) * 100).add(10 * MS, c.value(0) * 50).add(20 * MS, 0);
            }
        }
        b.counter("tcp.analysis.duplicate_ack", "1/s").add(0, 300).add(20 * MS, 0);
        b.counter("disk writes", "MB/s").add(0, 80).add(20 * MS, 0);
        return b;
    }

    @Test
    void aRateOfEventsIsNotAThroughput() throws Exception {
        Dataset d = tcpRates().build();
        assertTrue(d.counters().stream().filter(c -> c.unit().equals("1/s")).count() > 5, d.counters().toString());
        assertNone(summary(d), "TCP events per second and a disk's MB/s");
    }

    @Test
    void aCounterOfTransactionsOrOperationsIsTheThroughputAfterAnyOtherRate() throws Exception {
        DatasetBuilder pg = tcpRates();
        pg.counter("pgbench tps", "tps").add(0, 2000).add(10 * MS, 3000).add(20 * MS, 3000);
        JsonNode s = summary(pg.build());
        assertEquals(2500, s.path("throughput").path("value").asDouble(), 1e-9, "pgbench's, time-weighted");
        assertEquals("tps", s.path("throughput").path("unit").asText());

        DatasetBuilder ycsb = tcpRates();
        ycsb.counter("ycsb ops/sec", "ops/s").add(0, 40_000).add(20 * MS, 40_000);
        assertEquals("ops/s", summary(ycsb.build()).path("throughput").path("unit").asText());

        DatasetBuilder tx = tcpRates();
        tx.counter("tps", "tx/s").add(0, 900).add(20 * MS, 900);
        assertEquals("tx/s", summary(tx.build()).path("throughput").path("unit").asText(), "transactions per second");

        DatasetBuilder named = tcpRates();
        named.counter("uperf throughput", "Gb/s").add(0, 9.5).add(20 * MS, 9.5);
        JsonNode n = summary(named.build());
        assertEquals(9.5, n.path("throughput").path("value").asDouble(), 1e-9, "a rate named a throughput");
        assertEquals("Gb/s", n.path("throughput").path("unit").asText());
    }
}
