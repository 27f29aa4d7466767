package org.schedlab.sim.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.schedlab.model.DatasetBuilder;

/**
 * The recorded window's counter tracks: {@code throughput} (units completed, as a rate per 10 ms
 * bucket), {@code waiting for a CPU} (runnable tasks not running) and {@code spinning CPUs},
 * then the workload's event tracks (as rates per bucket). Callers report only what falls in the
 * window, except the levels, which are integrated over the window's part of each interval.
 *
 * <p>The two levels are exact steps, one sample per change, while the window holds at most
 * {@value #MAX_LEVEL_STEPS} changes: a teaching run's "B runnable from 2 to 10.2 ms" reads as
 * such, not as a 10 ms mean of 0.78. A busier window (case A's 96 CPUs change them every few
 * hundred ns) gets time-averaged levels per bucket instead, named so ("waiting for a CPU (10 ms
 * mean)"), since its steps would outnumber the pixels many times over.
 *
 * <p>Last come the workload's operations ({@link #operation}: pgbench's transaction, YCSB's
 * reads and updates), two tracks each, in microseconds, over the operations that end in each
 * bucket: "transaction mean latency (us, 10 ms)" and "transaction max latency (us, 10 ms)" (the
 * statistic right after the operation's name: the label column cuts names at ~20 characters, and
 * "transaction latency (us, 10 ms ..." twice would not say which row is which). The mean alone
 * hides what an engineer looks for next to lock-holder preemption marks: case A (seed 1, 300 ms
 * recorded) ends ~1,750 transactions per bucket, and its 10 ms means stay between 5.0 and 5.9 ms
 * while each bucket's slowest transaction took 93 to 471 ms - the few starved behind the spin
 * lock move the mean by less than its noise. The max is exact (one operation's own latency, not
 * an estimate) and so reads as plainly as the mean; a p99 per bucket would rest on its top 17
 * or so transactions (on one or none in a YCSB bucket of 20), noisy from bucket to bucket and no
 * more telling than the max. A bucket in which no operation ended has no value (a gap,
 * NaN), not 0, and an operation none of which ended in the window gets no tracks at all: two rows
 * of "no values" would push the rest of the counters down for nothing.
 */
final class CounterBuckets {
    static final long BUCKET_NS = 10_000_000L;
    /** Level changes kept as exact steps, at most; more and the window's levels are bucket means. */
    static final int MAX_LEVEL_STEPS = 100_000;
    static final String MEAN_SUFFIX = " (10 ms mean)";
    /**
     * The level of tasks on a run queue that are not running. Not "runnable tasks": the kernel's
     * runnable (state R, nr_running, vmstat's r) counts the running ones too, and teach-fair-share's
     * two CPU-bound tasks, both runnable, read "runnable tasks: always 1 task" on a lecture's slide.
     */
    static final String WAITING = "waiting for a CPU";

    private final long fromNs;
    private final long toNs;
    private final double[] units;
    /*
     * Level x time per bucket, in ns: whole numbers, so longs sum them exactly - in any order and
     * in pieces of any size - and a report that changes no level need not integrate at all.
     */
    private final long[] runnableArea;
    private final long[] spinningArea;
    private long levelSinceNs;
    private int levelRunnable;
    private int levelSpinning;
    /** The levels' changes in the window (time, runnable, spinning), until there are too many. */
    private long[] stepNs = new long[64];
    private int[] stepRunnable = new int[64];
    private int[] stepSpinning = new int[64];
    private int steps;
    private boolean tooManySteps;

    private final List<String> trackNames = new ArrayList<>();
    private final List<String> trackUnits = new ArrayList<>();
    private double[][] trackSums = new double[0][];

    /** Per registered operation id (null: not registered): its name, and per bucket the count, sum and max of latencies in ns. */
    private String[] opNames = new String[0];
    private int[][] opCount = new int[0][];
    private long[][] opSumNs = new long[0][];
    private long[][] opMaxNs = new long[0][];

