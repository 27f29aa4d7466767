package org.schedlab.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.model.CommGroups;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;

/**
 * Run-queue latency the way runqlat measures it - from becoming runnable (a wake-up, or being
 * preempted) to running - read from any Dataset's task lanes: every RUNNABLE interval that
 * ends where a RUNNING one begins is one sample. Works alike for a simulated run and an
 * imported recording. Grouped by {@link CommGroups} and over all tasks ("_all").
 */
public final class RunQueueLatency {
    public static final String ALL = "_all";

    private RunQueueLatency() {
    }

    /** Receives one run-queue wait: the task, when it became runnable and when it got a CPU. */
    @FunctionalInterface
    public interface SampleSink {
        void sample(int task, long runnableNs, long runningNs);
    }

    /** Every run-queue wait of every task lane, lane by lane, in time order within a lane. */
    public static void forEachSample(Dataset d, SampleSink sink) {
        for (TaskLane lane : d.taskLanes()) {
            Intervals iv = lane.intervals();
            for (int i = 0; i + 1 < iv.size(); i++) {
                if (iv.code(i) == TaskState.RUNNABLE.code() && iv.code(i + 1) == TaskState.RUNNING.code()
                        && iv.endNs(i) == iv.startNs(i + 1)) {
                    sink.sample(lane.task(), iv.startNs(i), iv.endNs(i));
                }
            }
        }
    }

    /** "_all" first, then each comm group in name order. */
    public static Map<String, LatencyStats> byCommGroup(Dataset d) {
        Map<String, Samples> groups = new TreeMap<>();
        Samples all = new Samples();
        // a task's group is looked up once, not per sample (tens of thousands in a recording)
        Samples[] byTask = new Samples[d.tasks().size()];
        forEachSample(d, (task, from, to) -> {
            Samples g = byTask[task];
            if (g == null) {
                g = groups.computeIfAbsent(CommGroups.of(d.task(task).comm()), k -> new Samples());
                byTask[task] = g;
            }
            g.add(to - from);
            all.add(to - from);
        });
        Map<String, LatencyStats> out = new LinkedHashMap<>();
        out.put(ALL, all.stats());
        for (Map.Entry<String, Samples> e : groups.entrySet()) {
            if (e.getValue().n > 0) {
                out.put(e.getKey(), e.getValue().stats());
            }
        }
        return out;
    }

    private static final class Samples {
        long[] ns = new long[16];
        int n;

        void add(long v) {
            if (n == ns.length) {
                ns = Arrays.copyOf(ns, n * 2);
            }
            ns[n++] = v;
        }

        LatencyStats stats() {
            return LatencyStats.ofNs(ns, n);
        }
    }
}
