package org.schedlab.ui;

import java.util.List;
import java.util.Optional;

import org.schedlab.analysis.LockStatistics;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.render.SliceHit;

/**
 * Getting to the moments that matter: the next lock-holder preemption (window closed in on the
 * holder's off-CPU stretch, the slice it was preempted out of selected) or lock handoff stall
 * (window on the stretch the lock sat free for its waiter, the waiter's slice that took it
 * selected) - either way a lock whose owner, or the waiter it is reserved for, is off CPU - and
 * which tasks get a state lane when a dataset opens (the preempted holders first).
 */
final class MarkNavigation {
    /** Task lanes shown for a new dataset, at most. */
    static final int DEFAULT_TASK_LANES = org.schedlab.render.TrackSpec.DEFAULT_TASK_LANES;

    private MarkNavigation() {
    }

    static boolean nextLockHolderPreemption(TimelineViewModel vm) {
        Dataset d = vm.dataset();
        Marks m = d.marks();
        int found = -1;
        for (int pass = 0; pass < 2 && found < 0; pass++) {
            for (int i = pass == 0 ? searchStart(vm) : 0; i < m.size(); i++) {
                if (isLockMoment(m.kind(i))) {
                    found = i;
                    break;
                }
            }
        }
        if (found < 0) {
            vm.steps().noneToGoTo(noneFound(d));
            return false;
        }
        final int mark = found;
        vm.steps().showing(mark);
        long t = m.tNs(mark);
        if (m.kind(mark) == MarkKind.LOCK_HANDOFF) {
            showHandoff(vm, mark);
            vm.wentTo(new Went(mark, vm.startNs(), vm.endNs()));
            return true;
        }
        long offNs = offCpuStretchAt(vm, t, m.task(mark)).orElse(100_000L);
        long pad = Math.max(20_000, offNs / 2);
        vm.setWindow(t - pad, t + offNs + pad);
        Optional<SliceHit> slice = m.cpu(mark) >= 0 && m.cpu(mark) < d.cpuCount()
                ? SliceHit.at(d, m.cpu(mark), t - 1).filter(h -> h.task() == m.task(mark) || m.task(mark) < 0)
                : Optional.empty();
        vm.selection().select(slice);
        vm.wentTo(new Went(mark, vm.startNs(), vm.endNs()));
        return true;
    }

    /** The mark {@code L} (or the step bar) went to and the view it left there. */
    record Went(int mark, long startNs, long endNs) {
    }

    /**
     * Where {@code L} looks first: at the view's centre, a mark exactly there included (searching
     * from 1 ns past it skipped one the user centred on but had not reached with {@code L}). The
     * lock moment {@code L} (or the step bar) last went to counts as passed while it is in view at
     * or after the centre, and the search goes on past it in recorded order: a window clamped at
     * the recording's end centres before a short stretch there, and {@code L} found the same mark
     * again and again; marks at its instant recorded after it are still reached. While the view is
     * the one {@code L} (or the step bar) left, the search goes on from the mark after the one it
     * went to: that view opens on the stretch after the mark (the holder's time off CPU, a handoff
     * stall), so its centre is past it, and a lock moment in between (20 us after, in an off-CPU
     * stretch of 100 us) was never reached by {@code L}.
     */
    static int searchStart(TimelineViewModel vm) {
        Marks m = vm.dataset().marks();
        long mid = vm.startNs() + vm.spanNs() / 2;
        int start = m.firstAtOrAfter(mid);
        var current = vm.steps().current();
        if (current.isPresent()) {
            int c = current.getAsInt();
            Went went = vm.wentTo();
            boolean leftByL = went != null && went.mark() == c && went.startNs() == vm.startNs()
                    && went.endNs() == vm.endNs();
            if (c < m.size() && isLockMoment(m.kind(c)) && leftByL) {
                return c + 1;
            }
            if (c < m.size() && isLockMoment(m.kind(c)) && m.tNs(c) >= mid && m.tNs(c) <= vm.endNs()) {
                start = Math.max(start, c + 1);
            }
        }
        return start;
    }

    /**
     * What the step bar says when there is nothing for {@code L}: a recording without lock events
     * (a plain perf sched script) cannot show that no holder was preempted, so it says none was
     * recorded rather than reporting a clean run; a simulated run models every lock it has.
     */
    static String noneFound(Dataset d) {
        return d.locks().isEmpty() && !d.metadata().simulated()
                ? "no lock events in this recording, so no lock-holder preemption to go to"
                : "no lock-holder preemption or handoff stall in this run";
    }

    /** What {@code L} goes to: a lock-holder preemption or a lock handoff stall. */
    static boolean isLockMoment(MarkKind k) {
        return k == MarkKind.LOCK_HOLDER_PREEMPTION || k == MarkKind.LOCK_HANDOFF;
    }

    /** The waiter's slice on the mark's CPU when it took the lock (at the mark if that is unknown). */
    static Optional<SliceHit> handoffWaiterSlice(Dataset d, int mark) {
        Marks m = d.marks();
        int cpu = m.cpu(mark);
        int waiter = m.task(mark);
        long at = LockStatistics.handoffTakenNs(d, mark).orElse(m.tNs(mark));
        return cpu >= 0 && cpu < d.cpuCount()
                ? SliceHit.at(d, cpu, at).filter(hit -> hit.task() == waiter || waiter < 0)
                : Optional.empty();
    }

    /** The stall from the mark to the waiter's take, and the slice it took the lock in. */
    private static boolean showHandoff(TimelineViewModel vm, int mark) {
        Dataset d = vm.dataset();
        long t = d.marks().tNs(mark);
        long end = LockStatistics.handoffEndNs(d, mark);
        long stallNs = end > t ? end - t : 100_000L;
        long pad = Math.max(20_000, stallNs / 2);
        vm.setWindow(t - pad, t + stallNs + pad);
        vm.selection().select(handoffWaiterSlice(d, mark));
        return true;
    }

    /**
     * Length of holder {@code task}'s off-CPU stretch starting at {@code tNs} (any holder's when
     * the mark names none), if the prepared data knows one. At a recording's start every granted
     * reader still waiting for a CPU has one (case B: 66 at once), the first of them 7 us long
     * where the marked holder's is 2.5 ms.
     */
    private static Optional<Long> offCpuStretchAt(TimelineViewModel vm, long tNs, int task) {
        return vm.data().locks().flatMap(index -> {
            for (int l = 0; l < index.lockCount(); l++) {
                var s = index.holderOffCpu(l);
                for (int i = s.firstStartingAtOrAfter(tNs); i < s.size() && s.startNs(i) == tNs; i++) {
                    if (task < 0 || s.task(i) == task) {
                        return Optional.of(s.durationNs(i));
                    }
                }
            }
            return Optional.empty();
        });
    }

    /** The holders caught by lock-holder preemption marks first, then the busiest tasks with lanes. */
    static List<Integer> defaultTaskLanes(Dataset d) {
        return org.schedlab.render.TrackSpec.defaultFor(d).taskLanes();
    }
}
