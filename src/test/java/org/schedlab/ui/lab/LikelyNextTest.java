package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * Which settings run ahead, most likely first: the parameter changed last (its other choices,
 * its auto/off box the other way, a spinner's neighbours), then the other preemption models,
 * then the workload's choices before the machine's - each as the panel would produce it.
 */
class LikelyNextTest {
    private final Scenario teach = LabFixtures.teach();

    @Test
    void theOtherPreemptionModelsComeFirstThenTheWorkloadsChoicesAndTheChoiceChangedLastLeads() throws Exception {
        Scenario pg = ScenarioCatalog.find("pgbench-graviton4");
        ParameterPanelViewModel panel = new ParameterPanelViewModel(pg);
        List<Lookahead.Candidate> first = LikelyNext.of(panel, Optional.empty(), 1);
        assertEquals(List.of("preemption=none", "preemption=voluntary", "preemption=full"),
                first.subList(0, 3).stream().map(Lookahead.Candidate::label).toList());
        assertEquals(Map.of("preemption", "none"), first.get(0).overrides());
        assertEquals("pageSize=2m", first.get(3).label(), "the workload's knob before the machine's (arch, hz)");

        panel.apply(Map.of("pageSize", "2m", "preemption", "none"));
        List<Lookahead.Candidate> next = LikelyNext.of(panel, Optional.of("pageSize"), 3);
        assertEquals("pageSize=4k", next.get(0).label());
        assertEquals(Map.of("preemption", "none"), next.get(0).overrides(), "the scenario's value is left out");
        assertEquals(Map.of("pageSize", "2m", "preemption", "voluntary"), next.get(1).overrides());
        assertEquals(3, next.get(1).seeds());
        assertTrue(next.stream().noneMatch(c -> c.overrides().equals(panel.overrides())), "never the setting itself");
        assertTrue(next.stream().allMatch(c -> pg.params().get(c.label().split("=")[0]).isChoice()), "choices only");
    }


    @Test
    void aSpinnerChangedLastHasItsNeighboursNextAndAnOffBoxItsOtherState() throws Exception {
        ParameterPanelViewModel panel = new ParameterPanelViewModel(teach);
        panel.apply(Map.of("cpus", "3"));
        List<Lookahead.Candidate> next = LikelyNext.of(panel, Optional.of("cpus"), 1);
        assertEquals(List.of("cpus=4", "cpus=2", "preemption=voluntary"),
                next.subList(0, 3).stream().map(Lookahead.Candidate::label).toList());

        // the slice extension is case A's (the teaching scenarios have no task that asks for one)
        ParameterPanelViewModel pg = new ParameterPanelViewModel(ScenarioCatalog.find("pgbench-graviton4"));
        pg.apply(Map.of("cpus", "3", "rseqSliceExtUs", "20"));
        next = LikelyNext.of(pg, Optional.of("rseqSliceExtUs"), 1);
        assertEquals("rseqSliceExtUs=0", next.get(0).label(), "switched off again");
        assertEquals(Map.of("cpus", "3"), next.get(0).overrides(), "off is the scenario's value");
        assertTrue(next.stream().noneMatch(c -> c.label().startsWith("cpus=")), "only the one changed last");

        pg.apply(Map.of());
        next = LikelyNext.of(pg, Optional.of("rseqSliceExtUs"), 1);
        assertEquals("rseqSliceExtUs=5", next.get(0).label(), "switched on at the range's low end, as the box does");
    }

    @Test
    void nothingIsRunAheadForAParameterThatChangesNothing() throws Exception {
        // the teaching scenario's spin delay: nothing spins there, every choice is the run on screen
        List<Lookahead.Candidate> next = LikelyNext.of(new ParameterPanelViewModel(teach), Optional.empty(), 1);
        assertTrue(next.stream().noneMatch(c -> c.label().startsWith("spinDelay=")), labels(next));
        // a parameter waiting for another's value, even when changed last
        ParameterPanelViewModel pg = new ParameterPanelViewModel(ScenarioCatalog.find("pgbench-graviton4"));
        pg.apply(Map.of("stealBurstUs", "100"));
        next = LikelyNext.of(pg, Optional.of("stealBurstUs"), 1);
        assertTrue(next.stream().noneMatch(c -> c.label().startsWith("stealBurstUs=")), labels(next));
        assertEquals("preemption=none", next.get(0).label());
    }


    @Test
    void theChangedKeyIsFoundOnlyWhenExactlyOneValueChanged() {
        assertEquals(Optional.of("pageSize"), LikelyNext.changedKey(Map.of("preemption", "none"),
                Map.of("preemption", "none", "pageSize", "2m")));
        assertEquals(Optional.of("preemption"), LikelyNext.changedKey(Map.of("preemption", "none"), Map.of()));
        assertEquals(Optional.empty(), LikelyNext.changedKey(Map.of("preemption", "none"), Map.of("pageSize", "2m")));
    }


    private static String labels(List<Lookahead.Candidate> candidates) {
        return candidates.stream().map(Lookahead.Candidate::label).toList().toString();
    }
}
