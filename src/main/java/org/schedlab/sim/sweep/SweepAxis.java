package org.schedlab.sim.sweep;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.sim.scenario.ScenarioException;

/** One varied parameter and the values it takes, in the order given. */
public record SweepAxis(String key, List<String> values) {
    public SweepAxis {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("a sweep axis needs a parameter key");
        }
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("sweep axis " + key + " has no values");
        }
    }

    /**
     * Parses {@code KEY=V1,V2,...} as the CLI's {@code --vary} takes it.
     *
     * @throws ScenarioException naming the option and what is missing
     */
    public static SweepAxis parse(String spec) throws ScenarioException {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new ScenarioException("--vary expects KEY=V1,V2,..., got '" + spec + "'");
        }
        try {
            return of(spec.substring(0, eq).strip(), spec.substring(eq + 1));
        } catch (ScenarioException e) {
            throw new ScenarioException("--vary " + e.getMessage(), e);
        }
    }

    /**
     * The axis of {@code key} over the comma-separated {@code values} (blanks ignored), as the
     * workbench's sweep form gives them.
     *
     * @throws ScenarioException starting with the key: no values, or a value listed twice
     */
    public static SweepAxis of(String key, String values) throws ScenarioException {
        List<String> list = new ArrayList<>();
        for (String v : values.split(",")) {
            if (!v.isBlank()) {
                list.add(v.strip());
            }
        }
        if (list.isEmpty()) {
            throw new ScenarioException(key + ": no values (expected V1,V2,...)");
        }
        if (list.stream().distinct().count() != list.size()) {
            throw new ScenarioException(key + ": a value is listed twice in " + String.join(",", list));
        }
        return new SweepAxis(key, list);
    }
}
