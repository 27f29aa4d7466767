package org.schedlab.sim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A scenario: which workload runs on which machine, with every parameter's value, unit,
 * range and rationale, plus an explanation and notes for the workbench. {@code origin} says
 * where it came from (a file, or "built-in"). {@code explain} (the mechanism, for the Explain
 * panel) and {@code lookAt} (a guided tour, each step with the parameters to show it with) are
 * for teaching; both may be empty. {@code compare} is the pair of settings A/B opens on, when the
 * file names one.
 */
public record Scenario(String name, String title, String workload, String description, List<String> notes,
                       Map<String, ParamDef> params, String origin, String explain, List<LookAt> lookAt,
                       Optional<Comparison> compare) {
    /** A scenario without teaching text or a comparison. */
    public Scenario(String name, String title, String workload, String description, List<String> notes,
                    Map<String, ParamDef> params, String origin) {
        this(name, title, workload, description, notes, params, origin, "", List.of(), Optional.empty());
    }

    public Scenario {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workload, "workload");
        title = title == null ? name : title;
        description = description == null ? "" : description;
        notes = notes == null ? List.of() : List.copyOf(notes);
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        origin = origin == null ? "" : origin;
        explain = explain == null ? "" : explain;
        lookAt = lookAt == null ? List.of() : List.copyOf(lookAt);
        compare = compare == null ? Optional.empty() : compare;
    }

    /**
     * The effective parameters with {@code overrides} applied (validated; unknown keys name
     * the valid ones).
     */
    public Params resolve(Map<String, String> overrides) throws ScenarioException {
        Map<String, String> values = new LinkedHashMap<>();
        for (ParamDef d : params.values()) {
            values.put(d.key(), d.value());
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            ParamDef d = params.get(e.getKey());
            if (d == null) {
                throw new ScenarioException("unknown parameter '" + e.getKey() + "' for scenario " + name
                        + "; valid keys: " + String.join(", ", params.keySet()));
            }
            values.put(d.key(), d.validate(e.getValue()));
        }
        return new Params(name, values);
    }

    /**
     * Which of {@code overrides} change nothing in the run they make: a parameter the workload
     * never reaches ({@link ParamDef#unused}), or one whose condition ({@link ParamDef#onlyWith})
     * the run's values fail. Key to the reason, in the overrides' order, for a note to the user:
     * "futexSpins takes effect only with lockKind=futex (this run has lockKind=spin)".
     */
    public Map<String, String> inert(Map<String, String> overrides) throws ScenarioException {
        Map<String, String> run = resolve(overrides).asMap();
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : overrides.keySet()) {
            ParamDef d = params.get(key);
            if (d.isUnused()) {
                out.put(key, key + " is not used by " + name + " (" + d.unused() + ")");
            } else {
                d.failedCondition(run::get).ifPresent(c -> out.put(key, key + " takes effect only with " + c.text()
                        + " (this run has " + c.key() + "=" + run.get(c.key()) + ")"));
            }
        }
        return out;
    }

    /** Parses {@code KEY=VALUE} items. */
    public static Map<String, String> parseAssignments(List<String> items) throws ScenarioException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new ScenarioException("expected KEY=VALUE, got '" + item + "'");
            }
            String key = item.substring(0, eq).strip();
            String value = item.substring(eq + 1).strip();
            String before = out.put(key, value);
            if (before != null && !before.equals(value)) {
                // which one would win is an accident of order: say so instead of running either
                throw new ScenarioException(key + " is given twice (" + key + "=" + before + " and " + key + "=" + value
                        + "); expected one value per parameter");
            }
        }
        return out;
    }

    /** Parses a comma-separated {@code K=V,K=V} list. */
    public static Map<String, String> parseAssignmentList(String list) throws ScenarioException {
        List<String> items = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                items.add(s);
            }
        }
        return parseAssignments(items);
    }
}
