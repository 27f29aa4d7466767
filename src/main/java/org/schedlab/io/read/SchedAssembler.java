package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.IntervalsBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SchedEventKind;
import org.schedlab.model.SchedEvents;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Turns a time-ordered stream of scheduler events into lanes: per-CPU slices (who ran, from
 * which switch to the next), per-task state lanes (running; runnable after a wake-up or after
 * being switched out with R/R+; sleeping after S/I/...; blocked after D), wake-up, preemption
 * and migration marks, lock wait lanes from contention events - and keeps every scheduler
 * event in the sink's {@link SchedEvents} for tool-exact analyses.
 * <p>
 * A wake-up that races its task's switch-out: the kernel traces sched_waking once the task's
 * sleep state matches (try_to_wake_up); if the task is then still queued, the wake-up sets it
 * running and it goes on running; if it is already dequeued but still on its CPU, the waker waits
 * for it to leave the CPU (or queues the wake-up on the wake list) and enqueues it then. So a
 * sched_waking traced while its task runs, followed by that task's switch-out in a sleep state (S,
 * D, I, T, ...; not the dead X and Z), makes the task runnable from that switch-out, although
 * prev_state, read before the wake-up landed, says it went to sleep; the wait ends at its next
 * switch-in. A sched_wakeup of the task traced while it still runs (the wake-up found it queued)
 * or a switch of the task in between cancels that; its sched_stat_runtime as it is dequeued, events
 * it runs itself on its way out (the block-plug flush that wakes a kworker) and another sched_waking
 * do not. A sched_wakeup traced after the switch-out (it is traced once the task is enqueued) finds
 * it runnable already. A plain sched_wakeup traced while its task runs changes nothing: that
 * wake-up was one that found it queued. With only sched_waking recorded, a wake-up that found the
 * task queued followed by a new sleep before any other event of the task reads as the race.
 * Lanes are valid by construction: an event earlier than the one before it is refused (the
 * caller reports the line), so intervals never go backwards or overlap.
 */
final class SchedAssembler {
    private static final int UNKNOWN = -3;
    private static final int IDLE = -2;
    private static final byte NO_STATE = -1;

    private final RecordingSink sink;
    private final DatasetBuilder data;
    private int[] cpuTask = new int[0];
    private long[] cpuSince = new long[0];
    /** Per CPU, the tid its last sched_switch switched in and that switch's line. */
    private int[] cpuTid = new int[0];
    private long[] cpuSinceLine = new long[0];
    private int[] firstSeenTid = new int[0];
    private long[] firstSeenNs = new long[0];
    private byte[] taskState = new byte[64];
    /** Per task, the CPU a sched_waking traced while it ran was aimed at, until its switch-out; else -1. */
    private int[] wokenWhileRunning = new int[64];
    /** Per task, the waker of the wake-up {@link #wokenWhileRunning} keeps (its mark comes at the switch-out). */
    private int[] wokenBy = new int[64];
    /** Per task, the CPU its last switch-in put it on until its switch-out; else -1. */
    private int[] runsOn = new int[64];
    private long[] taskSince = new long[64];
    /** Per task, whether a PERF_RECORD_EXIT came while it ran: its lane ends at its switch-out. */
    private boolean[] exited = new boolean[64];
    private long[] lockSince = new long[64];
    private String[] lockAddr = new String[64];
    private String[] lockFlags = new String[64];
    private String[] kindComm = new String[64];
    private boolean[] kernel = new boolean[64];
    private IntervalsBuilder[] lanes = new IntervalsBuilder[64];
    private long lastNs = Long.MIN_VALUE;
    private long headerDisagreements;
    private long switchMismatches;
    /** The first switch-out of a task the CPU's last switch had not switched in: its line and what was expected. */
    private String firstSwitchMismatch = "";
    /** What the switches came from, as the notes about missing ones name it. */
    private SwitchSource switchesFrom = SwitchSource.SCHED_SWITCH;

