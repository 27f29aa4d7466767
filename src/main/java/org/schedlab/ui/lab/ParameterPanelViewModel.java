package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * The parameter panel's state for one scenario: a {@link ParamViewModel} per parameter in the
 * scenario file's order, grouped (machine and kernel, workload, run), which values differ from
 * the scenario, and whether the combination is valid. Each accepted change that leaves a valid
 * combination goes to the change listeners as the full override map; an invalid one sets
 * {@link #problemProperty()} and goes nowhere, so nothing runs.
 */
public final class ParameterPanelViewModel {
    /** Run settings, shown last: they say how long and with which seed, not what is simulated. */
    static final Set<String> RUN_KEYS = Set.of("seed", "warmupMs", "durationMs");

    private final Scenario scenario;
    private final List<ParamViewModel> params = new ArrayList<>();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyIntegerWrapper changedCount = new ReadOnlyIntegerWrapper(this, "changedCount", 0);
    private final List<Consumer<Map<String, String>>> listeners = new ArrayList<>();
    private final List<Runnable> settleListeners = new ArrayList<>();
    private boolean applying;
    private boolean immediate;

    public ParameterPanelViewModel(Scenario scenario) {
        this.scenario = scenario;
        for (ParamDef d : scenario.params().values()) {
            ParamViewModel[] self = new ParamViewModel[1];
            self[0] = new ParamViewModel(d, () -> committedBy(self[0]), this::resolvedValue);
            self[0].onSettle(() -> settleListeners.forEach(Runnable::run));
            params.add(self[0]);
        }
        // a parameter with conditions follows the values it depends on
        for (ParamViewModel p : params) {
            for (var c : p.def().onlyWith()) {
                param(c.key()).ifPresent(other -> other.valueProperty().addListener(
                        (obs, o, n) -> p.setTakesEffect(p.def().takesEffectWith(this::valueOf))));
            }
            p.setTakesEffect(p.def().takesEffectWith(this::valueOf));
        }
        // an auto value shows what it resolves to with the others: arch=arm64 halves lineTransferNs's
        for (ParamViewModel p : params) {
            p.valueProperty().addListener((obs, o, n) -> refreshResolved());
        }
        refreshResolved();
    }

    /** Each parameter that is {@code auto} now resolves again ({@link ParamViewModel#resolvedProperty}). */
    private void refreshResolved() {
        for (ParamViewModel p : params) {
            if (p.specialValue().filter("auto"::equals).isPresent()) {
                p.refreshResolved();
            }
        }
    }

    private String valueOf(String key) {
        return param(key).map(ParamViewModel::value).orElse(null);
    }

    public Scenario scenario() {
        return scenario;
    }

    public List<ParamViewModel> params() {
        return List.copyOf(params);
    }

    public Optional<ParamViewModel> param(String key) {
        return params.stream().filter(p -> p.key().equals(key)).findFirst();
    }

    /** "Machine and kernel", "Workload" or "Run". */
    public static String group(String key) {
        if (RUN_KEYS.contains(key)) {
            return "Run";
        }
        return CoreParams.isCore(key) ? "Machine and kernel" : "Workload";
    }

    /** The values that differ from the scenario's, in panel order. */
    public Map<String, String> overrides() {
        Map<String, String> m = new LinkedHashMap<>();
        for (ParamViewModel p : params) {
            if (!p.value().equals(p.defaultValue())) {
                m.put(p.key(), p.value());
            }
        }
        return m;
    }

    /** Why the current combination cannot run; empty when it can. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** How many values differ from the scenario (for "Reset all"). */
    public ReadOnlyIntegerProperty changedCountProperty() {
        return changedCount.getReadOnlyProperty();
    }

    /** Called with the full override map after every change that leaves a valid combination. */
    public void addChangeListener(Consumer<Map<String, String>> listener) {
        listeners.add(listener);
    }

    /**
     * Called when the user finished an edit ({@link ParamViewModel#settled}): the run a change
     * asked for need not wait out the rest of its debounce.
     */
    public void addSettleListener(Runnable listener) {
        settleListeners.add(listener);
    }

    public void resetAll() {
        apply(Map.of());
    }

    /**
     * Sets every parameter at once - {@code overrides} where given, the scenario's value elsewhere
     * - as one change (swap A and B, make B the new A, open a sweep point).
     *
     * @throws IllegalArgumentException for a key the scenario lacks or a value it rejects
     */
    public void apply(Map<String, String> overrides) {
        Map<String, String> canonical = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            ParamViewModel p = param(e.getKey()).orElseThrow(() -> new IllegalArgumentException(
                    "scenario " + scenario.name() + " has no parameter " + e.getKey()));
            try {
                canonical.put(e.getKey(), p.def().validate(e.getValue()));
            } catch (ScenarioException ex) {
                throw new IllegalArgumentException(ex.getMessage(), ex);
            }
        }
        applying = true;
        try {
            for (ParamViewModel p : params) {
                p.setQuietly(canonical.getOrDefault(p.key(), p.defaultValue()));
            }
        } finally {
            applying = false;
        }
        committed();
    }

    /** What {@code key} resolves to with the current values ({@code auto} becomes the machine's value). */
    public Optional<String> resolvedValue(String key) {
        try {
            Params p = scenario.resolve(overrides());
            return Optional.ofNullable(CoreParams.resolved(p, CoreParams.machine(p)).get(key));
        } catch (ScenarioException e) {
            return Optional.empty();
        }
    }

    /** Checks the combination the way a run would start: resolve the overrides, build the machine. */
    public Optional<String> check() {
        try {
            Params p = scenario.resolve(overrides());
            CoreParams.machine(p);
            return Optional.empty();
        } catch (ScenarioException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * While the change listeners run: whether the change is one deliberate pick that no other
     * change follows in a burst - a value chosen from a choice list - so its run can start at once
     * instead of waiting out the debounce that coalesces slider moves and spinner clicks.
     */
    public boolean changeIsImmediate() {
        return immediate;
    }

    private void committedBy(ParamViewModel p) {
        immediate = p.control() == ParamViewModel.Control.CHOICE;
        try {
            committed();
        } finally {
            immediate = false;
        }
    }

    private void committed() {
        if (applying) {
            return;
        }
        changedCount.set((int) params.stream().filter(p -> !p.value().equals(p.defaultValue())).count());
        Optional<String> bad = check();
        problem.set(bad.orElse(""));
        if (bad.isEmpty()) {
            Map<String, String> o = overrides();
            for (Consumer<Map<String, String>> l : List.copyOf(listeners)) {
                l.accept(o);
            }
        }
    }
}
