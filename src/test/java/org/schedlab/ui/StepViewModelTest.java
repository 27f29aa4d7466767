package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.Metadata;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.model.SliceState;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeRange;

/** Step-through order, ends and highlighting, without a window. */
class StepViewModelTest {
    private static final long MS = 1_000_000;
    private final TimelineViewModel vm = new TimelineViewModel();

    /**
     * One CPU, A then B: B wakes at 3 ms (fair, NEED_RESCHED), A is preempted at 7 ms at its
     * return to user; a bookmark at 5 ms, a lock-holder preemption at 12 ms, a wake-up at 15 ms.
     */
    private static Dataset run() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("teach", "simulation", Map.of("preemption", "none"),
                java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        int bb = b.addTask(2, 2, "B");
        b.slice(0, 0, 7 * MS, a, SliceState.KERNEL);
        b.slice(0, 7 * MS, 12 * MS, bb, SliceState.USER);
        b.slice(0, 12 * MS, 20 * MS, a, SliceState.USER);
        b.mark(MarkKind.WAKEUP, 3 * MS, 0, bb, "", MarkReason.code(ReschedCause.WAKEUP_PREEMPT,
                PreemptPoint.NOT_A_SWITCH, false, false, false));
        b.mark(MarkKind.BOOKMARK, 5 * MS, -1, -1, "look here");
        b.mark(MarkKind.PREEMPTION, 7 * MS, 0, a, "return to user", MarkReason.code(ReschedCause.WAKEUP_PREEMPT,
                PreemptPoint.RETURN_TO_USER, false, false, false));
        b.mark(MarkKind.PREEMPTION, 12 * MS, 0, bb, "irq exit to user", MarkReason.code(
                ReschedCause.SLICE_EXPIRED_TICK, PreemptPoint.IRQ_EXIT_USER, false, false, false));
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 12 * MS, 0, bb, "L holder preempted for 1 us, 1 waiting");
        b.mark(MarkKind.WAKEUP, 15 * MS, 0, bb, "");
        return b.build();
    }

    private List<Long> walk(BooleanSupplier step) {
        List<Long> times = new ArrayList<>();
        while (step.getAsBoolean()) {
            times.add(vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
        }
        return times;
    }

    @Test
    void nextVisitsEveryEventInTimeOrderSkippingBookmarksAndStopsAtTheEnd() throws Exception {
        vm.setDataset(run());
        assertEquals(List.of(3 * MS, 7 * MS, 12 * MS, 12 * MS, 15 * MS), walk(vm.steps()::next));
        int last = vm.steps().current().getAsInt();
        assertFalse(vm.steps().next(), "no wrap at the end");
        assertEquals(last, vm.steps().current().getAsInt(), "the last event stays current");
        assertTrue(vm.steps().positionProperty().get().contains("last event"));
    }

    @Test
    void previousWalksBackToTheFirstEventAndStops() throws Exception {
        vm.setDataset(run());
        walk(vm.steps()::next);
        assertEquals(List.of(12 * MS, 12 * MS, 7 * MS, 3 * MS), walk(vm.steps()::previous));
        assertFalse(vm.steps().previous());
        assertEquals(3 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
    }

    @Test
    void nextPreemptionSkipsWakeUpsAndLockMarks() throws Exception {
        vm.setDataset(run());
        assertEquals(List.of(7 * MS, 12 * MS), walk(vm.steps()::nextPreemption));
        assertTrue(vm.steps().first());
        assertEquals(3 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(MarkKind.LOCK_HOLDER_PREEMPTION, vm.dataset().marks().kind(vm.steps().current().getAsInt()));
        assertTrue(vm.steps().previousPreemption());
        assertEquals(12 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
    }

    @Test
    void theLockButtonAlsoStopsAtAHandoffStallAndExplainsIt() {
        vm.setDataset(org.schedlab.fixtures.HandoffStall.dataset());
        assertTrue(vm.steps().nextLockHolderPreemption());
        int i = vm.steps().current().getAsInt();
        assertEquals(MarkKind.LOCK_HANDOFF, vm.dataset().marks().kind(i));
        String why = org.schedlab.analysis.MarkExplainer.explain(vm.dataset(), i);
        assertTrue(why.startsWith("lock handoff stall: mmap_lock free for 200 us"), why);
        assertTrue(why.contains("conn2 had set HANDOFF"), why);
        assertTrue(why.endsWith("until it took the lock on CPU 1"), "no wake-up mark in this fixture: " + why);
        // the stall is shaded and in view, and the waiter's slice that took the lock is selected
        var range = vm.selection().range().orElseThrow();
        assertEquals(org.schedlab.fixtures.LockHolderPreemption.us(100), range.startNs());
        assertEquals(org.schedlab.fixtures.LockHolderPreemption.us(300), range.endNs());
        assertTrue(vm.startNs() < range.startNs() && vm.endNs() > range.endNs());
        org.schedlab.render.SliceHit h = (org.schedlab.render.SliceHit) vm.selection().item().orElseThrow();
        assertEquals(org.schedlab.fixtures.HandoffStall.WAITER, h.task());
        assertEquals(org.schedlab.fixtures.LockHolderPreemption.us(300), h.startNs());
    }

    @Test
    void aStallStillGoingOnAtTheRecordingsEndIsShadedToTheEnd() {
        vm.setDataset(org.schedlab.fixtures.HandoffStall.openAtEnd());
        assertTrue(vm.steps().nextLockHolderPreemption());
        int i = vm.steps().current().getAsInt();
        assertEquals(MarkKind.LOCK_HANDOFF, vm.dataset().marks().kind(i));
        String why = org.schedlab.analysis.MarkExplainer.explain(vm.dataset(), i);
        assertTrue(why.endsWith("past the recording's end, where it still waited to run on CPU 1"), why);
        var range = vm.selection().range().orElseThrow();
        assertEquals(org.schedlab.fixtures.LockHolderPreemption.us(100), range.startNs());
        assertEquals(vm.dataset().endNs(), range.endNs(), "shaded to the recording's end");
        assertTrue(vm.selection().item().isEmpty(), "the waiter has no slice in the recording");
    }

    @Test
    void theStepButtonsAreOffForADatasetWithoutEvents() throws Exception {
        vm.setDataset(org.schedlab.fixtures.HandoffStall.dataset());
        assertTrue(vm.steps().hasEventsProperty().get());
        // a counters-only file (a pgbench log): nothing to step through
        var b = org.schedlab.model.Dataset.builder(org.schedlab.model.Metadata.of("pgbench.txt", "pgbench"));
        b.counter("pgbench tps", "tps").add(0, 1).add(1_000_000_000L, 2);
        vm.setDataset(b.build());
        assertFalse(vm.steps().hasEventsProperty().get());
        assertEquals("no events to step through", vm.steps().positionProperty().get());
    }

    @Test
    void withoutACurrentEventSteppingStartsAtTheWindow() throws Exception {
        vm.setDataset(run());
        vm.setWindow(10 * MS, 14 * MS);
        assertTrue(vm.steps().next());
        assertEquals(12 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
        vm.setDataset(run());
        assertTrue(vm.steps().current().isEmpty(), "a new dataset starts over");
        vm.setWindow(10 * MS, 14 * MS);
        assertTrue(vm.steps().previous());
        assertEquals(7 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
    }

    @Test
    void withoutACurrentEventWhatIsNotThereIsSetApartFromTheCount() throws Exception {
        vm.setDataset(run());
        assertFalse(vm.steps().previousPreemption(), "nothing before the window's start");
        // it read "5 eventsno preemption before this point"
        assertEquals("5 events  \u2014 no preemption before this point", vm.steps().positionProperty().get());
    }

    /**
     * L (and the toolbar's and View menu's lock button) over a run without a lock-holder preemption
     * or handoff stall, such as every teaching scenario's: it did nothing, where the step bar's own
     * lock button says there is none.
     */
    @Test
    void lWithoutALockHolderPreemptionInTheRunSaysSoOnTheStepBar() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("teach", "simulation", Map.of(), java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        b.slice(0, 0, 10 * MS, a, SliceState.USER);
        b.mark(MarkKind.WAKEUP, 3 * MS, 0, a, "");
        b.mark(MarkKind.PREEMPTION, 5 * MS, 0, a, "");
        vm.setDataset(b.build());
        assertTrue(vm.steps().nextPreemption());
        long start = vm.startNs();
        assertFalse(vm.nextLockHolderPreemption());
        assertEquals("2 of 2 events  +5.000 ms  preemption  \u2014 no lock-holder preemption or handoff stall"
                + " in this run", vm.steps().positionProperty().get());
        assertEquals(start, vm.startNs(), "the window stays");
        assertEquals(1, vm.steps().current().getAsInt(), "the event stepped to stays current");
    }

    @Test
    void aPreemptionIsHighlightedWithTheWaitItEndedAndExplained() throws Exception {
        vm.setDataset(run());
        assertTrue(vm.steps().nextPreemption());
        assertEquals(new TimeRange(3 * MS, 7 * MS), vm.selection().range().orElseThrow(), "wake-up to switch");
        assertTrue(vm.startNs() < 3 * MS && vm.endNs() > 7 * MS, "the window shows the whole wait");
        SliceHit h = (SliceHit) vm.selection().item().orElseThrow();
        assertEquals(0, h.task(), "A's slice, the one the preemption ended");
        assertEquals(7 * MS, h.endNs());
        String why = vm.steps().explanationProperty().get();
        assertTrue(why.contains("none does not preempt the kernel"), why);
        assertTrue(why.contains("return to user"), why);
        assertTrue(why.contains("B waited 4.00 ms"), why);
        assertTrue(vm.steps().positionProperty().get().startsWith("2 of 5 events"),
                vm.steps().positionProperty().get());
    }

    /**
     * The timeline draws no wake-up marks of its own: stepping to B's wake-up (".") centred on
     * an instant nothing showed, with A's whole slice outlined, while the tours say "compare the
     * wake-up marks with the preemptions that follow". The wake-up step shades the wait it
     * starts, up to the switch that ends it, as the preemption step shades the same wait.
     */
    @Test
    void aWakeUpIsHighlightedWithTheWaitItStarts() throws Exception {
        vm.setDataset(run());
        assertTrue(vm.steps().next());
        assertEquals(3 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
        assertEquals(new TimeRange(3 * MS, 7 * MS), vm.selection().range().orElseThrow(), "wake-up to B's switch-in");
        assertTrue(vm.startNs() < 3 * MS && vm.endNs() > 7 * MS, "the window shows the whole wait");
        SliceHit h = (SliceHit) vm.selection().item().orElseThrow();
        assertEquals(0, h.task(), "A's slice, the one B waits behind");
        // B's last wake-up: it never runs again in the recording, so there is no wait to shade
        vm.steps().next();
        vm.steps().next();
        vm.steps().next();
        assertTrue(vm.steps().next());
        assertEquals(15 * MS, vm.dataset().marks().tNs(vm.steps().current().getAsInt()));
        assertTrue(vm.selection().range().isEmpty(), vm.selection().range().toString());
    }

    @Test
    void anEventWithoutARecordedReasonSaysSo() throws Exception {
        vm.setDataset(run());
        vm.setWindow(14 * MS, 16 * MS);
        assertTrue(vm.steps().next());
        assertTrue(vm.steps().explanationProperty().get().contains("does not say"),
                vm.steps().explanationProperty().get());
        assertTrue(vm.startNs() <= 15 * MS && vm.endNs() >= 15 * MS);
    }

    @Test
    void aRunWithoutEventsSaysThereIsNothingToStepThrough() {
        vm.setDataset(UiFixtures.busy("x", 1, 0, 10 * MS));
        assertFalse(vm.steps().next());
        assertTrue(vm.steps().current().isEmpty());
        assertTrue(vm.steps().positionProperty().get().contains("0 events"), vm.steps().positionProperty().get());
    }

    @Test
    void theEventCountsHaveThousandsSeparatorsAsTheTablesBesideThem() throws Exception {
        // the step bar said "263829 events" under an A/B table that says "184,962"
        DatasetBuilder b = Dataset.builder(new Metadata("many", "simulation", Map.of(), java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        b.slice(0, 0, 20_000 * MS, a, SliceState.USER);
        for (int i = 0; i < 12_345; i++) {
            b.mark(MarkKind.WAKEUP, i * MS, 0, a, "");
        }
        vm.setDataset(b.build());
        assertEquals("12,345 events", vm.steps().positionProperty().get());
        vm.setWindow(1_233 * MS, 1_300 * MS);
        assertTrue(vm.steps().next());
        assertTrue(vm.steps().positionProperty().get().startsWith("1,234 of 12,345 events  +1.233000 s  wakeup"),
                vm.steps().positionProperty().get());
    }

    /**
     * A window cut at a preemption inside a lock-holder preemption: the holder preemption going on
     * is marked at the cut, before the preemption at that instant. After {@code P} to the
     * preemption, the lock button went on to the later holder preemption at 8 ms, past the one at
     * the instant shown.
     */
    @Test
    void theLockButtonReachesALockMarkAtTheCurrentEventsInstant() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("cut", "simulation", Map.of(), java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        int h = b.addTask(2, 2, "H");
        b.slice(0, 0, 2 * MS, h, SliceState.USER);
        b.slice(0, 2 * MS, 10 * MS, a, SliceState.USER);
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 2 * MS, 0, h, "L holder preempted for 3000 us, 1 waiting");
        b.mark(MarkKind.PREEMPTION, 4 * MS, 0, a, "");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 8 * MS, 0, h, "L holder preempted for 100 us, 1 waiting");
        Dataset cut = b.build().crop(4 * MS, 10 * MS);
        assertEquals(MarkKind.LOCK_HOLDER_PREEMPTION, cut.marks().kind(0), "carried to the cut, first there");
        assertEquals(4 * MS, cut.marks().tNs(0));
        vm.setDataset(cut);
        assertTrue(vm.steps().nextPreemption());
        assertEquals(MarkKind.PREEMPTION, cut.marks().kind(vm.steps().current().getAsInt()));
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(0, vm.steps().current().getAsInt(), "the holder preemption at the same instant: "
                + vm.steps().positionProperty().get());
        // from there on in order: the later one, then none (no going back to the one at 4 ms)
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(8 * MS, cut.marks().tNs(vm.steps().current().getAsInt()));
        assertFalse(vm.steps().nextLockHolderPreemption());
    }

    /**
     * {@code P} and {@code Shift+P} from a lock mark reach a preemption at its instant, whichever
     * was recorded first: the simulator records the switch that took the holder off its CPU before
     * the holder preemption at that instant, a cut puts a carried holder preemption before a
     * preemption at its start.
     */
    @Test
    void pAndShiftPFromALockMarkReachAPreemptionAtItsInstant() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("run", "simulation", Map.of(), java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        int h = b.addTask(2, 2, "H");
        b.slice(0, 0, 2 * MS, h, SliceState.USER);
        b.slice(0, 2 * MS, 10 * MS, a, SliceState.USER);
        b.mark(MarkKind.PREEMPTION, 2 * MS, 0, h, "");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, 2 * MS, 0, h, "L holder preempted for 3000 us, 1 waiting");
        b.mark(MarkKind.PREEMPTION, 4 * MS, 0, a, "");
        Dataset run = b.build();
        vm.setDataset(run);
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(1, vm.steps().current().getAsInt());
        assertTrue(vm.steps().nextPreemption());
        assertEquals(0, vm.steps().current().getAsInt(), "the switch at the holder preemption's instant");
        Dataset cut = run.crop(4 * MS, 10 * MS);
        vm.setDataset(cut);
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(MarkKind.LOCK_HOLDER_PREEMPTION, cut.marks().kind(vm.steps().current().getAsInt()));
        assertTrue(vm.steps().previousPreemption());
        assertEquals(4 * MS, cut.marks().tNs(vm.steps().current().getAsInt()), "the preemption at the cut's start");
        assertEquals(MarkKind.PREEMPTION, cut.marks().kind(vm.steps().current().getAsInt()));
    }
}
