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
 * (or, when the value is 0 or auto, the range's ends and middle - its decades, from its
 * smallest step, where the slider spans several).
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
        SliderScale rounding = SliderScale.of(lo, hi, d.integer());
        double[] candidates = v > 0 ? new double[] {v / 4, v / 2, v, v * 2, v * 4}
                : rounding.logarithmic() ? decades(lo, hi, rounding.offset())
                : new double[] {lo, lo + (hi - lo) / 4, lo + (hi - lo) / 2, hi};
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

    /**
     * The low end unless it is 0, up to four powers of ten from the slider's smallest step up, then
     * the top end. Over 0..1,000,000 us the range's quarters (0, 250000, 500000, 1000000) were all
     * past where such a parameter matters (teach-kernel-section's condReschedUs against its 20 ms
     * section).
     */
    private static double[] decades(double lo, double hi, double offset) {
        List<Double> powers = new ArrayList<>();
        for (double p = 1; p <= hi; p *= 10) {
            if (p >= lo + offset) {
                powers.add(p);
            }
        }
        List<Double> picked = new ArrayList<>();
        if (lo > 0) {
            // not 0: the plot's x axis is to scale in decades only over positive values, and 0 with
            // 100 and 1000 sat on one spot of a linear one, their labels over each other
            picked.add(lo);
        }
        int n = powers.size();
        for (int i = 0; i < Math.min(n, 4); i++) {
            picked.add(powers.get(i));
        }
        picked.add(hi);
        return picked.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
