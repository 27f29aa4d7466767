package org.schedlab.ui;

import java.util.Locale;
import java.util.Optional;

import org.schedlab.analysis.CpuModes;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.ScreenText;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TrackHit;

/** The few lines the hover readout shows for whatever is under the pointer. */
final class HoverText {
    private HoverText() {
    }

    static String of(Dataset d, TrackHit hit) {
        return of(d, Optional.of(CpuModes.of(d)), hit);
    }

    /**
     * The readout for {@code hit}; {@code modes} is the dataset's {@link CpuModes} once known (a
     * switch trace's slice "running", not its reader's guess "user" or "kernel").
     */
    static String of(Dataset d, Optional<CpuModes> modes, TrackHit hit) {
        long o = d.startNs();
        if (hit instanceof SliceHit h) {
            String who = h.task() >= 0 ? d.task(h.task()).label() : h.state().label();
            String state = h.task() >= 0 ? sliceState(modes, h.state()) + " " : "";
            return who + "\n" + state + "on CPU " + h.cpu() + ", " + TimeFormat.duration(h.durationNs())
                    + "\nfrom +" + TimeFormat.offset(h.startNs() - o) + " to +" + TimeFormat.offset(h.endNs() - o);
        }
        if (hit instanceof TrackHit.TaskStateHit h) {
            return d.task(h.task()).label() + "\n" + h.state().label() + ", " + TimeFormat.duration(h.endNs() - h.startNs())
                    + "\nfrom +" + TimeFormat.offset(h.startNs() - o) + " to +" + TimeFormat.offset(h.endNs() - o)
                    + wokenBy(d, h);
        }
        if (hit instanceof TrackHit.LockHoldHit h) {
            String off = h.offCpuNs() > 0 ? "\nholder off CPU " + TimeFormat.duration(h.offCpuNs()) + " of it" : "";
            byte mode = d.locks().get(h.lock()).holdMode(h.index());
            String others = h.holders() > 1
                    ? " and " + (h.holders() - 1) + (mode == LockLane.HOLD_READ ? " more readers" : " more") : "";
            // a simulated rwsem says which holds are a writer's: "held by" alone could not tell a
            // writer from a lone reader
            String held = mode == LockLane.HOLD_WRITE ? " write-held by " : mode == LockLane.HOLD_READ
                    ? " read-held by " : " held by ";
            return d.locks().get(h.lock()).name() + held + d.task(h.task()).label() + others + "\n"
                    + TimeFormat.duration(h.endNs() - h.startNs()) + " from +" + TimeFormat.offset(h.startNs() - o) + off;
        }
        if (hit instanceof TrackHit.LockFreeHit h) {
            return lockFree(d, h);
        }
        if (hit instanceof TrackHit.LockWaitersHit h) {
            return d.locks().get(h.lock()).name() + " at +" + TimeFormat.offset(h.tNs() - o) + "\n"
                    + h.spinning() + " spinning, " + h.sleeping() + " sleeping" + free(d, h.lock(), h.tNs());
        }
        if (hit instanceof TrackHit.CounterHit h) {
            CounterSeries c = d.counters().get(h.counter());
            if (h.sampleNs() == TrackHit.CounterHit.BEFORE_FIRST_SAMPLE) {
                return c.name() + "\nno value before its first sample, at +" + TimeFormat.offset(c.tNs(0) - o);
            }
            // a sample holds until the next one: say over which stretch the value stands
            int i = c.indexAt(h.sampleNs());
            long until = i >= 0 ? c.holdsUntil(i, d.endNs()) : d.endNs();
            if (Double.isNaN(h.value()) && i >= 0) {
                // a gap: no value there (the sample before does not hold over it), for as long as
                // the gap samples run (pgbench's two seconds without a transaction are one gap)
                int a = i;
                while (a > 0 && !c.hasValue(a - 1)) {
                    a--;
                }
                int b = i;
                while (b + 1 < c.size() && !c.hasValue(b + 1)) {
                    b++;
                }
                return c.name() + "\nno value from +" + TimeFormat.offset(c.tNs(a) - o) + " to +"
                        + TimeFormat.offset(c.holdsUntil(b, d.endNs()) - o);
            }
            String value = c.name() + "\n" + number(h.value())
                    + ScreenText.unitAfter(h.value(), c.unit());
            if (d.spanNs() == 0) {
                return value; // a file without times (an nstat snapshot): "at +0 ns" made a time up
            }
            return value
                    + (until > h.sampleNs()
                            ? "\nfrom +" + TimeFormat.offset(h.sampleNs() - o) + " to +" + TimeFormat.offset(until - o)
                            : "\nat +" + TimeFormat.offset(h.sampleNs() - o));
        }
        if (hit instanceof TrackHit.OperationHit h) {
            return d.operations().get(h.operation()).name() + "\nlatency " + TimeFormat.duration(h.latencyNs())
                    + "\nfrom +" + TimeFormat.offset(h.startNs() - o) + " to +" + TimeFormat.offset(h.endNs() - o);
        }
        if (hit instanceof TrackHit.LabelHit h) {
            return h.text();
        }
        if (hit instanceof TrackHit.SchedulerTickHit h) {
            return tick(d, h);
        }
        if (hit instanceof TrackHit.WakeUpHit h) {
            return wakeUp(d, h);
        }
        if (hit instanceof TrackHit.HeaderHit h) {
            return h.group().title() + ": click to collapse or expand";
        }
        return "";
    }

