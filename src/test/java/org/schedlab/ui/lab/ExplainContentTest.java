package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.scenario.LookAt;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** Which tour step the parameters show, and what a scenario without a tour explains. */
class ExplainContentTest {
    private static final Map<String, String> DEFAULTS = Map.of("preemption", "none", "bClass", "fair", "hz", "250");
    private static final List<LookAt> TOUR = List.of(
            new LookAt("note without parameters", Map.of()),
            new LookAt("none", Map.of("preemption", "none")),
            new LookAt("full", Map.of("preemption", "full")),
            new LookAt("lazy fifo", Map.of("preemption", "lazy", "bClass", "fifo")));

    @Test
    void theStepWhoseValuesAreSetIsTheOneShowing() {
        assertEquals(1, ExplainContent.stepShowing(TOUR, Map.of(), DEFAULTS), "defaults = the step setting the default");
        assertEquals(2, ExplainContent.stepShowing(TOUR, Map.of("preemption", "full"), DEFAULTS));
        assertEquals(3, ExplainContent.stepShowing(TOUR, Map.of("preemption", "lazy", "bClass", "fifo"), DEFAULTS));
        assertEquals(-1, ExplainContent.stepShowing(TOUR, Map.of("preemption", "lazy"), DEFAULTS));
        assertEquals(-1, ExplainContent.stepShowing(TOUR, Map.of("preemption", "full", "hz", "1000"), DEFAULTS),
                "one more change leaves the tour");
    }

    @Test
    void aScenarioWithoutATourExplainsWithItsDescriptionAndNotes() throws Exception {
        // every built-in has a tour now: the case A scenario without its teaching keys
        Scenario full = ScenarioCatalog.builtIn("pgbench-graviton4");
        Scenario pg = new Scenario(full.name(), full.title(), full.workload(), full.description(), full.notes(),
                full.params(), full.origin(), "", List.of(), full.compare());
        ExplainContent c = ExplainContent.of(pg);
        assertEquals(pg.description(), c.text());
        assertEquals(pg.notes().size(), c.steps().size());
        assertEquals(pg.notes().get(0), c.steps().get(0).text());
    }
}
