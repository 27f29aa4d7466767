package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;

/** import, info and table on a log with gaps: figures over the values only, gaps counted, never NaN printed. */
class CounterGapCliTest {
    private static final String YCSB = Fixtures.path("handmade/ycsb/status_read_idle.txt").toString();

    @TempDir
    Path dir;

    private static JsonNode counter(JsonNode counters, String name) {
        for (JsonNode c : counters) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no counter " + name + " in " + counters);
    }

    @Test
    void importSummarysCounterFiguresSkipGapsAndCountThem() throws Exception {
        CliRun r = CliRun.of("import", YCSB, "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        assertFalse(r.out().contains("NaN"), r.out());
        JsonNode read = counter(new ObjectMapper().readTree(r.out()).get("counters"), "ycsb READ avg latency");
        // 365, 388.67, (no READ), 335, 376.5, (no READ), and the closing sample of the last, empty interval
        assertEquals(3, read.get("gaps").asInt(), read.toString());
        assertEquals(335, read.get("min").asDouble());
        assertEquals(388.67, read.get("max").asDouble());
        assertEquals(366.293, read.get("mean").asDouble(), 1e-9, "(365 + 388.67 + 335 + 376.5) / 4");
        assertEquals(376.5, read.get("last").asDouble(), "the last value measured, not the gap after it");
        assertFalse(counter(new ObjectMapper().readTree(r.out()).get("counters"), "ycsb UPDATE avg latency").has("gaps"));
    }

    @Test
    void infoAndTableOfASavedDatasetWithGaps() throws Exception {
        Path ds = dir.resolve("ycsb.json");
        CliRun imported = CliRun.of("import", YCSB, "--out", ds.toString());
        assertEquals(0, imported.exitCode(), imported.err());
        CliRun info = CliRun.of("info", ds.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().contains("samples, 3 of them gaps without a value)"), info.out());
        CliRun table = CliRun.of("table", ds.toString());
        assertEquals(0, table.exitCode(), table.err());
        assertFalse(table.out().contains("NaN"), table.out());
    }
}
