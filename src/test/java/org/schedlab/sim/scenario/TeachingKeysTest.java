package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Explain panel's scenario keys: {@code explain} and {@code lookAt}, checked as strictly as the rest. */
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
