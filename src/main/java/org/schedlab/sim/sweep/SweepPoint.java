package org.schedlab.sim.sweep;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One point of a sweep: its position in the plan and the value of each varied parameter, in
 * axis order. {@link #id()} names the point in file names and labels.
 */
public record SweepPoint(int index, Map<String, String> values) {
    public SweepPoint {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code key=value} pairs joined by {@code _}, with characters unsafe in file names replaced. */
    public String id() {
        return values.entrySet().stream()
                .map(e -> safe(e.getKey()) + "=" + safe(e.getValue()))
                .collect(Collectors.joining("_"));
    }

    /** {@code key=value, key=value} for people. */
    public String label() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9.+-]", "-");
    }
}
