package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.scenario.LookAt;
import org.schedlab.sim.scenario.Scenario;

/**
 * What the Explain panel says about a scenario: its mechanism ({@code explain}, else its
 * description) and what to look at ({@code lookAt}, else its notes as steps without
 * parameters), plus the one sentence the Scenarios gallery shows.
 */
record ExplainContent(String title, String text, List<LookAt> steps) {
    static ExplainContent of(Scenario s) {
        String text = s.explain().isEmpty() ? s.description() : s.explain();
        List<LookAt> steps = new ArrayList<>(s.lookAt());
        if (steps.isEmpty()) {
            for (String note : s.notes()) {
                steps.add(new LookAt(note, Map.of()));
            }
        }
        return new ExplainContent(s.title(), text, List.copyOf(steps));
    }

    /**
     * Which tour step the current parameters show: the first step with parameters whose values
     * (the rest at the scenario's) are exactly {@code overrides}; -1 when none is.
     */
    static int stepShowing(List<LookAt> steps, Map<String, String> overrides, Map<String, String> defaults) {
        for (int i = 0; i < steps.size(); i++) {
            Map<String, String> set = steps.get(i).set();
            if (set.isEmpty()) {
                continue;
            }
            Map<String, String> differing = new java.util.HashMap<>();
            set.forEach((k, v) -> {
                if (!v.equals(defaults.get(k))) {
                    differing.put(k, v);
                }
            });
            if (differing.equals(overrides)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The gallery's caption: the scenario's title, which says what it shows ("Lazy vs full for a
     * task in user mode, woken from another CPU"); a file without one (its title is then its name)
     * gets its description's first sentence, which often only sets the scene ("A computes in user
     * mode on CPU 0.").
     */
    static String caption(Scenario s) {
        return s.title().isBlank() || s.title().equals(s.name()) ? oneSentence(s) : s.title();
    }

    /** The first sentence of the description (or of the explanation). */
    static String oneSentence(Scenario s) {
        String text = s.description().isEmpty() ? s.explain() : s.description();
        int end = -1;
        for (int i = 0; i + 1 < text.length(); i++) {
            // a full stop followed by a space ends a sentence; "0.70 ms" and "e.g. " do not
            if (text.charAt(i) == '.' && text.charAt(i + 1) == ' ' && !text.startsWith("e.g", Math.max(0, i - 3))) {
                end = i + 1;
                break;
            }
        }
        return end < 0 ? text : text.substring(0, end);
    }
}
