package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.render.Caption;

/**
 * An A/B side's caption line names every choice-type parameter with its value: "B (test):
 * scenario defaults" never said which arch or preemption model a mail reader should reproduce.
 */
class AbChoicesCaptionTest {
    @Test
    void aSideAtTheDefaultsNamesItsChoices() throws Exception {
        Scenario s = ScenarioCatalog.find("pgbench-graviton4");
        Map<String, String> choices = DefaultsDiff.choices(s, Map.of());
        assertTrue(choices.containsKey("arch") && choices.containsKey("preemption"), choices.toString());
        String line = Caption.parameterLine("B (test): ", choices, DefaultsDiff.withoutChoices(s, Map.of()));
        assertTrue(line.startsWith("B (test): "), line);
        assertTrue(line.contains("arch=" + s.params().get("arch").value()), line);
        assertTrue(line.endsWith("; the rest scenario defaults"), line);
        String lazy = Caption.parameterLine("B (test): ", DefaultsDiff.choices(s, Map.of("preemption", "lazy")),
                DefaultsDiff.withoutChoices(s, Map.of("preemption", "lazy")));
        assertTrue(lazy.contains("preemption=lazy"), lazy);
        assertTrue(lazy.endsWith("; the rest scenario defaults"), lazy);
        assertEquals(-1, lazy.indexOf("differs"), lazy);
        // a choice set away from its default names the value the side ran with, not the default
        ParamDef arch = s.params().get("arch");
        String other = arch.choices().stream().filter(c -> !c.equals(arch.value())).findFirst().orElseThrow();
        assertEquals(other, DefaultsDiff.choices(s, Map.of("arch", other)).get("arch"));
    }
}
