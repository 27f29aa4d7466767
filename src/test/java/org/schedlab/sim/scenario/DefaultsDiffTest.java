package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.sim.Simulation;

/** What a caption says a run changed: only what differs from the scenario, "auto" values resolved. */
class DefaultsDiffTest {

    private static Dataset run(Map<String, String> overrides) throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        return Simulation.run(s, overrides, Simulation.Options.recording(5), () -> false).dataset().orElseThrow();
    }

    @Test
    void aSavedRunDiffersOnlyInWhatWasSetNotInWhatAutoResolvedTo() throws Exception {
        Map<String, String> set = new LinkedHashMap<>();
        set.put("preemption", "full");
        set.put("durationMs", "20");
        Dataset d = run(set);
        assertEquals("250", d.metadata().parameters().get("hz"), "the run stores auto's value");
        assertEquals(Optional.of(set), DefaultsDiff.ofRun(d.metadata()));
    }

    @Test
    void anExplicitValueOtherThanAutosIsAChange() throws Exception {
        Dataset d = run(Map.of("hz", "1000", "durationMs", "20"));
        assertEquals("1000", DefaultsDiff.ofRun(d.metadata()).orElseThrow().get("hz"));
    }

    @Test
    void recordingsAndUnknownScenariosHaveNoDefaults() {
        assertEquals(Optional.empty(), DefaultsDiff.ofRun(Metadata.of("perf.txt", "perf-sched-script")));
        assertEquals(Optional.empty(), DefaultsDiff.ofRun(new Metadata("no-such-scenario", "simulation", Map.of(),
                java.util.OptionalLong.empty(), "t")));
    }

    @Test
    void numbersCompareByValue() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        String section = s.params().get("sectionUs").value();
        assertEquals(Map.of(), DefaultsDiff.of(s, Map.of("sectionUs", section + ".0")));
    }
}