    /**
     * What the switches of a recording came from, for the notes about switches missing: a switch
     * ({@code one}), a missing one ({@code oneMissing}), several ({@code many}).
     */
    record SwitchSource(String one, String oneMissing, String many) {
        static final SwitchSource SCHED_SWITCH = new SwitchSource("sched_switch", "sched_switch event",
                "sched_switch events");
        /** perf record --switch-events without sched_switch: the OUT records are the switches. */
        static final SwitchSource SWITCH_RECORDS = new SwitchSource("PERF_RECORD_SWITCH_CPU_WIDE OUT record",
                "PERF_RECORD_SWITCH_CPU_WIDE OUT record", "PERF_RECORD_SWITCH_CPU_WIDE OUT records");
        /** Switch records drawn until sched_switch events began. */
        static final SwitchSource BOTH = new SwitchSource("switch (PERF_RECORD_SWITCH_CPU_WIDE OUT or sched_switch)",
                "switch record or sched_switch event", "switch records or sched_switch events");
    }

    /** Names what the switches came from in the notes {@link #finish} makes (sched_switch unless said). */
    void switchesFrom(SwitchSource source) {
        switchesFrom = source;
    }
    private long unmatchedLockEnds;
    private final Map<Integer, String> migrationNotes = new HashMap<>();

    /**
     * Whether wake-ups are marks only, until a first switch: in a recording of wake-ups without
     * context switches, a wake-up made its task runnable to the recording's end (a run-queue wait
     * of the whole recording, read as measured), and each later wake-up of it was no mark.
     */
    private boolean marksOnly;
    /** Per task, whether its last wake-up mark was a sched_waking's, which its sched_wakeup completes. */
    private boolean[] wakingMarked = new boolean[64];
    private long switches;
    private long firstNs;

    SchedAssembler(RecordingSink sink) {
        this(sink, false);
    }

    /** {@code noSwitchExpected}: the file's first lines have no sched_switch, so wake-ups are marks until one comes. */
    SchedAssembler(RecordingSink sink, boolean noSwitchExpected) {
        this.marksOnly = noSwitchExpected;
        this.sink = sink;
        this.data = sink.data();
        Arrays.fill(taskState, NO_STATE);
        Arrays.fill(wokenWhileRunning, -1);
        Arrays.fill(runsOn, -1);
    }

    /** Accepts the time of the next event; false if it goes back before the previous one. */
    boolean advanceTo(long tNs) {
        if (tNs < lastNs) {
            return false;
        }
        if (lastNs == Long.MIN_VALUE) {
            sink.sawAbsoluteTime(tNs);
            firstNs = tNs;
        }
        lastNs = tNs;
        return true;
    }

    long lastNs() {
        return lastNs;
    }

    /** How many switches were drawn. */
    long switches() {
        return switches;
    }

    /**
     * The task a line's header shows on {@code cpu}: the one running there. A CPU's lane starts
     * with its first sched_switch; the first header seen before it says since when the switched-out
     * task ran (a file without sched_switch, such as a perf lock script, draws no CPU lanes). A
     * header that disagrees with the last switch (a sched_switch missing from the recording) is
     * counted, not followed: the next switch says who ran, from the CPU's previous switch on, as
     * perf sched timehist counts it. A sched_switch line's header is its prev, which
     * {@link #switchTask} checks (and counts apart) itself.
     */
    void current(int cpu, int tid, boolean switchLine) {
        ensureCpu(cpu);
        int was = cpuTask[cpu];
        if (was == UNKNOWN) {
            if (firstSeenTid[cpu] < 0) {
                firstSeenTid[cpu] = tid;
                firstSeenNs[cpu] = lastNs;
            }
            return;
        }
        if (!switchLine && was != (tid == 0 ? IDLE : sink.taskIdOf(tid))) {
            headerDisagreements++;
        }
    }

    /**
     * A sched_switch on {@code line}. One whose prev is not the task the CPU's last switch switched
     * in (switches missing from the recording) is counted and reported with its first line: the
     * CPU's time since its previous switch counts as prev's, as perf sched timehist counts it, and
     * the task that switch had put there, if still there, left unseen: its lane stops here and has
     * no state until its next event, rather than running on until its next switch somewhere.
     */
    void switchTask(int cpu, int prevTid, int prevId, char prevState, boolean preempted, int nextTid, int nextId,
                    long line) {
        switchTask(cpu, prevTid, prevId, prevState, preempted, nextTid, nextId, line, false);
    }

