package org.schedlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryJson;

/**
 * Whatever the live sliders are set to - any value of each parameter's declared range (whole
 * numbers where the range is integer), any choice, {@code auto} or off where the parameter has
 * that toggle, in any combination - a built-in scenario either runs, with the checking
 * recorder's invariants holding over the whole measured time, CPU shares summing to 1, no NaN
 * or negative figure in the summary, and the same summary again for the same seed; or it is
 * refused up front with one line that names the parameters. Never another exception, never a
 * hang. The domains are read from each scenario's {@link ParamDef}s, so a new scenario or a
 * widened range is covered without touching this test.
 */
class AnyInRangeSettingTest {
    /**
     * Upper ends drawn for the parameters that set how much there is to simulate, so one try
     * stays well under a second on two cores: CPUs, connections and worker threads, and the run's
     * own warm-up and duration. Only the drawn range is narrowed (each from its scenario's own
     * minimum); the model and the scenario files are not. The full sizes run in the scenarios'
     * own tests and benchmarks.
     */
    private static final Map<String, Double> SIZE_CAPS = Map.of("cpus", 8.0, "clients", 32.0,
            "pgbenchThreads", 8.0, "connections", 16.0, "warmupMs", 10.0, "durationMs", 20.0);
    /**
     * Decimal places drawn for a non-integer parameter: a logarithmic slider's low end gives
     * values of a few thousandths of a microsecond and less (two significant digits), a typed
     * value any number of places.
     */
    private static final int SCALE = 6;
    /** A try's two runs take well under a second; far longer is a hang, reported as one. */
    private static final Duration HANG = Duration.ofSeconds(30);

    /** A scenario and the overrides a user's sliders set on it (every parameter, in the file's order). */
    record Setting(Scenario scenario, Map<String, String> set) {
        @Override
        public String toString() {
            return scenario.name() + " " + set;
        }
    }

    @Property(tries = 600, edgeCases = EdgeCasesMode.NONE)
    void anyInRangeSettingRunsCheckedAndDeterministicOrIsRefusedByName(@ForAll("settings") Setting s) {
        Statistics.label("scenario").collect(s.scenario().name());
        Statistics.label("scenario").coverage(c -> {
            for (String name : ScenarioCatalog.names()) {
                c.check(name).count(n -> n >= 20); // each built-in gets its share of the tries
            }
        });
        RunResult first;
        try {
            first = run(s);
        } catch (ScenarioException e) {
            Statistics.label("outcome").collect("refused");
            String m = e.getMessage();
            assertFalse(m.contains("\n"), "one line: " + m);
            assertTrue(s.scenario().params().keySet().stream().anyMatch(m::contains),
                    "a refusal names the parameters it refuses: " + m);
            return;
        }
        Statistics.label("outcome").collect("ran");
        RunSummary a = first.summary();
        assertEquals(1.0, a.cpu().sum(), 1e-5, "cpu shares sum to 1: " + a.cpu());
        List<String> bad = new ArrayList<>();
        badFigures(SummaryJson.tree(a), "", bad);
        assertTrue(bad.isEmpty(), "NaN, infinite or negative figures: " + bad);
        RunSummary again;
        try {
            again = run(s).summary();
        } catch (ScenarioException e) {
            throw new AssertionError("ran once, refused the second time: " + e.getMessage(), e);
        }
        assertEquals(a.withWallMs(0), again.withWallMs(0), "same setting, same seed: the same summary");
    }

    /** One checked run, its record window the whole measured time; cancelled (and failed) if it hangs. */
    private static RunResult run(Setting s) throws ScenarioException {
        Simulation.Options checked = new Simulation.Options(SIZE_CAPS.get("durationMs").longValue(),
                Recorder.DEFAULT_MAX_TASK_LANES, true);
        try {
            // the run asks its monitor whether to stop every few thousand events: an interrupt from
            // the timeout below stops a run that loops in simulated time
            return assertTimeoutPreemptively(HANG, () -> Simulation.run(s.scenario(), s.set(), checked,
                    () -> Thread.currentThread().isInterrupted()), () -> "hangs: " + s);
        } catch (Throwable t) {
            if (t instanceof ScenarioException e) {
                throw e; // the timeout passes the run's own exceptions on unchanged
            }
            throw t;
        }
    }

    /** Numbers of the summary's JSON that are NaN, infinite or negative (the echoed params aside). */
    private static void badFigures(JsonNode n, String path, List<String> out) {
        if (n.isNumber()) {
            double v = n.asDouble();
            if (!(v >= 0) || Double.isInfinite(v)) {
                out.add(path + "=" + n.asText());
            }
        } else if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (!(path.isEmpty() && e.getKey().equals("params"))) {
                    badFigures(e.getValue(), path + "." + e.getKey(), out);
                }
            });
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                badFigures(n.get(i), path + "[" + i + "]", out);
            }
        }
    }

    @Provide
    Arbitrary<Setting> settings() throws ScenarioException {
        return Arbitraries.of(ScenarioCatalog.all()).flatMap(AnyInRangeSettingTest::settings);
    }

    /** Every parameter of {@code s} drawn from its own domain. */
    private static Arbitrary<Setting> settings(Scenario s) {
        List<Arbitrary<String>> values = new ArrayList<>();
        for (ParamDef d : s.params().values()) {
            values.add(values(d));
        }
        List<String> keys = new ArrayList<>(s.params().keySet());
        return Combinators.combine(values).as(vs -> {
            Map<String, String> set = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                set.put(keys.get(i), vs.get(i));
            }
            return new Setting(s, set);
        });
    }

    /**
     * What a user can set {@code d} to, as the panel and {@code --set} write it: a choice; a number
     * of the range (whole where it is integer; a size capped by {@link #SIZE_CAPS}), its two ends
     * often; and {@code auto} or {@code 0} (off) where the parameter has that toggle.
     */
    @SuppressWarnings("unchecked")
    private static Arbitrary<String> values(ParamDef d) {
        if (d.isChoice()) {
            return Arbitraries.of(d.choices());
        }
        if (d.min() == null || d.max() == null) {
            throw new IllegalStateException("parameter " + d.key() + " has no range to draw from");
        }
        BigDecimal lo = BigDecimal.valueOf(d.min());
        BigDecimal hi = BigDecimal.valueOf(Math.max(d.min(), Math.min(d.max(),
                SIZE_CAPS.getOrDefault(d.key(), d.max()))));
        Arbitrary<BigDecimal> number = d.integer()
                ? Arbitraries.longs().between(lo.longValue(), hi.longValue()).map(BigDecimal::valueOf)
                : Arbitraries.bigDecimals().between(lo, hi).ofScale(SCALE);
        List<Tuple.Tuple2<Integer, Arbitrary<BigDecimal>>> drawn = new ArrayList<>(List.of(Tuple.of(6, number),
                Tuple.of(1, Arbitraries.just(lo)), Tuple.of(1, Arbitraries.just(hi))));
        Arbitrary<String> text = Arbitraries.frequencyOf(drawn.toArray(Tuple.Tuple2[]::new))
                .map(v -> ((BigDecimal) v).stripTrailingZeros().toPlainString());
        String special = !d.autoMeaning().isEmpty() ? "auto" : d.zeroIsOff() ? "0" : null;
        return special == null ? text
                : Arbitraries.frequencyOf(Tuple.of(4, text), Tuple.of(1, Arbitraries.just(special)));
    }
}
