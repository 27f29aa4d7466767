package org.schedlab.sim;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.model.Version;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.record.CheckingRecorder;
import org.schedlab.sim.record.Recorder;
import org.schedlab.sim.scenario.CoreParams;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.summary.RunSummary;
import org.schedlab.sim.summary.SummaryBuilder;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;
import org.schedlab.sim.workload.Workloads;

/**
 * Runs one scenario: resolves parameters (scenario values + overrides, where {@code seed},
 * {@code warmupMs} and {@code durationMs} are parameters too), builds the machine and the
 * workload, runs warm-up plus the measured duration, and summarizes. Single-threaded; run
 * several in parallel for a sweep.
 */
public final class Simulation {
    /**
     * @param recordMs length of the recorded window, starting at the end of warm-up (0: none)
     * @param maxTaskLanes cap on recorded task lanes
     * @param checking record through a {@link CheckingRecorder} that asserts invariants
     */
    public record Options(long recordMs, int maxTaskLanes, boolean checking, boolean recordOnAnotherThread) {
        /**
         * Options whose recording, if any, is applied on a second thread when the machine has more
         * than one core and the recorder is not the checking one (the dataset is the same either
         * way; see {@link Recorder#applyOnAnotherThread}).
         */
        public Options(long recordMs, int maxTaskLanes, boolean checking) {
            this(recordMs, maxTaskLanes, checking, Runtime.getRuntime().availableProcessors() > 1);
        }

        /** The same options with the recording applied on the simulating thread ({@code false}) or not. */
        public Options withRecordOnAnotherThread(boolean on) {
            return new Options(recordMs, maxTaskLanes, checking, on);
        }

        public static Options summaryOnly() {
            return new Options(0, Recorder.DEFAULT_MAX_TASK_LANES, false);
        }

        public static Options recording(long recordMs) {
            return new Options(recordMs, Recorder.DEFAULT_MAX_TASK_LANES, false);
        }
    }

    /**
     * Watches a run from its own thread: asked whether to stop, and told how far the simulated
     * clock got, both every {@code Engine.CANCEL_CHECK_EVERY} events (well under a millisecond
     * apart), so a progress bar moves and a cancel stops the run within 50 ms.
     */
    public interface Monitor {
        boolean isCancelled();

        /** The simulated clock is at {@code nowNs} of {@code endNs} (warm-up included). */
        void simulated(long nowNs, long endNs);

        /**
         * The record window is simulated and closed: {@code dataset} is final (the run's
         * {@link RunResult#dataset()} is this same object), so a view can show it while the rest
         * of the run still feeds the summary. Called once per recording run, from the run's
         * thread, before the run goes on; {@code timings} has the event loop up to the window's
         * end and the dataset's build ({@code summarizeNs} 0). Not called when nothing is recorded.
         */
        default void recorded(Dataset dataset, RunResult.Timings timings) {
            // nobody watches
        }
    }

    private Simulation() {
    }

    public static RunResult run(Scenario scenario, Map<String, String> overrides, Options options,
                                BooleanSupplier cancelled) throws ScenarioException {
        return run(scenario, overrides, options, new Monitor() {
            @Override
            public boolean isCancelled() {
                return cancelled.getAsBoolean();
            }

            @Override
            public void simulated(long nowNs, long endNs) {
                // nobody watches
            }
        });
    }

    /**
     * Checks that {@code overrides} make a run the workload accepts - the checks a run does before
     * its first event (parameter values, the machine, the workload's own rules such as "no more
     * pgbench threads than clients") - without running anything.
     *
     * @throws ScenarioException naming the parameter and what it must be
     */
    public static void check(Scenario scenario, Map<String, String> overrides) throws ScenarioException {
        Params params = scenario.resolve(overrides);
        MachineConfig machine = CoreParams.machine(params);
        Workload workload = Workloads.byName(scenario.workload()).orElseThrow(() -> new ScenarioException(
                "scenario " + scenario.name() + ": unknown workload '" + scenario.workload() + "'"));
        Metadata meta = new Metadata(scenario.name(), "check", Map.of(), OptionalLong.empty(), Version.current());
        Recorder rec = new Recorder(meta, machine.cpus(), 0, 0, 0);
        Kernel kernel = new Kernel(new Engine(), machine, new RandomStreams(params.longValue("seed")), rec);
        build(scenario, workload, new WorkloadContext(kernel, params));
    }

    /**
     * Builds the workload; a value it refuses (a scenario file may give a parameter a wider range
     * than the workload accepts, such as a nice of 100) is the scenario's problem, said as such,
     * not an internal error.
     */
    private static void build(Scenario scenario, Workload workload, WorkloadContext ctx) throws ScenarioException {
        try {
            workload.build(ctx);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException("scenario " + scenario.name() + ": workload " + workload.name()
                    + " refuses its parameters: " + e.getMessage(), e);
        }
    }

