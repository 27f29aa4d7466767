package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The teaching keys: {@code explain}, {@code lookAt} and the A/B pair {@code compare}, checked as strictly as the rest. */
class TeachingKeysTest {
    private static final String HEAD = "{\n \"name\": \"x\",\n \"workload\": \"teach-fair-share\",\n";
    private static final String PARAMS = " \"parameters\": {\"chunkUs\": {\"value\": 100, \"min\": 1, \"max\": 1000}}\n}\n";

    private static Scenario parse(String json) throws ScenarioException {
        return ScenarioLoader.parse(new StringReader(json), "t.json", "test");
    }

    private static String msg(String json) {
        return assertThrows(ScenarioException.class, () -> parse(json)).getMessage();
    }

    @Test
    void explainAndLookAtAreRead() throws Exception {
        Scenario s = parse(HEAD + " \"explain\": \"the mechanism\",\n \"lookAt\": [\"plain step\",\n"
                + "  {\"text\": \"switch it\", \"set\": {\"preemption\": \"full\", \"chunkUs\": 50}}],\n" + PARAMS);
        assertEquals("the mechanism", s.explain());
        assertEquals(2, s.lookAt().size());
        assertEquals(new LookAt("plain step", Map.of()), s.lookAt().get(0));
        assertEquals("switch it", s.lookAt().get(1).text());
        assertEquals(Map.of("preemption", "full", "chunkUs", "50"), s.lookAt().get(1).set());
    }

    @Test
    void aScenarioWithoutTeachingKeysHasEmptyOnes() throws Exception {
        Scenario s = parse(HEAD + PARAMS);
        assertEquals("", s.explain());
        assertTrue(s.lookAt().isEmpty());
    }

    @Test
    void unknownTopLevelKeysAreStillRejected() {
        String m = msg(HEAD + " \"explainn\": \"typo\",\n" + PARAMS);
        assertTrue(m.startsWith("t.json:4:"), m);
        assertTrue(m.contains("unknown field \"explainn\""), m);
        assertTrue(m.contains("lookAt"), "the valid keys are listed: " + m);
    }

    @Test
    void aLookAtStepWithAnUnknownFieldOrParameterIsRejectedAtItsLine() {
        String field = msg(HEAD + " \"lookAt\": [\n  {\"text\": \"a\", \"sett\": {}}],\n" + PARAMS);
        assertTrue(field.startsWith("t.json:5:"), field);
        assertTrue(field.contains("unknown field \"sett\""), field);
        String param = msg(HEAD + " \"lookAt\": [\n  {\"text\": \"a\", \"set\": {\"preemptoin\": \"full\"}}],\n" + PARAMS);
        assertTrue(param.startsWith("t.json:5:"), param);
        assertTrue(param.contains("unknown parameter \"preemptoin\""), param);
        String value = msg(HEAD + " \"lookAt\": [{\"text\": \"a\", \"set\": {\"preemption\": \"fast\"}}],\n" + PARAMS);
        assertTrue(value.contains("preemption"), value);
        String noText = msg(HEAD + " \"lookAt\": [{\"set\": {}}],\n" + PARAMS);
        assertTrue(noText.contains("missing \"text\""), noText);
        String notArray = msg(HEAD + " \"lookAt\": \"look\",\n" + PARAMS);
        assertTrue(notArray.contains("an array of steps"), notArray);
    }

    @Test
    void aComparePairIsReadAndEachSideValidated() throws Exception {
        Scenario s = parse(HEAD + " \"compare\": {\"base\": {\"preemption\": \"none\"},\n"
                + "  \"test\": {\"preemption\": \"lazy\", \"chunkUs\": 50}},\n" + PARAMS);
        assertEquals(Map.of("preemption", "none"), s.compare().orElseThrow().base());
        assertEquals(Map.of("preemption", "lazy", "chunkUs", "50"), s.compare().orElseThrow().test());
        assertTrue(parse(HEAD + PARAMS).compare().isEmpty(), "the pair is optional");

        String param = msg(HEAD + " \"compare\": {\"base\": {},\n  \"test\": {\"preemptoin\": \"lazy\"}},\n" + PARAMS);
        assertTrue(param.startsWith("t.json:5:"), param);
        assertTrue(param.contains("compare: unknown parameter \"preemptoin\""), param);
        String value = msg(HEAD + " \"compare\": {\"base\": {\"chunkUs\": 5000}, \"test\": {}},\n" + PARAMS);
        assertTrue(value.startsWith("t.json:4:") && value.contains("chunkUs"), value);
        String field = msg(HEAD + " \"compare\": {\"base\": {}, \"tests\": {}},\n" + PARAMS);
        assertTrue(field.contains("unknown field \"tests\""), field);
        String missing = msg(HEAD + " \"compare\": {\"base\": {\"preemption\": \"none\"}},\n" + PARAMS);
        assertTrue(missing.contains("missing \"test\""), missing);
        // the core default of preemption is lazy: {} and lazy are one setting, A/B would show one run twice
        String same = msg(HEAD + " \"compare\": {\"base\": {}, \"test\": {\"preemption\": \"lazy\"}},\n" + PARAMS);
        assertTrue(same.contains("the same setting"), same);
    }

    @Test
    void everyBuiltInScenarioNamesTheComparisonItIsAbout() throws Exception {
        for (String name : ScenarioCatalog.names()) {
            Comparison c = ScenarioCatalog.builtIn(name).compare().orElseThrow(() -> new AssertionError(name));
            ScenarioCatalog.builtIn(name).resolve(c.base());
            ScenarioCatalog.builtIn(name).resolve(c.test());
        }
        assertEquals(new Comparison(Map.of("preemption", "none"), Map.of("preemption", "lazy")),
                ScenarioCatalog.builtIn("pgbench-graviton4").compare().orElseThrow(), "case A: the seed's none vs lazy");
        assertEquals(new Comparison(Map.of("readerSpinning", "on"), Map.of("readerSpinning", "off")),
                ScenarioCatalog.builtIn("mongodb-ycsb-a").compare().orElseThrow(), "case B: before and after the backport");
        assertEquals(new Comparison(Map.of("preemption", "full"), Map.of("preemption", "lazy")),
                ScenarioCatalog.builtIn("s390-uperf").compare().orElseThrow(), "case C: full vs lazy");
    }

    @Test
    void everyTeachScenarioHasATourWhoseStepsAreValidRuns() throws Exception {
        for (String name : ScenarioCatalog.names()) {
            if (!name.startsWith("teach-")) {
                continue;
            }
            Scenario s = ScenarioCatalog.builtIn(name);
            assertTrue(s.explain().length() > 100, name + " explains its mechanism");
            assertTrue(s.lookAt().size() >= 3, name + " has a tour");
            for (LookAt step : s.lookAt()) {
                s.resolve(step.set()); // every step's parameters resolve
            }
        }
    }
}
