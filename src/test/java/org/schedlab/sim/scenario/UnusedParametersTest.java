package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.summary.RunSummary;

/**
 * A parameter a scenario marks {@code unused} (its workload never reaches the mechanism) must be
 * exactly that: every value it allows gives the scenario's own run, event for event. The panel
 * folds such parameters away on the strength of this mark, so a wrong one would hide a setting
 * that matters.
 */
class UnusedParametersTest {
    @TempDir
    Path dir;

    /** The run with {@code set}, its echo of the settings without {@code varied}'s. */
    private static RunSummary run(Scenario s, Map<String, String> set, String varied) throws Exception {
        Map<String, String> all = new HashMap<>(Map.of("durationMs", "200", "warmupMs", "20"));
        all.putAll(set);
        RunSummary r = Simulation.run(s, all, Simulation.Options.summaryOnly(), () -> false).summary().withWallMs(0);
        // the summary echoes the settings it ran with; what must not move is everything else
        Map<String, String> params = new HashMap<>(r.params());
        params.remove(varied);
        return new RunSummary(r.scenario(), params, r.seed(), r.durationMs(), r.events(), 0, r.throughput(), r.latencyUs(), r.cpu(),
                r.profile(), r.locks(), r.runqlatUs(), r.comms(), r.preemptions(), r.sched(), r.tcp());
    }

    private static List<String> otherValues(ParamDef d) {
        List<String> v = new ArrayList<>();
        if (d.isChoice()) {
            d.choices().stream().filter(c -> !c.equals(d.value())).forEach(v::add);
        } else {
            for (Double x : new Double[] {d.min(), d.max()}) {
                String s = BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
                if (!s.equals(d.value())) {
                    v.add(s);
                }
            }
        }
        return v;
    }

    /** Each of {@code d}'s other values gives the scenario's own run, or the failure says {@code claim}. */
    private static void assertNoValueChangesTheRun(Scenario s, ParamDef d, String claim) throws Exception {
        assertNoValueChangesTheRun(s, Map.of(), d, claim);
    }

