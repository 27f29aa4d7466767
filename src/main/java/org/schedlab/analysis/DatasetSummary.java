package org.schedlab.analysis;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.schedlab.model.CommGroups;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskLane;

/**
 * A summary of the simulator's JSON shape computed from any Dataset, so an imported recording
 * (or a saved run) compares through {@link SummaryComparison} like a simulated run. What a
 * dataset cannot know stays out, is null or is 0: {@code runnableWait} is null (needs the run
 * queues; the recording has that time in idle), profile
 * sites (a recording has comms, not code sites: the profile is CPU time per comm group and
 * state, e.g. "postgres (spinning)"); {@code cpuSpanMs} is the time the CPU lanes cover when
 * shorter than the span (0: no CPU slices, so the CPU shares are unknown, not 0); {@code tcp} the
 * TCP counters that are Wireshark's warnings, over the whole span, under a run summary's keys
 * ({@link TcpCountersText#wiresharkCounts(Dataset)}; left out when there are none); a lock's
 * {@code holdsRecorded} is false when the recording has its waits only; otherwise its
 * {@code acquisitions} and {@code contended} count the acquisitions inside the recording (see
 * {@link LockAcquisitions}, {@link LockWaits}: a wait is a task's whole wait, its spins and sleeps
 * together), {@code unacquiredWaits} the waits that took none, {@code openWaits} of them still
 * waiting at its end and {@code abandonedWaits} ended before it without the lock (timed out or
 * interrupted), {@code holdUs} the acquisitions' holds and {@code waitUs} the contended ones' waits,
 * each as far as the recording has it (a window cuts them at its edges). Throughput is the time-weighted mean of a counter named
 * "throughput" when there is one, else a recorded benchmark's headline (see {@code throughput});
 * {@code latencyUs} the benchmark client's own latency per operation ({@link ClientLatency}), else
 * that of the operations a saved run kept one by one ({@link OperationLatency}: count, mean, p50,
 * p99, max, as the live summary computes them); left out when the dataset has neither. A window
 * cut from a dataset ({@link Dataset#crop}) is summarized as if recorded over that window only: the
 * benchmark's printed headline and latency, which are its whole run's, are left out there (the
 * throughput is then its rate counter's over the window).
 */
public final class DatasetSummary {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PROFILE_ROWS = 20;
    /**
     * {@code profileBy} of a recording's summary: its profile sites are comm groups by state. A
     * simulated run's summary has no {@code profileBy}: its sites are code sites.
     */
    public static final String PROFILE_BY_COMM = "comm";

    /**
     * In a window's summary of a recording: how many of the files' own whole-run figures (their
     * parameters) were left out, as not being of the window.
     */
    public static final String WHOLE_RUN_FIGURES_LEFT_OUT = "wholeRunFiguresLeftOut";

    /**
     * Which waits a recording's run-queue latency times, where it is both kinds: {@value
     * #RUNQLAT_FROM_WAKE_UPS_AND_PREEMPTIONS} (a perf sched script, ftrace), so that {@code table}
     * can say how they differ from perf sched latency's. Absent where the recording shows no
     * preemption (a perf sched timehist without --state times waits after a wake-up only) and for a
     * simulated run.
     */
    public static final String RUNQLAT_FROM = "runqlatFrom";
    public static final String RUNQLAT_FROM_WAKE_UPS_AND_PREEMPTIONS = "wake-ups and preemptions";

    /** A recording whose task lanes show both wake-ups and preemptions (see {@link #RUNQLAT_FROM}). */
    public static boolean timesWakeUpsAndPreemptions(Dataset d) {
        return !d.metadata().simulated() && d.marks().count(MarkKind.PREEMPTION) > 0
                && d.marks().count(MarkKind.WAKEUP) > 0;
    }

    private DatasetSummary() {
    }

