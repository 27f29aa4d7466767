package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.schedlab.analysis.PlainText;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.summary.RunSummary;

/**
 * What heads the A/B table copied for a mail and names the runs in the exported picture, as
 * {@code schedlab compare} heads its table: the parameters that tell A from B (each side's value),
 * those both sides changed from the scenario ({@code set}) and the seeds the rows come from. A
 * reader of the thread sees neither the window nor the scenario file: "scenario values" for B
 * hid that B was {@code preemption=lazy}, and the seed was not said at all.
 */
final class CompareTitle {
    private static final String INDENT = "            ";

    private CompareTitle() {
    }

    /** The title lines (scenario, base, test, set, seeds) for {@code ComparisonTable.render}. */
    static String text(Scenario scenario, Optional<RunOutcome> a, Optional<RunOutcome> b) {
        StringBuilder t = new StringBuilder("A/B " + (scenario == null ? "" : scenario.name()));
        boolean runs = scenario != null && a.filter(RunOutcome::simulated).isPresent()
                && b.filter(RunOutcome::simulated).isPresent();
        if (runs) {
            Map<String, String> ma = a.get().overrides();
            Map<String, String> mb = b.get().overrides();
            List<String> onlyA = new ArrayList<>();
            List<String> onlyB = new ArrayList<>();
            List<String> both = new ArrayList<>();
            for (String k : keys(scenario, ma, mb)) {
                String dflt = scenario.params().containsKey(k) ? scenario.params().get(k).value() : "";
                String va = ma.getOrDefault(k, dflt);
                String vb = mb.getOrDefault(k, dflt);
                if (!va.equals(vb)) {
                    onlyA.add(k + "=" + va);
                    onlyB.add(k + "=" + vb);
                } else if (!va.equals(dflt)) {
                    both.add(k + "=" + va);
                }
            }
            t.append(line("base (A)", onlyA.isEmpty() ? List.of("same parameters") : onlyA));
            t.append(line("test (B)", onlyB.isEmpty() ? List.of("same parameters") : onlyB));
            if (!both.isEmpty()) {
                t.append(line("set", both));
            }
        } else {
            t.append(line("base (A)", List.of(a.map(RunOutcome::label).orElse("A"))));
            t.append(line("test (B)", List.of(b.map(RunOutcome::label).orElse("B"))));
        }
        seedsLine(a, b).ifPresent(t::append);
        return t.toString();
    }

    /**
     * The seeds of the runs: {@code seed 1}, {@code seeds 1..3 per side}, or each side's when
     * they differ or one side is an opened file ({@code A seed 1, B seed 5}); empty when neither
     * side is a simulated run.
     */
    static Optional<String> seeds(Optional<RunOutcome> a, Optional<RunOutcome> b) {
        Optional<String> sa = a.flatMap(CompareTitle::seeds);
        Optional<String> sb = b.flatMap(CompareTitle::seeds);
        if (sa.isPresent() && sa.equals(sb)) {
            return Optional.of(sa.get() + (a.get().seeds() > 1 ? " per side" : ""));
        }
        List<String> sides = new ArrayList<>();
        sa.ifPresent(s -> sides.add("A " + s));
        sb.ifPresent(s -> sides.add("B " + s));
        return sides.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", sides));
    }

    /** One run's seeds: {@code seed 1}, {@code seeds 1..3}; empty for an opened file. */
    static Optional<String> seeds(RunOutcome o) {
        return seedList(o).map(l -> (o.seeds() > 1 ? "seeds " : "seed ") + l);
    }

    private static Optional<String> seedsLine(Optional<RunOutcome> a, Optional<RunOutcome> b) {
        int most = Math.max(a.map(RunOutcome::seeds).orElse(0), b.map(RunOutcome::seeds).orElse(0));
        return seeds(a, b).map(s -> {
            // "seed 1" and "seeds 1..2 per side" under the base and test lines' values; sides that
            // differ ("A seed 1, B seed 5") after a "seeds" of their own
            boolean same = s.startsWith("seed");
            String head = same ? s.substring(0, s.indexOf(' ')) : "seeds";
            String rest = same ? s.substring(s.indexOf(' ') + 1) : s;
            return "\n  " + String.format("%-10s", head) + PlainText.wrap(rest
                    + (most > 1 ? " (mean; min..max on the line under it)" : ""), INDENT.length());
        });
    }

    /** "1", "1..3" (the lab runs consecutive seeds), or the seeds one by one. */
    private static Optional<String> seedList(RunOutcome o) {
        List<Long> s = o.summaries().stream().map(RunSummary::seed).toList();
        if (s.isEmpty()) {
            return Optional.empty();
        }
        boolean consecutive = true;
        for (int i = 1; i < s.size(); i++) {
            consecutive &= s.get(i) == s.get(i - 1) + 1;
        }
        if (s.size() == 1) {
            return Optional.of(Long.toString(s.get(0)));
        }
        return Optional.of(consecutive ? s.get(0) + ".." + s.get(s.size() - 1)
                : String.join(",", s.stream().map(String::valueOf).toList()));
    }

    /** The keys either side set, in the scenario's order; the seed goes on its own line. */
    private static Set<String> keys(Scenario s, Map<String, String> a, Map<String, String> b) {
        Set<String> keys = new LinkedHashSet<>(s.params().keySet());
        keys.removeIf(k -> !a.containsKey(k) && !b.containsKey(k));
        // a scenario file's key the lab does not list (none today) still counts, after the rest
        new java.util.TreeSet<>(a.keySet()).forEach(keys::add);
        new java.util.TreeSet<>(b.keySet()).forEach(keys::add);
        keys.remove("seed");
        return keys;
    }

    /** "  base (A)  preemption=none", one space apart as in compare's title, wrapped under its values. */
    private static String line(String head, List<String> items) {
        return "\n  " + String.format("%-10s", head) + PlainText.wrap(String.join(" ", items), INDENT.length());
    }
}
