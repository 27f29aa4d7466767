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
     * @throws ScenarioException naming what is missing
     */
    public static SweepAxis parse(String spec) throws ScenarioException {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new ScenarioException("--vary expects KEY=V1,V2,..., got '" + spec + "'");
        }
        String key = spec.substring(0, eq).strip();
        List<String> values = new ArrayList<>();
        for (String v : spec.substring(eq + 1).split(",")) {
            if (!v.isBlank()) {
                values.add(v.strip());
            }
        }
        if (values.isEmpty()) {
            throw new ScenarioException("--vary " + key + ": no values (expected " + key + "=V1,V2,...)");
        }
        if (values.stream().distinct().count() != values.size()) {
            throw new ScenarioException("--vary " + key + ": a value is listed twice in " + String.join(",", values));
        }
        return new SweepAxis(key, values);
    }
}
