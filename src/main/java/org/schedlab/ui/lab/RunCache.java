package org.schedlab.ui.lab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Keeps the lab's last few finished runs. The simulator is deterministic - the same scenario,
 * parameters (the seed among them) and options give the same summary and the same recorded
 * events - so going back to a setting (a slider moved back, "Reset all", a preemption model
 * picked again, B set to what A runs) shows its result at once instead of simulating it again.
 * Only runs that finished are kept, never a cancelled or failed one. A hit hands its dataset to
 * the monitor as a fresh run would ({@link Simulation.Monitor#recorded}), with zero timings: no
 * simulation happened, and {@link Latency} says so.
 *
 * <p>The newest {@value #CAPACITY} runs are kept, a recorded default case-A run being the big
 * one (its dataset is ~1 M slices, tens of MB). Thread-safe: both sides and the live run call it
 * from their worker threads.
 */
final class RunCache implements SimRunner {
    static final int CAPACITY = 6;

    private record Key(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
    }

    private final SimRunner delegate;
    private final LinkedHashMap<Key, RunResult> kept = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, RunResult> eldest) {
            return size() > CAPACITY;
        }
    };

    RunCache(SimRunner delegate) {
        this.delegate = delegate;
    }

    @Override
    public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                         Simulation.Monitor monitor) throws ScenarioException {
        Key key = new Key(scenario, Map.copyOf(overrides), options);
        Optional<RunResult> hit = lookup(key);
        if (hit.isPresent()) {
            RunResult r = new RunResult(hit.get().summary(), hit.get().dataset(), RunResult.Timings.NONE);
            r.dataset().ifPresent(d -> monitor.recorded(d, RunResult.Timings.NONE));
            return r;
        }
        RunResult r = delegate.run(scenario, overrides, options, monitor);
        if (!monitor.isCancelled()) {
            synchronized (kept) {
                kept.put(key, r);
            }
        }
        return r;
    }

    private Optional<RunResult> lookup(Key key) {
        synchronized (kept) {
            return Optional.ofNullable(kept.get(key));
        }
    }

    /** Runs kept now (tests). */
    int size() {
        synchronized (kept) {
            return kept.size();
        }
    }
}
