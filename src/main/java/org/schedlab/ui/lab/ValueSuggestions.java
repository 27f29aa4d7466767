package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Starting values for a sweep over one parameter: every choice of a choice list; for numbers,
 * the scenario's value with a quarter, a half, twice and four times it, kept inside the range
 * (or the range's ends and middle when the value is 0 or auto).
 */
final class ValueSuggestions {
    private ValueSuggestions() {
    }

    static List<String> of(ParamDef d) {
        if (d.isChoice()) {
            List<String> c = new ArrayList<>(d.choices());
            c.remove("auto");
            return c;
        }
        double lo = d.min() == null ? 0 : d.min();
        double hi = d.max() == null ? lo : d.max();
        double v;
        try {
            v = Double.parseDouble(d.value());
        } catch (NumberFormatException e) {
            v = 0;
        }
        double[] candidates = v > 0 ? new double[] {v / 4, v / 2, v, v * 2, v * 4}
                : new double[] {lo, lo + (hi - lo) / 4, lo + (hi - lo) / 2, hi};
        SliderScale rounding = SliderScale.of(lo, hi, d.integer());
        Set<String> out = new LinkedHashSet<>();
        for (double c : candidates) {
            double x = Math.max(lo, Math.min(hi, c));
            double r = rounding.valueAt(rounding.positionOf(x));
            try {
                out.add(d.validate(Double.toString(Math.abs(r - x) < 1e-9 ? x : r)));
            } catch (ScenarioException e) {
                // outside what the parameter accepts (e.g. a fraction of an integer): skip it
            }
        }
        return new ArrayList<>(out);
    }
}
