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
}
