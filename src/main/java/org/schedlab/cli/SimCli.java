package org.schedlab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;

/** What the simulator commands share: finding scenarios and running them with user errors mapped. */
final class SimCli {
    private SimCli() {
    }

    static Scenario scenario(String nameOrFile) throws UserInputException {
        try {
            return ScenarioCatalog.find(nameOrFile);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    static Map<String, String> assignments(List<String> items) throws UserInputException {
        try {
            return Scenario.parseAssignments(items);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    static Map<String, String> assignmentList(String list, String option) throws UserInputException {
        try {
            return Scenario.parseAssignmentList(list);
        } catch (ScenarioException e) {
            throw new UserInputException(option + ": " + e.getMessage(), e);
        }
    }

    /**
     * What {@code compare} and {@code render --view compare} run as base and test, as K=V,K=V
     * lists; {@code pairOf} names the scenario whose own compare pair they are, empty when the
     * user gave {@code --base} and {@code --test} (messages name what the user typed).
     */
    record Sides(String base, String test, String pairOf) {
        Sides(String base, String test) {
            this(base, test, "");
        }

        /** The base side as messages name it: "--base", or the scenario pair's base. */
        String baseLabel() {
            return pairOf.isEmpty() ? "--base" : "the base of scenario " + pairOf + "'s compare pair";
        }

        String testLabel() {
            return pairOf.isEmpty() ? "--test" : "the test of scenario " + pairOf + "'s compare pair";
        }
    }

    /**
     * {@code --base} and {@code --test} as given; with neither, the pair the scenario names
     * ({@code "compare"} in its file: full against lazy for s390-uperf), so
     * {@code compare --scenario s390-uperf} runs what the scenario is about.
     */
    static Sides sides(Scenario s, String base, String test) throws UserInputException {
        if (base != null && test != null) {
            requireItems(base, "--base");
            requireItems(test, "--test");
            return new Sides(base, test);
        }
        if (base != null || test != null) {
            throw new UserInputException((base == null ? "--base" : "--test") + " is missing: give both --base and"
                    + " --test, or neither to run the pair scenario " + s.name() + " names");
        }
        org.schedlab.sim.scenario.Comparison c = s.compare().orElseThrow(() -> new UserInputException("scenario "
                + s.name() + " names no pair to compare; expected --base KEY=VALUE,.. and --test KEY=VALUE,.."));
        return new Sides(list(c.base()), list(c.test()), s.name());
    }

    /**
     * Refuses a typed {@code --base}/{@code --test} list that is empty or has an empty item: the
     * scenario's parser skips empty items, so {@code --base ''} or {@code ,,} ran the scenario's
     * defaults as if that side had been given, and a trailing comma hid a value the user meant
     * to type. (A scenario's own pair may leave a side empty: that is its defaults on purpose.)
     */
    private static void requireItems(String list, String option) throws UserInputException {
        if (list.isBlank()) {
            throw new UserInputException(option + ": an empty list was given; expected KEY=VALUE[,KEY=VALUE...]");
        }
        String[] items = list.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            if (items[i].isBlank()) {
                throw new UserInputException(option + ": item " + (i + 1) + " of '" + list + "' is empty; expected"
                        + " KEY=VALUE[,KEY=VALUE...] with no empty item between commas");
            }
        }
    }

    private static String list(Map<String, String> set) {
        return String.join(",", set.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    /**
     * Refuses a {@code --set} that both sides override: it would reach neither run, while the
     * title (and the user) would believe both ran with it. As sweep refuses a {@code --set} of a
     * key it varies. Sides from the scenario's own pair are named as such: the user typed no
     * --base/--test, and the way out is to give them.
     */
    static void checkSetReachesARun(Sides sides, Map<String, String> common, Map<String, String> base,
                                    Map<String, String> test) throws UserInputException {
        for (Map.Entry<String, String> e : common.entrySet()) {
            String k = e.getKey();
            if (!base.containsKey(k) || !test.containsKey(k)) {
                continue;
            }
            if (!sides.pairOf().isEmpty()) {
                throw new UserInputException("--set " + k + "=" + e.getValue() + " would reach neither run: scenario "
                        + sides.pairOf() + "'s compare pair sets " + k + " on both sides (base " + k + "="
                        + base.get(k) + ", test " + k + "=" + test.get(k) + "); expected --base KEY=VALUE,.. and"
                        + " --test KEY=VALUE,.. to compare other settings with " + k + "=" + e.getValue());
            }
            throw new UserInputException("--set " + k + "=" + e.getValue() + " is overridden by both --base ("
                    + k + "=" + base.get(k) + ") and --test (" + k + "=" + test.get(k)
                    + "); expected " + k + " in --set or in --base/--test, not both");
        }
    }

    /**
     * Checks {@code --set} and then each side's full parameter set before anything runs; a bad
     * value is named with the side it was given for ("--test: parameter preemption=bogus ...").
     * Returns the first seed ({@code --set seed=N} or the scenario's).
     */
    static long checkSides(Scenario s, Sides sides, Map<String, String> common, Map<String, String> baseSet,
                           Map<String, String> testSet) throws UserInputException {
        String side = "";
        try {
            long seed0 = s.resolve(common).longValue("seed");
            // --set is good by now: what fails below is that side's value (the user has to know which)
            side = sides.baseLabel() + ": ";
            s.resolve(baseSet);
            side = sides.testLabel() + ": ";
            s.resolve(testSet);
            return seed0;
        } catch (ScenarioException e) {
            throw new UserInputException(side + e.getMessage(), e);
        }
    }

    /**
     * Whether two checked sides resolve to the same parameters (1 and 1.0 are one value): then
     * A and B are the same run, which a table of x1.00 ratios leaves the user to work out.
     */
    static boolean sameParameters(Scenario s, Map<String, String> baseSet, Map<String, String> testSet)
            throws UserInputException {
        try {
            return s.resolve(baseSet).sameAs(s.resolve(testSet));
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    static Map<String, String> merged(Map<String, String> a, Map<String, String> b) {
        Map<String, String> m = new LinkedHashMap<>(a);
        m.putAll(b);
        return m;
    }

    static RunResult run(Scenario s, Map<String, String> overrides, Simulation.Options o) throws UserInputException {
        try {
            return Simulation.run(s, overrides, o, () -> Thread.currentThread().isInterrupted());
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    /** As {@link #run(Scenario, Map, Simulation.Options)}, saying on {@code err} how far a long run got. */
    static RunResult run(Scenario s, Map<String, String> overrides, Simulation.Options o, String label,
                         java.io.PrintWriter err) throws UserInputException {
        try {
            return Simulation.run(s, overrides, o, new RunProgress(label, err, System::nanoTime));
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    /**
     * Which of {@code overrides} change nothing in the run they make, key to why (see
     * {@link Scenario#inert}). The run still goes ahead: a sweep or a script may set one for every
     * scenario on purpose, but a user reading the output should not believe it reflects them.
     */
    static Map<String, String> inert(Scenario s, Map<String, String> overrides) throws UserInputException {
        try {
            return s.inert(overrides);
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    /**
     * Says on {@code err} why each of {@code keys} that {@code why} holds changes nothing in the
     * run made with {@code overrides}; {@code where} names the side ("" for a single run).
     */
    static void noteInert(Map<String, String> why, Map<String, String> overrides, java.util.Collection<String> keys,
                          String where, java.io.PrintWriter err) {
        for (String k : keys) {
            if (why.containsKey(k)) {
                err.println("schedlab: note: " + why.get(k) + ": " + k + "=" + overrides.get(k) + " changes nothing"
                        + where);
            }
        }
        err.flush();
    }
}
