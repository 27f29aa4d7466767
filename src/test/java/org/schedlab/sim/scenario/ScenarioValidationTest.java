package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioValidationTest {

    private static Scenario parse(String json) throws ScenarioException {
        return ScenarioLoader.parse(new StringReader(json), "my.json", "test");
    }

    private static String msg(String json) {
        return assertThrows(ScenarioException.class, () -> parse(json)).getMessage();
    }

    private static final String OK = "{\n \"name\": \"x\",\n \"workload\": \"teach-fair-share\",\n"
            + " \"parameters\": {\n  \"chunkUs\": {\"value\": 100, \"unit\": \"us\", \"min\": 1, \"max\": 1000,"
            + " \"source\": \"s\", \"explain\": \"e\"},\n  \"cpus\": {\"value\": 2}\n }\n}\n";

    @Test
    void aValidFileKeepsValuesAndFillsCoreDefaults() throws Exception {
        Scenario s = parse(OK);
        assertEquals("100", s.params().get("chunkUs").value());
        assertEquals("2", s.params().get("cpus").value());
        assertEquals("lazy", s.params().get("preemption").value());
        assertEquals("1..1024 vCPUs", s.params().get("cpus").rangeText());
    }

    @Test
    void malformedJsonNamesFileLineAndColumn() {
        String m = msg("{\n \"name\": \"x\",\n \"workload\" \"y\"\n}");
        assertTrue(m.startsWith("my.json:3:"), m);
        assertTrue(m.contains("malformed JSON"), m);
    }

    @Test
    void aFileThatEndsEarlySaysWhichObjectIsNotClosed() {
        // Jackson's own words here were "expected close marker for Object (start marker at
        // [Source: REDACTED" - parser internals, cut off mid-sentence
        String m = msg("{\n \"name\": \"x\",\n \"parameters\": {\n");
        assertTrue(m.startsWith("my.json:4:"), m);
        assertTrue(m.endsWith("malformed JSON: the object { opened at line 3, column 16 is not closed"), m);
    }

    @Test
    void unknownParameterFieldIsReportedAtItsLine() {
        String m = msg(OK.replace("\"explain\": \"e\"", "\"explian\": \"e\""));
        assertTrue(m.startsWith("my.json:5:"), m);
        assertTrue(m.contains("unknown field \"explian\""), m);
    }

    @Test
    void valueOutOfItsRangeInTheFileIsReportedWithTheRange() {
        String m = msg(OK.replace("\"value\": 100", "\"value\": 5000"));
        assertTrue(m.startsWith("my.json:5:"), m);
        assertTrue(m.contains("out of range 1..1000 us"), m);
    }

    @Test
    void workloadParameterNeedsARangeOrChoices() {
        String m = msg(OK.replace("\"min\": 1, \"max\": 1000,", ""));
        assertTrue(m.contains("needs \"choices\" or both \"min\" and \"max\""), m);
    }

    @Test
    void coreRangesMayOnlyNarrow() {
        String m = msg(OK.replace("\"cpus\": {\"value\": 2}", "\"cpus\": {\"value\": 2, \"min\": 0, \"max\": 4}"));
        assertTrue(m.contains("range may only narrow"), m);
    }

    @Test
    void missingWorkloadIsReported() {
        String m = msg("{\"name\": \"x\", \"parameters\": {}}");
        assertTrue(m.startsWith("my.json:1:1: missing \"workload\""), m);
    }

    @Test
    void unknownWorkloadIsReportedAtItsLineWithTheKnownOnes() {
        // was "scenario x: unknown workload 'teach-fair-shares'" at run time, naming neither file nor line
        String m = msg(OK.replace("\"teach-fair-share\"", "\"teach-fair-shares\""));
        assertTrue(m.startsWith("my.json:3:14: unknown workload \"teach-fair-shares\" (expected one of "), m);
        assertTrue(m.contains("teach-fair-share, ") && m.contains("pgbench"), m);
    }

    @Test
    void aBlankNameIsRefusedAtItsLine() {
        // "name": "" ran as a scenario called nothing: "scenario    (seed 1)", a caption without a name
        String m = msg(OK.replace("\"name\": \"x\"", "\"name\": \"  \""));
        assertTrue(m.startsWith("my.json:2:10: expected a scenario name for \"name\", found an empty one"), m);
    }

    @Test
    void aParameterTheWorkloadHasNotIsRefusedNamingItsParameters() {
        // "chunkMs" for "chunkUs" was taken and never read: the run used nothing the file said
        String m = msg(OK.replace("\"chunkUs\"", "\"chunkMs\""));
        assertTrue(m.startsWith("my.json:5:14: unknown parameter \"chunkMs\" of workload teach-fair-share (expected"
                + " one of "), m);
        assertTrue(m.contains("chunkUs") && m.contains("bNice") && m.contains("preemption"), m);
    }

    @Test
    void unknownOverrideKeyNamesTheValidKeys() throws Exception {
        Scenario s = parse(OK);
        String m = assertThrows(ScenarioException.class, () -> s.resolve(Map.of("chunkMs", "3"))).getMessage();
        assertTrue(m.contains("unknown parameter 'chunkMs'"), m);
        assertTrue(m.contains("valid keys: preemption, scheduler, cpus,"), m);
        assertTrue(m.contains("chunkUs"), m);
    }

    @Test
    void outOfRangeOverrideNamesTheRange() throws Exception {
        Scenario s = parse(OK);
        assertEquals("parameter cpus=0 out of range 1..1024 vCPUs",
                assertThrows(ScenarioException.class, () -> s.resolve(Map.of("cpus", "0"))).getMessage());
        assertTrue(assertThrows(ScenarioException.class, () -> s.resolve(Map.of("preemption", "rt")))
                .getMessage().contains("is not one of none|voluntary|full|lazy"));
        assertTrue(assertThrows(ScenarioException.class, () -> s.resolve(Map.of("cpus", "2.5")))
                .getMessage().contains("whole number"));
        assertTrue(assertThrows(ScenarioException.class, () -> s.resolve(Map.of("rseqSliceExtUs", "3")))
                .getMessage().contains("0 (off) or 5..50 us"));
        assertEquals("0", s.resolve(Map.of("rseqSliceExtUs", "0")).string("rseqSliceExtUs"));
        assertEquals("auto", s.resolve(Map.of("hz", "auto")).string("hz"));
    }

    @Test
    void assignmentsNeedKeyEqualsValue() {
        assertThrows(ScenarioException.class, () -> Scenario.parseAssignments(List.of("cpus")));
        assertThrows(ScenarioException.class, () -> Scenario.parseAssignmentList("cpus=1,=3"));
    }

    @Test
    void archAutoDefaultsResolve() throws Exception {
        Scenario s = parse(OK);
        Params p = s.resolve(Map.of("arch", "s390", "cpus", "16"));
        var m = CoreParams.machine(p);
        assertEquals(100, m.hz());
        assertEquals(2_800_000, m.baseSliceNs());
        assertEquals("none", m.spinDelay().key());
        assertEquals("100", CoreParams.resolved(p, m).get("hz"));
    }

    @Test
    void builtInsAreFoundByNameAndAllLoad() throws Exception {
        List<String> names = ScenarioCatalog.names();
        assertTrue(names.containsAll(List.of("teach-fair-share", "teach-kernel-section")), names.toString());
        for (Scenario s : ScenarioCatalog.all()) {
            for (ParamDef d : s.params().values()) {
                assertTrue(!d.source().isBlank(), s.name() + "." + d.key() + " has a source");
                assertTrue(!d.explain().isBlank(), s.name() + "." + d.key() + " has an explanation");
            }
        }
        assertTrue(assertThrows(ScenarioException.class, () -> ScenarioCatalog.find("nope")).getMessage()
                .contains("built-in: "));
    }

    @Test
    void aScenarioFileIsFoundByPath(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mine.json");
        Files.writeString(f, OK);
        assertEquals("x", ScenarioCatalog.find(f.toString()).name());
        assertTrue(assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(dir.resolve("no.json").toString()))
                .getMessage().endsWith("no such scenario file"));
    }
}
