package org.schedlab.sim.scenario;

import java.util.List;
import java.util.Objects;

/**
 * When a parameter takes effect: another parameter's value is one of {@code values} (or, with
 * {@code not}, none of them). A futex's spin count matters only with {@code lockKind=futex}, a
 * steal burst's length only with steal. Values are canonical text, as {@link ParamDef#validate}
 * returns them.
 */
public record ParamCondition(String key, List<String> values, boolean not) {
    public ParamCondition {
        Objects.requireNonNull(key, "key");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a condition on " + key + " needs at least one value");
        }
    }

    public boolean holds(String value) {
        return values.contains(value) != not;
    }

    /** "lockKind=futex", "pageSize=2m", "stealPct other than 0". */
    public String text() {
        return key + (not ? " other than " : "=") + String.join(not ? ", " : "|", values);
    }
}
