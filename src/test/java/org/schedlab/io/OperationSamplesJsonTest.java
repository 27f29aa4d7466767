package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** The dataset JSON's {@code operations}: kept through a write and a read; files without them still load. */
class OperationSamplesJsonTest {
    private static final String HEADER = "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
            + "\"metadata\": {\"source\": \"t\", \"format\": \"simulation\"},\n"
            + "\"tasks\": [], \"cpus\": [{\"cpu\": 0, \"startNs\": [0], \"endNs\": [1000], \"task\": [-1], \"state\": [5]}],\n";

    private static String json(Dataset d) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Dataset read(String json) throws Exception {
        return DatasetJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "bad.json");
    }

    @Test
    void samplesSurviveWriteAndRead() throws Exception {
        Dataset d = Dataset.builder(Metadata.of("t", "simulation"))
                .slice(0, 0, 1000, -1, SliceState.IDLE)
                .build();
        assertTrue(d.operations().isEmpty());
        assertFalse(json(d).contains("\"operations\""), "a dataset without samples is written as before");
        var b = Dataset.builder(Metadata.of("t", "simulation")).slice(0, 0, 1000, -1, SliceState.IDLE);
        b.operation("transaction").add(100, 90).add(100, 40).add(700, 650);
        b.operation("none ran");
        Dataset withOps = b.build();
        Dataset back = read(json(withOps));
        assertEquals(withOps, back);
        assertEquals(3, back.operations().get(0).size());
        assertEquals(650, back.operations().get(0).latencyNs(2));
        assertEquals(0, back.operations().get(1).size());
        var l = DatasetSummary.of(back).path("latencyUs");
        assertEquals(3, l.path("transaction").path("count").asLong());
        assertEquals(0.65, l.path("transaction").path("max").asDouble());
        assertEquals(0, l.path("none ran").path("count").asLong());
    }

    @Test
    void aSavedRunWrittenBeforeSamplesExistedStillLoads() throws Exception {
        Dataset run = Simulation.run(ScenarioCatalog.builtIn("mongodb-ycsb-a"), Map.of("durationMs", "30",
                "warmupMs", "10"), Simulation.Options.recording(30), () -> false).dataset().orElseThrow();
        assertFalse(run.operations().isEmpty());
        // an older SchedLab wrote everything but this section
        ObjectMapper m = new ObjectMapper();
        ObjectNode tree = (ObjectNode) m.readTree(json(run));
        tree.remove("operations");
        Dataset old = read(m.writeValueAsString(tree));
        assertTrue(old.operations().isEmpty());
        assertEquals(run.cpus(), old.cpus());
        assertEquals(run.counters(), old.counters(), "its 10 ms latency tracks are there as before");
        assertFalse(DatasetSummary.of(old).has("latencyUs"), "no samples: no latency rows, as before");
    }

    @Test
    void columnsOfDifferentLengthsAreNamedWithTheirLine() {
        var e = DatasetJsonErrorTest.fail(HEADER
                + "\"operations\": [\n {\"name\": \"transaction\", \"endNs\": [10, 20], \"latencyNs\": [5]}]}");
        DatasetJsonErrorTest.assertAt(e, 5, "operation transaction", "\"latencyNs\" has 1 values", "\"endNs\" has 2");
    }

    @Test
    void unsortedOrNegativeSamplesAreRefused() {
        var e = DatasetJsonErrorTest.fail(HEADER
                + "\"operations\": [\n {\"name\": \"transaction\", \"endNs\": [20, 10], \"latencyNs\": [5, 5]}]}");
        DatasetJsonErrorTest.assertAt(e, 5, "invalid dataset: operation transaction sample 1", "not sorted");
        e = DatasetJsonErrorTest.fail(HEADER
                + "\"operations\": [\n {\"name\": \"transaction\", \"endNs\": [20], \"latencyNs\": [-5]}]}");
        DatasetJsonErrorTest.assertAt(e, 5, "operation transaction sample 0: latency -5 ns");
        e = DatasetJsonErrorTest.fail(HEADER + "\"operations\": [\n {\"name\": \"a\", \"endNs\": [], \"latencyNs\": []},\n"
                + " {\"name\": \"a\", \"endNs\": [], \"latencyNs\": []}]}");
        DatasetJsonErrorTest.assertAt(e, 6, "operation a: appears twice");
    }
}