    /** Buckets for [fromNs, toNs) (none when the window is empty). */
    CounterBuckets(long fromNs, long toNs) {
        this.fromNs = fromNs;
        this.toNs = toNs;
        int buckets = toNs > fromNs ? (int) ((toNs - fromNs + BUCKET_NS - 1) / BUCKET_NS) : 0;
        units = new double[buckets];
        runnableArea = new long[buckets];
        spinningArea = new long[buckets];
        levelSinceNs = fromNs;
    }

    private int bucket(long tNs) {
        return (int) ((tNs - fromNs) / BUCKET_NS);
    }

    /** {@code n} units completed at {@code nowNs}, inside the window. */
    void completed(long nowNs, double n) {
        units[bucket(nowNs)] += n;
    }

    /** A new event track; returns its handle. */
    int eventTrack(String name, String unit) {
        trackNames.add(name);
        trackUnits.add(unit);
        trackSums = Arrays.copyOf(trackSums, trackNames.size());
        trackSums[trackSums.length - 1] = new double[units.length];
        return trackNames.size() - 1;
    }

    /** {@code n} events of {@code track} at {@code nowNs}, inside the window. */
    void countEvent(int track, long nowNs, double n) {
        trackSums[track][bucket(nowNs)] += n;
    }

    /** The workload's operation {@code op} is called {@code name} (a second call for one id keeps the first name). */
    void operation(int op, String name) {
        if (op < 0) {
            throw new IllegalArgumentException("operation id " + op);
        }
        if (op >= opNames.length) {
            opNames = Arrays.copyOf(opNames, op + 1);
            opCount = Arrays.copyOf(opCount, op + 1);
            opSumNs = Arrays.copyOf(opSumNs, op + 1);
            opMaxNs = Arrays.copyOf(opMaxNs, op + 1);
        }
        if (opNames[op] == null) {
            opNames[op] = name;
            opCount[op] = new int[units.length];
            opSumNs[op] = new long[units.length];
            opMaxNs[op] = new long[units.length];
        }
    }

    /** Operation {@code op} ended at {@code nowNs}, inside the window, after {@code latencyNs}. */
    void operationDone(int op, long nowNs, long latencyNs) {
        if (op >= opNames.length || opNames[op] == null) {
            throw new IllegalStateException("operation " + op + " was never registered with the recorder");
        }
        int b = bucket(nowNs);
        opCount[op][b]++;
        opSumNs[op][b] += latencyNs; // longs: the same sum in any order
        opMaxNs[op][b] = Math.max(opMaxNs[op][b], latencyNs);
    }

    /** The levels from {@code nowNs} on (any time, in or out of the window). */
    void levels(long nowNs, int runnable, int spinning) {
        if (runnable == levelRunnable && spinning == levelSpinning) {
            return;
        }
        if (!tooManySteps && nowNs >= fromNs && nowNs < toNs) {
            if (steps == 0) {
                step(fromNs, levelRunnable, levelSpinning); // the levels the window opened with
            }
            step(nowNs, runnable, spinning);
        }
        integrate(nowNs);
        levelRunnable = runnable;
        levelSpinning = spinning;
    }

    private void step(long tNs, int runnable, int spinning) {
        if (steps > 0 && stepNs[steps - 1] == tNs) {
            steps--; // several reports at one instant: the last one holds
        }
        if (steps > 0 && stepRunnable[steps - 1] == runnable && stepSpinning[steps - 1] == spinning) {
            return; // back where it was before this instant: no step
        }
        if (steps == MAX_LEVEL_STEPS) {
            tooManySteps = true;
            stepNs = null;
            stepRunnable = null;
            stepSpinning = null;
            return;
        }
        if (steps == stepNs.length) {
            int cap = Math.min(MAX_LEVEL_STEPS, steps * 2);
            stepNs = Arrays.copyOf(stepNs, cap);
            stepRunnable = Arrays.copyOf(stepRunnable, cap);
            stepSpinning = Arrays.copyOf(stepSpinning, cap);
        }
        stepNs[steps] = tNs;
        stepRunnable[steps] = runnable;
        stepSpinning[steps] = spinning;
        steps++;
    }

