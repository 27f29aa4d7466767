package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;

/**
 * A counter's gap survives every file SchedLab writes: null in the dataset JSON and in Chrome
 * trace JSON (JSON has no NaN), read back as a gap; an empty cell in counters.csv.
 */
class CounterGapExportTest {
    @TempDir
    Path dir;

    /** READ latency: 365 us from 0, no value from 10 s, 335 us from 20 s. */
    private static Dataset withGap() throws Exception {
        var b = Dataset.builder(Metadata.of("ycsb.txt", "ycsb"));
        b.counter("ycsb READ avg latency", "us").add(0, 365).add(10_000_000_000L, Double.NaN)
                .add(20_000_000_000L, 335);
        return b.build();
    }

    @Test
    void theDatasetJsonWritesAGapAsNullAndReadsItBack() throws Exception {
        Dataset d = withGap();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        String json = out.toString(StandardCharsets.UTF_8);
        assertFalse(json.contains("NaN"), json);
        JsonNode value = new ObjectMapper().readTree(json).get("counters").get(0).get("value");
        assertEquals("[365.0,null,335.0]", value.toString());
        Dataset back = DatasetJson.read(new ByteArrayInputStream(out.toByteArray()), "run.json");
        assertEquals(d, back);
        assertFalse(back.counters().get(0).hasValue(1));
    }

    @Test
    void aFileWithoutGapsReadsAsBeforeAndNonNumbersAreStillRefused() throws Exception {
        String header = "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
                + "\"metadata\": {\"source\": \"t\", \"format\": \"simulation\"},\n\"tasks\": [], \"cpus\": [],\n";
        Dataset old = DatasetJson.read(new ByteArrayInputStream((header + "\"counters\": [{\"name\": \"tps\", \"unit\":"
                + " \"tx/s\", \"tNs\": [0, 5], \"value\": [98565.9, 50751.25]}]}").getBytes(StandardCharsets.UTF_8)), "x");
        CounterSeries tps = old.counters().get(0);
        assertEquals(0, tps.gapCount());
        assertEquals(50751.25, tps.value(1));
        DatasetFormatException e = DatasetJsonErrorTest.fail(header + "\"counters\": [{\"name\": \"tps\", \"tNs\": [0],"
                + " \"value\": [\"x\"]}]}");
        assertTrue(e.getMessage().contains("expected a number or null in \"value\""), e.getMessage());
    }

    @Test
    void counterCsvLeavesAGapsValueCellEmpty() throws Exception {
        CsvExport.write(withGap(), dir);
        List<String> rows = Files.readAllLines(dir.resolve("counters.csv"), StandardCharsets.UTF_8);
        assertEquals(List.of("counter,unit,tNs,value", "ycsb READ avg latency,us,0,365.0",
                "ycsb READ avg latency,us,10000000000,", "ycsb READ avg latency,us,20000000000,335.0"), rows);
    }

    @Test
    void chromeTraceJsonWritesAGapAsANullValueThatReadsBackAsAGap() throws Exception {
        Dataset d = withGap();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeTraceWriter.write(d, out);
        String json = out.toString(StandardCharsets.UTF_8);
        assertFalse(json.contains("NaN"), json);
        Dataset back = Importer.standard().importFile(RecordingSource.ofBytes("trace.json", out.toByteArray())).dataset();
        CounterSeries read = back.counter("ycsb READ avg latency").orElseThrow();
        assertEquals(3, read.size());
        assertEquals(365, read.value(0));
        assertFalse(read.hasValue(1), "the gap comes back as a gap");
        assertEquals(335, read.value(2));
    }
}
