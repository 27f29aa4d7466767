package org.schedlab.ui.lab;

import java.util.HashMap;
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
 * <li>a setting nobody asked for yet can be run ahead ({@link #runAhead}, for {@link Lookahead}):
 * it yields to every request - a request for another setting stops it at once (so a run ahead
 * never competes with what the user waits for), a request for the same setting joins it - and
 * {@link #awaitNoRequests} lets it start only while no request runs. Runs made ahead are kept
 * apart, {@value #AHEAD_CAPACITY} at most within half the slice budget, until a request uses one:
 * running ahead never pushes out a run a request used.</li>
 * <li>timelines before summaries: a run past its recorded window (or recording none, a further
 * seed) waits while a requested run still simulates toward its window - on the first screen A's
 * summary no longer takes a core from B's timeline, nor B's from A's. Where a run waits is on its
 * own thread, between two of the engine's checks: what it simulates is the same, only later (its
 * summary's {@code wallMs} includes the wait).</li>
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
    /** Runs made ahead and not used yet, kept besides (within half the slice budget): one plan's worth. */
    static final int AHEAD_CAPACITY = Lookahead.MAX_AHEAD;
    /** How often a joined request looks whether it was cancelled while it waits. */
    private static final long JOINED_CANCEL_CHECK_MS = 20;

    private record Key(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
    }

    private final SimRunner delegate;
    /**
     * Guards the flights, the kept runs and the counts. A run ahead's stop ({@link #runAhead}: the
     * {@link Lookahead}'s, which takes its own lock) is asked while this one is held (whether
     * everyone watching a run cancelled): the lock order is this lock first, and whoever gives a
     * stop never asks this cache while holding the lock that stop takes.
     */
    private final Object lock = new Object();
    private final Map<Key, Flight> inFlight = new HashMap<>();
    /** Runs a request used (ran, joined or was handed), most recently used last. */
    private final KeptRuns<Key> kept;
    /**
     * Runs made ahead that no request used yet, in a budget of their own: running ahead never
     * pushes out a run a request used (A's setting while B's alternatives run ahead).
     */
    private final KeptRuns<Key> keptAhead;
    /** Requests running now (a run of their own, a joined one, or a kept one being handed out). */
    private int requests;
    /** Runs ahead under way, each stopped by any request for another setting. */
    private final Map<Key, AheadTicket> tickets = new HashMap<>();
    /**
     * Requested runs still simulating toward their recorded window: the timelines the user waits
     * for. While there are any, runs past their window (or recording none) wait ({@link Flight#simulated}).
     */
    private int windowsToCome;

    RunCache(SimRunner delegate) {
        this(delegate, MAX_KEPT_SLICES);
    }

    /** With another slice budget (tests). */
    RunCache(SimRunner delegate, long maxKeptSlices) {
        this.delegate = delegate;
        this.kept = new KeptRuns<>(CAPACITY, maxKeptSlices);
        this.keptAhead = new KeptRuns<>(AHEAD_CAPACITY, maxKeptSlices / 2);
    }

    @Override
    public RunResult run(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                         Simulation.Monitor monitor) throws ScenarioException {
        Key key = new Key(scenario, Map.copyOf(overrides), options);
        synchronized (lock) {
            requests++;
            for (Map.Entry<Key, AheadTicket> e : tickets.entrySet()) {
                if (!e.getKey().equals(key)) {
                    e.getValue().cancelled = true; // the user waits for another setting: give it the CPU
                }
            }
        }
        try {
            return serve(key, scenario, overrides, options, monitor);
        } finally {
            synchronized (lock) {
                requests--;
                lock.notifyAll();
            }
        }
    }

    /**
     * Runs a setting nobody asked for yet, so that asking for it later finds it kept: nothing when
     * it is kept or under way already. It stops (and is not kept) as soon as a request for another
     * setting comes, or when {@code stop} turns true; a request for the same setting joins it.
     *
     * @return what came of it
     */
    Ahead runAhead(Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                   java.util.function.BooleanSupplier stop) {
        Key key = new Key(scenario, Map.copyOf(overrides), options);
        AheadTicket ticket = new AheadTicket(stop);
        synchronized (lock) {
            if (kept.contains(key) || keptAhead.contains(key)) {
                return Ahead.KEPT; // not a use: the order of the kept runs stays the users'
            }
            if (inFlight.containsKey(key) && !inFlight.get(key).abandoned || requests > 0) {
                return Ahead.STOPPED;
            }
            tickets.put(key, ticket);
        }
        try {
            serve(key, scenario, overrides, options, ticket);
            return Ahead.KEPT;
        } catch (ScenarioException | RuntimeException e) {
            // refused by the scenario (or a model failure, which the request for it will show): not again
            return e instanceof CancellationException ? Ahead.STOPPED : Ahead.REFUSED;
        } catch (Error e) {
            return Ahead.REFUSED; // out of memory, say: the kept runs stay, this one is dropped
        } finally {
            synchronized (lock) {
                tickets.remove(key, ticket);
            }
        }
    }

    /** Blocks until no request runs (a run ahead may start then); false when interrupted. */
    boolean awaitNoRequests() {
        synchronized (lock) {
            while (requests > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Whether {@code overrides} with {@code options} is kept (tests, and the lookahead's plan). A
     * run made ahead counts as wanted again by asking (not so a used run: their order stays the
     * users'): the plan asks for its window, so the next run ahead pushes out a run no plan wants
     * any more rather than one made for the last plan that this one still wants.
     */
    boolean isKept(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
        synchronized (lock) {
            Key key = new Key(scenario, Map.copyOf(overrides), options);
            return kept.contains(key) || keptAhead.get(key) != null;
        }
    }

    /**
     * The user just picked this setting (its request follows after the debounce): a run made
     * ahead of it becomes a used run now, so the next plan's runs ahead cannot push it out first.
     */
    void markUsed(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
        Key key = new Key(scenario, Map.copyOf(overrides), options);
        synchronized (lock) {
            RunResult r = keptAhead.remove(key);
            if (r != null) {
                kept.put(key, r);
            }
        }
    }

    /** Whether {@code overrides} with {@code options} is kept because a request used it. */
    boolean isUsed(Scenario scenario, Map<String, String> overrides, Simulation.Options options) {
        synchronized (lock) {
            return kept.contains(new Key(scenario, Map.copyOf(overrides), options));
        }
    }

    private RunResult serve(Key key, Scenario scenario, Map<String, String> overrides, Simulation.Options options,
                            Simulation.Monitor monitor) throws ScenarioException {
        Flight flight;
        RunResult hit;
        Dataset windowOut = null;
        boolean mine = false;
        synchronized (lock) {
            hit = kept.get(key);
            if (hit == null && !(monitor instanceof AheadTicket)) {
                hit = keptAhead.remove(key); // made ahead, asked for now: a used run from here on
                if (hit != null) {
                    kept.put(key, hit);
                }
            }
            flight = inFlight.get(key);
            if (hit == null && monitor instanceof AheadTicket && flight != null && !flight.abandoned) {
                // a request for this setting came between runAhead's look and here: it runs it, and a
                // run ahead joining it would keep it going should the user cancel that request
                throw new CancellationException("a request runs this setting");
            }
            if (hit == null && (flight == null || flight.abandoned)) {
                flight = new Flight(options.recordMs() > 0);
                inFlight.put(key, flight);
                mine = true;
            }
            if (hit == null) {
                windowOut = flight.watch(monitor); // under the lock: nobody joins a run that is being abandoned
                if (!(monitor instanceof AheadTicket)) {
                    flight.awaitWindow();
                }
            }
        }
        if (hit != null) {
            RunResult r = new RunResult(hit.summary(), hit.dataset(), RunResult.Timings.NONE);
            r.dataset().ifPresent(d -> monitor.recorded(d, RunResult.Timings.NONE));
            return r;
        }
        if (windowOut != null) {
            // a late joiner takes the window out of the lock: a run's task chooses its task lanes
            // there (a pass over every slice), and the FX thread asks the cache at every plan
            monitor.recorded(windowOut, RunResult.Timings.NONE);
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
            flight.windowDone(); // a run that failed or stopped before its window: nobody waits for it
            if (inFlight.get(key) == flight) {
                inFlight.remove(key);
            }
            if (r != null && !flight.abandoned) {
                (flight.requested ? kept : keptAhead).put(key, r);
            }
        }
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
        /**
         * Orders a watcher's arrival against the window's hand-out, so that each gets the window
         * once: from the hand-out, or from {@link #watch} when it came after. Held for no more
         * than that; the window is handed to the watchers after it.
         */
        private final Object arrivals = new Object();
        private final CompletableFuture<RunResult> result = new CompletableFuture<>();
        private volatile boolean abandoned;
        /** A request (not only a run ahead) waits for it: its result is a used run. */
        private boolean requested;
        /** The window, once handed out (guarded by {@link #arrivals}). */
        private Dataset recorded;
        /** It records a window (the first seed of a view's run); false: summary only. */
        private final boolean recording;
        /** Counted in {@link #windowsToCome} (under the cache's lock). */
        private boolean windowAwaited;
        /** The window is in, or the run has none: it is summary work from here on. */
        private volatile boolean pastWindow;

        Flight(boolean recording) {
            this.recording = recording;
            this.pastWindow = !recording;
        }

        /** A request watches it: until its window is in, runs past theirs wait (under the cache's lock). */
        void awaitWindow() {
            if (!pastWindow && !windowAwaited) {
                windowAwaited = true;
                windowsToCome++;
            }
        }

        /** Its window is in (or never will be): the runs waiting for it go on (under the cache's lock). */
        void windowDone() {
            pastWindow = true;
            if (windowAwaited) {
                windowAwaited = false;
                windowsToCome--;
                lock.notifyAll();
            }
        }

        /**
         * {@code m} watches the run (under the cache's lock); the window already handed out, if
         * any, is returned for the caller to give {@code m} once out of the lock (null: the hand-out
         * will give it).
         */
        Dataset watch(Simulation.Monitor m) {
            requested |= !(m instanceof AheadTicket);
            synchronized (arrivals) {
                watchers.add(m);
                return recorded;
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
            if (pastWindow) {
                yieldToWindows();
            }
        }

        /**
         * Summary work waits while a requested run still simulates toward its window (its
         * timeline is what the user looks for first); it goes on when the last such window is in,
         * or when everyone watching this run cancelled.
         */
        private void yieldToWindows() {
            boolean waited = false;
            synchronized (lock) {
                while (windowsToCome > 0 && !isCancelled()) {
                    if (!waited) {
                        waited = true;
                        tellWaiting(true);
                    }
                    try {
                        lock.wait(JOINED_CANCEL_CHECK_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break; // only the pool's shutdownNow interrupts (a cancel does not): the run ends with the workbench
                    }
                }
            }
            if (waited) {
                tellWaiting(false);
            }
        }

        private void tellWaiting(boolean waiting) {
            for (Simulation.Monitor w : watchers) {
                if (w instanceof WindowWait ww) {
                    ww.waitingForWindows(waiting);
                }
            }
        }

        @Override
        public void recorded(Dataset dataset, RunResult.Timings timings) {
            synchronized (lock) {
                windowDone();
            }
            handOut(dataset, timings);
        }

        private void handOut(Dataset dataset, RunResult.Timings timings) {
            List<Simulation.Monitor> to;
            synchronized (arrivals) {
                recorded = dataset;
                to = List.copyOf(watchers); // those arriving from now on get it from watch
            }
            boolean first = true;
            for (Simulation.Monitor w : to) {
                // the request that started the run reports its real timings; the ones that joined it
                // simulated nothing themselves
                w.recorded(dataset, first ? timings : RunResult.Timings.NONE);
                first = false;
            }
        }
    }

    /**
     * A watcher told when its run waits for another run's window ({@code true}) and when it goes
     * on: the summary's progress stands still meanwhile, and a view says why.
     */
    interface WindowWait {
        void waitingForWindows(boolean waiting);
    }

    /** What came of {@link #runAhead}. */
    enum Ahead {
        /** The setting is kept now (or was). */
        KEPT,
        /** It yielded: a request ran or came, or its owner stopped it. Nothing is kept. */
        STOPPED,
        /** The scenario refuses the setting: it will never run. */
        REFUSED
    }

    /** The watcher of a run ahead: stopped by a request for another setting, or by its owner. */
    private static final class AheadTicket implements Simulation.Monitor {
        private final java.util.function.BooleanSupplier stop;
        private volatile boolean cancelled;

        AheadTicket(java.util.function.BooleanSupplier stop) {
            this.stop = stop;
        }

        @Override
        public boolean isCancelled() {
            return cancelled || stop.getAsBoolean();
        }

        @Override
        public void simulated(long nowNs, long endNs) {
            // nobody watches a run ahead's progress
        }
    }

    /** Runs kept now (tests). */
    int size() {
        synchronized (lock) {
            return kept.size() + keptAhead.size();
        }
    }
}
