package org.schedlab.sim.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.schedlab.model.CommGroups;
import org.schedlab.model.SliceState;

/**
 * What the kernel measures for the summary, from the end of warm-up on ({@link #reset} is
 * called at that instant after every CPU has been accounted up to it). CPU time by state and
 * by site, per comm group run time, switches and run-queue latency, preemption counts.
 *
 * <p>{@code runnableWaitNs}: idle CPU capacity while runnable tasks waited for a CPU - at any
 * instant, min(idle CPUs, runnable-but-not-running tasks) CPUs count as "runnable wait" rather
 * than idle. It captures wake-up IPI latency and placement/balancing imbalance; it is zero on
 * a saturated machine however long the queues are (task-side waiting is in runqlat).
 */
public final class SimStats {
    private long measureStartNs;
    final long[] stateNs = new long[SliceState.values().length];
    long runnableWaitNs;
    long[] siteNs = new long[16];

    private final List<String> groupNames = new ArrayList<>();
    private final Map<String, Integer> groupIds = new HashMap<>();
    long[] groupRunNs = new long[4];
    long[] groupSwitches = new long[4];
    int[] groupTasks = new int[4];
    Histogram[] groupRunqlat = new Histogram[4];

    long involuntary;
    long voluntary;
    long inKernel;
    long lockHolder;
    long wakeups;
    long ipis;
    long rseqGrants;
    double units;
    private final List<String> operationNames = new ArrayList<>();
    private final List<Histogram> operationLatency = new ArrayList<>();

    // levels for runnableWait
    private long levelSinceNs;
    private int levelIdle;
    private int levelQueued;

    private static Histogram newHistogram() {
        return newAutoHistogram();
    }

    /** Nanosecond histogram, 3 significant digits (0.1%), growing only as far as values go. */
    private static Histogram newAutoHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    int group(String comm) {
        String g = CommGroups.of(comm);
        Integer id = groupIds.get(g);
        if (id == null) {
            id = groupNames.size();
            groupNames.add(g);
            groupIds.put(g, id);
            if (id == groupRunNs.length) {
                int cap = id * 2;
                groupRunNs = Arrays.copyOf(groupRunNs, cap);
                groupSwitches = Arrays.copyOf(groupSwitches, cap);
                groupTasks = Arrays.copyOf(groupTasks, cap);
                groupRunqlat = Arrays.copyOf(groupRunqlat, cap);
            }
            groupRunqlat[id] = newHistogram();
        }
        return id;
    }

    /** Registers a workload operation whose latency the summary reports; its id for {@link #operationLatency(int, long)}. */
    int operation(String name) {
        int id = operationNames.indexOf(name);
        if (id >= 0) {
            return id;
        }
        operationNames.add(name);
        operationLatency.add(newHistogram());
        return operationNames.size() - 1;
    }

    void operationLatency(int op, long ns) {
        operationLatency.get(op).recordValue(ns);
    }

    void siteTime(int site, long ns) {
        if (site >= siteNs.length) {
            siteNs = Arrays.copyOf(siteNs, Math.max(site + 1, siteNs.length * 2));
        }
        siteNs[site] += ns;
    }

    /** One histogram per group; {@link #allRunqlat} adds them up when asked (exact, same buckets). */
    void runqlat(int group, long ns) {
        groupRunqlat[group].recordValue(ns);
    }

    /** Integrates min(idle, queued) up to {@code nowNs} and takes the new levels. */
    void levels(long nowNs, int idleCpus, int queuedTasks) {
        long dt = nowNs - levelSinceNs;
        if (dt > 0) {
            runnableWaitNs += Math.min(levelIdle, levelQueued) * dt;
            levelSinceNs = nowNs;
        }
        levelIdle = idleCpus;
        levelQueued = queuedTasks;
    }

    void reset(long nowNs) {
        measureStartNs = nowNs;
        levelSinceNs = nowNs;
        Arrays.fill(stateNs, 0);
        runnableWaitNs = 0;
        Arrays.fill(siteNs, 0);
        Arrays.fill(groupRunNs, 0);
        Arrays.fill(groupSwitches, 0);
        for (int i = 0; i < groupNames.size(); i++) {
            groupRunqlat[i].reset();
        }
        involuntary = 0;
        voluntary = 0;
        inKernel = 0;
        lockHolder = 0;
        wakeups = 0;
        ipis = 0;
        rseqGrants = 0;
        units = 0;
        operationLatency.forEach(Histogram::reset);
    }

    // ---- read side (summary) ----

    public long measureStartNs() {
        return measureStartNs;
    }

    public long stateNs(SliceState s) {
        return stateNs[s.code()];
    }

    /** Idle time with runnable tasks waiting; already excluded from {@code stateNs(IDLE)} by the summary. */
    public long runnableWaitNs() {
        return runnableWaitNs;
    }

    public long siteNs(int site) {
        return site < siteNs.length ? siteNs[site] : 0;
    }

    public List<String> groups() {
        return List.copyOf(groupNames);
    }

    public long groupRunNs(int g) {
        return groupRunNs[g];
    }

    public long groupSwitches(int g) {
        return groupSwitches[g];
    }

    public int groupTasks(int g) {
        return groupTasks[g];
    }

    public Histogram groupRunqlat(int g) {
        return groupRunqlat[g];
    }

    /** Run-queue latency of every group together (a new histogram, the sum of the groups'). */
    public Histogram allRunqlat() {
        Histogram all = newHistogram();
        for (int i = 0; i < groupNames.size(); i++) {
            all.add(groupRunqlat[i]);
        }
        return all;
    }

    public long involuntary() {
        return involuntary;
    }

    public long voluntary() {
        return voluntary;
    }

    public long inKernel() {
        return inKernel;
    }

    public long lockHolder() {
        return lockHolder;
    }

    public long wakeups() {
        return wakeups;
    }

    public long ipis() {
        return ipis;
    }

    public long rseqGrants() {
        return rseqGrants;
    }

    /** The workload's operations, in the order registered ({@link #operationLatency(int)}'s ids). */
    public List<String> operations() {
        return List.copyOf(operationNames);
    }

    /** Latency of operation {@code op} ended in the measured time, ns. */
    public Histogram operationLatency(int op) {
        return operationLatency.get(op);
    }

    public double units() {
        return units;
    }
}