    /** As {@link #run(Scenario, Map, Options, BooleanSupplier)}, reporting progress to {@code monitor}. */
    public static RunResult run(Scenario scenario, Map<String, String> overrides, Options options,
                                Monitor monitor) throws ScenarioException {
        try {
            return runOnce(scenario, overrides, options, monitor);
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException | NegativeArraySizeException e) {
            if (scenario.origin().equals(ScenarioCatalog.BUILT_IN) || e instanceof CancellationException) {
                // a cancel (an IllegalStateException) stays a cancel; a built-in's ranges are the ones
                // its workload is known to run with, so there it is a bug
                throw e;
            }
            // A scenario file may widen a workload parameter's range past what the workload's
            // code can take (a 0 us chunk, a negative syscall time): the file's problem, said so
            List<String> suspects = ScenarioCatalog.outsideBuiltInRanges(scenario, scenario.resolve(overrides));
            throw new ScenarioException("scenario " + scenario.name() + ": workload " + scenario.workload()
                    + " fails with " + (suspects.isEmpty() ? "its parameters" : String.join("; ", suspects)) + ": "
                    + what(e), e);
        }
    }

    /** The failure in words, without the exception's class name (it means nothing to a user). */
    private static String what(RuntimeException e) {
        if (e instanceof NegativeArraySizeException) {
            return "a negative count (" + e.getMessage() + ")";
        }
        return e.getMessage() == null ? "it cannot run" : e.getMessage();
    }

    private static RunResult runOnce(Scenario scenario, Map<String, String> overrides, Options options,
                                     Monitor monitor) throws ScenarioException {
        Params params = scenario.resolve(overrides);
        MachineConfig machine = CoreParams.machine(params);
        Map<String, String> effective = CoreParams.resolved(params, machine);
        Workload workload = Workloads.byName(scenario.workload()).orElseThrow(() -> new ScenarioException(
                "scenario " + scenario.name() + ": unknown workload '" + scenario.workload() + "' (known: "
                        + String.join(", ", Workloads.all().stream().map(Workload::name).toList()) + ")"));
        long seed = params.longValue("seed");
        long warmupNs = params.longValue("warmupMs") * 1_000_000L;
        long durationNs = params.longValue("durationMs") * 1_000_000L;
        long recordNs = Math.min(Math.max(0, options.recordMs()) * 1_000_000L, durationNs);

        long wallStart = System.nanoTime();
        Metadata meta = new Metadata(scenario.name(), Metadata.SIMULATION, effective, OptionalLong.of(seed), Version.current());
        Recorder rec = options.checking()
                ? new CheckingRecorder(meta, machine.cpus(), warmupNs, warmupNs + recordNs, options.maxTaskLanes())
                : new Recorder(meta, machine.cpus(), warmupNs, warmupNs + recordNs, options.maxTaskLanes());
        rec.throughputUnit(workload.throughputUnit());
        Engine engine = new Engine();
        Kernel kernel = new Kernel(engine, machine, new RandomStreams(seed), rec);
        WorkloadContext ctx = new WorkloadContext(kernel, params);
        build(scenario, workload, ctx);
        try {
            return simulate(scenario, monitor, effective, workload, seed, warmupNs, durationNs, wallStart, rec,
                    options.recordOnAnotherThread() && !options.checking(), engine, kernel, ctx);
        } finally {
            rec.close(); // a cancelled or failed run ends the recorder's thread too
        }
    }

    /** The event loop of a built run, with its record window handed out mid-run, then the summary. */
    private static RunResult simulate(Scenario scenario, Monitor monitor, Map<String, String> effective,
                                      Workload workload, long seed, long warmupNs, long durationNs, long wallStart,
                                      Recorder rec, boolean recordOnAnotherThread, Engine engine, Kernel kernel,
                                      WorkloadContext ctx) {
        kernel.start(warmupNs);
        long endNs = warmupNs + durationNs;
        BooleanSupplier check = () -> {
            monitor.simulated(engine.nowNs(), endNs);
            return monitor.isCancelled();
        };
        long datasetNs = 0;
        long pausedNs = 0; // building and handing out the dataset mid-run: not event-loop time
        if (rec.enabled()) {
            // Nothing after the window can change the recording: close it there and hand it out,
            // then go on for the summary. Always split (with or without a watcher), so a run's
            // summary and dataset never depend on who watched it. Kernel.finish() accounts every
            // CPU to now (as a tick does), flushes holds in progress and builds the dataset; the
            // recorder then ignores what the rest of the run reports (all of it after the window).
            // Before the window a report only updates a current state (nothing is written), cheaper
            // in place than queued: the recorder's thread starts with the window.
            engine.runUntil(rec.fromNs(), check);
            if (recordOnAnotherThread) {
                rec.applyOnAnotherThread();
            }
            engine.runUntil(rec.toNs(), check);
            long windowAt = System.nanoTime();
            kernel.finish();
            datasetNs = System.nanoTime() - windowAt;
            monitor.recorded(rec.dataset().orElseThrow(), new RunResult.Timings(windowAt - wallStart, datasetNs, 0));
            pausedNs = System.nanoTime() - windowAt;
        }
        engine.runUntil(endNs, check);
        long simulatedAt = System.nanoTime();
        kernel.finish();
        long finishedAt = System.nanoTime();
        long wallMs = (finishedAt - wallStart) / 1_000_000L;
        RunSummary summary = SummaryBuilder.build(scenario.name(), effective, seed, durationNs, kernel,
                engine.eventCount(), wallMs, workload.throughputUnit(),
                ctx.tcpCounters().map(s -> (Map<String, Long>) new java.util.LinkedHashMap<>(s.get())).orElse(null));
        long summarizedAt = System.nanoTime();
        return new RunResult(summary, rec.dataset(), new RunResult.Timings(simulatedAt - wallStart - pausedNs,
                finishedAt - simulatedAt + datasetNs, summarizedAt - finishedAt));
    }
}
