package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * One parameter in the panel: its definition (unit, range, source, explanation), the scenario's
 * value as the default, the current value (always valid, canonical text), and the message of the
 * last rejected entry. How it is edited follows from the definition: a choice list, a spinner for
 * a short integer range, a slider for a numeric range, a text field for ids like the seed.
 */
public final class ParamViewModel {
    /** How the view edits this parameter. */
    public enum Control { CHOICE, SPINNER, SLIDER, FIELD }

    /** Integer ranges up to this many values get a spinner. */
    static final int SPINNER_MAX_VALUES = 64;

    private final ParamDef def;
    private final ReadOnlyStringWrapper value;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper resolved = new ReadOnlyStringWrapper(this, "resolved", "");
    private final javafx.beans.property.ReadOnlyBooleanWrapper takesEffect =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "takesEffect", true);
    private final BooleanBinding isDefault;
    private final Runnable onCommit;
    private Runnable onSettle = () -> { };
    private final java.util.function.Function<String, Optional<String>> resolver;

    ParamViewModel(ParamDef def, Runnable onCommit, java.util.function.Function<String, Optional<String>> resolver) {
        this.def = def;
        this.onCommit = onCommit;
        this.resolver = resolver;
        this.value = new ReadOnlyStringWrapper(this, def.key(), def.value());
        this.isDefault = Bindings.createBooleanBinding(() -> value.get().equals(def.value()), value);
    }

    /**
     * While the value is {@code auto}: what it resolves to with the panel's other values, which
     * may change it ({@code lineTransferNs} is 100 ns on x86, 50 on arm64); "" otherwise. The
     * editor shows it, so that arch=arm64 does not go on showing x86's figure beside "auto".
     */
    public ReadOnlyStringProperty resolvedProperty() {
        return resolved.getReadOnlyProperty();
    }

    /** Resolves {@code auto} again with the panel's values as they are now ({@link #resolvedProperty}). */
    void refreshResolved() {
        resolved.set(isSpecial() && value.get().equals("auto") ? ordinaryValue() : "");
    }

    public String key() {
        return def.key();
    }

    public ParamDef def() {
        return def;
    }

    public String defaultValue() {
        return def.value();
    }

    public ReadOnlyStringProperty valueProperty() {
        return value.getReadOnlyProperty();
    }

    public String value() {
        return value.get();
    }

    /** True while the value is the scenario's; the view marks the others. */
    public BooleanBinding isDefaultBinding() {
        return isDefault;
    }

    /**
     * False while a condition of the definition ({@link ParamDef#onlyWith}) does not hold for the
     * panel's other values (a futex's spin count under {@code lockKind=spin}): the value is kept
     * and changes nothing until it does.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty takesEffectProperty() {
        return takesEffect.getReadOnlyProperty();
    }

    void setTakesEffect(boolean b) {
        takesEffect.set(b);
    }

    /** "only with lockKind=futex", or empty for a parameter without conditions. */
    public String conditionText() {
        if (def.onlyWith().isEmpty()) {
            return "";
        }
        return "only with " + String.join(" and ", def.onlyWith().stream()
                .map(org.schedlab.sim.scenario.ParamCondition::text).toList());
    }

    /** Why the last entry was rejected; empty once a valid value is set. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public Control control() {
        if (def.isChoice()) {
            return Control.CHOICE;
        }
        if (def.min() == null || def.max() == null || def.max() - def.min() > 1e8) {
            return Control.FIELD;
        }
        if (def.integer() && def.max() - def.min() < SPINNER_MAX_VALUES) {
            return Control.SPINNER;
        }
        return Control.SLIDER;
    }

    /**
     * A value outside the numeric range that the view offers as a toggle: {@code auto} (resolved
     * by the machine) or {@code 0} meaning off. Choice lists carry their own {@code auto}.
     */
    public Optional<String> specialValue() {
        if (def.isChoice()) {
            return Optional.empty();
        }
        if (!def.autoMeaning().isEmpty()) {
            return Optional.of("auto");
        }
        return def.zeroIsOff() ? Optional.of("0") : Optional.empty();
    }

    /** "auto (x86 250, ...)" or "off", for the toggle's label and tooltip. */
    public String specialLabel() {
        return specialValue().map(v -> v.equals("auto") ? "auto" : "off").orElse("");
    }

    public boolean isSpecial() {
        return specialValue().map(v -> v.equals(value.get())).orElse(false);
    }

    public SliderScale sliderScale() {
        double lo = def.min() == null ? 0 : def.min();
        double hi = def.max() == null ? lo : def.max();
        return SliderScale.of(lo, hi, def.integer());
    }

    /** The value as a number for sliders and spinners (what {@code auto} resolves to, or the range's low end). */
    public double numericValue() {
        try {
            return Double.parseDouble(ordinaryValue());
        } catch (NumberFormatException e) {
            return def.min() == null ? 0 : def.min();
        }
    }

    /**
     * The value as a plain number: itself, or while {@code auto} what the machine resolves it to
     * (HZ 250 on x86), or while off the range's low end - what the editor shows and what
     * clearing the auto/off toggle sets.
     */
    public String ordinaryValue() {
        if (!isSpecial()) {
            return value.get();
        }
        double lo = def.min() == null ? 0 : def.min();
        String low = ParamControl.plain(lo);
        if (value.get().equals("auto")) {
            return resolver.apply(def.key()).filter(v -> !v.equals("auto")).orElse(low);
        }
        return low;
    }

    /**
     * Sets {@code raw} if the definition accepts it (stored canonical) and tells the panel;
     * otherwise keeps the value and shows why.
     *
     * @return whether the value was accepted
     */
    public boolean set(String raw) {
        String canonical;
        try {
            canonical = def.validate(raw);
        } catch (ScenarioException e) {
            error.set(e.getMessage());
            return false;
        }
        error.set("");
        if (!canonical.equals(value.get())) {
            value.set(canonical);
            onCommit.run();
        }
        return true;
    }

    /**
     * The user finished editing this parameter (released the slider, entered a typed value): a
     * change still waiting out the debounce may run now.
     */
    public void settled() {
        onSettle.run();
    }

    void onSettle(Runnable r) {
        this.onSettle = r;
    }

    /** Back to the scenario's value. */
    public void reset() {
        set(def.value());
    }

    /** Sets without telling the panel (the panel applies several values as one change). */
    void setQuietly(String canonical) {
        error.set("");
        value.set(canonical);
    }

    /** The tooltip: explanation, allowed values, default, source. */
    public String tooltipText() {
        StringBuilder b = new StringBuilder();
        if (def.isUnused()) {
            b.append("Not used by this scenario: ").append(def.unused()).append(".\n\n");
        }
        if (!def.onlyWith().isEmpty()) {
            b.append("Takes effect ").append(conditionText()).append(".\n\n");
        }
        if (!def.explain().isEmpty()) {
            b.append(def.explain()).append("\n\n");
        }
        b.append("Allowed: ").append(def.rangeText()).append('\n');
        b.append("Scenario value: ").append(def.value()).append(def.unit().isEmpty() || def.isChoice() ? "" : " "
                + def.unit()).append('\n');
        if (!def.source().isEmpty()) {
            b.append("Source: ").append(def.source());
            String key = sourceMarksKey(def.source());
            if (!key.isEmpty()) {
                b.append('\n').append(key);
            }
        }
        return b.toString().strip();
    }

    /** How sure a source's value is, by the marks KERNEL-FACTS puts on each, as a user reads them. */
    private static final java.util.Map<String, String> SOURCE_MARKS = new java.util.LinkedHashMap<>();

    static {
        SOURCE_MARKS.put("[V]", "[V] checked in the source or a primary mail");
        SOURCE_MARKS.put("[S]", "[S] from a secondary source only");
        SOURCE_MARKS.put("[U]", "[U] unverified: a default to vary, not a fact");
    }

    /**
     * The key to the marks {@code source} uses ("[V] checked in the source or a primary mail"),
     * "" without any: case C's irqInatomic tooltip ended "not on s390 [V]" with nothing saying
     * what the [V] claims.
     */
    static String sourceMarksKey(String source) {
        java.util.List<String> used = new java.util.ArrayList<>();
        SOURCE_MARKS.forEach((mark, text) -> {
            if (source.contains(mark)) {
                used.add(text);
            }
        });
        return String.join("; ", used);
    }
}