    /**
     * As {@link #switchTask(int, int, int, char, boolean, int, int, long)}; {@code deadOrParked}: prev
     * left with the numeric prev_state 64 of a kernel not yet known (dead before Linux 4.14, parked
     * from 4.14 on). It sleeps from here, recorded as X, until {@link #resolveParked} or
     * {@link #resolveDead} says which: dead, its lane ends here and its tid is let go, as an X's.
     */
    void switchTask(int cpu, int prevTid, int prevId, char prevState, boolean preempted, int nextTid, int nextId,
                    long line, boolean deadOrParked) {
        long t = lastNs;
        marksOnly = false;
        switches++;
        ensureCpu(cpu);
        int prev = prevTid == 0 ? IDLE : prevId;
        int next = nextTid == 0 ? IDLE : nextId;
        if (cpuTask[cpu] == UNKNOWN && firstSeenTid[cpu] == prevTid) {
            cpuTask[cpu] = prev;
            cpuSince[cpu] = firstSeenNs[cpu];
        }
        int was = cpuTask[cpu];
        int ended = -1;
        if (was != UNKNOWN && was != prev) {
            if (switchMismatches++ == 0) {
                firstSwitchMismatch = "at line " + line + ": cpu " + cpu + " switched out " + name(prev, prevTid, cpu)
                        + " where " + name(was, cpuTid[cpu], cpu) + (cpuSinceLine[cpu] > 0 ? ", switched in at line "
                        + cpuSinceLine[cpu] + "," : "") + " was expected";
            }
            if (was >= 0 && runsOn[was] == cpu) {
                closeLane(was, t);
                runsOn[was] = -1;
                wokenWhileRunning[was] = -1;
            }
        }
        if (cpuTask[cpu] != UNKNOWN) {
            emitSlice(cpu, prev, t);
        }
        if (prev >= 0) {
            growTasks(prev);
            if (taskState[prev] != TaskState.RUNNING.code() && cpuTask[cpu] != UNKNOWN) {
                // its switch-in is missing: it ran since the CPU's last switch, or since its
                // last known change if that came later
                setState(prev, Math.max(cpuSince[cpu], taskSince[prev]), TaskState.RUNNING.code());
            }
            int wokenOn = wokenWhileRunning[prev];
            wokenWhileRunning[prev] = -1;
            runsOn[prev] = -1;
            if (deadOrParked && !exited[prev]) {
                // parked or dead: asleep until what follows says which
                setState(prev, t, TaskState.SLEEPING.code());
                undecided.put(prev, new long[] {prev, prevTid, sink.schedEvents().size()});
            } else if (isDead(prevState) || exited[prev] && prevState != 'R' && prevState != 'D') {
                // its last switch-out (after its PERF_RECORD_EXIT, or switched out dead without one): no
                // state after it, where it would sleep to the end; its tid may name a new task from here.
                // Preempted (R) or blocked (D, a PREEMPT_RT lock) after its EXIT, it runs again to finish
                // its exit. A task no switch had shown running has no lane to end
                exited[prev] = false;
                if (taskState[prev] != NO_STATE) {
                    closeLane(prev, t);
                }
                ended = prev;
            } else if (wokenOn >= 0 && prevState != 'R' && prevState != 'X' && prevState != 'Z') {
                // the wake-up raced the switch-out: waiting for a CPU from here
                setState(prev, t, TaskState.RUNNABLE.code());
                data.mark(MarkKind.WAKEUP, t, wokenOn, prev, "", 0, wokenBy[prev]);
            } else {
                setState(prev, t, laneStateAfterSwitchOut(prevState));
            }
            if (prevState == 'R') {
                data.mark(MarkKind.PREEMPTION, t, cpu, prev, preempted ? "R+" : "R");
            }
        }
        if (next >= 0) {
            growTasks(next);
            wokenWhileRunning[next] = -1;
            runsOn[next] = cpu;
            setState(next, t, TaskState.RUNNING.code());
        }
        cpuTask[cpu] = next;
        cpuSince[cpu] = t;
        cpuTid[cpu] = nextTid;
        cpuSinceLine[cpu] = line;
        sink.schedEvents().add(SchedEventKind.SWITCH, t, cpu, prevTid, nextTid, prevState, preempted ? 1 : 0);
        if (ended >= 0) {
            sink.retire(prevTid, ended);
        }
    }

