package org.schedlab.sim.scenario;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * One parameter of a scenario: its value (canonical text), unit, allowed values (a numeric
 * range or a list of choices), and the source or rationale for the value. {@code autoMeaning}
 * non-empty: the value may be {@code auto}, resolved by the machine (e.g. HZ from the arch).
 * {@code zeroIsOff}: 0 is allowed below {@code min} and means "feature off". {@code unused}
 * non-empty: the scenario's workload never reaches the mechanism this parameter sets (a spin
 * delay where nothing spins), with the reason; the value is still accepted and changes nothing.
 * {@code onlyWith}: the parameter takes effect only while each condition holds (a futex's spin
 * count with {@code lockKind=futex}); otherwise, like an unused one, its value changes nothing.
 */
public record ParamDef(String key, String value, String unit, Double min, Double max, boolean integer,
                       List<String> choices, String autoMeaning, boolean zeroIsOff, String source, String explain,
                       String unused, List<ParamCondition> onlyWith) {
    /** A plain decimal number, as users and scenario files write one (an exponent allowed). */
    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|NaN|[+-]?Infinity");

    public ParamDef {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        unit = unit == null ? "" : unit;
        choices = choices == null ? List.of() : List.copyOf(choices);
        autoMeaning = autoMeaning == null ? "" : autoMeaning;
        source = source == null ? "" : source;
        explain = explain == null ? "" : explain;
        unused = unused == null ? "" : unused;
        onlyWith = onlyWith == null ? List.of() : List.copyOf(onlyWith);
    }

    public static ParamDef number(String key, String value, String unit, double min, double max, boolean integer,
                                  String source, String explain) {
        return new ParamDef(key, value, unit, min, max, integer, List.of(), "", false, source, explain, "", List.of());
    }

    public static ParamDef choice(String key, String value, List<String> choices, String source, String explain) {
        return new ParamDef(key, value, "", null, null, false, choices, "", false, source, explain, "", List.of());
    }

    public boolean isChoice() {
        return !choices.isEmpty();
    }

    public ParamDef withValue(String v) {
        return new ParamDef(key, v, unit, min, max, integer, choices, autoMeaning, zeroIsOff, source, explain, unused,
                onlyWith);
    }

    public ParamDef withAuto(String meaning) {
        return new ParamDef(key, value, unit, min, max, integer, choices, meaning, zeroIsOff, source, explain, unused,
                onlyWith);
    }

    public ParamDef withZeroIsOff() {
        return new ParamDef(key, value, unit, min, max, integer, choices, autoMeaning, true, source, explain, unused,
                onlyWith);
    }

    /** The same parameter, taking effect only while {@code conditions} hold. */
    public ParamDef withOnlyWith(List<ParamCondition> conditions) {
        return new ParamDef(key, value, unit, min, max, integer, choices, autoMeaning, zeroIsOff, source, explain, unused,
                conditions);
    }

    /** Whether this parameter takes effect with the other parameters at {@code values} (key to canonical value). */
    public boolean takesEffectWith(java.util.function.Function<String, String> values) {
        return failedCondition(values).isEmpty();
    }

    /** The first of {@link #onlyWith} that {@code values} fail (an unknown key fails nothing). */
    public java.util.Optional<ParamCondition> failedCondition(java.util.function.Function<String, String> values) {
        for (ParamCondition c : onlyWith) {
            String v = values.apply(c.key());
            if (v != null && !c.holds(v)) {
                return java.util.Optional.of(c);
            }
        }
        return java.util.Optional.empty();
    }

    /** Whether the scenario's workload never reaches what this parameter sets ({@link #unused} says why). */
    public boolean isUnused() {
        return !unused.isEmpty();
    }

    /** Human-readable allowed values, as error messages and {@code scenarios} print them. */
    public String rangeText() {
        String r;
        if (isChoice()) {
            r = String.join("|", choices);
        } else {
            r = (zeroIsOff ? "0 (off) or " : "") + fmt(min) + ".." + fmt(max) + (unit.isEmpty() ? "" : " " + unit);
        }
        if (!autoMeaning.isEmpty() && !choices.contains("auto")) {
            r += " or auto (" + autoMeaning + ")";
        }
        return r;
    }

    static String fmt(Double d) {
        if (d == null) {
            return "";
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /**
     * Checks {@code raw} against this definition and returns its canonical text.
     *
     * @throws ScenarioException naming the key and the allowed values
     */
    public String validate(String raw) throws ScenarioException {
        String v = raw.strip();
        if (!autoMeaning.isEmpty() && v.equals("auto")) {
            return v;
        }
        if (isChoice()) {
            if (choices.contains(v)) {
                return v;
            }
            throw new ScenarioException("parameter " + key + "=" + raw + " is not one of " + rangeText());
        }
        if (!DECIMAL.matcher(v).matches()) {
            // Double.parseDouble also takes "5d", "20F" and "0x1p4": a typed unit letter or hex
            // would run as a number the user did not mean
            throw new ScenarioException("parameter " + key + "=" + raw + " is not a number (expected "
                    + rangeText() + ")");
        }
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new ScenarioException("parameter " + key + "=" + raw + " is not a number (expected " + rangeText() + ")");
        }
        if (!Double.isFinite(d)) {
            throw new ScenarioException("parameter " + key + "=" + raw + " is not a finite number");
        }
        if (zeroIsOff && d == 0) {
            return "0";
        }
        if ((min != null && d < min) || (max != null && d > max)) {
            throw new ScenarioException("parameter " + key + "=" + raw + " out of range " + rangeText());
        }
        if (integer && d != Math.rint(d)) {
            throw new ScenarioException("parameter " + key + "=" + raw + " must be a whole number in " + rangeText());
        }
        return integer ? Long.toString((long) d) : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