    private void integrate(long nowNs) {
        long t = Math.max(levelSinceNs, fromNs);
        long end = Math.min(nowNs, toNs);
        while (t < end) {
            int b = bucket(t);
            long bucketEnd = Math.min(end, fromNs + (b + 1) * BUCKET_NS);
            long dt = bucketEnd - t;
            runnableArea[b] += levelRunnable * dt;
            spinningArea[b] += levelSpinning * dt;
            t = bucketEnd;
        }
        levelSinceNs = Math.max(levelSinceNs, nowNs);
    }

    /** Closes the levels at {@code endNs} and adds every track's buckets up to then to {@code builder}. */
    void close(long endNs, DatasetBuilder builder, String throughputUnit) {
        integrate(endNs);
        long end = Math.min(endNs, toNs);
        var tp = builder.counter("throughput", throughputUnit);
        boolean exact = !tooManySteps;
        String suffix = exact ? "" : MEAN_SUFFIX;
        var rq = builder.counter(WAITING + suffix, "tasks");
        var sp = builder.counter("spinning CPUs" + suffix, "cpus");
        if (exact && fromNs < end) {
            if (steps == 0) {
                step(fromNs, levelRunnable, levelSpinning); // no change in the window: its one level
            }
            // each level gets a sample where it changes, not where only the other one did: a
            // hover over "spinning CPUs" then spans the whole stretch at its value
            int rqSamples = 0;
            int spSamples = 0;
            for (int i = 0; i < steps && stepNs[i] < end; i++) {
                if (i == 0 || stepRunnable[i] != stepRunnable[i - 1]) {
                    rq.add(stepNs[i], stepRunnable[i]);
                    rqSamples++;
                }
                if (i == 0 || stepSpinning[i] != stepSpinning[i - 1]) {
                    sp.add(stepNs[i], stepSpinning[i]);
                    spSamples++;
                }
            }
            // a level that never changed in the window also gets its value at the window's end:
            // it held all through ("always 0 cpus"), which a lone sample would not say (one nstat
            // snapshot is a lone sample, and is labelled as one)
            if (rqSamples == 1 && fromNs < end) {
                rq.add(end, stepRunnable[0]);
            }
            if (spSamples == 1 && fromNs < end) {
                sp.add(end, stepSpinning[0]);
            }
        }
        for (int b = 0; b < units.length; b++) {
            long s = fromNs + b * BUCKET_NS;
            if (s >= end) {
                break;
            }
            double len = Math.min(BUCKET_NS, end - s);
            tp.add(s, units[b] / (len / 1e9));
            if (!exact) {
                rq.add(s, runnableArea[b] / len);
                sp.add(s, spinningArea[b] / len);
            }
        }
        for (int i = 0; i < trackNames.size(); i++) {
            var c = builder.counter(trackNames.get(i), trackUnits.get(i));
            for (int b = 0; b < units.length; b++) {
                long s = fromNs + b * BUCKET_NS;
                if (s >= end) {
                    break;
                }
                c.add(s, trackSums[i][b] / (Math.min(BUCKET_NS, end - s) / 1e9));
            }
        }
        for (int op = 0; op < opNames.length; op++) {
            if (opNames[op] != null) {
                addOperationTracks(op, end, builder);
            }
        }
    }

    private void addOperationTracks(int op, long end, DatasetBuilder builder) {
        int[] count = opCount[op];
        int buckets = 0;
        boolean any = false;
        for (int b = 0; b < count.length && fromNs + b * BUCKET_NS < end; b++) {
            buckets = b + 1;
            any |= count[b] > 0;
        }
        if (!any) {
            return;
        }
        var mean = builder.counter(opNames[op] + " mean latency (us, 10 ms)", "us");
        var max = builder.counter(opNames[op] + " max latency (us, 10 ms)", "us");
        for (int b = 0; b < buckets; b++) {
            long s = fromNs + b * BUCKET_NS;
            boolean none = count[b] == 0;
            mean.add(s, none ? Double.NaN : opSumNs[op][b] / 1e3 / count[b]);
            max.add(s, none ? Double.NaN : opMaxNs[op][b] / 1e3);
        }
    }
}