    /** Switch-outs with the numeric prev_state 64 not yet decided: task id, tid, index of the recorded switch. */
    private final Map<Integer, long[]> undecided = new LinkedHashMap<>();

    /** Whether task {@code id} left with a numeric prev_state 64 not yet decided dead or parked. */
    boolean deadOrParked(int id) {
        return id >= 0 && !undecided.isEmpty() && undecided.containsKey(id);
    }

    /**
     * Decides every undecided prev_state 64: parked (the kernel is 4.14 or later, or a wake-up of
     * the task came: a dead task is never woken), recorded as P, the task asleep since; or dead
     * (an older kernel), recorded as X, its lane ended at that switch-out and its tid let go, so the
     * tid's next sight is a new task.
     */
    void resolveAll(boolean parked) {
        List<long[]> all = new ArrayList<>(undecided.values());
        undecided.clear();
        for (long[] u : all) {
            resolve(u, parked);
        }
    }

    /**
     * Reads task {@code id}'s undecided prev_state 64 as dead, nothing having said which (its tid
     * switched again without a wake-up, FORK, COMM or wakeup_new): as before 4.14, and as an X.
     */
    void guessDead(int id) {
        long[] u = undecided.remove(id);
        if (u != null) {
            resolve(u, false);
            guessedDead++;
            guessedBeforeEra.add(u);
        }
    }

    /**
     * The recording showed its kernel's era ({@code parked}: 4.14 or later): every undecided
     * prev_state 64 is decided by it, and so is each one {@link #guessDead} read as dead before it
     * came. Those of an older kernel were right; those of a 4.14+ kernel were parked, and the event
     * log records them so (P). Their tid's later runs stay a new task's on the timeline (the task
     * was split where the guess was made), which the import's note says.
     */
    void eraDecided(boolean parked) {
        guessedDead -= guessedBeforeEra.size();
        if (parked) {
            for (long[] u : guessedBeforeEra) {
                sink.schedEvents().setPrevState((int) u[2], 'P');
            }
            revisedParked += guessedBeforeEra.size();
        }
        guessedBeforeEra.clear();
        resolveAll(parked);
    }

    /** Switch-outs with 64 {@link #guessDead} read as dead while the kernel's era was unknown. */
    private final List<long[]> guessedBeforeEra = new ArrayList<>();
    /** Of those, read as dead and later shown parked by a 4.14+ kernel's numbers or release. */
    private long revisedParked;

    /** Undecided prev_state 64 switch-outs read as dead for want of evidence (see {@link #guessDead}). */
    private long guessedDead;

    private void resolve(long[] u, boolean parked) {
        int id = (int) u[0];
        sink.schedEvents().setPrevState((int) u[2], parked ? 'P' : 'X');
        if (!parked) {
            if (taskState[id] != NO_STATE) {
                // nothing of it since the switch-out (an event of its tid would have decided): no lane after it
                closeLane(id, taskSince[id]);
            }
            sink.retire((int) u[1], id);
        }
    }

    /**
     * Whether a switch-out's prev_state says the task is dead: X (EXIT_DEAD) and Z (EXIT_ZOMBIE),
     * which the kernel's __trace_sched_switch_state reports for a task's last switch-out from
     * do_task_dead (task_state_index folds exit_state into TASK_REPORT), and x (TASK_DEAD), which
     * kernels before 4.14 printed there instead. It never runs again.
     */
    static boolean isDead(char prevState) {
        return prevState == 'X' || prevState == 'Z' || prevState == 'x';
    }

    /**
     * Whether task {@code id} had a PERF_RECORD_EXIT that ended its lane (the EXIT came while it was
     * not running, its last switch-out not recorded, or while no switch had shown it running): a
     * FORK, COMM, wake-up or switch-in of its tid is then a new task's.
     */
    boolean exitPending(int id) {
        // its lane ended at the EXIT (or it had none): preempted or blocked after it, it is runnable or
        // blocked and its switch-in is its own
        return id >= 0 && id < exited.length && exited[id] && taskState[id] == NO_STATE;
    }