    public static ObjectNode of(Dataset d) {
        ObjectNode o = JSON.createObjectNode();
        o.put("scenario", d.metadata().source());
        ObjectNode params = o.putObject("params");
        // a window of a recording (Dataset.crop): what its files printed about their whole run -
        // pgbench's tps and latency lines, YCSB's figures, a lock tool's table, Wireshark's totals -
        // is not of the window and stays out; a simulated run's parameters are its settings and stay
        boolean recordingWindow = d.metadata().parameters().containsKey(DatasetCrop.WINDOW_KEY)
                && !d.metadata().simulated();
        Map<String, String> kept = new LinkedHashMap<>();
        d.metadata().parameters().forEach((k, v) -> {
            if (!recordingWindow || k.equals(DatasetCrop.WINDOW_KEY) || k.equals(Metadata.CLOCK_ALIGNED_AT_NS)) {
                kept.put(k, v);
            }
        });
        kept.forEach(params::put);
        int leftOut = d.metadata().parameters().size() - kept.size();
        if (leftOut > 0) {
            o.put(WHOLE_RUN_FIGURES_LEFT_OUT, leftOut);
        }
        d.metadata().seed().ifPresent(s -> o.put("seed", s));
        o.put("durationMs", d.spanNs() / 1_000_000L);
        o.put("spanNs", d.spanNs());
        // the benchmark's headline and latency only where the files' own figures are kept (not in a window)
        throughput(d, kept, o.putObject("throughput"));
        Map<String, Map<String, Double>> latency = ClientLatency.of(kept);
        if (!latency.isEmpty()) {
            // the benchmark's own latency (pgbench's average, YCSB's per operation), so two
            // outputs compare on more than their throughput
            ObjectNode l = o.putObject("latencyUs");
            latency.forEach((op, fields) -> {
                ObjectNode n = l.putObject(op);
                fields.forEach((k, v) -> {
                    if (k.equals("count")) {
                        n.put(k, Math.round(v));
                    } else {
                        n.put(k, v);
                    }
                });
            });
        } else if (!d.operations().isEmpty()) {
            // a saved simulated run: each operation it saw end, as the live summary times them. A
            // benchmark's own printed figures (above) win over these where a dataset had both: they
            // are what the tool measured over its whole run, with its own clock
            ObjectNode l = o.putObject("latencyUs");
            OperationLatency.of(d).forEach((op, s) -> l.putObject(op).put("count", s.count()).put("mean", s.meanUs())
                    .put("p50", s.p50Us()).put("p99", s.p99Us()).put("max", s.maxUs()));
        }
        boolean[] ran = cpuAndProfile(d, o);
        locks(d, o.putArray("locks"));
        ObjectNode rq = o.putObject("runqlatUs");
        for (Map.Entry<String, LatencyStats> e : RunQueueLatency.byCommGroup(d).entrySet()) {
            LatencyStats s = e.getValue();
            rq.putObject(e.getKey()).put("count", s.count()).put("mean", s.meanUs()).put("p50", s.p50Us())
                    .put("p99", s.p99Us()).put("max", s.maxUs());
        }
        runqlatTasks(d, ran, o);
        if (timesWakeUpsAndPreemptions(d)) {
            o.put(RUNQLAT_FROM, RUNQLAT_FROM_WAKE_UPS_AND_PREEMPTIONS);
        }
        perfStat(kept, o);
        Map<String, Long> tcp = TcpCountersText.wiresharkCounts(d);
        if (!tcp.isEmpty()) {
            // under a run summary's keys, so two files compare (and show the Wireshark table) as two runs do
            ObjectNode t = o.putObject("tcp");
            WiresharkTable.ROWS.forEach(r -> {
                if (tcp.containsKey(r.key())) {
                    t.put(r.key(), tcp.get(r.key())); // in the table's order, as a run summary lists them
                }
            });
            tcp.forEach((k, v) -> {
                if (!t.has(k)) {
                    t.put(k, v);
                }
            });
        }
        sysstat(d, o);
        return o;
    }

    /** The prefix of the parameters a perf stat output gives its totals under ({@code perf.context-switches}). */
    public static final String PERF_STAT_PREFIX = "perf.";
    private static final java.util.regex.Pattern PLAIN_NUMBER = java.util.regex.Pattern.compile("[0-9]+(\\.[0-9]+)?");

