package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.schedlab.model.SchedEventKind;
import org.schedlab.model.SchedEvents;

/**
 * The table {@code perf sched latency} prints, computed from the same events the way perf
 * computes it, so the two can be put side by side:
 * <ul>
 * <li>run time is the sum of a task's sched_stat_runtime, not of its slices (perf counts run
 *     time from before the recording started, and only what the scheduler reported);</li>
 * <li>a task's "switches" are the switch-ins that ended a wait perf could time, and the delay
 *     is that wait; a task first seen in a sched_switch or sched_stat_runtime is taken as
 *     waiting since that moment (so its first switch-in counts, often with no delay);</li>
 * <li>a wake-up counts only for a task perf believes asleep, and not if it comes before the
 *     switch-out it would end; migrations do not matter when every CPU was recorded;</li>
 * <li>the idle task (tid 0, "swapper") is left out; tasks without a counted switch are too.</li>
 * </ul>
 * Which waits perf can time depends on how it decodes the events: checked against the perf
 * that printed the real recording's tables (runA_latency*.txt), perf counts a wait only after a
 * plain "R" switch-out or a sched_wakeup / sched_wakeup_new - not after "R+" (preempted) and not
 * after sched_waking, which is all a recent {@code perf sched record} captures. Every wait the
 * scheduler imposed is what the runqlat tab counts ({@link RunQueueLatency}), from task lanes.
 */
public final class PerfSchedLatency {
    private static final byte NONE = 0;
    private static final byte SLEEPING = 1;
    private static final byte WAIT_CPU = 2;
    private static final byte SCHED_IN = 3;
    private static final byte IGNORE = 4;

    private PerfSchedLatency() {
    }

    /** Per-task state: only the newest perf "work atom" of a task is ever looked at. */
    private static final class Atoms {
        final int tid;
        byte state = NONE;
        long schedOutNs;
        long wakeUpNs;
        long runtimeNs;
        long switches;
        long totalDelayNs;
        long maxDelayNs;
        long maxStartNs;
        long maxEndNs;

        Atoms(int tid) {
            this.tid = tid;
        }

        /** A new atom: the task left the CPU (or is first seen) in state {@code runState}. */
        void schedOut(char runState, long t) {
            schedOutNs = t;
            if (runState == 'R') {
                state = WAIT_CPU;
                wakeUpNs = t;
            } else {
                state = SLEEPING;
            }
        }

        void schedIn(long t) {
            if (state != WAIT_CPU) {
                return;
            }
            if (t < wakeUpNs) {
                state = IGNORE;
                return;
            }
            state = SCHED_IN;
            long delay = t - wakeUpNs;
            totalDelayNs += delay;
            if (delay > maxDelayNs) {
                maxDelayNs = delay;
                maxStartNs = wakeUpNs;
                maxEndNs = t;
            }
            switches++;
        }
    }

    /**
     * One row per task (perf sched latency {@code --pids}), in perf's default order ("avg,
     * max, switch, runtime", largest first). {@code commOf} names a tid (its last comm).
     */
    public static List<SchedLatencyRow> perTask(SchedEvents ev, IntFunction<String> commOf) {
        AtomTable atoms = run(ev);
        List<SchedLatencyRow> rows = new ArrayList<>();
        for (Atoms a : atoms.values()) {
            if (a.tid == 0 || a.switches == 0) {
                continue;
            }
            rows.add(new SchedLatencyRow(a.tid, commOf.apply(a.tid), 1, a.runtimeNs, a.switches, a.totalDelayNs,
                    a.maxDelayNs, a.maxStartNs, a.maxEndNs));
        }
        rows.sort(PERF_ORDER);
        return rows;
    }

    /**
     * perf sched latency without {@code --pids}: tasks sharing a comm merged into one row
     * ("postgres:(18)" counts every postgres task perf saw, even those without a switch).
     */
    public static List<SchedLatencyRow> mergedByComm(SchedEvents ev, IntFunction<String> commOf) {
        AtomTable atoms = run(ev);
        Map<String, SchedLatencyRow> byComm = new LinkedHashMap<>();
        List<Atoms> sorted = new ArrayList<>(atoms.values());
        sorted.sort(Comparator.comparingInt(a -> a.tid));
        for (Atoms a : sorted) {
            if (a.tid == 0) {
                continue;
            }
            String comm = commOf.apply(a.tid);
            SchedLatencyRow r = byComm.get(comm);
            if (r == null) {
                byComm.put(comm, new SchedLatencyRow(a.tid, comm, 1, a.runtimeNs, a.switches, a.totalDelayNs,
                        a.maxDelayNs, a.maxStartNs, a.maxEndNs));
            } else {
                boolean newMax = a.maxDelayNs > r.maxDelayNs();
                byComm.put(comm, new SchedLatencyRow(r.tid(), comm, r.merged() + 1, r.runtimeNs() + a.runtimeNs,
                        r.switches() + a.switches, r.totalDelayNs() + a.totalDelayNs,
                        newMax ? a.maxDelayNs : r.maxDelayNs(), newMax ? a.maxStartNs : r.maxDelayStartNs(),
                        newMax ? a.maxEndNs : r.maxDelayEndNs()));
            }
        }
        List<SchedLatencyRow> rows = new ArrayList<>();
        for (SchedLatencyRow r : byComm.values()) {
            if (r.switches() > 0) {
                rows.add(r);
            }
        }
        rows.sort(PERF_ORDER);
        return rows;
    }