    void wake(SchedEventKind kind, int cpu, int tid, int id, int targetCpu) {
        wake(kind, cpu, tid, id, targetCpu, Marks.NO_WAKER);
    }

    /**
     * A sched_waking, sched_wakeup or sched_wakeup_new of {@code tid} (task {@code id}), traced on
     * {@code cpu} by {@code waker}: the task whose line carries the event (the one calling
     * try_to_wake_up), {@link Marks#IDLE_WAKER} for the idle task (an interrupt on an idle CPU), or
     * {@link Marks#NO_WAKER}. The wake-up mark it makes names it.
     */
    void wake(SchedEventKind kind, int cpu, int tid, int id, int targetCpu, int waker) {
        long t = lastNs;
        if (targetCpu >= 0) {
            ensureCpu(targetCpu);
        }
        if (id >= 0 && marksOnly) {
            // no switch says when it ran: a mark per wake-up, sched_waking's and its sched_wakeup's one
            growTasks(id);
            if (kind == SchedEventKind.WAKING || !wakingMarked[id]) {
                data.mark(MarkKind.WAKEUP, t, targetCpu >= 0 ? targetCpu : cpu, id, "", 0, waker);
            }
            wakingMarked[id] = kind == SchedEventKind.WAKING;
        } else if (id >= 0) {
            growTasks(id);
            byte st = taskState[id];
            if (st == TaskState.RUNNING.code()) {
                if (kind == SchedEventKind.WAKING) {
                    wokenWhileRunning[id] = targetCpu >= 0 ? targetCpu : cpu;
                    wokenBy[id] = waker;
                } else if (kind == SchedEventKind.WAKEUP) {
                    wokenWhileRunning[id] = -1;
                }
            } else if (st != TaskState.RUNNABLE.code()) {
                setState(id, t, TaskState.RUNNABLE.code());
                data.mark(MarkKind.WAKEUP, t, targetCpu >= 0 ? targetCpu : cpu, id, "", 0, waker);
            }
        }
        sink.schedEvents().add(kind, t, cpu, tid, targetCpu, (char) 0, 0);
    }

    /**
     * PERF_RECORD_EXIT of task {@code id}: the kernel records it in do_exit, while the task still
     * runs, so a running task's lane ends at its switch-out to come; any other's ends here. Either
     * way its switch-out to come is its last, after which its tid names no task until it is seen
     * again (see {@link #exitPending}).
     */
    void exited(int id) {
        growTasks(id);
        wokenWhileRunning[id] = -1;
        exited[id] = true;
        if (taskState[id] != TaskState.RUNNING.code() && taskState[id] != NO_STATE) {
            closeLane(id, lastNs);
        }
    }

    /** PERF_RECORD_FORK of task {@code id}: a new task (the caller let an ended task of its tid go first). */
    void forked(int id) {
        growTasks(id);
        exited[id] = false;
    }

    void migrate(int cpu, int tid, int id, int origCpu, int destCpu) {
        ensureCpu(Math.max(origCpu, destCpu));
        if (id >= 0) {
            String note = migrationNotes.computeIfAbsent(origCpu, c -> "from cpu " + c);
            data.mark(MarkKind.MIGRATION, lastNs, destCpu, id, note);
        }
        sink.schedEvents().add(SchedEventKind.MIGRATE, lastNs, cpu, tid, destCpu, (char) 0, origCpu);
    }

    void runtime(int cpu, int tid, long runtimeNs) {
        sink.schedEvents().add(SchedEventKind.RUNTIME, lastNs, cpu, tid, 0, (char) 0, runtimeNs);
    }

    void lockBegin(int id, String addr, String flags) {
        growTasks(id);
        if (lockAddr[id] != null) {
            // a second begin without an end: the first wait ended unseen; keep the newer one
            unmatchedLockEnds++;
        }
        lockSince[id] = lastNs;
        lockAddr[id] = addr;
        lockFlags[id] = flags;
    }

    void lockEnd(int id, String addr) {
        growTasks(id);
        if (lockAddr[id] == null || !lockAddr[id].equals(addr)) {
            unmatchedLockEnds++;
            return;
        }
        addWait(id, lastNs);
    }

