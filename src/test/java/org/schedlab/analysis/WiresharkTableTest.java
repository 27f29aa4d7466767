package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seed-mail-style FULL vs LAZY table of Wireshark warnings. */
class WiresharkTableTest {
    /** The seed's own counts (s390 thread, 2026-02-24). */
    private static Map<String, Long> seed(boolean lazy) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("dsack", lazy ? 2603L : 309L);
        m.put("partialAcks", lazy ? 279L : 54L);
        m.put("karnAcks", lazy ? 747L : 32L);
        m.put("spuriousRetrans", lazy ? 857L : 205L);
        m.put("fastRetrans", lazy ? 1622L : 54L);
        m.put("dupAcks", lazy ? 3446L : 504L);
        m.put("lostSegments", lazy ? 6730L : 9205L);
        m.put("ackLostSegment", lazy ? 8272L : 7022L);
        m.put("outOfOrder", lazy ? 303L : 436L);
        m.put("bytesSent", 123456789012L);
        return m;
    }

    @Test
    void rendersTheSeedTableWithTheMailsChangeColumn() {
        String t = WiresharkTable.render("FULL", seed(false), "LAZY", seed(true));
        List<String> lines = t.lines().toList();
        lines.forEach(l -> assertTrue(l.length() <= 72, "too wide (" + l.length() + "): " + l));
        assertTrue(lines.get(1).contains("FULL") && lines.get(1).contains("LAZY"), lines.get(1));
        assertEquals(3 + WiresharkTable.ROWS.size() + 1, lines.size(), t);
        assertTrue(row(lines, "D-SACK Sequence").matches(".*\\|\\s+309 \\|\\s+2,603 \\|\\s+x8\\.4 \\|"), t);
        assertTrue(row(lines, "(Suspected) fast retransmission").contains("x30.0"), t);
        assertTrue(row(lines, "Previous segment(s) not captured").contains("-27%"), t);
        assertTrue(row(lines, "(Suspected) out-of-order segment").contains("-31%"), t);
        assertFalse(t.contains("bytesSent"), "only Wireshark's warnings are rows");
    }

    @Test
    void theMailsRowsNeitherSideCountsAreNamedUnderTheTable() {
        // the seed's captures count all but TSO/GRO's row, which no input gives
        assertEquals("Not counted by either side, so not rows here: Packet length exceeds MSS (TSO/GRO).",
                String.join(" ", WiresharkTable.leftOut(seed(false), seed(true)).lines().toList()));
        // a simulated run has no capture point: no "ACKed segment that wasn't captured" either
        Map<String, Long> run = new LinkedHashMap<>(seed(false));
        run.remove("ackLostSegment");
        String note = WiresharkTable.leftOut(run, Map.of("dsack", 1L));
        note.lines().forEach(l -> assertTrue(l.length() <= 72, "too wide: " + l));
        assertEquals("Not counted by either side, so not rows here: ACKed segment that wasn't captured;"
                + " Packet length exceeds MSS (TSO/GRO).", String.join(" ", note.lines().toList()));
        assertTrue(note.lines().anyMatch(l -> l.contains("ACKed segment that wasn't captured;")),
                "a row's name on one line: " + note);
    }

    @Test
    void zerosAndMissingKeysReadAsEqualOrNew() {
        Map<String, Long> base = Map.of("dsack", 0L, "fastRetrans", 0L);
        Map<String, Long> test = Map.of("dsack", 0L, "fastRetrans", 12L);
        String t = WiresharkTable.render("full", base, "lazy", test);
        assertTrue(row(t.lines().toList(), "D-SACK Sequence").contains(" = |"), t);
        assertTrue(row(t.lines().toList(), "(Suspected) fast retransmission").contains("new"), t);
        assertEquals(3 + 2 + 1, t.lines().count(), "only the rows either run has");
        assertEquals("+18%", WiresharkTable.change(7022, 8272));
        assertEquals("x23.3", WiresharkTable.change(32, 747));
        assertEquals("x150", WiresharkTable.change(2, 300));
        assertEquals("=", WiresharkTable.change(382, 382), "equal counts read as 'compare' prints them, not +0%");
    }

    /**
     * A change under half a percent (means over seeds) read "-0%", a negative zero, and "+0%":
     * it shows in the decimals that tell it from none, and 0% where even two do not.
     */
    @Test
    void aChangeThatRoundsToZeroIsNeverANegativeZero() {
        assertEquals("-0.1%", WiresharkTable.change(1000, 999));
        assertEquals("+0.3%", WiresharkTable.change(1000, 1003));
        assertEquals("-0.01%", WiresharkTable.change(10_000, 9_999));
        assertEquals("0%", WiresharkTable.change(1_000_000, 999_999));
        assertEquals("0%", WiresharkTable.change(1_000_000, 1_000_001));
        assertEquals("-1%", WiresharkTable.change(1000, 990), "a whole percent as before");
        String t = WiresharkTable.render("full", Map.of("dupAcks", 1000L), "lazy", Map.of("dupAcks", 999L));
        assertTrue(row(t.lines().toList(), "Duplicate ACK").contains("-0.1%"), t);
        assertTrue(!t.contains("-0%"), t);
    }

    @Test
    void aRunWithoutACounterReadsNotCountedNotZero() {
        // a dataset without TCP counters was printed as measured zeros: "| D-SACK Sequence | 0 | 0 | = |"
        String t = WiresharkTable.render("A", Map.of("dsack", 0L, "dupAcks", 7L), "B", Map.of());
        assertTrue(row(t.lines().toList(), "D-SACK Sequence").matches("\\|[^|]+\\|\\s+0 \\|\\s+n/a \\|\\s+n/a \\|"), t);
        assertTrue(row(t.lines().toList(), "Duplicate ACK").matches("\\|[^|]+\\|\\s+7 \\|\\s+n/a \\|\\s+n/a \\|"), t);
        String nstat = WiresharkTable.render("A", Map.of("dsack", 3L, "karnAcks", 2L), "B", Map.of("dsack", 5L));
        assertTrue(row(nstat.lines().toList(), "Ambiguous ACK (Karn)").matches("\\|[^|]+\\|\\s+2 \\|\\s+n/a \\|\\s+n/a \\|"),
                nstat);
        assertTrue(row(nstat.lines().toList(), "D-SACK Sequence").contains("+67%"), nstat);
    }

    @Test
    void hugeCountsStayInTheirColumn() {
        String t = WiresharkTable.render("a-very-long-label", Map.of("dupAcks", 123_456_789L), "b",
                Map.of("dupAcks", 1L));
        t.lines().forEach(l -> assertTrue(l.length() <= 72, l));
        assertTrue(t.contains("| 123.46M |"), "in millions to two decimals, as 1M told less: " + t);
    }

    private static String row(List<String> lines, String label) {
        return lines.stream().filter(l -> l.startsWith("| " + label)).findFirst().orElseThrow();
    }

    /**
     * A side's counts are the mean over its runs that counted TCP, shown whole: a run summary
     * without a tcp object (a seed that counted none) does not pull the mean towards 0.
     */
    @Test
    void aSidesCountsAreTheMeanOverTheRunsThatCountedTcp() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        List<com.fasterxml.jackson.databind.JsonNode> runs = List.of(
                m.readTree("{\"tcp\": {\"dsack\": 2, \"dupAcks\": 3}}"),
                m.readTree("{\"tcp\": {\"dsack\": 5, \"dupAcks\": 4}}"),
                m.readTree("{\"events\": 10}"));
        assertEquals(Map.of("dsack", 3.5, "dupAcks", 3.5), WiresharkTable.meanCounts(runs));
        assertEquals(List.of("dsack", "dupAcks"), List.copyOf(WiresharkTable.meanCounts(runs).keySet()));
        assertEquals("4", WiresharkTable.cells(WiresharkTable.meanCounts(runs), Map.of("dsack", 1L)).get(0).get(1),
                "a mean of 3.5 shows as the count 4");
        assertTrue(WiresharkTable.meanCounts(List.of(m.readTree("{\"events\": 10}"))).isEmpty());
    }

    /**
     * With seeds, the change is the ratio of the two sides' exact means, the one the A/B delta row
     * of the same counter prints ({@code compare --seeds}' tcp.dsack x48.45): 7.33 to 355.33 is x48.5,
     * though the cells show 7 and 355, whose ratio (x50.7) the table had printed beside it.
     */
    @Test
    void withSeedsTheChangeIsTheDeltaRowsRatioOfTheExactMeans() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        List<com.fasterxml.jackson.databind.JsonNode> base = List.of(m.readTree("{\"tcp\": {\"dsack\": 7}}"),
                m.readTree("{\"tcp\": {\"dsack\": 7}}"), m.readTree("{\"tcp\": {\"dsack\": 8}}"));
        List<com.fasterxml.jackson.databind.JsonNode> test = List.of(m.readTree("{\"tcp\": {\"dsack\": 355}}"),
                m.readTree("{\"tcp\": {\"dsack\": 355}}"), m.readTree("{\"tcp\": {\"dsack\": 356}}"));
        SummaryComparison.Row row = SummaryComparison.rows(base, test).stream()
                .filter(r -> r.metric().equals("tcp.dsack")).findFirst().orElseThrow();
        assertEquals("x48.45", ComparisonTable.ratio(row));
        List<String> cells = WiresharkTable.cells(WiresharkTable.meanCounts(base), WiresharkTable.meanCounts(test))
                .get(0);
        assertEquals(List.of("D-SACK Sequence", "7", "355", "x48.5"), cells);
        String text = WiresharkTable.render("full", WiresharkTable.meanCounts(base), "lazy",
                WiresharkTable.meanCounts(test));
        assertTrue(text.contains("|       7 |     355 |    x48.5 |"), text);
        // a mean that rounds to no count is not shown as 0 beside a change that says it counted some
        assertEquals(List.of("D-SACK Sequence", "0.3", "12", "x36.0"),
                WiresharkTable.cells(Map.of("dsack", 1 / 3.0), Map.of("dsack", 12L)).get(0));
    }

    /**
     * Two sides with a different number of seeds and of counters (three simulated seeds beside two
     * snapshots of a tool without a Karn counter): each column is its own side's mean, a counter
     * only one side has reads n/a on the other with no change, and swapping the sides swaps the
     * columns, nothing else.
     */
    @Test
    void sidesWithOtherSeedCountsAndCountersKeepTheirOwnFigures() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        List<com.fasterxml.jackson.databind.JsonNode> three = List.of(
                m.readTree("{\"tcp\": {\"dsack\": 3, \"karnAcks\": 9, \"dupAcks\": 30}}"),
                m.readTree("{\"tcp\": {\"dsack\": 6, \"karnAcks\": 9, \"dupAcks\": 30}}"),
                m.readTree("{\"tcp\": {\"dsack\": 9, \"karnAcks\": 12, \"dupAcks\": 60}}"));
        List<com.fasterxml.jackson.databind.JsonNode> two = List.of(
                m.readTree("{\"tcp\": {\"dupAcks\": 10, \"dsack\": 100}}"),
                m.readTree("{\"tcp\": {\"dupAcks\": 20, \"dsack\": 300}}"));
        Map<String, Double> a = WiresharkTable.meanCounts(three);
        Map<String, Double> b = WiresharkTable.meanCounts(two);
        assertEquals(Map.of("dsack", 6.0, "karnAcks", 10.0, "dupAcks", 40.0), a);
        assertEquals(Map.of("dsack", 200.0, "dupAcks", 15.0), b);
        List<List<String>> ab = WiresharkTable.cells(a, b);
        assertEquals(List.of(
                List.of("D-SACK Sequence", "6", "200", "x33.3"),
                List.of("Ambiguous ACK (Karn)", "10", "n/a", "n/a"),
                List.of("Duplicate ACK", "40", "15", "-63%")), ab);
        List<List<String>> ba = WiresharkTable.cells(b, a);
        for (int i = 0; i < ab.size(); i++) {
            assertEquals(ab.get(i).get(0), ba.get(i).get(0));
            assertEquals(ab.get(i).get(1), ba.get(i).get(2), "swapped: " + ba.get(i));
            assertEquals(ab.get(i).get(2), ba.get(i).get(1), "swapped: " + ba.get(i));
        }
    }
}
