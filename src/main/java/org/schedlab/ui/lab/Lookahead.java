package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Runs the settings the user is likely to ask for next while nothing else runs, so that asking
 * shows the picture at once: a simulation of the default case takes about a second to the
 * timeline's window and three to the summary, a kept run only its paint. Which settings
 * ({@link LikelyNext}): the other values of the choice the user changed last, then of the
 * preemption model and the other choices - the flips a regression hunt makes.
 *
 * <p>It never competes with what the user waits for: a run ahead starts only while no request
 * runs ({@link RunCache#awaitNoRequests}), one at a time, on one thread, and a request for
 * another setting stops it at once; a request for the same setting joins it. Results go to the
 * {@link RunCache} like any run's (within its count and slice budget, so at most
 * {@value #MAX_AHEAD} ahead), and a setting the scenario refuses is skipped. Off by default
 * (tests, a sweep's machine): the app turns it on.
 */
final class Lookahead {
    /** Runs made ahead per change (a setting with N seeds is N runs): a kept run of the default case is tens of MB. */
    static final int MAX_AHEAD = 3;
    /**
     * Quiet time after the last plan before a run ahead starts: a slider drag plans at every
     * position it commits, and a run ahead started between two of them would only be stopped by
     * the next (its scenario build, which cannot be cancelled, taking the second core from the
     * painting).
     */
    static final long QUIET_MS = 300;

    /** One setting as a view runs it: N seeds, the first recorded ({@link RunTask}'s runs). */
    record Candidate(Scenario scenario, Map<String, String> overrides, int seeds, String label) {
        Candidate {
            overrides = Map.copyOf(overrides);
        }
    }

    private final RunCache cache;
    private final long recordMs;
    /**
     * Guards the plan and the worker's state. Lock order: the {@link RunCache}'s lock before this
     * one, never the reverse - a run ahead's stop ({@link #stale}) is asked while the cache holds its
     * own (whether everyone watching a run cancelled), so nothing here asks the cache while holding
     * this lock: the worker looks at what is kept between two holds of it.
     */
    private final Object lock = new Object();
    private List<Candidate> plan = List.of();
    /**
     * The plan's settings run ahead to the end: not run again for this plan even when later runs
     * ahead pushed them out (more seeds, or bigger windows, than the cache keeps ahead) - else the
     * worker would run the window round and round.
     */
    private final Set<Candidate> made = new HashSet<>();
    private long planVersion;
    /** The setting picked last (the plan's {@code current}): its request is on its way. */
    private Candidate picked;
    /** When the last plan came ({@link System#nanoTime}). */
    private long plannedAtNs;
    private boolean shutDown;
    private boolean enabled;
    private boolean paused;
    private Thread worker;
    private volatile Consumer<String> status = s -> { };

    Lookahead(RunCache cache, long recordMs) {
        this.cache = cache;
        this.recordMs = recordMs;
    }

    /** Where "looking ahead: preemption=full" and "" (nothing to do) go; called from the worker thread. */
    void onStatus(Consumer<String> listener) {
        status = listener;
    }

    boolean isEnabled() {
        synchronized (lock) {
            return enabled;
        }
    }

    /** Turns running ahead on or off; off stops the run ahead under way. */
    void setEnabled(boolean on) {
        synchronized (lock) {
            if (shutDown) {
                return; // for good: a second worker would race the first one's lock order
            }
            enabled = on;
            planVersion++;
            if (on && worker == null) {
                worker = new Thread(this::work, "schedlab-lookahead");
                worker.setDaemon(true);
                worker.setPriority(Thread.MIN_PRIORITY);
                worker.start();
            }
            lock.notifyAll();
        }
    }

    /** Holds back while something else needs both cores (a sweep); stops the run ahead under way. */
    void setPaused(boolean p) {
        synchronized (lock) {
            paused = p;
            planVersion++;
            lock.notifyAll();
        }
    }

    /**
     * The settings to run ahead now, most likely first: replaces the previous plan (see
     * {@link #nextToRun} for which of them run). {@code current} is the setting just picked: if it
     * was run ahead, it counts as used from now on (its request is on its way).
     */
    void plan(Candidate current, List<Candidate> candidates) {
        markUsed(current);
        synchronized (lock) {
            picked = current;
            plannedAtNs = System.nanoTime();
            plan = List.copyOf(candidates);
            made.clear();
            planVersion++;
            lock.notifyAll();
        }
    }

    /** Stops the worker for good (the app closes). */
    void shutdown() {
        Thread w;
        synchronized (lock) {
            w = worker;
            worker = null;
            enabled = false;
            shutDown = true;
            lock.notifyAll();
        }
        if (w != null) {
            w.interrupt();
        }
    }

    private void work() {
        while (true) {
            // requests first: what they run is kept as used, which moves the plan's window on
            if (!cache.awaitNoRequests()) {
                return;
            }
            List<Candidate> planNow;
            Set<Candidate> madeNow;
            long version;
            boolean running;
            synchronized (lock) {
                if (worker != Thread.currentThread()) {
                    return;
                }
                running = enabled && !paused;
                planNow = plan;
                madeNow = Set.copyOf(made);
                version = planVersion;
            }
            // the cache is asked out of this lock (the lock order: see #lock)
            Candidate next = running ? nextToRun(planNow, madeNow) : null;
            synchronized (lock) {
                if (worker != Thread.currentThread()) {
                    return;
                }
                if (version != planVersion) {
                    continue; // a plan (or a turn off, a pause) came while the cache was asked: look again
                }
                long quietLeftMs = (plannedAtNs + QUIET_MS * 1_000_000 - System.nanoTime()) / 1_000_000;
                if (next != null && quietLeftMs > 0) {
                    try {
                        lock.wait(quietLeftMs); // another plan may come (a drag): then wait again
                    } catch (InterruptedException e) {
                        return;
                    }
                    continue;
                }
                if (next == null) {
                    status.accept("");
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                    continue;
                }
            }
            status.accept("looking ahead: " + next.label());
            RunCache.Ahead outcome = runAhead(next, version);
            if (outcome == RunCache.Ahead.KEPT && isPicked(next)) {
                markUsed(next); // made for the pick's request, which comes after the debounce
            }
            synchronized (lock) {
                if (outcome == RunCache.Ahead.REFUSED) {
                    plan = without(plan, next); // never runs: not worth asking again
                } else if (outcome == RunCache.Ahead.KEPT && version == planVersion) {
                    made.add(next);
                }
            }
            if (outcome == RunCache.Ahead.STOPPED) {
                status.accept(""); // a request runs now, or the plan changed: nothing runs ahead
            }
            // stopped by a request: the loop waits for it to end, then starts over
        }
    }

    /**
     * The plan's window is its first settings that no request has used (those are kept anyway:
     * A's setting among B's alternatives), as many as make {@value #MAX_AHEAD} runs with their
     * seeds; the first of them not kept yet runs next. The window is never bigger than what
     * {@link RunCache} keeps of runs made ahead, so running it never pushes out a run of the same
     * window (with 2 seeds a window of three settings pushed out the most likely one's runs).
     * {@code ofPlan} and {@code madeOfPlan}: {@link #plan} and {@link #made} as they were when
     * the worker looked (it asks the cache here, out of {@link #lock}).
     */
    private Candidate nextToRun(List<Candidate> ofPlan, Set<Candidate> madeOfPlan) {
        Candidate next = null;
        int runs = 0;
        for (Candidate c : ofPlan) {
            if (all(c, true)) {
                continue;
            }
            runs += c.seeds();
            if (runs > MAX_AHEAD) {
                break;
            }
            // asks for every setting of the window, kept ones too: they become the last runs made
            // ahead that the next one pushes out
            boolean kept = all(c, false);
            if (next == null && !madeOfPlan.contains(c) && !kept) {
                next = c;
            }
        }
        return next;
    }

    /** Every seed of {@code c} kept ahead becomes a used run. */
    private void markUsed(Candidate c) {
        for (int i = 0; i < c.seeds(); i++) {
            Map<String, String> o = seedOverrides(c, i);
            if (o != null) {
                cache.markUsed(c.scenario(), o, options(i));
            }
        }
    }

    /**
     * Whether every seed of {@code c} is kept ({@code used}: kept because a request used it). A
     * setting the scenario refuses counts as kept: there is nothing to run.
     */
    private boolean all(Candidate c, boolean used) {
        for (int i = 0; i < c.seeds(); i++) {
            Map<String, String> o = seedOverrides(c, i);
            if (o != null && !(used ? cache.isUsed(c.scenario(), o, options(i)) : cache.isKept(c.scenario(), o, options(i)))) {
                return false;
            }
        }
        return true;
    }

    private RunCache.Ahead runAhead(Candidate c, long version) {
        for (int i = 0; i < c.seeds(); i++) {
            Map<String, String> o = seedOverrides(c, i);
            if (o == null) {
                return RunCache.Ahead.REFUSED;
            }
            RunCache.Ahead a = cache.runAhead(c.scenario(), o, options(i), () -> stale(version, c));
            if (a != RunCache.Ahead.KEPT) {
                return a;
            }
        }
        return RunCache.Ahead.KEPT;
    }

    /**
     * Whether the run ahead of {@code running} should stop. A new plan stops it unless the user
     * just picked that very setting (its request, due after the debounce, joins the run instead
     * of starting over) or the new plan leads with it too (swap, a change on the other side):
     * stopping would only start it over.
     */
    private boolean stale(long version, Candidate running) {
        synchronized (lock) {
            return planVersion != version && !isPickedLocked(running) && !leadsPlanLocked(running)
                    || !enabled || paused || worker == null;
        }
    }

    private boolean isPicked(Candidate c) {
        synchronized (lock) {
            return isPickedLocked(c);
        }
    }

    private boolean isPickedLocked(Candidate c) {
        return picked != null && sameSetting(picked, c);
    }

    /** Among the plan's first {@value #MAX_AHEAD} settings (its window at the most). */
    private boolean leadsPlanLocked(Candidate c) {
        for (int i = 0; i < Math.min(MAX_AHEAD, plan.size()); i++) {
            if (sameSetting(plan.get(i), c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameSetting(Candidate a, Candidate b) {
        return a.scenario().equals(b.scenario()) && a.overrides().equals(b.overrides());
    }

    /** The overrides of seed {@code i} exactly as {@link RunTask} asks for them; null when the scenario refuses them. */
    private static Map<String, String> seedOverrides(Candidate c, int i) {
        try {
            return RunTask.seedOverrides(c.overrides(), c.scenario().resolve(c.overrides()).longValue("seed"), i);
        } catch (ScenarioException e) {
            return null;
        }
    }

    private Simulation.Options options(int seedIndex) {
        return RunTask.seedOptions(seedIndex, recordMs);
    }

    private static List<Candidate> without(List<Candidate> list, Candidate c) {
        List<Candidate> out = new ArrayList<>(list);
        out.remove(c);
        return out;
    }
}
