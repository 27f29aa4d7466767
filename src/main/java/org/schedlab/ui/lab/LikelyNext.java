package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The settings a user is likely to ask for next, most likely first, for {@link Lookahead}: each
 * differs from the panel's current values in one parameter - the flips that make a regression
 * appear or vanish. First the parameter changed last: its other choices (having picked "full",
 * "voluntary" is next), its auto/off box ticked the other way (rseq slice extension off again),
 * or a spinner's next value either side. Then the other preemption models, then the other
 * choices: the workload's (the scenario's experiment) before the machine's, each in panel order.
 * Slider values are left out: a thumb lands anywhere in its range, so a value run ahead would
 * rarely be the one asked for.
 */
final class LikelyNext {
    private static final String PREEMPTION = "preemption";

    private LikelyNext() {
    }

    /** Overrides for each alternative as the panel would produce them (values equal to the scenario's left out). */
    static List<Lookahead.Candidate> of(ParameterPanelViewModel panel, Optional<String> changedLast, int seeds) {
        List<ParamViewModel> order = new ArrayList<>();
        changedLast.flatMap(panel::param).ifPresent(order::add);
        panel.param(PREEMPTION).filter(p -> !order.contains(p)).ifPresent(order::add);
        // the scenario's own knobs (page size, lock kind, reader spinning, irqInatomic) before the
        // machine's (arch, HZ, SMT): they are the experiment the scenario is about
        for (boolean workload : new boolean[] {true, false}) {
            for (ParamViewModel p : panel.params()) {
                boolean isWorkload = "Workload".equals(ParameterPanelViewModel.group(p.key()));
                if (isWorkload == workload && !order.contains(p)) {
                    order.add(p);
                }
            }
        }
        Map<String, String> current = panel.overrides();
        List<Lookahead.Candidate> out = new ArrayList<>();
        for (ParamViewModel p : order) {
            if (ParameterPanelViewModel.RUN_KEYS.contains(p.key())) {
                continue;
            }
            if (p.def().isUnused() || !p.takesEffectProperty().get()) {
                continue; // every value gives the run already on screen: nothing to run ahead
            }
            List<String> values = new ArrayList<>();
            if (p.def().isChoice()) {
                values.addAll(p.def().choices());
            } else if (changedLast.filter(p.key()::equals).isPresent()) {
                values.addAll(numberNeighbours(p));
            }
            for (String v : values) {
                if (v.equals(p.value())) {
                    continue;
                }
                Map<String, String> o = new LinkedHashMap<>(current);
                if (v.equals(p.defaultValue())) {
                    o.remove(p.key());
                } else {
                    o.put(p.key(), v);
                }
                out.add(new Lookahead.Candidate(panel.scenario(), o, seeds, p.key() + "=" + v));
            }
        }
        return out;
    }

    /** The auto/off box ticked the other way, and a spinner's values one step either side. */
    private static List<String> numberNeighbours(ParamViewModel p) {
        List<String> out = new ArrayList<>();
        p.specialValue().ifPresent(special -> out.add(p.isSpecial() ? p.ordinaryValue() : special));
        if (p.control() == ParamViewModel.Control.SPINNER && !p.isSpecial()) {
            double v = p.numericValue();
            for (double n : new double[] {v + 1, v - 1}) {
                try {
                    out.add(p.def().validate(Long.toString((long) n)));
                } catch (org.schedlab.sim.scenario.ScenarioException outOfRange) {
                    // the range's end: no neighbour on that side
                }
            }
        }
        return out;
    }

    /** The key whose value differs between two successive override maps of one panel, if exactly one does. */
    static Optional<String> changedKey(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        for (String k : before.keySet()) {
            if (!before.get(k).equals(after.get(k))) {
                changed.add(k);
            }
        }
        for (String k : after.keySet()) {
            if (!before.containsKey(k)) {
                changed.add(k);
            }
        }
        return changed.size() == 1 ? Optional.of(changed.get(0)) : Optional.empty();
    }
}
