package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.schedlab.analysis.PlainText;
import org.schedlab.render.Caption;
import org.schedlab.sim.scenario.DefaultsDiff;
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
            // every other choice-type parameter both sides ran with (arch, preemption, irqInatomic ...):
            // a reader of the mail without the scenario file never read that case B ran on x86
            // with what an "auto" resolved to (hz=250 (auto)), as compare's with line
            List<String> same = new ArrayList<>();
            Map<String, String> autoA = DefaultsDiff.autoResolved(scenario, ma);
            Map<String, String> autoB = DefaultsDiff.autoResolved(scenario, mb);
            scenario.params().forEach((k, def) -> {
                String va = ma.getOrDefault(k, def.value());
                if (DefaultsDiff.namedAtDefault(def) && va.equals(mb.getOrDefault(k, def.value()))
                        && va.equals(def.value())) {
                    same.add(k + "=" + DefaultsDiff.shownBoth(va, autoA.get(k), "A", autoB.get(k), "B"));
                }
            });
            if (!same.isEmpty()) {
                t.append(line("defaults", same));
            }
        } else {
            t.append(line("base (A)", List.of(a.map(RunOutcome::label).orElse("A"))));
            t.append(line("test (B)", List.of(b.map(RunOutcome::label).orElse("B"))));
        }
        seedsLine(a, b).ifPresent(t::append);
        return t.toString();
    }

    /**
     * The seeds of the runs ({@link Caption#seeds(List, List)}): {@code seed 1}, {@code seeds 1..3
     * per side}, or each side's when they differ or one side is an opened file ({@code A seed 1,
     * B seed 5}); empty when neither side is a simulated run.
     */
    static Optional<String> seeds(Optional<RunOutcome> a, Optional<RunOutcome> b) {
        return Caption.seeds(seedList(a), seedList(b));
    }

    /** The seeds of a side's runs in order; none for an opened file or no run. */
    static List<Long> seedList(Optional<RunOutcome> o) {
        return o.map(r -> r.summaries().stream().map(RunSummary::seed).toList()).orElse(List.of());
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

    /**
     * "  base (A)  preemption=none", one space apart as in compare's title, wrapped under its
     * values; a value is never split at its inner space ("hz=100" over "(auto)").
     */
    private static String line(String head, List<String> items) {
        return "\n  " + String.format("%-10s", head) + PlainText.wrapWhole(items, INDENT.length());
    }
}