    /**
     * The holder band where nobody holds the lock, in the form of a hold's readout: "mmap_lock
     * free, nobody holds it", how long and from when to when, who released it and who takes it
     * next; in a handoff stall, whom it is reserved for (as the waiter band says).
     */
    private static String lockFree(Dataset d, TrackHit.LockFreeHit h) {
        long o = d.startNs();
        Intervals holds = d.locks().get(h.lock()).holds();
        boolean since = h.before() != TrackHit.LockFreeHit.NONE;
        boolean until = h.after() != TrackHit.LockFreeHit.NONE;
        StringBuilder b = new StringBuilder(d.locks().get(h.lock()).name()).append(" free, nobody holds it\n");
        if (since && until) {
            long from = holds.endNs(h.before());
            long to = holds.startNs(h.after());
            b.append(TimeFormat.duration(to - from)).append(" from +").append(TimeFormat.offset(from - o))
                    .append(" to +").append(TimeFormat.offset(to - o));
        } else if (since) {
            b.append("since +").append(TimeFormat.offset(holds.endNs(h.before()) - o)).append(", not taken again in the recording");
        } else if (until) {
            b.append("until +").append(TimeFormat.offset(holds.startNs(h.after()) - o)).append(", no hold before it in the recording");
        }
        String released = since ? "released by " + d.task(holds.task(h.before())).label() : "";
        String taken = until ? "next taken by " + d.task(holds.task(h.after())).label() : "";
        b.append('\n').append(released).append(since && until ? ", " : "").append(taken);
        String stall = free(d, h.lock(), h.tNs());
        if (stall.startsWith("\nfree: HANDOFF")) {
            b.append(stall.replaceFirst("^\nfree: ", "\n"));
        }
        return b.toString();
    }

    /** How far back a waiter band's readout looks for the handoff stall it may be in: longer than any stall. */
    static final long HANDOFF_LOOKBACK_NS = 200_000_000L;

    /**
     * What a lock whose holds are recorded is doing where nobody holds it, for its waiter band's
     * readout: in a handoff stall the spinners under the pointer wait on a free lock reserved for
     * one woken waiter, which the lane, empty there, could not say ("16 spinning, 200 sleeping"
     * read as a lock someone held). "" where someone holds it, or where holds are not recorded
     * (a lock tool's waits only).
     * <p>
     * It looks back over the marks, up to {@link #HANDOFF_LOOKBACK_NS}, on each hover of a free
     * stretch or of the waiter band: measured on pgbench-graviton4's default run (2.2 M marks in
     * its second, none a handoff: each hover scans the whole 200 ms) at 0.3 to 0.4 ms a hover,
     * mongodb-ycsb-a's under 0.1 ms, so it stays a scan rather than an index of the handoffs.
     */
    static String free(Dataset d, int lock, long t) {
        LockLane l = d.locks().get(lock);
        Intervals holds = l.holds();
        if (holds.size() == 0) {
            return "";
        }
        int i = holds.firstVisibleAt(t);
        if (i < holds.size() && holds.startNs(i) <= t) {
            return "";
        }
        Marks m = d.marks();
        for (int j = m.firstAtOrAfter(t + 1) - 1; j >= 0 && t - m.tNs(j) <= HANDOFF_LOOKBACK_NS; j--) {
            if (m.kind(j) == MarkKind.LOCK_HANDOFF && m.note(j).startsWith(l.name() + " ")) {
                if (t >= LockStatistics.handoffEndNs(d, j)) {
                    break;
                }
                String who = m.task(j) >= 0 && m.task(j) < d.tasks().size() ? d.task(m.task(j)).label() : "its first waiter";
                // on lines of their own: one line was cut at a laptop's readout
                return "\nfree: HANDOFF reserves it for " + who + "\nwoken, waiting to run on CPU " + m.cpu(j)
                        + " to take it\nhandoff stall since +" + TimeFormat.offset(m.tNs(j) - d.startNs())
                        + " (L steps to it)";
            }
        }
        return "\nfree: nobody holds it";
    }

    /** Preemptions a tick's readout names one by one; the rest are counted. */
    static final int TICK_PREEMPTIONS_NAMED = 3;

