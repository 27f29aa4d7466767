package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Figures tab writes its numbers as the workbench's other tables: a walk found "6896" there
 * beside the Locks tab's grouped counts and "35.9%" beside the Live summary's "35.9 %".
 */
class SummaryFiguresScreenTest {
    private static Map<String, String> figures() throws Exception {
        ObjectNode s = (ObjectNode) new ObjectMapper().readTree("""
                {"throughput": {"value": 176542.3, "unit": "tps"},
                 "latencyUs": {"transaction": {"count": 123456, "mean": 5566.5, "p99": 54.25, "max": 12000000}},
                 "cpu": {"user": 0.359, "kernel": 0.2, "fault": 0.000033, "spin": 0, "runnableWait": 0.1,
                         "idle": 0.3, "steal": 0.041},
                 "preemptions": {"involuntary": 6896, "inKernel": 12, "lockHolder": 1234},
                 "sched": {"wakeups": 1234567, "reschedIpis": 5, "rseqGrants": 0},
                 "tcp": {"retransSegs": 4321},
                 "sysstat": {"vmstat cs (/s)": 45678.25, "mpstat CPU 0 %steal": 0.5}}
                """);
        return SummaryFigures.of(s).stream().collect(Collectors.toMap(SummaryFigures.Row::name,
                SummaryFigures.Row::value, (a, b) -> a, java.util.LinkedHashMap::new));
    }

    @Test
    void countsAreGrouped() throws Exception {
        Map<String, String> m = figures();
        assertEquals("6,896", m.get("preemptions involuntary"), m.toString());
        assertEquals("1,234,567", m.get("sched wakeups"));
        assertEquals("4,321", m.get("tcp retransSegs"));
        assertEquals("123,456", m.get("latency us transaction count"));
    }

    @Test
    void sharesAndMeasurementsReadAsOnEveryOtherTable() throws Exception {
        Map<String, String> m = figures();
        assertEquals("35.9 %", m.get("cpu user"), m.toString());
        assertEquals("0.0033 %", m.get("cpu fault"));
        assertEquals("0.0 %", m.get("cpu spin"));
        assertEquals("176,542 tps", m.get("throughput"));
        assertEquals("5,567", m.get("latency us transaction mean"));
        assertEquals("54.3", m.get("latency us transaction p99"));
        assertEquals("12,000,000", m.get("latency us transaction max"), "not 1.20e+07 as in the text's narrow column");
        assertEquals("45,678", m.get("vmstat cs (/s) mean"));
        assertEquals("0.50", m.get("mpstat CPU 0 %steal mean"));
    }

    @Test
    void aBenchmarksOwnFigureIsItsRowAndTheThroughputRowIsTheRoundedOneOnlyOnce() throws Exception {
        // runA's pgbench output: the reader keeps "tps = 2599.603685" as pgbench.tps and as the
        // headline "throughput" = "2599.603685 tps"; Figures listed that headline as a parameter row
        // (cut at 1280 px) where the throughput row is, and no rounded throughput as on every other screen
        ObjectNode s = (ObjectNode) new ObjectMapper().readTree("""
                {"params": {"pgbench.tps": "2599.603685", "throughput": "2599.603685 tps"},
                 "throughput": {"value": 2599.603685, "unit": "tps"}}
                """);
        java.util.List<SummaryFigures.Row> rows = SummaryFigures.of(s);
        assertEquals(java.util.List.of(new SummaryFigures.Row("recorded", "pgbench.tps", "2599.603685"),
                new SummaryFigures.Row("throughput", "throughput", "2,600 tps")), rows);
    }
}
