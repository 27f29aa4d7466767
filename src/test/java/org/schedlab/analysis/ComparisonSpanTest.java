package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The line saying which span an A/B table's counts cover names a warm-up only where a side had one. */
class ComparisonSpanTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode run(long durationMs) throws Exception {
        return JSON.readTree("{\"scenario\":\"teach-fair-share\",\"params\":{\"warmupMs\":\"100\"},\"durationMs\":"
                + durationMs + "}");
    }

    private static JsonNode recording(long durationMs) throws Exception {
        // a recording's summary names its file where a run names its scenario, and has no warm-up
        return JSON.readTree("{\"scenario\":\"runA.txt\",\"params\":{},\"durationMs\":" + durationMs + "}");
    }

    @Test
    void twoRunsSayTheirWarmUpWasLeftOut() throws Exception {
        assertEquals(Optional.of("the measured 1,000 ms of each side (durationMs, warm-up left out)"),
                ComparisonTable.span(List.of(run(1000)), List.of(run(1000))));
    }

    @Test
    void seedsOfDifferentLengthsGiveEachSidesRange() throws Exception {
        // several seeds whose measured times differ: the least and the most of each side
        assertEquals(Optional.of("each side's measured time, A 1,000..1,200 ms, B 1,000 ms (durationMs, warm-up"
                + " left out)"), ComparisonTable.span(List.of(run(1200), run(1000)), List.of(run(1000), run(1000))));
        // a side without any summary, or one without durationMs, has no span to name
        assertEquals(Optional.empty(), ComparisonTable.span(List.of(), List.of(run(1000))));
        assertEquals(Optional.empty(), ComparisonTable.span(List.of(run(1000)),
                List.of(JSON.readTree("{\"params\":{\"warmupMs\":\"100\"}}"))));
    }

    @Test
    void windowsCutFromRecordingsAreNotCalledTheRecordingsSpans() throws Exception {
        // table A B --from-ms 1000 --to-ms 3000 of two 8 s and 6 s pgbench outputs said "each recording's span"
        JsonNode window = JSON.readTree("{\"scenario\":\"runA.txt\",\"params\":{\"window\":\"1000..3000 ms\"},"
                + "\"durationMs\":2000}");
        assertEquals(Optional.of("the measured 2,000 ms of each side (durationMs, the window cut from each recording)"),
                ComparisonTable.span(List.of(window), List.of(window)));
        // a window of A against the whole of B: B's durationMs is its recording's span, no window of it,
        // and A's a window ("each recording's span" was true of B only)
        JsonNode whole = JSON.readTree("{\"scenario\":\"runB.txt\",\"params\":{},\"durationMs\":2000}");
        assertEquals(Optional.of("the measured 2,000 ms of each side (durationMs: A's the window cut from its recording,"
                + " B's the recording's span)"), ComparisonTable.span(List.of(window), List.of(whole)));
        assertEquals(Optional.of("the measured 2,000 ms of each side (durationMs: A's the recording's span, B's the"
                + " window cut from its recording)"), ComparisonTable.span(List.of(whole), List.of(window)));
        assertEquals(Optional.of("the measured 2,000 ms of each side (durationMs, each recording's span)"),
                ComparisonTable.span(List.of(whole), List.of(whole)));
    }

    @Test
    void recordingsHadNoWarmUpToLeaveOut() throws Exception {
        // "warm-up left out" said something of two perf captures that they never had
        assertEquals(Optional.of("the measured 5,012 ms of each side (durationMs, each recording's span)"),
                ComparisonTable.span(List.of(recording(5012)), List.of(recording(5012))));
        assertEquals(Optional.of("each side's measured time, A 1,000 ms, B 5,012 ms (durationMs: A's after its"
                + " warm-up, B's the recording's span)"), ComparisonTable.span(List.of(run(1000)), List.of(recording(5012))));
        assertEquals(Optional.of("each side's measured time, A 5,012 ms, B 1,000 ms (durationMs: B's after its"
                + " warm-up, A's the recording's span)"), ComparisonTable.span(List.of(recording(5012)), List.of(run(1000))));
    }
}
