package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The settings a user is likely to ask for next, most likely first, for {@link Lookahead}: each
 * differs from the panel's current values in one choice - the preemption model, the page size,
 * the lock kind - the flips that make a regression appear or vanish. The choice changed last
 * comes first (having picked "full", "voluntary" is next), then the preemption model, then the
 * other choices in panel order. Numbers are left out: a slider lands anywhere in its range, so
 * a value run ahead would rarely be the one asked for.
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
        for (ParamViewModel p : panel.params()) {
            if (!order.contains(p)) {
                order.add(p);
            }
        }
        Map<String, String> current = panel.overrides();
        List<Lookahead.Candidate> out = new ArrayList<>();
        for (ParamViewModel p : order) {
            if (!p.def().isChoice() || ParameterPanelViewModel.RUN_KEYS.contains(p.key())) {
                continue;
            }
            for (String choice : p.def().choices()) {
                if (choice.equals(p.value())) {
                    continue;
                }
                Map<String, String> o = new LinkedHashMap<>(current);
                if (choice.equals(p.defaultValue())) {
                    o.remove(p.key());
                } else {
                    o.put(p.key(), choice);
                }
                out.add(new Lookahead.Candidate(panel.scenario(), o, seeds, p.key() + "=" + choice));
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
