package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON every command prints, against CLI.md and SIMULATOR.md: each promised field under its
 * name and of its type (a whole number stays whole, a string a string), so that a rename or a
 * change of type fails here before it breaks a script. Fields added since are checked where the
 * README documents them.
 */
class CliJsonContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SANDBOX = "example-data/recordings/pgbench-sandbox-2cpu/";

    @TempDir
    Path dir;

    private static final Predicate<JsonNode> TEXT = JsonNode::isTextual;
    private static final Predicate<JsonNode> WHOLE = JsonNode::isIntegralNumber;
    private static final Predicate<JsonNode> NUMBER = JsonNode::isNumber;
    private static final Predicate<JsonNode> OBJECT = JsonNode::isObject;
    private static final Predicate<JsonNode> ARRAY = JsonNode::isArray;
    private static final Predicate<JsonNode> BOOLEAN = JsonNode::isBoolean;

    private static final Map<Predicate<JsonNode>, String> NAMES = Map.of(TEXT, "a string", WHOLE, "a whole number",
            NUMBER, "a number", OBJECT, "an object", ARRAY, "an array", BOOLEAN, "true or false");

    /** {@code o.name} exists and is of {@code type}. */
    private static JsonNode field(JsonNode o, String name, Predicate<JsonNode> type, String where) {
        assertTrue(o.has(name), where + ": no field \"" + name + "\" in " + cut(o));
        JsonNode v = o.get(name);
        assertTrue(type.test(v), where + "." + name + " should be " + NAMES.get(type) + ", is " + cut(v));
        return v;
    }

    private static String cut(JsonNode n) {
        String s = n.toString();
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private static JsonNode parse(CliRun r) throws Exception {
        assertEquals(0, r.exitCode(), r.err());
        return JSON.readTree(r.out());
    }

    /** {@code {"count": n, "mean": x, "p50": x, "p99": x, "max": x}}. */
    private static void latency(JsonNode o, String where) {
        field(o, "count", WHOLE, where);
        for (String f : new String[] {"mean", "p50", "p99", "max"}) {
            field(o, f, NUMBER, where);
        }
    }

    /** SIMULATOR.md's summary object: every field it names, of its type. */
    private static void summary(JsonNode s, String where) {
        field(s, "scenario", TEXT, where);
        field(s, "params", OBJECT, where).fields().forEachRemaining(e ->
                assertTrue(e.getValue().isTextual(), where + ".params." + e.getKey() + " should be a string"));
        field(s, "seed", WHOLE, where);
        field(s, "durationMs", WHOLE, where);
        field(s, "events", WHOLE, where);
        field(s, "wallMs", WHOLE, where);
        JsonNode throughput = field(s, "throughput", OBJECT, where);
        field(throughput, "value", NUMBER, where + ".throughput");
        field(throughput, "unit", TEXT, where + ".throughput");
        JsonNode cpu = field(s, "cpu", OBJECT, where);
        List<String> modes = new ArrayList<>();
        cpu.fieldNames().forEachRemaining(modes::add);
        assertEquals(List.of("user", "kernel", "fault", "spin", "runnableWait", "idle", "steal"), modes, where + ".cpu");
        for (String m : modes) {
            field(cpu, m, NUMBER, where + ".cpu");
        }
        JsonNode profile = field(s, "profile", ARRAY, where);
        assertFalse(profile.isEmpty(), where + ".profile is empty");
        for (JsonNode p : profile) {
            field(p, "site", TEXT, where + ".profile[]");
            field(p, "share", NUMBER, where + ".profile[]");
        }
        for (JsonNode l : field(s, "locks", ARRAY, where)) {
            String at = where + ".locks[]";
            field(l, "name", TEXT, at);
            field(l, "kind", TEXT, at);
            field(l, "acquisitions", WHOLE, at);
            field(l, "contended", WHOLE, at);
            latency(field(l, "holdUs", OBJECT, at), at + ".holdUs");
            latency(field(l, "waitUs", OBJECT, at), at + ".waitUs");
            field(l, "holderPreemptions", WHOLE, at);
            latency(field(l, "holderOffCpuUs", OBJECT, at), at + ".holderOffCpuUs");
        }
        JsonNode runqlat = field(s, "runqlatUs", OBJECT, where);
        latency(field(runqlat, "_all", OBJECT, where + ".runqlatUs"), where + ".runqlatUs._all");
        runqlat.fields().forEachRemaining(e -> latency(e.getValue(), where + ".runqlatUs." + e.getKey()));
        JsonNode comms = field(s, "comms", OBJECT, where);
        assertFalse(comms.isEmpty(), where + ".comms is empty");
        comms.fields().forEachRemaining(e -> {
            String at = where + ".comms." + e.getKey();
            field(e.getValue(), "tasks", WHOLE, at);
            field(e.getValue(), "runMs", NUMBER, at);
            field(e.getValue(), "cpuShare", NUMBER, at);
            field(e.getValue(), "switches", WHOLE, at);
        });
        JsonNode preemptions = field(s, "preemptions", OBJECT, where);
        for (String f : new String[] {"involuntary", "inKernel", "lockHolder"}) {
            field(preemptions, f, WHOLE, where + ".preemptions");
        }
        // added since SIMULATOR.md (README "JSON fields"): sched's counters, latencyUs where a workload times operations
        JsonNode sched = field(s, "sched", OBJECT, where);
        for (String f : new String[] {"voluntarySwitches", "wakeups", "reschedIpis", "rseqGrants"}) {
            field(sched, f, WHOLE, where + ".sched");
        }
        if (s.has("latencyUs")) {
            field(s, "latencyUs", OBJECT, where).fields().forEachRemaining(e ->
                    latency(e.getValue(), where + ".latencyUs." + e.getKey()));
        }
        if (s.has("tcp")) {
            JsonNode tcp = field(s, "tcp", OBJECT, where);
            for (String f : new String[] {"dsack", "fastRetrans", "spuriousRetrans", "dupAcks", "retransSegs",
                "outOfOrder"}) {
                field(tcp, f, WHOLE, where + ".tcp");
            }
        }
    }

    @Test
    void simulateSummaryHasEveryFieldOfSimulatorMdOfItsType() throws Exception {
        // case A, short: a run with a lock and operations
        JsonNode s = parse(CliRun.of("simulate", "--scenario", "pgbench-graviton4", "--warmup-ms", "10",
                "--duration-ms", "20", "--summary", "json"));
        summary(s, "simulate");
        assertFalse(s.get("locks").isEmpty(), "case A has buffer_strategy_lock");
        assertTrue(s.has("latencyUs"), "case A times its transactions");
        assertEquals(20, s.get("durationMs").asLong());
        assertEquals("20", s.get("params").get("durationMs").asText());
    }

    /** compare --format json: CLI.md's rows, both summaries, and with --seeds the min and max. */
    @Test
    void compareJsonHasTheRowsCliMdPromisesOfTheirTypes() throws Exception {
        JsonNode c = parse(CliRun.of("compare", "--scenario", "pgbench-graviton4", "--base", "preemption=none",
                "--test", "preemption=lazy", "--warmup-ms", "10", "--duration-ms", "20", "--seeds", "2",
                "--format", "json"));
        summary(field(c, "base", OBJECT, "compare"), "compare.base");
        summary(field(c, "test", OBJECT, "compare"), "compare.test");
        assertEquals(2, field(c, "seeds", WHOLE, "compare").asInt());
        assertEquals(1, field(c, "summarySeed", WHOLE, "compare").asLong());
        JsonNode seedList = field(c, "seedList", ARRAY, "compare");
        assertEquals(2, seedList.size());
        seedList.forEach(n -> assertTrue(n.isIntegralNumber(), "compare.seedList: " + seedList));
        List<String> metrics = new ArrayList<>();
        for (JsonNode r : field(c, "rows", ARRAY, "compare")) {
            String at = "compare.rows[" + r.path("metric") + "]";
            metrics.add(field(r, "metric", TEXT, at).asText());
            for (String f : new String[] {"base", "test", "baseMin", "baseMax", "testMin", "testMax"}) {
                field(r, f, NUMBER, at);
            }
            // null where the base is 0 (no ratio), a number otherwise
            field(r, "ratio", n -> n.isNumber() || n.isNull(), at);
            if (r.get("ratio").isNull()) {
                assertEquals(0.0, r.get("base").asDouble(), at + ": a ratio is left out only for a base of 0");
            }
        }
        assertEquals("throughput", metrics.get(0));
        for (String m : new String[] {"cpu.user", "cpu.kernel", "cpu.fault", "cpu.spin", "cpu.runnableWait",
            "cpu.idle", "cpu.steal", "buffer_strategy_lock holderPreemptions", "buffer_strategy_lock waitUs.mean",
            "runqlatUs._all.mean", "runqlatUs.postgres.mean"}) {
            assertTrue(metrics.contains(m), m + " in " + metrics);
        }
        assertTrue(metrics.stream().anyMatch(m -> m.startsWith("profile: ")), "the top profile site: " + metrics);
        field(c.get("rows").get(0), "unit", TEXT, "compare.rows[throughput]");
    }

    /** The tcp counters of a network scenario: in each summary and as compare rows. */
    @Test
    void compareJsonOfANetworkScenarioHasItsTcpCountersAsRows() throws Exception {
        JsonNode c = parse(CliRun.of("compare", "--scenario", "s390-uperf", "--warmup-ms", "10", "--duration-ms", "20",
                "--format", "json"));
        summary(c.get("base"), "compare.base");
        field(c.get("base"), "tcp", OBJECT, "compare.base");
        List<String> metrics = new ArrayList<>();
        for (JsonNode r : c.get("rows")) {
            metrics.add(r.get("metric").asText());
            assertFalse(r.has("baseMin"), "one seed: no min and max");
        }
        for (String m : new String[] {"tcp.dsack", "tcp.fastRetrans", "tcp.spuriousRetrans", "tcp.dupAcks",
            "tcp.retransSegs", "tcp.outOfOrder", "runqlatUs.kworker.mean"}) {
            assertTrue(metrics.contains(m), m + " in " + metrics);
        }
    }

    @Test
    void importSummaryHasCliMdsFieldsOfTheirTypes() throws Exception {
        JsonNode j = parse(CliRun.of("import", SANDBOX + "perf_sched_script.txt.gz", SANDBOX + "nstat.txt.gz",
                SANDBOX + "perf_lock_contention.txt", "--summary", "json"));
        String at = "import";
        field(j, "format", TEXT, at);
        JsonNode files = field(j, "files", ARRAY, at);
        assertEquals(3, files.size());
        files.forEach(f -> assertTrue(f.isTextual(), "import.files: " + files));
        assertEquals(2, field(j, "cpus", WHOLE, at).asInt());
        field(j, "spanNs", WHOLE, at);
        field(j, "events", WHOLE, at);
        JsonNode tasks = field(j, "tasks", ARRAY, at);
        assertFalse(tasks.isEmpty());
        for (JsonNode t : tasks) {
            field(t, "tid", WHOLE, "import.tasks[]");
            field(t, "pid", WHOLE, "import.tasks[]");
            field(t, "comm", TEXT, "import.tasks[]");
            field(t, "runtimeMs", NUMBER, "import.tasks[]");
            field(t, "switches", WHOLE, "import.tasks[]");
            field(t, "avgDelayMs", NUMBER, "import.tasks[]");
            field(t, "maxDelayMs", NUMBER, "import.tasks[]");
        }
        JsonNode runqlat = field(j, "runqlatUs", OBJECT, at);
        latency(field(runqlat, "_all", OBJECT, "import.runqlatUs"), "import.runqlatUs._all");
        runqlat.fields().forEachRemaining(e -> latency(e.getValue(), "import.runqlatUs." + e.getKey()));
        JsonNode counters = field(j, "counters", ARRAY, at);
        assertFalse(counters.isEmpty(), "nstat's counters");
        for (JsonNode c : counters) {
            field(c, "name", TEXT, "import.counters[]");
            field(c, "unit", TEXT, "import.counters[]");
            field(c, "samples", WHOLE, "import.counters[]");
            for (String f : new String[] {"min", "max", "mean", "last"}) {
                field(c, f, NUMBER, "import.counters[]");
            }
        }
        field(j, "locks", ARRAY, at);
        // added (README): the contention table's rows, and what the readers found
        JsonNode table = field(j, "lockTable", OBJECT, at);
        field(table, "tool", TEXT, "import.lockTable");
        field(table, "key", TEXT, "import.lockTable");
        for (JsonNode r : field(table, "rows", ARRAY, "import.lockTable")) {
            r.fields().forEachRemaining(e -> assertTrue(e.getValue().isTextual(), "import.lockTable.rows[]." + e.getKey()));
        }
        field(j, "parameters", OBJECT, at).fields().forEachRemaining(e ->
                assertTrue(e.getValue().isTextual(), "import.parameters." + e.getKey()));
    }

    @Test
    void importSummaryOfARecordingWithLockLanesTypesEachLock() throws Exception {
        Path trace = dir.resolve("trace.json");
        org.schedlab.io.ChromeTraceWriter.write(org.schedlab.fixtures.RecordedWindow.withAnAbandonedWait(), trace);
        JsonNode locks = parse(CliRun.of("import", trace.toString(), "--summary", "json")).get("locks");
        assertFalse(locks.isEmpty());
        for (JsonNode l : locks) {
            field(l, "name", TEXT, "import.locks[]");
            field(l, "kind", TEXT, "import.locks[]");
            field(l, "contended", WHOLE, "import.locks[]");
            latency(field(l, "waitUs", OBJECT, "import.locks[]"), "import.locks[].waitUs");
            for (String f : new String[] {"unacquiredWaits", "openWaits", "abandonedWaits"}) {
                field(l, f, WHOLE, "import.locks[]");
            }
        }
    }

    @Test
    void infoJsonFieldsAreOfTheirTypes() throws Exception {
        JsonNode o = parse(CliRun.of("info", CliRun.smallDataset(dir, "run.json").toString(), "--json"));
        String at = "info";
        for (String f : new String[] {"file", "datasetFormat", "source", "format", "schedlabVersion"}) {
            field(o, f, TEXT, at);
        }
        for (String f : new String[] {"datasetVersion", "seed", "cpus", "tasks", "startNs", "endNs", "spanNs", "slices",
            "taskLanes", "taskStateIntervals"}) {
            field(o, f, WHOLE, at);
        }
        field(o, "parameters", OBJECT, at).fields().forEachRemaining(e ->
                assertTrue(e.getValue().isTextual(), "info.parameters." + e.getKey()));
        field(o, "taskLaneNames", ARRAY, at).forEach(n -> assertTrue(n.isTextual(), "info.taskLaneNames"));
        JsonNode locks = field(o, "locks", ARRAY, at);
        assertFalse(locks.isEmpty());
        for (JsonNode l : locks) {
            field(l, "name", TEXT, "info.locks[]");
            field(l, "kind", TEXT, "info.locks[]");
            field(l, "shared", BOOLEAN, "info.locks[]");
            field(l, "holds", WHOLE, "info.locks[]");
            field(l, "waits", WHOLE, "info.locks[]");
        }
        JsonNode counters = field(o, "counters", ARRAY, at);
        assertFalse(counters.isEmpty());
        for (JsonNode c : counters) {
            field(c, "name", TEXT, "info.counters[]");
            field(c, "unit", TEXT, "info.counters[]");
            field(c, "samples", WHOLE, "info.counters[]");
        }
        field(o, "operations", ARRAY, at);
        JsonNode marks = field(o, "marks", OBJECT, at);
        field(marks, "total", WHOLE, "info.marks");
        field(marks, "byKind", OBJECT, "info.marks").fields().forEachRemaining(e ->
                assertTrue(e.getValue().isIntegralNumber(), "info.marks.byKind." + e.getKey()));
        field(o, "importWarnings", ARRAY, at);
    }

    @Test
    void scenariosJsonListsEachParameterWithItsValueAsAStringAndItsBoundsAsNumbers() throws Exception {
        JsonNode all = parse(CliRun.of("scenarios", "--json"));
        assertTrue(all.isArray() && all.size() >= 6, cut(all));
        for (JsonNode s : all) {
            String at = "scenarios[" + s.path("name").asText() + "]";
            for (String f : new String[] {"name", "title", "workload", "description"}) {
                field(s, f, TEXT, at);
            }
            field(s, "notes", ARRAY, at).forEach(n -> assertTrue(n.isTextual(), at + ".notes"));
            JsonNode pair = field(s, "compare", OBJECT, at);
            field(pair, "base", OBJECT, at + ".compare");
            field(pair, "test", OBJECT, at + ".compare");
            JsonNode params = field(s, "parameters", OBJECT, at);
            assertTrue(params.has("preemption") && params.has("seed") && params.has("durationMs"), at);
            params.fields().forEachRemaining(e -> {
                String p = at + ".parameters." + e.getKey();
                JsonNode v = e.getValue();
                for (String f : new String[] {"value", "unit", "range", "source", "explain"}) {
                    field(v, f, TEXT, p);
                }
                if (v.has("min") || v.has("max")) {
                    field(v, "min", NUMBER, p);
                    field(v, "max", NUMBER, p);
                    field(v, "integer", BOOLEAN, p);
                } else {
                    field(v, "choices", ARRAY, p).forEach(c -> assertTrue(c.isTextual(), p + ".choices"));
                }
            });
        }
    }

    @Test
    void tableJsonIsASummaryForOneFileAndBaseTestRowsForTwo() throws Exception {
        String f = CliRun.smallDataset(dir, "run.json").toString();
        JsonNode one = parse(CliRun.of("table", f, "--json"));
        field(one, "scenario", TEXT, "table");
        field(one, "params", OBJECT, "table");
        field(one, "cpu", OBJECT, "table");
        field(one, "profile", ARRAY, "table");
        field(one, "locks", ARRAY, "table");
        field(one, "runqlatUs", OBJECT, "table");
        field(one, "importWarnings", ARRAY, "table");
        JsonNode two = parse(CliRun.of("table", f, f, "--json"));
        field(two, "base", OBJECT, "table A B");
        field(two, "test", OBJECT, "table A B");
        for (JsonNode r : field(two, "rows", ARRAY, "table A B")) {
            String at = "table A B.rows[" + r.path("metric") + "]";
            field(r, "metric", TEXT, at);
            for (String side : new String[] {"base", "test", "ratio"}) {
                field(r, side, n -> n.isNumber() || n.isNull(), at);
            }
        }
    }
}
