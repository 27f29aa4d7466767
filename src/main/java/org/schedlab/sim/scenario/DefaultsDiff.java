package org.schedlab.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.schedlab.model.Metadata;

/**
 * Which parameters of a run differ from its scenario's defaults: what a caption or a review
 * thread needs to say about a picture ("preemption=lazy"), leaving out the dozens of values
 * that are as the scenario ships them.
 */
public final class DefaultsDiff {
    private DefaultsDiff() {
    }

    /**
     * Every choice-type parameter of {@code s} (arch, preemption, irqInatomic ...) with the value
     * {@code values} gives it, else its default, in the scenario's order: what a reader of a mail
     * needs to reproduce a run, where "scenario defaults" said nothing without the scenario file.
     */
    public static Map<String, String> choices(Scenario s, Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        s.params().forEach((k, def) -> {
            if (def.isChoice()) {
                out.put(k, values.getOrDefault(k, def.value()));
            }
        });
        return out;
    }

    /** The entries of {@code values} that are not choice-type parameters of {@code s} ({@link #choices}). */
    public static Map<String, String> withoutChoices(Scenario s, Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>(values);
        out.keySet().removeIf(k -> s.params().containsKey(k) && s.params().get(k).isChoice());
        return out;
    }

    /** The entries of {@code values} whose value is not {@code s}'s default (unknown keys count as differing). */
    public static Map<String, String> of(Scenario s, Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            ParamDef def = s.params().get(k);
            if (def == null || !sameValue(def.value(), v)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /**
     * For a saved simulated run: its parameters that differ from its built-in scenario's
     * defaults; empty when the dataset is a recording or its scenario is not known here.
     */
    public static Optional<Map<String, String>> ofRun(Metadata m) {
        if (!m.simulated()) {
            return Optional.empty();
        }
        Scenario s;
        try {
            s = ScenarioCatalog.find(m.source());
        } catch (ScenarioException e) {
            return Optional.empty();
        }
        Map<String, String> diff = of(s, m.parameters());
        // a run stores what "auto" resolved to (hz=250): that is the default too, not a change
        Map<String, String> withoutAuto = new LinkedHashMap<>(m.parameters());
        withoutAuto.keySet().removeIf(k -> s.params().containsKey(k) && s.params().get(k).value().equals("auto"));
        try {
            Params p = s.resolve(withoutAuto);
            Map<String, String> auto = CoreParams.resolved(p, CoreParams.machine(p));
            diff.entrySet().removeIf(e -> s.params().containsKey(e.getKey())
                    && s.params().get(e.getKey()).value().equals("auto")
                    && sameValue(e.getValue(), auto.getOrDefault(e.getKey(), "")));
        } catch (ScenarioException e) {
            // parameters the scenario no longer accepts: show every difference as it is
        }
        return Optional.of(diff);
    }

    /** "2" and "2.0" are the same number; anything else compares as text. */
    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
