package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackHits;
import org.schedlab.render.TrackKind;
import org.schedlab.render.TrackRow;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.Viewport;

/**
 * A lock lane's holder band where nobody holds the lock showed no hover at all, so a reader could
 * not tell an empty lane from one not drawn yet, nor how long the lock stayed free. It says the
 * lock is free there, from when to when, who released it and who takes it next.
 */
class LockFreeHoverTextTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private final Dataset d = readers();
    private final TimelineData data = TimelineData.prepare(d, () -> false);
    private final TimelineLayout layout = TimelineLayout.of(new Viewport(us(0), us(600), PLOT + 600, 1400), d,
            new TrackSpec(List.of(), Set.of()));
    private final TrackRow lock = layout.find(TrackKind.LOCK, 0).orElseThrow();

    /** Two readers overlapping (the first to take it the last to let go), a gap, a third reader. */
    private static Dataset readers() {
        try {
            DatasetBuilder b = Dataset.builder(Metadata.of("readers", "test"));
            int a = b.addTask(4001, 4000, "conn1");
            int c = b.addTask(4002, 4000, "conn2");
            int e = b.addTask(4003, 4000, "conn3");
            b.slice(0, us(0), us(600), a, SliceState.USER);
            b.lock("mmap_lock", "rwsem", true).hold(us(50), us(300), a).hold(us(60), us(250), c).hold(us(400), us(500), e);
            return b.build();
        } catch (org.schedlab.model.InvalidDatasetException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private String hoverAt(long micros) {
        TrackHit hit = TrackHits.at(data, layout, PLOT + micros, lock.topPx() + 3).orElseThrow();
        return HoverText.of(d, hit);
    }

    /** "+300 us" as the readouts write a time: from the dataset's start. */
    private String at(long micros) {
        return TimeFormat.offset(us(micros) - d.startNs());
    }

    @Test
    void betweenHoldsItSaysFreeForHowLongAndWhoReleasedAndTakesIt() {
        assertEquals("mmap_lock free, nobody holds it\n" + TimeFormat.duration(us(400) - us(300)) + " from +"
                + at(300) + " to +" + at(400)
                + "\nreleased by conn1[4001], next taken by conn3[4003]", hoverAt(350));
    }

    @Test
    void beforeTheFirstHoldAndAfterTheLastItSaysWhatTheRecordingKnows() {
        assertEquals("mmap_lock free, nobody holds it\nuntil +" + at(50)
                + ", no hold before it in the recording\nnext taken by conn1[4001]", hoverAt(20));
        assertEquals("mmap_lock free, nobody holds it\nsince +" + at(500)
                + ", not taken again in the recording\nreleased by conn3[4003]", hoverAt(550));
    }

    /** The hover of lock {@code lock}'s holder band at {@code micros} in {@code d}, if any. */
    private static java.util.Optional<String> hoverOf(Dataset d, int lock, long micros) {
        TimelineLayout l = TimelineLayout.of(new Viewport(us(0), us(600), PLOT + 600, 1400), d,
                new TrackSpec(List.of(), Set.of()));
        TrackRow row = l.find(TrackKind.LOCK, lock).orElseThrow();
        return TrackHits.at(TimelineData.prepare(d, () -> false), l, PLOT + micros, row.topPx() + 3)
                .map(hit -> HoverText.of(d, hit));
    }

    /**
     * A reader that took the lock first and let go last, past two short readers that came and
     * went inside its hold: it released the lock, not the last of the short ones (the look back
     * stops where no earlier hold could still have ended later, not at the first that ended
     * earlier).
     */
    @Test
    void aLongReaderOutlastingLaterShortOnesIsTheOneThatReleasedIt() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("long reader", "test"));
        int longReader = b.addTask(4001, 4000, "scan");
        int s1 = b.addTask(4002, 4000, "point1");
        int s2 = b.addTask(4003, 4000, "point2");
        int w = b.addTask(4004, 4000, "writer");
        b.slice(0, us(0), us(600), longReader, SliceState.USER);
        b.lock("mmap_lock", "rwsem", true).hold(us(10), us(400), longReader).hold(us(100), us(150), s1)
                .hold(us(200), us(250), s2).hold(us(500), us(550), w);
        Dataset two = b.build();
        assertEquals("mmap_lock free, nobody holds it\n" + TimeFormat.duration(us(500) - us(400)) + " from +"
                + TimeFormat.offset(us(400) - two.startNs()) + " to +" + TimeFormat.offset(us(500) - two.startNs())
                + "\nreleased by scan[4001], next taken by writer[4004]", hoverOf(two, 0, 450).orElseThrow());
    }

    /**
     * A lock whose holds are not recorded (a lock tool's waits only) has an empty holder band
     * that says nothing of who held it: no "free" readout there.
     */
    @Test
    void aLockWithOnlyItsWaitsRecordedHasNoFreeReadout() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("waits only", "test"));
        int a = b.addTask(4001, 4000, "conn1");
        b.slice(0, us(0), us(600), a, SliceState.USER);
        b.lock("mmap_lock", "rwsem", true).waitFor(us(100), us(200), a, org.schedlab.model.WaitMode.SLEEP);
        assertEquals(java.util.Optional.empty(), hoverOf(b.build(), 0, 300));
    }

    /**
     * A click there selects the free stretch, from the last reader's release to the next take (not
     * from the second reader's earlier one), outlined on the lock lane as a hold is.
     */
    @Test
    void clickingWhereNobodyHoldsItSelectsTheFreeStretch() {
        TimelineViewModel vm = new TimelineViewModel();
        vm.setDataset(d);
        vm.selection().select(TrackHits.at(data, layout, PLOT + 350, lock.topPx() + 3));
        assertEquals(hoverAt(350), vm.selection().detailsTextProperty().get(), "the side panel reads as the hover");
        assertEquals(new org.schedlab.render.Selected(TrackKind.LOCK, 0, us(300), us(400)),
                vm.selection().outline().orElseThrow());
    }
}
