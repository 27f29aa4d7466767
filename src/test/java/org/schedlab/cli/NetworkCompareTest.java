package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** compare on the network scenario: rows for every tcp counter and every comm group's runqlat. */
class NetworkCompareTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<String, JsonNode> rows(CliRun r) throws Exception {
        assertEquals(0, r.exitCode(), r.err());
        Map<String, JsonNode> byMetric = new HashMap<>();
        for (JsonNode row : JSON.readTree(r.out()).path("rows")) {
            byMetric.put(row.path("metric").asText(), row);
        }
        return byMetric;
    }

    @Test
    void fullVersusLazyHasTcpAndPerCommRunqlatRows() throws Exception {
        Map<String, JsonNode> rows = rows(CliRun.of("compare", "--scenario", "s390-uperf", "--base",
                "preemption=full", "--test", "preemption=lazy", "--set", "warmupMs=20", "--set", "durationMs=60",
                "--format", "json"));
        for (String m : new String[] {"throughput", "tcp.dsack", "tcp.fastRetrans", "tcp.spuriousRetrans",
            "tcp.dupAcks", "tcp.retransSegs", "tcp.outOfOrder", "runqlatUs.kworker.mean", "runqlatUs.vhost.mean",
            "runqlatUs.KVM.mean"}) {
            assertTrue(rows.containsKey(m), m + " in " + rows.keySet());
        }
        assertEquals("Gb/s", rows.get("throughput").path("unit").asText());
        assertTrue(rows.get("runqlatUs.kworker.mean").path("ratio").asDouble() > 3, rows.get("runqlatUs.kworker.mean")
                .toString());
    }

    @Test
    void aCommGroupOnlyTheTestRunHasStillGetsARow() throws Exception {
        Map<String, JsonNode> rows = rows(CliRun.of("compare", "--scenario", "s390-uperf", "--base",
                "irqInatomic=on", "--test", "irqInatomic=off", "--set", "warmupMs=20", "--set", "durationMs=40",
                "--format", "json"));
        JsonNode kw = rows.get("runqlatUs.kworker.mean");
        assertEquals(0.0, kw.path("base").asDouble(), "no kworker in the in-atomic run");
        assertTrue(kw.path("test").asDouble() > 0);
    }

    @Test
    void textTableStaysWithinSeventyTwoColumns() {
        CliRun r = CliRun.of("compare", "--scenario", "s390-uperf", "--base", "preemption=full", "--test",
                "preemption=lazy", "--set", "warmupMs=10", "--set", "durationMs=30");
        assertEquals(0, r.exitCode(), r.err());
        r.out().lines().forEach(l -> assertTrue(l.length() <= 72, "too wide: " + l));
        assertTrue(r.out().contains("tcp.dsack"));
    }

    @Test
    void theWiresharkTableNamesTheMailsRowsTheRunsDoNotCount() {
        // pasted beside the s390 mail's ten rows, its eight said nothing of the two missing
        CliRun r = CliRun.of("compare", "--scenario", "s390-uperf", "--base", "preemption=full", "--test",
                "preemption=lazy", "--set", "warmupMs=10", "--set", "durationMs=30");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        String afterTable = out.substring(out.lastIndexOf("+----------|") + "+----------|".length());
        String note = String.join(" ", afterTable.strip().lines().toList());
        assertEquals("Not counted by either side, so not rows here: ACKed segment that wasn't captured;"
                + " Packet length exceeds MSS (TSO/GRO).", note, out);
        assertTrue(out.lines().noneMatch(l -> l.startsWith("| ACKed segment")), out);
    }

    /** The Wireshark table's column heads: each side's value only when both set the one parameter. */
    @Test
    void theWiresharkTableHeadsNameBothSidesTheSameWay() {
        assertEquals("| Wireshark warning / note             |    full |    lazy |   change |",
                wiresharkHead("preemption=full", "preemption=lazy"));
        // one side's value beside the other's role ("full | test") named the runs two ways
        assertEquals("| Wireshark warning / note             |    base |    test |   change |",
                wiresharkHead("preemption=full", "preemption=lazy,irqInatomic=on"));
        assertEquals("| Wireshark warning / note             |    base |    test |   change |",
                wiresharkHead("preemption=full", "irqInatomic=on"));
    }

    /**
     * The heads follow what the runs differ in, not how the options were written: lazy against
     * lazy with an unbound workqueue differ in irqWorkqueue alone, and read {@code percpu | unbound}
     * as the A/B tab heads them; they read {@code base | test} beside the A/B tab's
     * {@code percpu | unbound} for the same two runs.
     */
    @Test
    void theWiresharkTableHeadsNameTheOneParameterTheRunsDifferIn() {
        assertEquals("| Wireshark warning / note             |  percpu | unbound |   change |",
                wiresharkHead("preemption=lazy", "preemption=lazy,irqWorkqueue=unbound"));
        assertEquals("| Wireshark warning / note             |     off |      on |   change |",
                wiresharkHead("irqInatomic=off,preemption=lazy", "preemption=lazy,irqInatomic=on"));
        // a value set to the scenario's own on one side is no difference
        assertEquals("| Wireshark warning / note             |    full |    lazy |   change |",
                wiresharkHead("preemption=full", "preemption=lazy,irqInatomic=off"));
    }

    private static String wiresharkHead(String base, String test) {
        CliRun r = CliRun.of("compare", "--scenario", "s390-uperf", "--base", base, "--test", test, "--set",
                "warmupMs=10", "--set", "durationMs=20");
        assertEquals(0, r.exitCode(), r.err());
        return r.out().lines().filter(l -> l.startsWith("| Wireshark")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
    }

    /**
     * With seeds, the Wireshark table's change is the delta row's ratio of the same counter, both
     * from the seeds' exact means: it had taken its own from the rounded means, so a paste read
     * {@code tcp.dupAcks x979.00} over a Duplicate ACK row of "new" (0.3 rounded to 0), and
     * {@code x55.15} beside {@code x59.8} (239 over 4 for 239.0 over 4.3).
     */
    @Test
    void withSeedsTheWiresharkChangeIsTheDeltaRowsRatio() {
        CliRun r = CliRun.of("compare", "--scenario", "s390-uperf", "--base", "preemption=full", "--test",
                "preemption=lazy", "--set", "warmupMs=10", "--set", "durationMs=30", "--seeds", "3");
        assertEquals(0, r.exitCode(), r.err());
        java.util.List<String> lines = r.out().lines().toList();
        int checked = 0;
        for (org.schedlab.analysis.WiresharkTable.Row row : org.schedlab.analysis.WiresharkTable.ROWS) {
            java.util.Optional<String> delta = lines.stream().filter(l -> l.startsWith("tcp." + row.key() + " "))
                    .findFirst();
            java.util.Optional<String> tcp = lines.stream().filter(l -> l.startsWith("| " + row.label() + " "))
                    .findFirst();
            if (delta.isEmpty() || tcp.isEmpty()) {
                continue;
            }
            String[] d = delta.get().trim().split(" +");
            String[] t = tcp.get().split("\\|");
            String ratio = d[d.length - 1];
            String change = t[t.length - 1].trim();
            if (ratio.equals("new") || ratio.equals("=")) {
                assertEquals(ratio, change, delta.get() + " / " + tcp.get());
            } else {
                double a = factor(ratio);
                double b = change.endsWith("%") ? 1 + Double.parseDouble(change.replace("%", "")) / 100 : factor(change);
                // the delta's two decimals and the table's one (or its whole percent) of one ratio
                double slack = change.endsWith("%") ? 0.0051 : b >= 100 ? 0.51 : 0.051;
                assertEquals(a, b, slack + 0.0051, delta.get() + " / " + tcp.get());
            }
            checked++;
        }
        assertTrue(checked >= 5, r.out());
    }

    /** A ratio as the tables print it: {@code x2.40}, {@code 0.62x}, {@code x979}, {@code 1/180x}. */
    private static double factor(String ratio) {
        String s = ratio.replace(",", "");
        if (s.startsWith("1/")) {
            return 1 / Double.parseDouble(s.substring(2, s.length() - 1));
        }
        return Double.parseDouble(s.startsWith("x") ? s.substring(1) : s.substring(0, s.length() - 1));
    }
}
