package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.RunQueueLatency;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.render.ColorMode;
import org.schedlab.render.HighlightIndex;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TrackGroup;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackKind;

/**
 * Selection, range, search, bookmarks, summary and navigation to lock-holder preemptions, on the
 * lock-holder-preemption fixture, with all background work run on the calling thread.
 */
class TimelineStateTest {
    private final Dataset d = LockHolderPreemption.dataset();
    private final TimelineViewModel vm = new TimelineViewModel();

    TimelineStateTest() {
        vm.setDataset(d);
    }

    @Test
    void aSnapshotWithoutATimeSpanIsCalledTheWholeFileOnce() throws Exception {
        // one nstat snapshot: the panels read "Summaries: ..." and "Inside the ..." with this
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("nstat_snapshot.txt", "nstat"));
        b.counter("TcpRetransSegs", "count").add(5_000, 1);
        TimelineViewModel snapshot = new TimelineViewModel();
        snapshot.setDataset(b.build());
        assertEquals("whole file (no time span)", snapshot.summary().scopeTextProperty().get(),
                "not 'the whole file', which read 'Inside the the whole file'");
    }

    @Test
    void newDatasetIsPreparedAndShowsThePreemptedHolderAsATaskLane() {
        assertTrue(vm.data().isPrepared(), "lock index and pyramid are there");
        assertSame(d, vm.data().dataset());
        assertEquals(LockHolderPreemption.HOLDER, vm.trackSpecProperty().get().taskLanes().get(0),
                "the lock holder caught by a lock-holder preemption mark comes first");
        assertEquals(2, vm.trackSpecProperty().get().taskLanes().size(), "only tasks with a state lane");
    }

    @Test
    void selectingASliceDescribesItAndSaysWhyItEnded() {
        SliceHit holder = SliceHit.at(d, 0, us(10)).orElseThrow();
        vm.selection().select(Optional.of(holder));
        String text = vm.selection().detailsTextProperty().get();
        assertTrue(text.startsWith("postgres[5000]  (pid 5000)\n"), text);
        assertTrue(text.contains("state     user\n"), text);
        assertTrue(text.contains("CPU       0\n"), text);
        assertTrue(text.contains("start     +0 ns"), text);
        assertTrue(text.contains("duration  150 us"), text);
        assertTrue(text.contains("ended     Preempted while holding a lock (buffer_strategy_lock holder preempted"), text);
        assertTrue(text.contains("kworker/0:1[90] (kernel)"), text);
        PaintOptions o = vm.paintOptions();
        assertEquals(TrackKind.CPU, o.selected().orElseThrow().kind());
        assertEquals(us(150), o.selected().orElseThrow().endNs());
    }

    @Test
    void selectingALockHoldSaysHowLongTheHolderWasOffCpu() {
        vm.selection().select(Optional.of(new TrackHit.LockHoldHit(0, 0, LockHolderPreemption.HOLDER, us(100), us(400),
                200_000)));
        String text = vm.selection().detailsTextProperty().get();
        assertTrue(text.startsWith("buffer_strategy_lock (spinlock)"), text);
        assertTrue(text.contains("off CPU   200 us of the hold"), text);
        vm.selection().select(Optional.empty());
        assertEquals("", vm.selection().detailsTextProperty().get());
    }

    /**
     * A click on a lock lane's empty top (nobody holds the lock) selects that free stretch as a
     * click on a hold selects the hold: its details in the side panel, its outline on the lock
     * lane, and F (Zoom to selection) fits it. It cleared the selection, so a free gap had a hover
     * and nothing else.
     */
    @Test
    void clickingWhereNobodyHoldsTheLockSelectsTheFreeStretch() {
        // the fixture's lock is free after the sleeper's hold [480, 490) to the end of the data (600)
        org.schedlab.render.TimelineLayout layout = org.schedlab.render.TimelineLayout.of(
                new org.schedlab.render.Viewport(vm.startNs(), vm.endNs(), 1200, 4000), d, vm.trackSpecProperty().get());
        org.schedlab.render.TrackRow lane = layout.find(TrackKind.LOCK, 0).orElseThrow();
        Optional<TrackHit> hit = org.schedlab.render.TrackHits.at(vm.data(), layout, layout.xOf(us(550)), lane.topPx() + 1);
        assertTrue(hit.orElseThrow() instanceof TrackHit.LockFreeHit, hit.toString());
        vm.selection().select(hit);
        assertTrue(vm.selection().item().isPresent(), "selected, not cleared: " + hit + " -> " + vm.selection().item());
        String text = vm.selection().detailsTextProperty().get();
        assertTrue(text.startsWith(LockHolderPreemption.LOCK + " free, nobody holds it\n"), text);
        var outline = vm.selection().outline().orElseThrow();
        assertEquals(TrackKind.LOCK, outline.kind());
        assertEquals(us(490), outline.startNs(), "from the release before");
        assertEquals(us(600), outline.endNs(), "to the end of the data: not taken again");
        assertEquals(outline, vm.paintOptions().selected().orElseThrow(), "outlined, on screen and in an export");
        vm.fitSelection();
        assertTrue(vm.startNs() <= us(490) && vm.endNs() >= us(600) && vm.spanNs() < us(200),
                "fitted around it: " + vm.startNs() + ".." + vm.endNs());
        // before the first hold [100, 400): from the start of the data to the first take
        vm.selection().select(Optional.of(new TrackHit.LockFreeHit(0, us(50), TrackHit.LockFreeHit.NONE, 0)));
        assertEquals(new org.schedlab.render.Selected(TrackKind.LOCK, 0, d.startNs(), us(100)),
                vm.selection().outline().orElseThrow());
    }

    @Test
    void rangeReadsItsDurationAndTheSummaryFollowsIt() {
        Summary whole = vm.summary().summary().orElseThrow();
        assertTrue(whole.wholeRun());
        assertEquals(600_000, whole.scope().durationNs());
        vm.selection().selectRange(us(300), us(100)); // dragged right to left
        assertEquals("200 us: +100.000 us .. +300.000 us", vm.selection().rangeTextProperty().get());
        Summary part = vm.summary().summary().orElseThrow();
        assertFalse(part.wholeRun());
        assertEquals(us(100), part.scope().startNs());
        assertEquals(1.0, part.busyByCpu()[0], 1e-9, "CPU 0 ran the holder, then the kworker");
        assertEquals(0.5, part.busyByCpu()[9], 1e-9, "CPU 9 idles from 200 us");
        assertEquals(200_000, part.topTasks().get(0).runNs(), part.topTasks().toString());
        assertEquals(1, part.locks().size());
        assertEquals(150_000, part.locks().get(0).offCpuNs(), "the off-CPU stretch [150, 350) cut at 300");
        assertTrue(vm.summary().scopeTextProperty().get().startsWith("selected range (200 us)"));
        vm.selection().clearRange();
        assertTrue(vm.summary().summary().orElseThrow().wholeRun());
    }

    @Test
    void aCpuWithNothingRecordedIsUnknownNotIdle() throws Exception {
        // a perf lock import: CPUs, a counter, no scheduling at all
        var b = Dataset.builder(org.schedlab.model.Metadata.of("perf lock + pgbench", "test")).cpuCount(2);
        b.counter("pgbench tps", "tps").add(0, 2500).add(5_000_000, 2600);
        TimelineViewModel lockOnly = new TimelineViewModel();
        lockOnly.setDataset(b.build());
        double[] busy = lockOnly.summary().summary().orElseThrow().busyByCpu();
        assertEquals(2, busy.length);
        assertTrue(Double.isNaN(busy[0]) && Double.isNaN(busy[1]), java.util.Arrays.toString(busy));
        // a recorded CPU next to one with no slices: only the second is unknown
        vm.selection().selectRange(us(100), us(300));
        double[] part = vm.summary().summary().orElseThrow().busyByCpu();
        assertEquals(1.0, part[0], 1e-9);
        assertFalse(Double.isNaN(part[9]));
    }

    @Test
    void summaryHasRunqlatPerCommAndTcpCounters() {
        Summary s = vm.summary().summary().orElseThrow();
        assertEquals(2, s.runqlat().get(RunQueueLatency.ALL).samples(), "holder after preemption, sleeper after wake-up");
        assertTrue(s.runqlat().containsKey("postgres"));
        assertEquals("TcpRetransSegs", s.tcp().get(0).counter());
        assertEquals(SliceState.USER.label(), s.cpu().get(0).label());
    }

    @Test
    void fitSelectionShowsTheRangeElseTheItem() {
        vm.selection().selectRange(us(200), us(250));
        vm.fitSelection();
        assertEquals(us(200), vm.startNs());
        assertEquals(us(250), vm.endNs());
        vm.selection().clearRange();
        vm.fitAll();
        vm.selection().select(SliceHit.at(d, 0, us(200)));
        vm.fitSelection();
        assertTrue(vm.startNs() < us(150) && vm.startNs() >= us(120), "a little air before the kworker's slice");
        assertTrue(vm.endNs() > us(350) && vm.endNs() <= us(380));
        long span = vm.spanNs();
        vm.selection().select(Optional.empty());
        vm.fitSelection();
        assertEquals(span, vm.spanNs(), "nothing selected: nothing changes");
    }

    @Test
    void searchByCommOrTidHighlightsTheMatchesAndJumpsToTheirRuns() {
        vm.search().queryProperty().set("KWORK");
        assertEquals(List.of(LockHolderPreemption.KWORKER), vm.search().matchesProperty().get());
        assertEquals("1 task: kworker/0:1[90]", vm.search().summaryTextProperty().get());
        HighlightIndex h = vm.search().highlightProperty().get();
        assertTrue(h.isActive());
        assertEquals(1, h.runCount());
        vm.search().queryProperty().set("5003");
        assertEquals(List.of(3), vm.search().matchesProperty().get(), "tid");
        vm.search().queryProperty().set("postgres");
        assertEquals(10, vm.search().matchesProperty().get().size());
        assertTrue(vm.search().summaryTextProperty().get().startsWith("10 tasks: postgres[5000], postgres[5001]"));
        vm.search().queryProperty().set("postgres[500");
        assertEquals(9, vm.search().matchesProperty().get().size(),
                "a label's start, as the suggestions list it: postgres[5000] .. postgres[5008]");
        vm.search().queryProperty().set("postgres[5003");
        assertEquals(List.of(3), vm.search().matchesProperty().get());
        vm.search().queryProperty().set("GRES[5001]");
        assertEquals(List.of(1), vm.search().matchesProperty().get(), "any part of the label, any case");
        vm.search().queryProperty().set("nothing-like-this");
        assertEquals("no task matches", vm.search().summaryTextProperty().get());
        assertSame(HighlightIndex.NONE, vm.search().highlightProperty().get());

        vm.search().queryProperty().set("kworker");
        vm.zoomAt(us(10), 20);
        assertTrue(vm.search().next());
        assertEquals(us(250), vm.startNs() + vm.spanNs() / 2, 1, "centered on the kworker's run");
        SliceHit sel = (SliceHit) vm.selection().item().orElseThrow();
        assertEquals(LockHolderPreemption.KWORKER, sel.task());
        vm.search().queryProperty().set("");
        assertFalse(vm.search().next());
    }

    @Test
    void bookmarksStayInTimeOrderWithNotesAndTakeTheWindowThere() {
        vm.zoomAt(us(0), 10);
        assertEquals(0, vm.bookmarks().add(us(500), "backends done"));
        assertEquals(0, vm.bookmarks().add(us(150), "  holder preempted "), "an earlier one goes first");
        assertEquals(us(500), vm.bookmarks().bookmarks().get(1).tNs());
        assertEquals("holder preempted", vm.bookmarks().bookmarks().get(0).note());
        vm.bookmarks().setNote(1, "all acquired");
        assertEquals("all acquired", vm.bookmarks().bookmarks().get(1).note());
        vm.bookmarks().goTo(1);
        assertEquals(us(500), vm.startNs() + vm.spanNs() / 2, 1);
        assertEquals(2, vm.paintOptions().bookmarks().size());
        vm.bookmarks().remove(0);
        assertEquals(1, vm.bookmarks().bookmarks().size());
        vm.setDataset(LockHolderPreemption.dataset());
        assertTrue(vm.bookmarks().bookmarks().isEmpty(), "bookmarks belong to their dataset");
    }

    @Test
    void nextLockHolderPreemptionClosesInOnTheStretchAndSelectsTheHoldersSlice() {
        assertTrue(vm.nextLockHolderPreemption());
        assertTrue(vm.startNs() < us(150) && vm.endNs() > us(350), "the whole 200 us off-CPU stretch is in view");
        assertTrue(vm.spanNs() <= 400_000, "and closed in on it: " + vm.spanNs());
        SliceHit h = (SliceHit) vm.selection().item().orElseThrow();
        assertEquals(LockHolderPreemption.HOLDER, h.task());
        assertEquals(us(150), h.endNs());
        assertTrue(vm.nextLockHolderPreemption(), "wraps around to the only one");
    }

    @Test
    void theLKeysLockHolderPreemptionIsTheStepBarsCurrentEventWithItsReason() {
        // L moved the window but the step bar went on describing the event stepped to before it
        // (or its "Step through the run's events" prompt), so the reason on screen was another's
        assertTrue(vm.steps().first());
        int before = vm.steps().current().getAsInt();
        assertTrue(vm.nextLockHolderPreemption());
        int mark = vm.steps().current().getAsInt();
        assertTrue(mark != before, "the step bar's event moved with L");
        assertEquals(org.schedlab.model.MarkKind.LOCK_HOLDER_PREEMPTION, vm.dataset().marks().kind(mark));
        assertEquals(org.schedlab.analysis.MarkExplainer.explain(vm.dataset(), mark),
                vm.steps().explanationProperty().get());
        assertTrue(vm.steps().positionProperty().get().endsWith(
                org.schedlab.model.MarkKind.LOCK_HOLDER_PREEMPTION.label()), vm.steps().positionProperty().get());
        assertTrue(vm.steps().explanationProperty().get().startsWith("lock-holder preemption: "),
                vm.steps().explanationProperty().get());
    }

    @Test
    void nextLockMomentAlsoFindsAHandoffStallAndSelectsTheSliceTheWaiterTookTheLockIn() {
        vm.setDataset(org.schedlab.fixtures.HandoffStall.dataset());
        assertTrue(vm.nextLockHolderPreemption());
        assertTrue(vm.startNs() < us(100) && vm.endNs() > us(300), "the 200 us the lock sat free is in view");
        assertTrue(vm.spanNs() <= 400_000, "and closed in on it: " + vm.spanNs());
        SliceHit h = (SliceHit) vm.selection().item().orElseThrow();
        assertEquals(org.schedlab.fixtures.HandoffStall.WAITER, h.task());
        assertEquals(1, h.cpu());
        assertEquals(us(300), h.startNs());
    }

    @Test
    void colorModeGroupsAndPointerGoIntoWhatIsPainted() {
        vm.colorModeProperty().set(ColorMode.BY_STATE);
        vm.toggleGroup(TrackGroup.CPUS);
        assertTrue(vm.trackSpecProperty().get().isCollapsed(TrackGroup.CPUS));
        vm.pointerAt(OptionalLong.of(us(300)), Optional.of(new TrackHit.LockWaitersHit(0, us(300), 8, 1)));
        PaintOptions o = vm.paintOptions();
        assertEquals(ColorMode.BY_STATE, o.colorMode());
        assertEquals(OptionalLong.of(us(300)), o.cursorNs());
        assertEquals("buffer_strategy_lock at +300.000 us\n8 spinning, 1 sleeping", vm.hoverTextProperty().get());
        vm.setTaskLanes(List.of(LockHolderPreemption.SLEEPER));
        assertEquals(List.of(LockHolderPreemption.SLEEPER), vm.trackSpecProperty().get().taskLanes());
        vm.pointerLeft();
        assertEquals(OptionalLong.empty(), vm.paintOptions().cursorNs());
    }
}
