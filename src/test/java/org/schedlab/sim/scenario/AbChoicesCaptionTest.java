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

    /**
     * A workload's own auto choice is named with what it resolved to as the core ones are:
     * compare's {@code with} line said {@code smt=auto} beside {@code hz=250 (auto)}, so a reader
     * of an arm64 run could not tell that its vCPUs were not hyperthread pairs.
     */
    @Test
    void theWorkloadsAutoChoicesAreNamedWithWhatTheyResolvedTo() throws Exception {
        Scenario s = ScenarioCatalog.find("mongodb-ycsb-a");
        assertEquals("auto", s.params().get("smt").value());
        assertEquals("off (auto)", DefaultsDiff.choices(s, Map.of("arch", "arm64")).get("smt"));
        assertEquals("on (auto)", DefaultsDiff.choices(s, Map.of("arch", "x86")).get("smt"));
        assertEquals("off", DefaultsDiff.choices(s, Map.of("arch", "x86", "smt", "off")).get("smt"));
        Map<String, String> r = DefaultsDiff.autoResolved(s, Map.of("arch", "arm64", "cpuRelaxNs", "auto"));
        assertEquals("1", r.get("cpuRelaxNs"), r.toString());
        assertEquals("45", DefaultsDiff.autoResolved(s, Map.of("arch", "x86", "cpuRelaxNs", "auto"))
                .get("cpuRelaxNs"));
    }

    /**
     * "hz=auto" did not tell a mail reader the tick rate the run had: a choice left at auto is
     * named with what it resolved to on that side's machine; one set explicitly stays as given.
     */
    @Test
    void anAutoChoiceIsNamedWithWhatItResolvedTo() throws Exception {
        Scenario s = ScenarioCatalog.find("pgbench-graviton4");
        assertEquals("auto", s.params().get("hz").value());
        Map<String, String> arm = DefaultsDiff.choices(s, Map.of());
        assertEquals("250 (auto)", arm.get("hz"), arm.toString());
        Map<String, String> x86 = DefaultsDiff.choices(s, Map.of("arch", "x86", "spinDelay", "auto"));
        assertEquals("pause (auto)", x86.get("spinDelay"), x86.toString());
        Map<String, String> s390 = DefaultsDiff.choices(s, Map.of("arch", "s390", "spinDelay", "auto"));
        assertEquals("100 (auto)", s390.get("hz"), s390.toString());
        assertEquals("none (auto)", s390.get("spinDelay"), s390.toString());
        assertEquals("1000", DefaultsDiff.choices(s, Map.of("hz", "1000")).get("hz"));
        String line = Caption.parameterLine("A (base): ", arm, DefaultsDiff.withoutChoices(s, Map.of()));
        assertTrue(line.contains(" hz=250 (auto) "), line);
        // both sides' line: alike, or each side's where the machines resolved it differently
        assertEquals("250 (auto)", DefaultsDiff.shownBoth("auto", "250", "base", "250", "test"));
        assertEquals("auto (base 1000, test 250)", DefaultsDiff.shownBoth("auto", "1000", "base", "250", "test"));
        assertEquals("isb", DefaultsDiff.shownBoth("isb", null, "base", null, "test"));
    }

    /**
     * A teaching run's caption names the choices a class can see at work, not a parameter the
     * scenario never reaches: teach-kernel-section's A/B caption said "spinDelay=pause (auto)",
     * a spin loop the textbook case does not have. Set away from its default, it is named still.
     */
    @Test
    void aChoiceTheScenarioDoesNotUseIsLeftOutAtItsDefault() throws Exception {
        for (String name : java.util.List.of("teach-kernel-section", "teach-remote-wakeup", "teach-fair-share")) {
            Scenario s = ScenarioCatalog.find(name);
            assertTrue(s.params().get("spinDelay").isUnused(), name);
            Map<String, String> choices = DefaultsDiff.choices(s, Map.of("preemption", "full"));
            assertTrue(choices.keySet().stream().noneMatch(k -> s.params().get(k).isUnused()), name + ": " + choices);
            String line = Caption.parameterLine("B (test): ", choices,
                    DefaultsDiff.withoutChoices(s, Map.of("preemption", "full")));
            assertEquals(-1, line.indexOf("spinDelay"), line);
            assertTrue(line.contains("preemption=full") && line.contains("arch=x86") && line.contains("hz=250"), line);
            assertEquals("wfe", DefaultsDiff.choices(s, Map.of("spinDelay", "wfe")).get("spinDelay"), name);
        }
        // where the scenario spins, its spin delay is named as before
        Scenario pg = ScenarioCatalog.find("pgbench-graviton4");
        assertTrue(DefaultsDiff.choices(pg, Map.of()).containsKey("spinDelay"));
    }
}
