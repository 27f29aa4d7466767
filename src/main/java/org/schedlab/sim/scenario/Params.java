package org.schedlab.sim.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The effective parameters of one run: every key of the scenario with its validated value, in
 * a stable order. Typed getters throw {@link ScenarioException} for a key the scenario does not
 * define (a workload asking for a key its scenario file lacks).
 */
public final class Params {
    private final String scenario;
    private final Map<String, String> values;

    public Params(String scenario, Map<String, String> values) {
        this.scenario = scenario;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Map<String, String> asMap() {
        return values;
    }

    /** Whether {@code other} sets every parameter to the same value (1, 1.0 and 01 are one number). */
    public boolean sameAs(Params other) {
        if (!values.keySet().equals(other.values.keySet())) {
            return false;
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!sameValue(e.getValue(), other.values.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** Equal text, or the same number written two ways (1, 1.0, 01, 1e0). */
    public static boolean sameValue(String a, String b) {
        if (a == null || b == null || a.equals(b)) {
            return a == null ? b == null : true;
        }
        try {
            return new java.math.BigDecimal(a.strip()).compareTo(new java.math.BigDecimal(b.strip())) == 0;
        } catch (NumberFormatException notNumbers) {
            return false;
        }
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public String string(String key) throws ScenarioException {
        String v = values.get(key);
        if (v == null) {
            throw new ScenarioException("scenario " + scenario + " does not define parameter " + key
                    + " (defined: " + String.join(", ", values.keySet()) + ")");
        }
        return v;
    }

    public long longValue(String key) throws ScenarioException {
        String v = string(key);
        try {
            return Math.round(Double.parseDouble(v));
        } catch (NumberFormatException e) {
            throw new ScenarioException("parameter " + key + "=" + v + " is not a number");
        }
    }

    public int intValue(String key) throws ScenarioException {
        return Math.toIntExact(longValue(key));
    }

    public double doubleValue(String key) throws ScenarioException {
        String v = string(key);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new ScenarioException("parameter " + key + "=" + v + " is not a number");
        }
    }

    /** A duration given in microseconds, in nanoseconds. */
    public long usAsNs(String key) throws ScenarioException {
        return Math.round(doubleValue(key) * 1000.0);
    }

    public boolean on(String key) throws ScenarioException {
        String v = string(key);
        if (v.equals("on")) {
            return true;
        }
        if (v.equals("off")) {
            return false;
        }
        throw new ScenarioException("parameter " + key + "=" + v + " must be on or off");
    }

    public boolean isAuto(String key) throws ScenarioException {
        return string(key).equals("auto");
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