    /** perf's default sort keys avg, max, switch, runtime - each largest first - then tid. */
    public static final Comparator<SchedLatencyRow> PERF_ORDER = Comparator
            .comparingLong(SchedLatencyRow::avgDelayNs).reversed()
            .thenComparing(Comparator.comparingLong(SchedLatencyRow::maxDelayNs).reversed())
            .thenComparing(Comparator.comparingLong(SchedLatencyRow::switches).reversed())
            .thenComparing(Comparator.comparingLong(SchedLatencyRow::runtimeNs).reversed())
            .thenComparingInt(SchedLatencyRow::tid);

    private static AtomTable run(SchedEvents ev) {
        boolean hasWaking = ev.count(SchedEventKind.WAKING) > 0;
        AtomTable atoms = new AtomTable();
        for (int i = 0; i < ev.size(); i++) {
            long t = ev.tNs(i);
            switch (ev.kind(i)) {
                case SWITCH: {
                    Atoms out = atoms.get(ev.tid(i));
                    if (out == null) {
                        out = atoms.add(new Atoms(ev.tid(i)));
                    }
                    // perf decodes a preempted "R+" as something other than 'R'
                    out.schedOut(ev.value(i) != 0 ? '+' : ev.prevState(i), t);
                    Atoms in = atoms.get(ev.arg(i));
                    if (in == null) {
                        in = atoms.add(new Atoms(ev.arg(i)));
                        in.schedOut('R', t);
                    }
                    in.schedIn(t);
                    break;
                }
                case RUNTIME: {
                    Atoms a = atoms.get(ev.tid(i));
                    if (a == null) {
                        a = atoms.add(new Atoms(ev.tid(i)));
                        a.schedOut('R', t);
                    }
                    a.runtimeNs += ev.value(i);
                    break;
                }
                case WAKEUP_NEW:
                    wake(atoms, ev.tid(i), t);
                    break;
                case WAKEUP:
                    if (!hasWaking) {
                        wake(atoms, ev.tid(i), t);
                    }
                    break;
                default:
                    // perf does not time a wait from sched_waking; migrations only matter to perf
                    // when a single CPU was profiled
                    break;
            }
        }
        return atoms;
    }

    private static void wake(AtomTable atoms, int tid, long t) {
        Atoms a = atoms.get(tid);
        if (a == null) {
            a = atoms.add(new Atoms(tid));
            a.schedOut('S', t);
        }
        if (a.state != SLEEPING || a.schedOutNs > t) {
            return;
        }
        a.state = WAIT_CPU;
        a.wakeUpNs = t;
    }

    /**
     * Atoms by tid without boxing: two lookups per event over hundreds of thousands of events.
     * Open addressing; iteration in first-seen order.
     */
    private static final class AtomTable {
        private Atoms[] slots = new Atoms[256];
        private final List<Atoms> inOrder = new ArrayList<>();

        Atoms get(int tid) {
            int mask = slots.length - 1;
            for (int i = mix(tid) & mask; ; i = (i + 1) & mask) {
                Atoms a = slots[i];
                if (a == null || a.tid == tid) {
                    return a;
                }
            }
        }

        /** Adds an atom whose tid is not in the table yet. */
        Atoms add(Atoms a) {
            if ((inOrder.size() + 1) * 2 > slots.length) {
                Atoms[] old = slots;
                slots = new Atoms[old.length * 2];
                for (Atoms x : old) {
                    if (x != null) {
                        place(x);
                    }
                }
            }
            place(a);
            inOrder.add(a);
            return a;
        }

        private void place(Atoms a) {
            int mask = slots.length - 1;
            int i = mix(a.tid) & mask;
            while (slots[i] != null) {
                i = (i + 1) & mask;
            }
            slots[i] = a;
        }

        List<Atoms> values() {
            return inOrder;
        }

        private static int mix(int k) {
            int h = k * 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }
}
