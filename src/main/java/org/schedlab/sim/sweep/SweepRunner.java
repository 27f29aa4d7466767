package org.schedlab.sim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * Runs a plan's independent runs on {@code threads} threads (each run is single-threaded, so
 * one thread per core is what a sweep can use) and reports each run as it finishes. The result
 * list is in plan order whatever order the runs finished in; the same plan gives the same
 * summaries on any number of threads.
 */
public final class SweepRunner {

    /** Told about each finished run, on the worker thread that ran it. */
    @FunctionalInterface
    public interface Listener {
        void finished(SweepRun run, int done, int total);
    }

    private SweepRunner() {
    }

    /**
     * @throws CancellationException when {@code cancelled} turned true (runs in flight stop
     *         within the engine's cancel check)
     * @throws ScenarioException from a run whose parameters the workload rejects
     */
    public static List<SweepRun> run(SweepPlan plan, int threads, Simulation.Options options, Listener listener,
                                     BooleanSupplier cancelled) throws ScenarioException, InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        AtomicInteger threadNo = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plan.runCount()), r -> {
            Thread t = new Thread(r, "schedlab-sweep-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        int total = plan.runCount();
        AtomicInteger done = new AtomicInteger();
        BooleanSupplier stop = () -> cancelled.getAsBoolean() || Thread.currentThread().isInterrupted();
        try {
            List<Future<SweepRun>> futures = new ArrayList<>(total);
            List<int[]> order = new ArrayList<>(total);
            for (int s = 0; s < plan.seeds(); s++) {
                for (SweepPoint p : plan.points()) {
                    long seed = plan.firstSeed() + s;
                    order.add(new int[] {p.index(), s});
                    futures.add(pool.submit(() -> {
                        if (stop.getAsBoolean()) {
                            throw new CancellationException("sweep cancelled");
                        }
                        SweepRun r = new SweepRun(p, seed,
                                Simulation.run(plan.scenario(), plan.overrides(p, seed), options, stop).summary());
                        listener.finished(r, done.incrementAndGet(), total);
                        return r;
                    }));
                }
            }
            SweepRun[] byPlan = new SweepRun[total];
            for (int i = 0; i < futures.size(); i++) {
                int[] at = order.get(i);
                byPlan[at[0] * plan.seeds() + at[1]] = get(futures.get(i));
            }
            return List.of(byPlan);
        } finally {
            pool.shutdownNow();
        }
    }

    private static SweepRun get(Future<SweepRun> f) throws ScenarioException, InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof ScenarioException se) {
                throw se;
            }
            if (c instanceof CancellationException ce) {
                throw ce;
            }
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("sweep run failed: " + c, c);
        }
    }
}