    /**
     * A {@code perf stat} output's totals and rates (the parameters {@code perf.EVENT},
     * {@code perf.EVENT.perSec} ...) as numbers under {@code perf}, so two outputs compare row by
     * row; an event perf printed as not counted or not supported stays out (n/a in a comparison).
     */
    private static void perfStat(Map<String, String> params, ObjectNode o) {
        ObjectNode p = null;
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getKey().startsWith(PERF_STAT_PREFIX) && PLAIN_NUMBER.matcher(e.getValue()).matches()) {
                if (p == null) {
                    p = o.putObject("perf");
                }
                p.put(e.getKey().substring(PERF_STAT_PREFIX.length()), Double.parseDouble(e.getValue()));
            }
        }
    }

    /** The track names of vmstat, mpstat and sar outputs start with the tool's name (docs/FORMATS.md). */
    static final List<String> SYSSTAT_PREFIXES = List.of("vmstat ", "mpstat ", "sar ");

    /**
     * {@code sysstat}: each vmstat, mpstat or sar track's mean over the dataset (each figure
     * weighted by its interval, gaps left out), by track name; left out when there are none.
     * A track of gaps only, or of no figure in the span, has no mean and is left out.
     */
    private static void sysstat(Dataset d, ObjectNode o) {
        ObjectNode out = null;
        for (CounterSeries c : d.counters()) {
            if (SYSSTAT_PREFIXES.stream().noneMatch(c.name()::startsWith)) {
                continue;
            }
            // no figure in the span (a window before a vmstat that began after the trace): no mean,
            // not the 0 timeWeightedMean gives a counter of no samples
            double mean = c.size() == 0 ? Double.NaN : timeWeightedMean(c, d.endNs());
            if (Double.isNaN(mean)) {
                continue;
            }
            if (out == null) {
                out = o.putObject("sysstat");
            }
            out.put(c.name(), SummaryComparison.meanDigits(mean));
        }
    }

    /**
     * Run-queue latency is read from task lanes, and a recording may have them for some of the
     * tasks that ran only: a simulated run keeps the lanes of the tasks it created first (case A:
     * 256 of 1024 backends, none of the 96 pgbench threads, whose group then was simply missing
     * from the table). When any task that ran has no lane, {@code runqlatTasks} says per comm
     * group how many tasks ran ({@code tasks}) and how many of them have a lane ({@code lanes}).
     */
    private static void runqlatTasks(Dataset d, boolean[] ran, ObjectNode o) {
        boolean[] lane = new boolean[d.tasks().size()];
        for (TaskLane l : d.taskLanes()) {
            lane[l.task()] = true;
        }
        Map<String, int[]> groups = new TreeMap<>();
        boolean without = false;
        for (int t = 0; t < lane.length; t++) {
            if (ran[t] || lane[t]) {
                int[] c = groups.computeIfAbsent(CommGroups.of(d.task(t).comm()), k -> new int[2]);
                c[0]++;
                if (lane[t]) {
                    c[1]++;
                } else {
                    without = true;
                }
            }
        }
        if (without) {
            ObjectNode cover = o.putObject("runqlatTasks");
            groups.forEach((g, c) -> cover.putObject(g).put("tasks", c[0]).put("lanes", c[1]));
        }
    }

    /**
     * A "throughput" counter (a simulated run's); else the benchmark's own headline, which the
     * pgbench and YCSB readers keep as the parameter "throughput" ("2408.52 tps"); else the first
     * counter of the workload's completed work ({@link CounterSeries#countsWork}); else none. Two recorded runs
     * opened as A and B used to compare at 0 vs 0.
     */
    private static void throughput(Dataset d, Map<String, String> params, ObjectNode tp) {
        Optional<CounterSeries> counter = d.counter("throughput");
        // a window of a recording has no headline among its kept parameters: its rate counter's over the window
        String headline = params.getOrDefault("throughput", "").strip();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(\\S*)")
                .matcher(headline);
        if (counter.isEmpty() && m.matches()) {
            tp.put("value", Double.parseDouble(m.group(1)));
            tp.put("unit", m.group(2));
            return;
        }
        if (counter.isEmpty()) {
            counter = d.counters().stream().filter(CounterSeries::countsWork).findFirst();
        }
        double mean = counter.map(c -> timeWeightedMean(c, d.endNs())).orElse(Double.NaN);
        // a counter with gaps only measured no throughput: as none at all (n/a in comparisons), never 0
        tp.put("value", Double.isNaN(mean) ? 0.0 : mean);
        tp.put("unit", Double.isNaN(mean) ? "" : counter.get().unit());
    }

    /** Fills the CPU shares and the profile; returns which tasks ran on a CPU. */
    private static boolean[] cpuAndProfile(Dataset d, ObjectNode o) {
        long[] byState = new long[SliceState.values().length];
        Map<String, Long> byGroupState = new HashMap<>();
        String[] groups = new String[d.tasks().size()];
        boolean[] ran = new boolean[groups.length];
        for (int t = 0; t < groups.length; t++) {
            groups[t] = CommGroups.of(d.task(t).comm());
        }
        long cpuStart = Long.MAX_VALUE;
        long cpuEnd = Long.MIN_VALUE;
        Map<String, Long> byGroup = new HashMap<>();
        for (CpuLane lane : d.cpus()) {
            Intervals iv = lane.slices();
            if (!iv.isEmpty()) {
                cpuStart = Math.min(cpuStart, iv.startNs(0));
                cpuEnd = Math.max(cpuEnd, iv.endNs(iv.size() - 1));
            }
            for (int i = 0; i < iv.size(); i++) {
                SliceState st = SliceState.ofCode(iv.code(i));
                long ns = iv.durationNs(i);
                byState[st.ordinal()] += ns;
                int task = iv.task(i);
                if (task >= 0) {
                    ran[task] = true;
                }
                if (task >= 0 && st != SliceState.IDLE && st != SliceState.STOLEN) {
                    byGroupState.merge(groups[task] + " (" + st.label() + ")", ns, Long::sum);
                    byGroup.merge(groups[task] + " (" + CpuModes.RUNNING + ")", ns, Long::sum);
                }
            }
        }
        // Shares of the CPUs over the time their lanes cover: perf sched recorded for 1.5 s of a
        // 7 s pgbench import, and over the whole span the CPUs looked 78 % unaccounted for.
        // No slice at all (a perf lock or pgbench import): 0, and every share 0 - unknown, which
        // the report says instead of printing 0 % idle.
        long cpuSpan = cpuEnd > cpuStart ? cpuEnd - cpuStart : 0;
        if (cpuSpan < d.spanNs() || cpuSpan == 0) {
            o.put("cpuSpanMs", cpuSpan / 1e6);
        }
        // over the time each lane covers, not CPUs x the lanes' joint span: a lane starts at its CPU's
        // first switch, so a timehist (or a trace cut from two) left part of its CPUs' time to no
        // state - "running 0.1 %, idle 24.9 %" of a trace that covered one of four CPUs, and 99.0 +
        // 0.3 % of a timehist whose perf sched script read 99.7 + 0.3 %
        long covered = 0;
        for (long ns : byState) {
            covered += ns;
        }
        double total = covered;
        ObjectNode cpu = o.putObject("cpu");
        boolean byTaskKind = !CpuModes.of(d).recorded();
        if (byTaskKind) {
            // perf sched, ftrace, timehist: a switch says which task ran, not in which mode, so a
            // reader calls a kernel thread's time kernel and every other task's user. As shares
            // that compared "user 97 %, kernel 2.7 %" with a simulated run's 32 / 30 % ("x11.43"
            // more kernel) and a spin of 0 with case A's 13 %; what the trace has is running time
            o.put("cpuModes", CpuModes.BY_TASK_KIND_JSON);
            cpu.put(CpuModes.RUNNING, share(byState[SliceState.USER.ordinal()] + byState[SliceState.KERNEL.ordinal()], total));
            cpu.putNull("user");
            cpu.putNull("kernel");
            cpu.putNull("fault");
            cpu.putNull("spin");
        } else {
            cpu.put("user", share(byState[SliceState.USER.ordinal()], total));
            cpu.put("kernel", share(byState[SliceState.KERNEL.ordinal()], total));
            cpu.put("fault", share(byState[SliceState.FAULT.ordinal()], total));
            cpu.put("spin", share(byState[SliceState.SPINNING.ordinal()], total));
        }
        // idle CPUs while tasks waited to run need the run queues: a recording has that time in
        // idle, and a 0 here read as measured ("runnable-wait 0.0%" beside the run's 7.9 %)
        cpu.putNull("runnableWait");
        cpu.put("idle", share(byState[SliceState.IDLE.ordinal()], total));
        if (byTaskKind) {
            cpu.putNull("steal"); // a guest's trace does not see its vCPU taken away: the task "ran"
        } else {
            cpu.put("steal", share(byState[SliceState.STOLEN.ordinal()], total));
        }
        List<Map.Entry<String, Long>> sites = new ArrayList<>((byTaskKind ? byGroup : byGroupState).entrySet());
        sites.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        // a recording's profile is by comm and state ("conn (user)"), a simulated run's by code
        // site ("mongod (user)"): an A/B of the two compares neither's site with the other's
        o.put("profileBy", PROFILE_BY_COMM);
        ArrayNode profile = o.putArray("profile");
        for (Map.Entry<String, Long> e : sites.subList(0, Math.min(PROFILE_ROWS, sites.size()))) {
            profile.addObject().put("site", e.getKey()).put("share", share(e.getValue(), total));
        }
        return ran;
    }

    private static void locks(Dataset d, ArrayNode out) {
        Marks marks = d.marks();
        for (LockLane l : d.locks()) {
            long preemptions = 0;
            for (int i = 0; i < marks.size(); i++) {
                if (marks.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION && marks.note(i).startsWith(l.name() + " ")) {
                    preemptions++;
                }
            }
            ObjectNode lock = out.addObject();
            lock.put("name", l.name());
            lock.put("kind", l.kind());
            // both counts over one population, the acquisitions inside the recording: counting
            // every wait on the lane as contended put the waits still going on at a window's
            // end (850 in 50 ms of case A) above the acquisitions
            LockWaits w = LockWaits.of(d, l);
            lock.put("acquisitions", w.acquired());
            lock.put("holdsRecorded", w.holdsRecorded());
            lock.put("contended", w.contended());
            if (w.holdsRecorded()) {
                lock.put("unacquiredWaits", w.unacquiredWaits());
                lock.put("openWaits", w.openWaits());
                lock.put("abandonedWaits", w.abandonedWaits());
                LatencyStats h = w.holdUs();
                lock.putObject("holdUs").put("count", h.count()).put("mean", h.meanUs()).put("p50", h.p50Us())
                        .put("p99", h.p99Us()).put("max", h.maxUs());
            }
            LatencyStats s = w.waitUs();
            lock.putObject("waitUs").put("count", s.count()).put("mean", s.meanUs()).put("p50", s.p50Us())
                    .put("p99", s.p99Us()).put("max", s.maxUs());
            lock.put("holderPreemptions", preemptions);
            readPhases(l, lock);
        }
    }

    /**
     * A lane whose holds say read or write (a saved simulated rwsem) gets the summary's
     * {@code readPhases}: stretches in which readers own it, first reader in to last out, and
     * read holds per phase, inside the recording (a saved run's table and A/B rows lost the row
     * the case B notes argue from). Nothing for a lane that does not say.
     */
    private static void readPhases(LockLane l, ObjectNode lock) {
        Intervals h = l.holds();
        long phases = 0;
        long reads = 0;
        long phaseEnd = Long.MIN_VALUE;
        for (int i = 0; i < h.size(); i++) {
            byte mode = l.holdMode(i);
            if (mode == LockLane.HOLD_NOT_RECORDED) {
                return;
            }
            if (mode != LockLane.HOLD_READ) {
                continue;
            }
            reads++;
            if (h.startNs(i) >= phaseEnd) {
                phases++; // the reader count had dropped to 0: a new phase
            }
            phaseEnd = Math.max(phaseEnd, h.endNs(i));
        }
        if (h.size() > 0) {
            lock.putObject("readPhases").put("count", phases)
                    .put("readersPerPhase", phases == 0 ? 0 : Math.round(1000.0 * reads / phases) / 1000.0);
        }
    }

    /**
     * Each sample holds until the next one (the last until {@code endNs}), as a step chart draws
     * it; gaps count for nothing (the mean of the stretches with a value). 0 for no samples, NaN
     * for gaps only.
     */
    static double timeWeightedMean(CounterSeries c, long endNs) {
        if (c.size() == 0) {
            return 0;
        }
        return c.window(c.tNs(0), Math.max(endNs, c.tNs(c.size() - 1)), endNs).mean();
    }

    private static double share(long ns, double total) {
        return total <= 0 ? 0 : ns / total;
    }
}
