package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ParameterPanelViewModelTest {
    private final ParameterPanelViewModel panel = new ParameterPanelViewModel(LabFixtures.teach());
    private final List<Map<String, String>> changes = new ArrayList<>();

    ParameterPanelViewModelTest() {
        panel.addChangeListener(changes::add);
    }

    private ParamViewModel p(String key) {
        return panel.param(key).orElseThrow();
    }

    @Test
    void everyScenarioParameterGetsAControlChosenFromItsMetadata() {
        assertEquals(LabFixtures.teach().params().keySet(),
                new java.util.LinkedHashSet<>(panel.params().stream().map(ParamViewModel::key).toList()));
        assertEquals(ParamViewModel.Control.CHOICE, p("preemption").control());
        assertEquals(ParamViewModel.Control.SPINNER, p("cpus").control(), "1..8 integers: a spinner");
        assertEquals(ParamViewModel.Control.SLIDER, p("sectionUs").control());
        assertEquals(ParamViewModel.Control.FIELD, p("seed").control(), "a seed is an id, not a quantity");
        assertEquals("auto", p("baseSliceUs").specialValue().orElseThrow());
        assertEquals("0", p("rseqSliceExtUs").specialValue().orElseThrow());
        assertEquals("off", p("rseqSliceExtUs").specialLabel());
        assertEquals("Workload", ParameterPanelViewModel.group("sectionUs"));
        assertEquals("Run", ParameterPanelViewModel.group("durationMs"));
        assertEquals("Machine and kernel", ParameterPanelViewModel.group("preemption"));
    }

    @Test
    void aParameterWaitingForAnothersValueFollowsIt() throws Exception {
        ParameterPanelViewModel pg = new ParameterPanelViewModel(
                org.schedlab.sim.scenario.ScenarioCatalog.builtIn("pgbench-graviton4"));
        ParamViewModel spins = pg.param("futexSpins").orElseThrow();
        assertFalse(spins.takesEffectProperty().get(), "a futex's spins under lockKind=spin");
        assertEquals("only with lockKind=futex", spins.conditionText());
        assertTrue(spins.tooltipText().startsWith("Takes effect only with lockKind=futex."), spins.tooltipText());
        assertTrue(pg.param("lockKind").orElseThrow().set("futex"));
        assertTrue(spins.takesEffectProperty().get());
        assertTrue(pg.param("lockKind").orElseThrow().set("spin"));
        assertFalse(spins.takesEffectProperty().get());
        // a value set while it waits is kept, and is what runs once the condition holds
        assertTrue(spins.set("100"));
        assertEquals("100", pg.overrides().get("futexSpins"));
        ParamViewModel burst = pg.param("stealBurstUs").orElseThrow();
        assertFalse(burst.takesEffectProperty().get());
        assertTrue(pg.param("stealPct").orElseThrow().set("2"));
        assertTrue(burst.takesEffectProperty().get());
        assertTrue(p("sectionUs").takesEffectProperty().get());
        assertEquals("", p("sectionUs").conditionText());
    }

    @Test
    void theTooltipCarriesExplanationRangeDefaultAndSource() {
        String tip = p("sectionUs").tooltipText();
        assertTrue(tip.contains("Length of A's kernel work"), tip);
        assertTrue(tip.contains("Allowed: 0..1000000 us"), tip);
        assertTrue(tip.contains("Scenario value: 10000 us"), tip);
        assertTrue(tip.contains("Source: SIMULATOR.md T2"), tip);
    }

    @Test
    void theSourcesMarksAreExplainedWhereTheyAreUsed() throws Exception {
        // case C's irqInatomic ended "not on s390 [V]": the [V] said nothing to a user
        ParameterPanelViewModel c = new ParameterPanelViewModel(
                org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf"));
        String tip = c.param("irqInatomic").orElseThrow().tooltipText();
        assertTrue(tip.contains("[V]"), tip);
        assertTrue(tip.endsWith("\n[V] checked in the source or a primary mail"), tip);
        assertEquals("[V] checked in the source or a primary mail; [U] unverified: a default to vary, not a fact",
                ParamViewModel.sourceMarksKey("HZ 250 [V]; line transfer [U]"));
        assertFalse(p("sectionUs").tooltipText().contains("checked in"), "no marks, no key");
    }

    @Test
    void changedValuesAreMarkedListedAsOverridesAndResetOneByOneOrAll() {
        assertTrue(p("preemption").set("full"));
        assertTrue(p("sectionUs").set("2000"));
        assertFalse(p("preemption").isDefaultBinding().get());
        assertTrue(p("cpus").isDefaultBinding().get());
        assertEquals(Map.of("preemption", "full", "sectionUs", "2000"), panel.overrides());
        assertEquals(2, panel.changedCountProperty().get());
        assertEquals(List.of(Map.of("preemption", "full"), Map.of("preemption", "full", "sectionUs", "2000")), changes);

        p("preemption").reset();
        assertTrue(p("preemption").isDefaultBinding().get());
        assertEquals(Map.of("sectionUs", "2000"), panel.overrides());
        panel.resetAll();
        assertEquals(Map.of(), panel.overrides());
        assertEquals(0, panel.changedCountProperty().get());
        assertEquals(Map.of(), changes.get(changes.size() - 1), "reset all is one change");
    }

    @Test
    void aRejectedEntryKeepsTheValueShowsWhyAndRunsNothing() {
        assertFalse(p("sectionUs").set("-5"));
        assertEquals("10000", p("sectionUs").value());
        assertTrue(p("sectionUs").errorProperty().get().contains("out of range"), p("sectionUs").errorProperty().get());
        assertTrue(changes.isEmpty());
        assertTrue(p("sectionUs").set("5000"));
        assertEquals("", p("sectionUs").errorProperty().get());
    }

    @Test
    void settingTheSameValueAgainIsNoChange() {
        p("preemption").set("none");
        p("sectionUs").set("10000.0");
        assertTrue(changes.isEmpty());
    }

    @Test
    void autoResolvesToTheMachinesValueForTheEditor() {
        assertEquals("700", p("baseSliceUs").ordinaryValue(), "1 CPU: 700 us x (1 + log2 1)");
        p("cpus").set("4");
        assertEquals("2100", p("baseSliceUs").ordinaryValue(), "4 CPUs: 700 us x (1 + log2 4)");
        assertEquals("5", p("rseqSliceExtUs").ordinaryValue(), "off shows the lowest on value");
    }

    @Test
    void applySetsEveryValueAtOnceAndRejectsUnknownKeys() {
        panel.apply(Map.of("bClass", "fifo", "condReschedUs", "1000"));
        assertEquals(Map.of("condReschedUs", "1000", "bClass", "fifo"), Map.copyOf(panel.overrides()));
        assertEquals(1, changes.size());
        assertThrows(IllegalArgumentException.class, () -> panel.apply(Map.of("nosuch", "1")));
    }
}
