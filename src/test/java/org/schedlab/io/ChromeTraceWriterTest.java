package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;

/**
 * Chrome Trace Event export: the event structure Perfetto and chrome://tracing rely on (phases,
 * ts/dur in microseconds, pid/tid, thread names, args), checked on the parsed JSON, and the
 * round trip through SchedLab's own Chrome reader, which must give back the same lanes.
 */
class ChromeTraceWriterTest {
    static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @TempDir
    Path dir;

    static byte[] export(Dataset d) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeTraceWriter.write(d, out);
        return out.toByteArray();
    }

    private static List<JsonNode> events(byte[] json, String ph) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : JSON.readTree(json).get("traceEvents")) {
            if (e.get("ph").asText().equals(ph)) {
                out.add(e);
            }
        }
        return out;
    }

    /** thread (pid:tid) -> its thread_name. */
    private static Map<String, String> threadNames(byte[] json) throws IOException {
        Map<String, String> names = new HashMap<>();
        for (JsonNode m : events(json, "M")) {
            if (m.get("name").asText().equals("thread_name")) {
                names.put(m.get("pid").asLong() + ":" + m.get("tid").asLong(), m.get("args").get("name").asText());
            }
        }
        return names;
    }

    private static String thread(JsonNode e) {
        return e.get("pid").asLong() + ":" + e.get("tid").asLong();
    }

    @Test
    void cpuLanesAreThreadsNamedCpuNWithOneCompleteEventPerSliceInMicroseconds() throws Exception {
        byte[] json = export(SampleDatasets.small());
        JsonNode root = JSON.readTree(json);
        assertEquals("ns", root.get("displayTimeUnit").asText());
        Map<String, String> names = threadNames(json);
        List<JsonNode> cpu0 = new ArrayList<>();
        List<JsonNode> cpu1 = new ArrayList<>();
        for (JsonNode x : events(json, "X")) {
            String name = names.get(thread(x));
            if ("CPU 0".equals(name)) {
                cpu0.add(x);
            } else if ("CPU 1".equals(name)) {
                cpu1.add(x);
            }
        }
        assertEquals(4, cpu0.size());
        assertEquals(3, cpu1.size());
        JsonNode first = cpu0.get(0);
        assertEquals(0, new BigDecimal("1").compareTo(first.get("ts").decimalValue()), "1000 ns is 1 us");
        assertEquals(0, new BigDecimal("4").compareTo(first.get("dur").decimalValue()));
        assertEquals("postgres", first.get("name").asText());
        assertEquals(1201, first.get("args").get("tid").asInt());
        assertEquals(1200, first.get("args").get("pid").asInt());
        assertEquals("postgres", first.get("args").get("comm").asText());
        assertEquals("user", first.get("args").get("state").asText());
        assertEquals("kernel", cpu0.get(1).get("args").get("state").asText());
        JsonNode idle = cpu0.get(2);
        assertEquals("idle", idle.get("name").asText());
        assertFalse(idle.get("args").has("tid"), "idle time belongs to no task");
        assertEquals("stolen", cpu1.get(1).get("name").asText());
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("\"ts\":6.500,\"dur\":2.500"),
                "times are written as exact decimals, not binary floats");
        for (JsonNode p : events(json, "M")) {
            if (p.get("name").asText().equals("process_name") && p.get("args").get("name").asText().equals("CPUs")) {
                assertEquals(ChromeTraceWriter.CPU_PROCESS_PID, p.get("pid").asInt());
                return;
            }
        }
        throw new AssertionError("no process named CPUs");
    }

    @Test
    void taskLanesLocksCountersAndMarksHaveTheirOwnEvents() throws Exception {
        byte[] json = export(SampleDatasets.small());
        Map<String, String> names = threadNames(json);
        List<String> pgStates = new ArrayList<>();
        int lockSlices = 0;
        for (JsonNode x : events(json, "X")) {
            if (x.get("pid").asInt() == 1200 && x.get("tid").asInt() == 1201) {
                pgStates.add(x.get("name").asText());
                assertEquals(x.get("name").asText(), x.get("args").get("state").asText());
                assertTrue(x.get("cname").asText().startsWith("thread_state_"));
            }
            if (x.get("cat").asText().equals("lock")) {
                lockSlices++;
                assertNotNull(x.get("args").get("lock"));
                assertTrue(names.get(thread(x)).startsWith("lock " + x.get("args").get("lock").asText() + " "));
            }
        }
        assertEquals(List.of("running", "sleeping"), pgStates);
        assertEquals("postgres", names.get("1200:1201"));
        assertEquals(5, lockSlices, "3 holds and 2 waits");
        assertTrue(names.containsValue("lock mmap_lock holds 2"), "overlapping shared holds get a second row");

        List<JsonNode> counters = events(json, "C");
        assertEquals(3, counters.size());
        assertEquals("tps", counters.get(0).get("name").asText());
        assertEquals(98565.9, counters.get(0).get("args").get("value").asDouble());
        assertEquals(ChromeTraceWriter.COUNTER_PROCESS_PID, counters.get(0).get("pid").asInt());

        List<JsonNode> instants = events(json, "i");
        assertEquals(3, instants.size());
        assertEquals("tick", instants.get(0).get("name").asText());
        assertEquals("t", instants.get(0).get("s").asText());
        assertEquals("CPU 0", names.get(thread(instants.get(0))));
        assertEquals("preemption", instants.get(0).get("args").get("mark").asText());
        assertEquals("g", instants.get(2).get("s").asText(), "a mark on no CPU and no task is global");
        assertEquals("tx/s", JSON.readTree(json).get("otherData").get("schedlab").get("counterUnits").get("tps").asText());
    }

    @Test
    void roundTripThroughTheChromeReaderGivesBackEveryLane() throws Exception {
        Dataset a = SampleDatasets.small();
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("small.json", export(a)));
        assertEquals("chrome-trace", r.report().format());
        Dataset b = r.dataset();
        assertSameLanes(a, b);
        assertEquals("lazy", b.metadata().parameters().get("preempt"));
        // the dataset it was exported from, as its JSON says it: source, format, seed (none here)
        assertEquals("scenario:pgbench-lazy", b.metadata().source());
        assertEquals(a.metadata().format(), b.metadata().format());
        assertEquals(a.metadata().seed(), b.metadata().seed());
        assertEquals(a.metadata().parameters(), b.metadata().parameters(), "no schedlab.* nor chrome.* among them");
        assertTrue(r.report().warnings().isEmpty(), r.report().warnings().toString());
    }

    @Test
    void aRealRecordingSurvivesExportAndImportWithEverySlice() throws Exception {
        Dataset a = Importer.standard().importFile(RecordingSource.of(Path.of(
                "example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz"))).dataset();
        Path out = dir.resolve("runA.trace.json.gz");
        ChromeTraceWriter.write(a, out);
        byte[] plain;
        try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(out))) {
            plain = in.readAllBytes();
        }
        assertEquals(a.sliceCount() + countIntervals(a), events(plain, "X").size(),
                "one complete event per CPU slice and per task-state interval");
        assertEquals(a.marks().size(), events(plain, "i").size());
        Dataset b = Importer.standard().importFile(RecordingSource.of(out)).dataset();
        assertSameLanes(a, b);
    }

    @Property(tries = 60)
    void anyDatasetExportsAsValidJsonWithExactTimesAndOneEventPerElement(@ForAll("datasets") Dataset d)
            throws IOException {
        byte[] json = export(d);
        JsonNode root = JSON.readTree(json);
        int x = 0;
        int c = 0;
        int i = 0;
        for (JsonNode e : root.get("traceEvents")) {
            switch (e.get("ph").asText()) {
                case "X":
                    x++;
                    assertTrue(e.get("dur").decimalValue().signum() >= 0);
                    break;
                case "C":
                    c++;
                    break;
                case "i":
                    i++;
                    break;
                default:
                    break;
            }
        }
        long lockIntervals = 0;
        for (LockLane l : d.locks()) {
            lockIntervals += l.holds().size() + l.waits().size();
        }
        long samples = 0;
        for (CounterSeries s : d.counters()) {
            samples += s.size();
        }
        assertEquals(d.sliceCount() + countIntervals(d) + lockIntervals, x);
        assertEquals(samples, c);
        assertEquals(d.marks().size(), i);
        if (d.sliceCount() > 0) {
            CpuLane lane = d.cpus().stream().filter(l -> !l.slices().isEmpty()).findFirst().orElseThrow();
            String ts = ChromeTraceWriter.micros(lane.slices().startNs(0));
            assertEquals(BigDecimal.valueOf(lane.slices().startNs(0)).movePointLeft(3), new BigDecimal(ts));
        }
    }

    @Provide
    Arbitrary<Dataset> datasets() {
        return DatasetArbitraries.datasets();
    }

    private static long countIntervals(Dataset d) {
        long n = 0;
        for (TaskLane l : d.taskLanes()) {
            n += l.intervals().size();
        }
        return n;
    }

    /** Same CPU slices, task lanes, locks, counters and marks, tasks compared by tid, pid and comm. */
    static void assertSameLanes(Dataset a, Dataset b) {
        assertEquals(a.cpuCount(), b.cpuCount());
        for (int c = 0; c < a.cpuCount(); c++) {
            assertSameIntervals(a, a.cpus().get(c).slices(), b, b.cpus().get(c).slices(), "cpu " + c);
        }
        Map<Integer, TaskLane> lanesByTid = new HashMap<>();
        for (TaskLane l : b.taskLanes()) {
            lanesByTid.put(b.task(l.task()).tid(), l);
        }
        assertEquals(a.taskLanes().size(), b.taskLanes().size());
        for (TaskLane l : a.taskLanes()) {
            TaskLane other = lanesByTid.get(a.task(l.task()).tid());
            assertNotNull(other, "lane of " + a.task(l.task()).label());
            assertSameIntervals(a, l.intervals(), b, other.intervals(), "lane of " + a.task(l.task()).label());
        }
        assertEquals(a.locks().size(), b.locks().size());
        for (LockLane l : a.locks()) {
            LockLane o = b.locks().stream().filter(x -> x.name().equals(l.name())).findFirst().orElseThrow();
            assertEquals(l.kind(), o.kind());
            assertEquals(l.shared(), o.shared());
            assertSameIntervals(a, l.holds(), b, o.holds(), "holds of " + l.name());
            assertSameIntervals(a, l.waits(), b, o.waits(), "waits of " + l.name());
        }
        for (CounterSeries s : a.counters()) {
            if (s.size() == 0) {
                continue; // a counter without samples has no event to carry it
            }
            CounterSeries o = b.counter(s.name()).orElseThrow();
            assertEquals(s.unit(), o.unit());
            assertEquals(s.size(), o.size());
            for (int i = 0; i < s.size(); i++) {
                assertEquals(s.tNs(i), o.tNs(i));
                assertEquals(s.value(i), o.value(i));
            }
        }
        Marks ma = a.marks();
        Marks mb = b.marks();
        assertEquals(ma.size(), mb.size());
        for (int i = 0; i < ma.size(); i++) {
            assertEquals(ma.tNs(i), mb.tNs(i), "mark " + i);
            assertEquals(ma.kind(i), mb.kind(i), "mark " + i);
            assertEquals(ma.cpu(i), mb.cpu(i), "mark " + i);
            assertEquals(ma.note(i), mb.note(i), "mark " + i);
            assertEquals(label(a, ma.task(i)), label(b, mb.task(i)), "mark " + i);
        }
    }

    private static void assertSameIntervals(Dataset a, Intervals x, Dataset b, Intervals y, String what) {
        assertEquals(x.size(), y.size(), what + ": count");
        for (int i = 0; i < x.size(); i++) {
            assertEquals(x.startNs(i), y.startNs(i), what + " #" + i + " start");
            assertEquals(x.endNs(i), y.endNs(i), what + " #" + i + " end");
            assertEquals(x.code(i), y.code(i), what + " #" + i + " code");
            assertEquals(label(a, x.task(i)), label(b, y.task(i)), what + " #" + i + " task");
        }
    }

    private static String label(Dataset d, int task) {
        if (task == Intervals.NO_TASK) {
            return "-";
        }
        TaskInfo t = d.task(task);
        return t.label() + "/" + t.pid();
    }
}
