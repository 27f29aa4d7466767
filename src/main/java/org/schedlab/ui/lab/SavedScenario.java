package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * A run's scenario as a workspace keeps it: how the scenario is named, the seed and the
 * scenario's own values saved beside the run, and, on restoring, which saved values the scenario
 * still takes and what changed in it since.
 */
final class SavedScenario {
    private SavedScenario() {
    }

    /**
     * How a workspace names {@code s}: a built-in by its name, one read from a file by the file's
     * path (its name alone would not find it again when the workspace is opened).
     */
    static String reference(Scenario s) {
        String origin = s.origin();
        return !ScenarioCatalog.BUILT_IN.equals(origin) && origin.endsWith(".json")
                ? java.nio.file.Path.of(origin).toAbsolutePath().normalize().toString() : s.name();
    }

    static Optional<Long> seedOf(Scenario s, Map<String, String> overrides) {
        try {
            return Optional.of(s.resolve(overrides).longValue("seed"));
        } catch (ScenarioException e) {
            return Optional.empty(); // an invalid combination is not saved; the panel shows why
        }
    }

    /** Every parameter's value in {@code s}, in its order (the seed among them): saved to notice a change. */
    static Map<String, String> valuesOf(Scenario s) {
        Map<String, String> m = new LinkedHashMap<>();
        s.params().forEach((k, def) -> m.put(k, def.value()));
        return m;
    }

    /**
     * What tells the user that {@code s} is not the scenario the run was saved with: a workspace
     * keeps only the parameters that differ from the scenario's values, so once the scenario
     * file is edited (or a built-in changed in another SchedLab version) the same workspace gives
     * another run. Names each value the run now takes from the scenario that differs from the
     * saved one; {@code overridden}, the parameters the workspace sets itself (on every side
     * restored), are left out: their value is the saved one whatever the scenario says. A change
     * of its words only ({@code savedText}: see {@link ScenarioText}) is named too, by part.
     * Empty when the run and the text are the ones saved, or when the workspace predates saving
     * the values (the text: its hashes).
     */
    static Optional<String> changedSince(Scenario s, Optional<Map<String, String>> saved,
                                         Optional<Map<String, String>> savedText, String where, Set<String> overridden) {
        List<String> text = ScenarioText.changed(s, savedText);
        Map<String, String> now = valuesOf(s);
        List<String> diffs = new ArrayList<>();
        for (Map.Entry<String, String> e : saved.isEmpty() ? Map.<String, String>of().entrySet() : now.entrySet()) {
            String was = saved.get().get(e.getKey());
            if (overridden.contains(e.getKey())) {
                continue;
            }
            if (was == null) {
                diffs.add(e.getKey() + "=" + e.getValue() + " (not in the saved scenario)");
            } else if (!was.equals(e.getValue())) {
                diffs.add(e.getKey() + "=" + e.getValue() + " (saved: " + was + ")");
            }
        }
        for (Map.Entry<String, String> e : saved.orElse(Map.of()).entrySet()) {
            if (!now.containsKey(e.getKey()) && !overridden.contains(e.getKey())) {
                diffs.add(e.getKey() + " is gone (saved: " + e.getValue() + ")");
            }
        }
        if (diffs.isEmpty() && text.isEmpty()) {
            return Optional.empty();
        }
        String which = ScenarioCatalog.BUILT_IN.equals(s.origin())
                ? "the built-in scenario " + s.name() + " differs from the one the workspace was saved with"
                + " (another SchedLab version)"
                : "the scenario file " + s.origin() + " changed since the workspace was saved";
        String words = text.isEmpty() ? "" : ScenarioText.list(text) + " changed";
        if (diffs.isEmpty()) { // the same run, other words
            return Optional.of(where + ": " + which + ": " + words + "; the run's values are as saved");
        }
        return Optional.of(where + ": " + which + "; the run uses its values now, not the saved ones: "
                + String.join(", ", diffs) + (words.isEmpty() ? "" : "; " + words + " too"));
    }

    /**
     * The saved values the scenario still takes. One it refuses (a parameter renamed or removed
     * since the workspace was saved, a value now out of range) is named and left at the
     * scenario's value, so the rest of the run is restored rather than none of it.
     */
    static Map<String, String> fitting(Scenario s, Map<String, String> saved, String where,
                                               Consumer<String> problems) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : saved.entrySet()) {
            ParamDef def = s.params().get(e.getKey());
            if (def == null) {
                problems.accept(where + ": " + s.name() + " has no parameter " + e.getKey() + "; the saved "
                        + e.getKey() + "=" + e.getValue() + " was left out");
                continue;
            }
            try {
                def.validate(e.getValue());
                kept.put(e.getKey(), e.getValue());
            } catch (ScenarioException ex) {
                problems.accept(where + ": " + ex.getMessage() + "; the scenario's " + def.value() + " is used");
            }
        }
        return kept;
    }
}
