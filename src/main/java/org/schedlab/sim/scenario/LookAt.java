package org.schedlab.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One step of a scenario's guided tour (the Explain panel): what to look at, and the parameter
 * values to show it with ({@code set}: overrides of the scenario's defaults; empty = the
 * defaults, or "keep what is set" when {@code text} says so).
 */
public record LookAt(String text, Map<String, String> set) {
    public LookAt {
        Objects.requireNonNull(text, "text");
        set = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(set));
    }
}