    /** The same, with {@code base} set in every run. */
    private static void assertNoValueChangesTheRun(Scenario s, Map<String, String> base, ParamDef d, String claim)
            throws Exception {
        RunSummary own = run(s, base, d.key());
        for (String v : otherValues(d)) {
            Map<String, String> set = new HashMap<>(base);
            set.put(d.key(), v);
            assertEquals(own, run(s, set, d.key()), s.name() + ": " + d.key() + "=" + v
                    + " changed the run, yet " + claim);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mongodb-ycsb-a", "s390-uperf", "teach-fair-share", "teach-kernel-section",
        "teach-remote-wakeup"})
    void everyValueOfAnUnusedParameterGivesTheScenariosOwnRun(String name) throws Exception {
        Scenario s = ScenarioCatalog.builtIn(name);
        List<ParamDef> unused = s.params().values().stream().filter(ParamDef::isUnused).toList();
        assertFalse(unused.isEmpty(), name + " marks nothing unused");
        for (ParamDef d : unused) {
            assertNoValueChangesTheRun(s, d, "the scenario says: " + d.unused());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pgbench-graviton4", "mongodb-ycsb-a", "teach-kernel-section"})
    void aParameterWhoseConditionFailsChangesNothing(String name) throws Exception {
        Scenario s = ScenarioCatalog.builtIn(name);
        Map<String, String> defaults = new HashMap<>();
        s.params().values().forEach(d -> defaults.put(d.key(), d.value()));
        List<ParamDef> waiting = s.params().values().stream()
                .filter(d -> !d.onlyWith().isEmpty() && !d.takesEffectWith(defaults::get)).toList();
        assertFalse(waiting.isEmpty(), name + ": no parameter waits for another's value");
        for (ParamDef d : waiting) {
            assertNoValueChangesTheRun(s, d, "it takes effect only with " + d.onlyWith());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mongodb-ycsb-a", "teach-fair-share", "teach-kernel-section"})
    void theEevdfBaseSliceChangesNothingUnderCfs(String name) throws Exception {
        Scenario s = ScenarioCatalog.builtIn(name);
        ParamDef slice = s.params().get("baseSliceUs");
        assertFalse(slice.takesEffectWith(Map.of("scheduler", "cfs")::get));
        assertNoValueChangesTheRun(s, Map.of("scheduler", "cfs"), slice, "it takes effect only with scheduler=eevdf");
    }

    @Test
    void conditionsNameTheirParameterAndValues() throws Exception {
        Scenario pg = ScenarioCatalog.builtIn("pgbench-graviton4");
        ParamDef spins = pg.params().get("futexSpins");
        assertEquals(List.of(new ParamCondition("lockKind", List.of("futex"), false)), spins.onlyWith());
        assertFalse(spins.takesEffectWith(Map.of("lockKind", "spin")::get));
        assertTrue(spins.takesEffectWith(Map.of("lockKind", "futex")::get));
        // every scenario's steal burst waits for steal (a core parameter's condition)
        ParamDef burst = ScenarioCatalog.builtIn("teach-fair-share").params().get("stealBurstUs");
        assertFalse(burst.takesEffectWith(Map.of("stealPct", "0")::get));
        assertTrue(burst.takesEffectWith(Map.of("stealPct", "5")::get));
    }

    @Test
    void aConditionOnAnUnknownParameterOrValueIsRefusedWhereItStands() throws Exception {
        String json = Files.readString(Path.of("example-data/scenarios/pgbench-graviton4.json"));
        String cond = "\"onlyWith\": {\"lockKind\": [\"futex\"]}";
        assertTrue(json.contains(cond));
        Path unknown = Files.writeString(dir.resolve("unknown.json"),
                json.replace(cond, "\"onlyWith\": {\"lockKnd\": [\"futex\"]}"));
        String msg = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(unknown.toString())).getMessage();
        assertTrue(msg.startsWith(unknown + ":"), msg);
        assertTrue(msg.contains("futexSpins: onlyWith names no parameter of this scenario: lockKnd"), msg);
        Path badValue = Files.writeString(dir.resolve("value.json"),
                json.replace(cond, "\"onlyWith\": {\"lockKind\": [\"mutex\"]}"));
        msg = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(badValue.toString())).getMessage();
        assertTrue(msg.contains("futexSpins: onlyWith: parameter lockKind=mutex is not one of spin|futex"), msg);
        Path notAnObject = Files.writeString(dir.resolve("shape.json"), json.replace(cond, "\"onlyWith\": 5"));
        msg = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(notAnObject.toString())).getMessage();
        assertTrue(msg.startsWith(notAnObject + ":"), msg);
        assertTrue(msg.contains("parameter futexSpins: onlyWith: expected an object"), msg);
    }

    @Test
    void theCaseAScenarioUsesEveryParameter() throws Exception {
        // its backends spin on s_lock, move its cache line and may ask for a slice extension
        Scenario s = ScenarioCatalog.builtIn("pgbench-graviton4");
        assertTrue(s.params().values().stream().noneMatch(ParamDef::isUnused));
    }

    @Test
    void theMarkIsListedWithItsReason() throws Exception {
        ParamDef d = ScenarioCatalog.builtIn("teach-kernel-section").params().get("spinDelay");
        assertTrue(d.isUnused());
        assertTrue(d.unused().contains("s_lock"), d.unused());
        assertFalse(ScenarioCatalog.builtIn("teach-kernel-section").params().get("sectionUs").isUnused());
    }

    @Test
    void anEmptyReasonIsRefusedWhereItStands() throws Exception {
        String why = ScenarioCatalog.builtIn("teach-fair-share").params().get("spinDelay").unused();
        String json = Files.readString(Path.of("example-data/scenarios/teach-fair-share.json"));
        assertTrue(json.contains("\"unused\": \"" + why + "\""));
        Path f = Files.writeString(dir.resolve("empty-unused.json"),
                json.replace("\"unused\": \"" + why + "\"", "\"unused\": \" \""));
        String msg = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(f.toString())).getMessage();
        assertTrue(msg.startsWith(f + ":"), msg);
        assertTrue(msg.contains("parameter spinDelay: \"unused\" says why"), msg);
    }
}
