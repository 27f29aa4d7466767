package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/** Summaries, comparisons and the TCP table skip a counter's gaps: never a 0, never NaN printed. */
class CounterGapAnalysisTest {
    private static final long S = 1_000_000_000L;

    private static Dataset build(java.util.function.Consumer<DatasetBuilder> counters) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("t", "test"));
        counters.accept(b);
        return b.build();
    }

    @Test
    void throughputIsTheMeanOverTheIntervalsThatHaveOne() throws Exception {
        // 100 tps for 10 s, nothing recorded for 10 s, 200 tps for 10 s
        Dataset d = build(b -> b.counter("throughput", "tps").add(0, 100).add(10 * S, Double.NaN).add(20 * S, 200)
                .add(30 * S, 200));
        JsonNode s = DatasetSummary.of(d);
        assertEquals(150, s.path("throughput").path("value").asDouble(), 1e-9, "not (100x10 + 200x10)/30, not NaN");
        assertEquals("tps", s.path("throughput").path("unit").asText());
        // a throughput counter of gaps only measured nothing: no throughput (n/a when compared), not 0 tps
        Dataset none = build(b -> b.counter("throughput", "tps").add(0, Double.NaN).add(10 * S, Double.NaN));
        JsonNode n = DatasetSummary.of(none);
        assertTrue(SummaryComparison.noThroughput(n), n.toString());
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(s), List.of(n));
        assertTrue(Double.isNaN(rows.get(0).test()), "n/a on the side without one");
        assertTrue(rows.get(0).ratio().isEmpty());
    }

    @Test
    void aTcpCounterInAGapAtAnEdgeOfTheRangeIsNotApplicableThereNotZero() throws Exception {
        Dataset d = build(b -> b.counter("TcpExtTCPDSACKRecv", "count").add(0, 1).add(S, Double.NaN).add(2 * S, 4)
                .add(3 * S, 6));
        TcpCounters.Row over = TcpCounters.of(d, 0, 3 * S).get(0);
        assertEquals(5, over.change());
        assertEquals(6, over.max());
        TcpCounters.Row fromGap = TcpCounters.of(d, S + S / 2, 3 * S).get(0);
        assertTrue(Double.isNaN(fromGap.atStart()), "no value where the range starts");
        assertTrue(Double.isNaN(fromGap.change()));
        assertEquals(6, fromGap.max(), "the highest value there is, the gap left out");
        String text = TcpCountersText.render("TCP counters", List.of(fromGap));
        assertFalse(text.contains("NaN"), text);
        assertTrue(text.contains("n/a"), text);
        Map<String, Long> counts = TcpCountersText.wiresharkCounts(List.of(fromGap));
        assertFalse(counts.containsKey("dsack"), "unknown over the range: left for the table's n/a, not 0");
        TcpCounters.Row inGap = TcpCounters.of(d, S + 1, 2 * S - 1).get(0);
        assertTrue(Double.isNaN(inGap.max()), "a range of only gap has no highest value");
    }
}