    /**
     * "scheduler tick at +12.004 ms (HZ=250, every CPU)", and a line for each preemption marked
     * at that instant, drawn right under the caret: the tick found it ("preemption of A[2001] on
     * CPU 0 found at this tick"), where a wake-up's preemption falls between the carets.
     */
    private static String tick(Dataset d, TrackHit.SchedulerTickHit h) {
        StringBuilder b = new StringBuilder("scheduler tick at +").append(TimeFormat.offset(h.tNs() - d.startNs()))
                .append(" (HZ=").append(h.hz()).append(", every CPU)");
        Marks m = d.marks();
        int named = Math.min(TICK_PREEMPTIONS_NAMED, h.preemptions().size());
        for (int n = 0; n < named; n++) {
            int i = h.preemptions().get(n);
            String what = m.kind(i) == MarkKind.LOCK_HOLDER_PREEMPTION
                    ? "lock-holder preemption" : "preemption";
            String of = m.task(i) >= 0 && m.task(i) < d.tasks().size() ? " of " + d.task(m.task(i)).label() : "";
            String on = m.cpu(i) >= 0 ? " on CPU " + m.cpu(i) : "";
            b.append('\n').append(what).append(of).append(on).append(" found at this tick");
        }
        if (h.preemptions().size() > named) {
            int more = h.preemptions().size() - named;
            b.append("\nand ").append(more).append(more == 1 ? " more preemption" : " more preemptions")
                    .append(" found at this tick");
        }
        return b.toString();
    }

    /**
     * A wake-up tick's readout, as a slice's: who was woken, onto which CPU and when, and the mark's
     * waker where the recording named it (the task whose line carried the sched_waking or
     * sched_wakeup; {@code <idle>} for an interrupt on an idle CPU) and the mark's note where it has
     * one (a simulated wake-up's "from CPU 2"); the other wake-ups the same tick stands for are counted, the zoom
     * telling them apart. Each other mark had its readout, and the
     * ticks of a recording of wake-ups alone said nothing under the pointer.
     */
    private static String wakeUp(Dataset d, TrackHit.WakeUpHit h) {
        Marks m = d.marks();
        int i = h.marks().get(0);
        int task = m.task(i);
        String who = task >= 0 && task < d.tasks().size() ? d.task(task).label() : "a task";
        StringBuilder b = new StringBuilder("wake-up of ").append(who);
        String waker = waker(d, m.waker(i));
        if (!waker.isEmpty()) {
            b.append(" by ").append(waker);
        }
        b.append("\nonto CPU ").append(m.cpu(i)).append(" at +").append(TimeFormat.offset(m.tNs(i) - d.startNs()));
        String note = m.note(i);
        if (note != null && !note.isBlank()) {
            b.append('\n').append(note);
        }
        int more = h.marks().size() - 1;
        if (more > 0) {
            b.append("\nand ").append(more).append(more == 1 ? " more wake-up" : " more wake-ups")
                    .append(" in this tick (zoom in to tell them apart)");
        }
        return b.toString();
    }

    /** Who woke, as a recording named it: a task's label, {@code <idle>} with what that means, or "". */
    private static String waker(Dataset d, int waker) {
        if (waker == Marks.IDLE_WAKER) {
            return "<idle> (an interrupt on an idle CPU)";
        }
        return waker >= 0 && waker < d.tasks().size() ? d.task(waker).label() : "";
    }

    /**
     * For a runnable stretch that began with a wake-up whose waker the recording named, who woke
     * the task and onto which CPU ("woken by pgbench[7377] onto CPU 1"): a recording with switches
     * draws its wake-ups as these stretches, not as ticks, so only the Step line named the waker.
     * Empty for any other stretch (a preempted task's, a wake-up without a waker).
     */
    static String wokenBy(Dataset d, TrackHit.TaskStateHit h) {
        if (h.state() != TaskState.RUNNABLE) {
            return "";
        }
        Marks m = d.marks();
        for (int i = m.firstAtOrAfter(h.startNs()); i < m.size() && m.tNs(i) == h.startNs(); i++) {
            if (m.kind(i) == MarkKind.WAKEUP && m.task(i) == h.task()) {
                String by = waker(d, m.waker(i));
                return by.isEmpty() ? "" : "\nwoken by " + by + (m.cpu(i) >= 0 ? " onto CPU " + m.cpu(i) : "");
            }
        }
        return "";
    }

    /**
     * A slice's state as far as the dataset knows it: its mode when the lanes record modes, else
     * "running" (also until the background pass has said which: never a guessed mode).
     */
    static String sliceState(Optional<CpuModes> modes, SliceState state) {
        return modes.orElse(CpuModes.BY_TASK_KIND).label(state);
    }

    /**
     * A value for tables and readouts: "1,234" or "1,234.50"; NaN (none: a counter's gap) "n/a"; a
     * tiny negative one "0.00".
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        // a tiny negative mean (-0.001) reads 0.00, not -0.00: a sign on a figure that shows nothing
        return PlainText.unsignedZero(String.format(Locale.ROOT, "%,.2f", v));
    }
}