    private void addWait(int id, long endNs) {
        LockKind k = LockKind.ofFlags(lockFlags[id]);
        data.lock(lockAddr[id], k.kind, k.shared).waitFor(lockSince[id], endNs, id, k.mode);
        lockAddr[id] = null;
    }

    /** Closes every open slice, lane and wait at the last event time. */
    void finish(FileReport.Builder report) {
        if (lastNs == Long.MIN_VALUE) {
            return;
        }
        guessedDead += undecided.size();
        resolveAll(false);
        if (guessedDead > 0) {
            report.note((guessedDead == 1 ? "1 task was" : guessedDead + " tasks were") + " switched out with the"
                    + " numeric prev_state 64, TASK_DEAD before Linux 4.14 and TASK_PARKED from 4.14 on, and neither the"
                    + " kernel release nor a later wake-up of the task said which: read as dead (its lane ends there,"
                    + " and its tid seen again is a new task)");
        }
        if (revisedParked > 0) {
            report.note((revisedParked == 1 ? "1 task was" : revisedParked + " tasks were") + " switched out with the"
                    + " numeric prev_state 64 and read as dead when its tid was next seen switching out without a"
                    + " switch-in; later the recording showed a kernel from Linux 4.14 on, where 64 is TASK_PARKED:"
                    + " the scheduler events record it as parked (P), but the timeline shows the tid's later runs"
                    + " as a new task");
        }
        if (marksOnly) {
            // marks alone end at the last one: the recording spans its first event to its last
            data.covers(firstNs, lastNs);
        }
        for (int c = 0; c < cpuTask.length; c++) {
            if (cpuTask[c] != UNKNOWN) {
                emitSlice(c, cpuTask[c], lastNs);
                cpuSince[c] = lastNs;
            }
        }
        for (int id = 0; id < taskState.length; id++) {
            if (taskState[id] != NO_STATE) {
                closeLane(id, lastNs);
            }
            if (lockAddr[id] != null) {
                addWait(id, lastNs);
            }
        }
        String one = switchesFrom.one();
        String many = switchesFrom.many();
        if (headerDisagreements > 0) {
            report.note((headerDisagreements == 1 ? "1 event ran under a task the last " + one + " had not switched"
                    + " in (a " + switchesFrom.oneMissing() + " missing)" : headerDisagreements + " events ran under a"
                    + " task the last " + one + " had not switched in (" + many + " missing)") + "; such a run counts"
                    + " from the CPU's previous switch, as perf sched timehist counts it");
        }
        if (switchMismatches > 0) {
            report.note((switchMismatches == 1 ? "1 " + one + " switched out a task the CPU's last " + one + " had"
                    + " not switched in (a " + switchesFrom.oneMissing() + " missing), " : switchMismatches + " " + many
                    + " switched out a task the CPU's last " + one + " had not switched in (" + many
                    + " missing), the first ") + firstSwitchMismatch + ". The CPU's time since its previous switch"
                    + " counts as the switched-out task's, as perf sched timehist counts it; a task switched in there"
                    + " and not seen leaving has no state from that switch to its next event");
        }
        if (unmatchedLockEnds > 0) {
            report.note(unmatchedLockEnds == 1 ? "1 lock contention event without its begin/end pair"
                    : unmatchedLockEnds + " lock contention events without their begin/end pair");
        }
    }

    private void emitSlice(int cpu, int who, long endNs) {
        long start = cpuSince[cpu];
        if (endNs <= start || who == UNKNOWN) {
            return;
        }
        if (who == IDLE) {
            data.cpu(cpu).add(start, endNs, Intervals.NO_TASK, SliceState.IDLE.code());
        } else {
            data.cpu(cpu).add(start, endNs, who, isKernelThread(who) ? SliceState.KERNEL.code() : SliceState.USER.code());
        }
    }

    /** A task as a note names it: "postgres:7382", a CPU's idle task "swapper/1 (idle)". */
    private String name(int id, int tid, int cpu) {
        return id == IDLE ? "swapper/" + cpu + " (idle)" : sink.commOf(id) + ":" + tid;
    }

    private IntervalsBuilder lane(int id) {
        IntervalsBuilder b = lanes[id];
        if (b == null) {
            b = data.taskLane(id);
            lanes[id] = b;
        }
        return b;
    }

