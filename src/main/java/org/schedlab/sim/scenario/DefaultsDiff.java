package org.schedlab.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Metadata;
import org.schedlab.sim.kernel.MachineConfig;

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
     * A choice the scenario does not use ({@link ParamDef#isUnused}) is left out at its default:
     * teach-kernel-section's captions named {@code spinDelay=pause (auto)}, a spin loop the
     * textbook case does not have, to a class; set to another value it is named as it was set.
     */
    public static Map<String, String> choices(Scenario s, Map<String, String> values) {
        Map<String, String> auto = autoResolved(s, values);
        Map<String, String> out = new LinkedHashMap<>();
        s.params().forEach((k, def) -> {
            String v = values.getOrDefault(k, def.value());
            if (def.isChoice() && (!def.isUnused() || !sameValue(v, def.value()))) {
                out.put(k, shown(v, auto.get(k)));
            }
        });
        return out;
    }

    /**
     * Whether a "with"/"defaults" line naming the choices both sides of an A/B left at the
     * scenario's value names {@code def}: a choice the scenario uses ({@link #choices} leaves an
     * unused one out at its default).
     */
    public static boolean namedAtDefault(ParamDef def) {
        return def.isChoice() && !def.isUnused();
    }

    /**
     * What each parameter of a run with {@code values} left at {@code auto} (hz, spinDelay ...)
     * resolved to on its machine ({@link CoreParams#resolved}), by key; empty when the values do
     * not resolve (a scenario that no longer accepts them), so the choice lines say "auto" as given.
     */
    public static Map<String, String> autoResolved(Scenario s, Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            Params p = s.resolve(values);
            MachineConfig m = CoreParams.machine(p);
            Map<String, String> r = CoreParams.resolved(p, m);
            // the workload's own: smt=auto printed "smt=auto" beside "hz=250 (auto)"
            Optional<org.schedlab.sim.workload.Workload> w = org.schedlab.sim.workload.Workloads.byName(s.workload());
            if (w.isPresent()) {
                r.putAll(w.get().autoResolved(p, m));
            }
            for (Map.Entry<String, String> e : p.asMap().entrySet()) {
                if (e.getValue().equals("auto") && r.containsKey(e.getKey()) && !r.get(e.getKey()).equals("auto")) {
                    out.put(e.getKey(), r.get(e.getKey()));
                }
            }
        } catch (ScenarioException | RuntimeException e) {
            // not a run this scenario would start: nothing resolved
        }
        return out;
    }

    /**
     * A choice's value as a mail reader needs it: {@code "250 (auto)"} for an {@code auto} that
     * resolved to 250 - "hz=auto" did not say which tick rate the run had - else {@code value}.
     */
    public static String shown(String value, String resolved) {
        return value.equals("auto") && resolved != null ? resolved + " (auto)" : value;
    }

    /**
     * A choice both sides of an A/B ran with ({@code value}, the same text on both sides) as the
     * {@code defaults}/{@code with} lines print it: {@code "250 (auto)"} when both resolved alike,
     * {@code "auto (base 1000, test 250)"} when the sides' machines resolved it differently (arch=x86
     * against arch=s390).
     */
    public static String shownBoth(String value, String resolvedA, String nameA, String resolvedB, String nameB) {
        if (!value.equals("auto") || resolvedA == null || resolvedB == null || resolvedA.equals(resolvedB)) {
            return shown(value, resolvedA != null ? resolvedA : resolvedB);
        }
        return "auto (" + nameA + " " + resolvedA + ", " + nameB + " " + resolvedB + ")";
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
     * defaults; empty when the dataset is a recording or its scenario is not known here. The
     * window of a run cut from a longer one is not among them (its caption's subject says it).
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
        // a window cut from the run (export --from-ms, DatasetCrop) is no setting of the run: counted
        // as one, it made the scenario refuse the rest, and a run at its defaults read "differs from
        // defaults: baseSliceUs=700 spinDelay=pause lineTransferNs=100 window=20..40 ms"
        Map<String, String> settings = new LinkedHashMap<>(m.parameters());
        settings.remove(DatasetCrop.WINDOW_KEY);
        Map<String, String> diff = of(s, settings);
        // a run stores what "auto" resolved to (hz=250): that is the default too, not a change
        Map<String, String> withoutAuto = new LinkedHashMap<>(settings);
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
