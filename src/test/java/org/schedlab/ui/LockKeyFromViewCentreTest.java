package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * Where {@code L} (and the toolbar's and View menu's lock button) goes next: from the view's
 * centre, a lock moment exactly there included, and never the same one again and again.
 */
class LockKeyFromViewCentreTest {
    private final TimelineViewModel vm = new TimelineViewModel();

    /** Lock-holder preemptions at 100, 300 and 590 us of a 600 us recording. */
    private static Dataset threeLockMoments() throws InvalidDatasetException {
        var b = Dataset.builder(Metadata.of("three-lock-moments", "test"));
        int holder = b.addTask(5000, 5000, "postgres");
        b.slice(0, us(0), us(600), holder, SliceState.USER);
        for (long t : new long[] {100, 300, 590}) {
            b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, us(t), 0, holder, "lock holder preempted");
        }
        return b.build();
    }

    private long lAndWhere() {
        assertTrue(vm.nextLockHolderPreemption());
        return vm.dataset().marks().tNs(vm.steps().current().getAsInt());
    }

    @Test
    void aLockMomentExactlyAtTheViewsCentreIsTheNextOne() throws Exception {
        vm.setDataset(threeLockMoments());
        vm.setWindow(us(200), us(400));
        assertEquals(us(300), lAndWhere(), "the mark the view is centred on, not the one after it");
    }

    @Test
    void repeatedPressesGoThroughEachOnceAndWrapRound() throws Exception {
        vm.setDataset(threeLockMoments());
        vm.setWindow(us(0), us(100));
        assertEquals(us(100), lAndWhere());
        assertEquals(us(300), lAndWhere());
        assertEquals(us(590), lAndWhere());
        // its window is clamped at the recording's end, so the view's centre is before the mark
        assertTrue(vm.startNs() + vm.spanNs() / 2 < us(590), "centre " + vm.startNs());
        assertEquals(us(100), lAndWhere(), "on past the last one, wrapping round, not stuck on it");
    }

    @Test
    void aLockMomentSoonAfterTheOneLWentToIsNotSkipped() throws Exception {
        // L's window opens on the holder's off-CPU stretch after its mark, so its centre is after it:
        // from the centre, a lock moment 20 us after the one L went to was never reached by L
        var b = Dataset.builder(Metadata.of("close-lock-moments", "test"));
        int holder = b.addTask(5000, 5000, "postgres");
        b.slice(0, us(0), us(600), holder, SliceState.USER);
        for (long t : new long[] {100, 120, 300}) {
            b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, us(t), 0, holder, "lock holder preempted");
        }
        vm.setDataset(b.build());
        vm.setWindow(us(0), us(100));
        assertEquals(us(100), lAndWhere());
        assertTrue(vm.startNs() + vm.spanNs() / 2 > us(120), "the view L left is centred after the next mark");
        assertEquals(us(120), lAndWhere(), "the next one after it, though before the view's centre");
        assertEquals(us(300), lAndWhere());
        // a view the user moved goes from its centre again: one centred exactly is the next one
        vm.setWindow(us(20), us(220));
        assertEquals(us(120), lAndWhere(), "from the centre of a view the user set");
    }

    @Test
    void afterTheStepBarWentToAHandoffStallLGoesOnFromIt() throws Exception {
        // the step bar's view of a handoff stall (100 to 300 us) is centred at 200 us: L from there
        // skipped a holder preemption at 150 us and found the stall again
        var b = Dataset.builder(Metadata.of("handoff-and-preemption", "test"));
        int reader = b.addTask(10, 10, "conn1");
        int waiter = b.addTask(11, 11, "conn2");
        b.slice(0, us(0), us(100), reader, SliceState.USER).slice(0, us(100), us(300), reader, SliceState.SPINNING)
                .slice(0, us(300), us(600), reader, SliceState.USER);
        b.slice(1, us(300), us(600), waiter, SliceState.KERNEL);
        var lock = b.lock("mmap_lock", "rwsem", true);
        lock.waitFor(us(100), us(300), reader, org.schedlab.model.WaitMode.SPIN);
        lock.hold(us(300), us(320), waiter);
        b.mark(MarkKind.LOCK_HANDOFF, us(100), 1, waiter, "mmap_lock free for 200 us with HANDOFF set");
        b.mark(MarkKind.LOCK_HOLDER_PREEMPTION, us(150), 0, reader, "lock holder preempted");
        vm.setDataset(b.build());
        assertTrue(vm.steps().nextLockHolderPreemption());
        assertEquals(us(100), vm.dataset().marks().tNs(vm.steps().current().getAsInt()), "the stall");
        assertTrue(vm.startNs() + vm.spanNs() / 2 > us(150), "its view is centred past the next one");
        assertEquals(us(150), lAndWhere(), "L: the next one after the stall");
    }

    @Test
    void aMovedViewWithTheMarkLWentToAtItsCentreGoesOnPastIt() throws Exception {
        vm.setDataset(threeLockMoments());
        vm.setWindow(us(0), us(100));
        assertEquals(us(100), lAndWhere());
        assertEquals(us(300), lAndWhere());
        vm.setWindow(us(200), us(400)); // the user centres the view on it
        assertEquals(us(590), lAndWhere(), "past the one L went to, not it again");
    }
}