    /** Cached per task and comm: a comm changes rarely (exec), slices are many. */
    private boolean isKernelThread(int id) {
        growTasks(id);
        String comm = sink.commOf(id);
        if (kindComm[id] != comm) {
            kindComm[id] = comm;
            kernel[id] = KernelThreads.isKernelThread(comm);
        }
        return kernel[id];
    }

    private void setState(int id, long t, byte state) {
        growTasks(id);
        if (taskState[id] != NO_STATE && t > taskSince[id]) {
            lane(id).add(taskSince[id], t, id, taskState[id]);
        }
        taskState[id] = state;
        taskSince[id] = t;
    }

    private void closeLane(int id, long t) {
        if (t > taskSince[id]) {
            lane(id).add(taskSince[id], t, id, taskState[id]);
        }
        taskState[id] = NO_STATE;
    }

    static byte laneStateAfterSwitchOut(char prevState) {
        switch (prevState) {
            case 'R':
                return TaskState.RUNNABLE.code();
            case 'D':
                return TaskState.BLOCKED.code();
            default:
                return TaskState.SLEEPING.code();
        }
    }

    private void ensureCpu(int cpu) {
        if (cpu >= cpuTask.length) {
            int old = cpuTask.length;
            cpuTask = Arrays.copyOf(cpuTask, cpu + 1);
            cpuSince = Arrays.copyOf(cpuSince, cpu + 1);
            cpuTid = Arrays.copyOf(cpuTid, cpu + 1);
            cpuSinceLine = Arrays.copyOf(cpuSinceLine, cpu + 1);
            firstSeenTid = Arrays.copyOf(firstSeenTid, cpu + 1);
            firstSeenNs = Arrays.copyOf(firstSeenNs, cpu + 1);
            Arrays.fill(cpuTask, old, cpu + 1, UNKNOWN);
            Arrays.fill(firstSeenTid, old, cpu + 1, -1);
            data.cpuCount(cpu + 1);
        }
    }

    private void growTasks(int id) {
        if (id >= taskState.length) {
            int cap = Math.max(id + 1, taskState.length * 2);
            int old = taskState.length;
            taskState = Arrays.copyOf(taskState, cap);
            Arrays.fill(taskState, old, cap, NO_STATE);
            taskSince = Arrays.copyOf(taskSince, cap);
            exited = Arrays.copyOf(exited, cap);
            wakingMarked = Arrays.copyOf(wakingMarked, cap);
            wokenWhileRunning = Arrays.copyOf(wokenWhileRunning, cap);
            Arrays.fill(wokenWhileRunning, old, cap, -1);
            wokenBy = Arrays.copyOf(wokenBy, cap);
            runsOn = Arrays.copyOf(runsOn, cap);
            Arrays.fill(runsOn, old, cap, -1);
            lockSince = Arrays.copyOf(lockSince, cap);
            lockAddr = Arrays.copyOf(lockAddr, cap);
            lockFlags = Arrays.copyOf(lockFlags, cap);
            kindComm = Arrays.copyOf(kindComm, cap);
            kernel = Arrays.copyOf(kernel, cap);
            lanes = Arrays.copyOf(lanes, cap);
        }
    }

    /** How perf lock's contention flags name a lock and how its waiters wait. */
    private record LockKind(String kind, boolean shared, WaitMode mode) {
        static LockKind ofFlags(String flags) {
            boolean spin = flags.contains("SPIN");
            boolean rw = flags.contains("READ") || flags.contains("WRITE");
            if (flags.contains("MUTEX")) {
                return new LockKind("mutex", false, WaitMode.SLEEP);
            }
            if (flags.contains("PERCPU")) {
                return new LockKind("percpu-rwsem", false, WaitMode.SLEEP);
            }
            if (flags.contains("RT")) {
                return new LockKind("rtmutex", false, WaitMode.SLEEP);
            }
            if (spin) {
                return new LockKind(rw ? "rwlock" : "spinlock", false, WaitMode.SPIN);
            }
            if (rw) {
                return new LockKind("rwsem", false, WaitMode.SLEEP);
            }
            return new LockKind(flags.isEmpty() ? "lock" : flags.toLowerCase(Locale.ROOT), false,
                    WaitMode.SLEEP);
        }
    }
}
