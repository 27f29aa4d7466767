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
        String key = spec.substring(0, eq).strip();
        String values = spec.substring(eq + 1);
        String[] parts = values.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isBlank() && !values.isBlank()) {
                // "1,,2" ran two points where three were typed: a value lost to a slip is said
                throw new ScenarioException("--vary " + key + ": value " + (i + 1) + " of '" + values + "' is empty;"
                        + " expected V1,V2,... with a value between each pair of commas");
            }
        }
        try {
            return of(key, values);
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
        for (int i = 0; i < list.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (org.schedlab.sim.scenario.Params.sameValue(list.get(i), list.get(j))) {
                    // 1, 1.0 and 01 are one cpus value: three points of the same run
                    throw new ScenarioException(key + ": " + list.get(i) + (list.get(i).equals(list.get(j)) ? ""
                            : " (the same as " + list.get(j) + ")") + " is listed twice in " + String.join(",", list));
                }
            }
        }
        return new SweepAxis(key, list);
    }
}
