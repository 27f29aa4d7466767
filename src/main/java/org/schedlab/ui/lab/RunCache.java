package org.schedlab.ui.lab;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Runs each setting once. The simulator is deterministic - the same scenario, parameters (the
 * seed among them) and options give the same summary and the same recorded events - so:
 * <ul>
 * <li>the {@value #CAPACITY} most recently used finished runs are kept, within
 * {@value #MAX_KEPT_SLICES} recorded CPU slices (the newest always): going back to a setting (a slider
 * moved back, "Reset all", a preemption model picked again, B set to what A runs) shows its
 * result at once. A hit hands its dataset to the monitor as a fresh run would
 * ({@link Simulation.Monitor#recorded}), with zero timings: nothing was simulated, and
 * {@link Latency} says so;</li>
 * <li>a setting already being simulated is not simulated twice: a second request (the live run
 * opened while the first screen's B still runs the same values) joins the run in flight and
 * gets its progress, its recorded window and its result. The run goes on while anyone still
 * waits for it and stops when every one of them has cancelled.</li>
 * </ul>
 * Only runs that finished are kept, never a cancelled or failed one. A recorded default case-A
 * run is the big entry (its window is ~1 M slices, tens of MB). Thread-safe: both sides and the
 * live run call it from their worker threads.
 */
final class RunCache implements SimRunner {
    static final int CAPACITY = 6;
    /**
     * At most this many recorded CPU slices over all kept runs (~21 bytes each in the columns,
     * about as much again in task lanes): six default case-A windows; a bigger machine keeps fewer.
     */
    static final long MAX_KEPT_SLICES = 6_000_000;
    /** How often a joined request looks whether it was cancelled while it waits. */
    private static final long JOINED_CANCEL_CHECK_MS = 20;

    private record Key(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
    }

    private final SimRunner delegate;
    private final long maxKeptSlices;
    private final Object lock = new Object();
    private final Map<Key, Flight> inFlight = new HashMap<>();
    private final LinkedHashMap<Key, RunResult> kept = new LinkedHashMap<>(16, 0.75f, true);
    private long keptSlices;

    RunCache(SimRunner delegate) {
        this(delegate, MAX_KEPT_SLICES);
    }

    /** With another slice budget (tests). */
    RunCache(SimRunner delegate, long maxKeptSlices) {
        this.delegate = delegate;
        this.maxKeptSlices = maxKeptSlices;
    }

    @Override
    public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                         Simulation.Monitor monitor) throws ScenarioException {
        Key key = new Key(scenario, Map.copyOf(overrides), options);
        Flight flight;
        RunResult hit;
        boolean mine = false;
        synchronized (lock) {
            hit = kept.get(key);
            flight = inFlight.get(key);
            if (hit == null && (flight == null || flight.abandoned)) {
                flight = new Flight();
                inFlight.put(key, flight);
                mine = true;
            }
            if (hit == null) {
                flight.watch(monitor); // under the lock: nobody joins a run that is being abandoned
            }
        }
        if (hit != null) {
            RunResult r = new RunResult(hit.summary(), hit.dataset(), RunResult.Timings.NONE);
            r.dataset().ifPresent(d -> monitor.recorded(d, RunResult.Timings.NONE));
            return r;
        }
        return mine ? fly(key, flight, scenario, overrides, options) : join(flight, monitor);
    }

    private RunResult fly(Key key, Flight flight, Scenario scenario, Map<String, String> overrides,
                          Simulation.Options options) throws ScenarioException {
        RunResult r;
        try {
            r = delegate.run(scenario, overrides, options, flight);
        } catch (ScenarioException | RuntimeException | Error e) {
            land(key, flight, null);
            flight.result.completeExceptionally(e);
            throw e;
        }
        land(key, flight, r);
        if (flight.abandoned) {
            flight.result.completeExceptionally(new CancellationException("every request for this setting was cancelled"));
        } else {
            flight.result.complete(r);
        }
        return r;
    }

    /** The run is over: it leaves the flights and, when whole, joins the kept runs. */
    private void land(Key key, Flight flight, RunResult r) {
        synchronized (lock) {
            if (inFlight.get(key) == flight) {
                inFlight.remove(key);
            }
            if (r != null && !flight.abandoned) {
                keep(key, r);
            }
        }
    }

    /** Keeps {@code r}, dropping the least recently used runs beyond the count or the slice budget. */
    private void keep(Key key, RunResult r) {
        RunResult replaced = kept.put(key, r);
        keptSlices += slices(r) - (replaced == null ? 0 : slices(replaced));
        var eldest = kept.entrySet().iterator();
        while (kept.size() > 1 && (kept.size() > CAPACITY || keptSlices > maxKeptSlices)) {
            keptSlices -= slices(eldest.next().getValue());
            eldest.remove();
        }
    }

    private static long slices(RunResult r) {
        return r.dataset().map(Dataset::sliceCount).orElse(0L);
    }

    /** Waits for another request's run of the same setting; gives up when cancelled itself. */
    private static RunResult join(Flight flight, Simulation.Monitor monitor) throws ScenarioException {
        while (true) {
            if (monitor.isCancelled()) {
                flight.unwatch(monitor);
                throw new CancellationException("cancelled while waiting for the same setting's run");
            }
            try {
                RunResult r = flight.result.get(JOINED_CANCEL_CHECK_MS, TimeUnit.MILLISECONDS);
                return new RunResult(r.summary(), r.dataset(), RunResult.Timings.NONE);
            } catch (TimeoutException stillRunning) {
                // look at the cancel flag again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                flight.unwatch(monitor);
                throw new CancellationException("interrupted while waiting for the same setting's run");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof ScenarioException se) {
                    throw se;
                }
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /**
     * One run in progress and everyone waiting for it: its progress and recorded window go to all
     * of them (a late joiner gets the window at once if it is already out). It stops when all of
     * them have cancelled; from then on it is abandoned: its partial result is never kept or
     * handed out, and a new request for the setting starts a run of its own.
     */
    private final class Flight implements Simulation.Monitor {
        private final List<Simulation.Monitor> watchers = new CopyOnWriteArrayList<>();
        private final CompletableFuture<RunResult> result = new CompletableFuture<>();
        private volatile boolean abandoned;
        private Dataset recorded;

        synchronized void watch(Simulation.Monitor m) {
            watchers.add(m);
            if (recorded != null) {
                m.recorded(recorded, RunResult.Timings.NONE);
            }
        }

        void unwatch(Simulation.Monitor m) {
            watchers.remove(m);
        }

        private boolean everyoneCancelled() {
            for (Simulation.Monitor w : watchers) {
                if (!w.isCancelled()) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean isCancelled() {
            if (abandoned) {
                return true;
            }
            if (!everyoneCancelled()) {
                return false;
            }
            synchronized (lock) { // decided where requests join, so none joins a run that stops
                abandoned = everyoneCancelled();
                return abandoned;
            }
        }

        @Override
        public void simulated(long nowNs, long endNs) {
            for (Simulation.Monitor w : watchers) {
                w.simulated(nowNs, endNs);
            }
        }

        @Override
        public synchronized void recorded(Dataset dataset, RunResult.Timings timings) {
            recorded = dataset;
            boolean first = true;
            for (Simulation.Monitor w : watchers) {
                // the request that started the run reports its real timings; the ones that joined it
                // simulated nothing themselves
                w.recorded(dataset, first ? timings : RunResult.Timings.NONE);
                first = false;
            }
        }
    }

    /** Runs kept now (tests). */
    int size() {
        synchronized (lock) {
            return kept.size();
        }
    }
}
