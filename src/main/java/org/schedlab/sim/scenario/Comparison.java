package org.schedlab.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two settings a scenario is about (its file's {@code "compare"}): the base (A) and the test
 * (B) a review thread would put side by side - {@code none} against {@code lazy} for case A, reader
 * spinning on against off for case B, {@code full} against {@code lazy} for case C. Each side is
 * overrides of the scenario's defaults, validated when the file was read.
 */
public record Comparison(Map<String, String> base, Map<String, String> test) {
    public Comparison {
        base = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(base));
        test = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(test));
    }
}
