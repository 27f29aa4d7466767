package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.Viewport;

/** Navigation rules, without a window. */
class TimelineViewModelTest {
    private static final long T0 = 5_000_000_000L;
    private static final long SPAN = 10_000_000; // 10 ms

    private final TimelineViewModel vm = new TimelineViewModel();

    private TimelineViewModel loaded() {
        vm.setDataset(UiFixtures.busy("fixture", 2, T0, SPAN));
        return vm;
    }

    private double pixelOf(long tNs, double widthPx) {
        return TimelineLayout.of(new Viewport(vm.startNs(), vm.endNs(), widthPx, 500), 2).xOf(tNs);
    }

    @Test
    void newDatasetIsShownWhole() {
        loaded();
        assertEquals(T0, vm.startNs());
        assertEquals(T0 + SPAN, vm.endNs());
    }

    @Test
    void zoomAtKeepsTheAnchorUnderTheSamePixel() {
        loaded();
        long anchor = T0 + 3_300_000;
        double before = pixelOf(anchor, 1500);
        vm.zoomAt(anchor, 4);
        assertEquals(SPAN / 4, vm.spanNs(), 1);
        assertEquals(before, pixelOf(anchor, 1500), 0.5);
        vm.zoomAt(anchor, 0.5);
        assertEquals(SPAN / 2, vm.spanNs(), 1);
        assertEquals(before, pixelOf(anchor, 1500), 0.5);
    }

    @Test
    void zoomingInStopsAtTheMinimumSpanAndOutAtTheWholeDataset() {
        loaded();
        for (int i = 0; i < 100; i++) {
            vm.zoomAt(T0 + 1_000_000, 3);
        }
        assertEquals(TimelineViewModel.MIN_SPAN_NS, vm.spanNs());
        assertTrue(vm.startNs() <= T0 + 1_000_000 && vm.endNs() >= T0 + 1_000_000, "anchor still in view");
        vm.zoomAt(T0 + 1_000_000, 1e-9);
        assertEquals(T0, vm.startNs());
        assertEquals(T0 + SPAN, vm.endNs());
    }

    @Test
    void zoomingOutNearAnEdgeSlidesTheWindowBackInside() {
        loaded();
        vm.setWindow(T0, T0 + 1_000_000);
        vm.zoomAt(T0 + 100_000, 0.5);
        assertEquals(T0, vm.startNs(), "cannot show time before the dataset");
        assertEquals(2_000_000, vm.spanNs());
    }

    @Test
    void panMovesTheWindowAndStopsAtTheEnds() {
        loaded();
        vm.setWindow(T0 + 1_000_000, T0 + 2_000_000);
        vm.pan(500_000);
        assertEquals(T0 + 1_500_000, vm.startNs());
        assertEquals(1_000_000, vm.spanNs());
        vm.pan(-100 * SPAN);
        assertEquals(T0, vm.startNs());
        assertEquals(1_000_000, vm.spanNs(), "panning into the wall keeps the zoom");
        vm.panByFraction(100);
        assertEquals(T0 + SPAN, vm.endNs());
        assertEquals(1_000_000, vm.spanNs());
    }

    @Test
    void panningAWindowThatShowsEverythingChangesNothing() {
        loaded();
        vm.pan(1_000);
        assertEquals(T0, vm.startNs());
        assertEquals(T0 + SPAN, vm.endNs());
    }

    @Test
    void fitAllShowsTheWholeDatasetAgain() {
        loaded();
        vm.zoomAt(T0 + 5_000_000, 50);
        vm.fitAll();
        assertEquals(T0, vm.startNs());
        assertEquals(T0 + SPAN, vm.endNs());
    }

    @Test
    void tooShortOrReversedWindowsBecomeTheMinimumAroundTheirMiddle() {
        loaded();
        vm.setWindow(T0 + 5_000, T0 + 5_010);
        assertEquals(TimelineViewModel.MIN_SPAN_NS, vm.spanNs());
        assertTrue(vm.startNs() <= T0 + 5_005 && vm.endNs() >= T0 + 5_005);
    }

    @Test
    void windowStaysValidAtEveryStepSoListenersNeverSeeStartAfterEnd() {
        loaded();
        vm.setWindow(T0, T0 + 1_000);
        vm.startNsProperty().addListener(o -> assertTrue(vm.startNs() < vm.endNs()));
        vm.endNsProperty().addListener(o -> assertTrue(vm.startNs() < vm.endNs()));
        vm.setWindow(T0 + 8_000_000, T0 + 8_001_000);
        vm.setWindow(T0 + 10, T0 + 1_010);
    }

    @Test
    void nothingOpenShowsAnEmptyMillisecond() {
        assertSame(TimelineViewModel.NO_DATASET, vm.dataset());
        assertEquals(0, vm.startNs());
        assertEquals(1_000_000, vm.endNs());
        vm.zoomAt(500_000, 2);
        assertEquals(500_000, vm.spanNs());
    }

    @Test
    void newDatasetResetsTheLaneScroll() {
        loaded();
        vm.laneScrollPxProperty().set(300);
        Dataset other = UiFixtures.busy("other", 4, 0, 1_000_000);
        vm.setDataset(other);
        assertEquals(0, vm.laneScrollPxProperty().get());
        assertEquals(0, vm.startNs());
        assertEquals(1_000_000, vm.endNs());
    }

    @Test
    void hoverTextNamesTheSliceUnderThePointer() {
        loaded();
        var slices = vm.dataset().cpus().get(1).slices();
        SliceHit hit = new SliceHit(1, 0, slices.task(0), SliceState.USER, slices.startNs(0), slices.endNs(0));
        vm.pointerAt(Optional.of(hit));
        // the fixture is a recording of user time only, what a switch trace's reader makes: "running"
        // (CpuModes), not the mode it cannot know
        assertEquals("worker/1[101]\nrunning on CPU 1, 100 us\nfrom +0 ns to +100.000 us", vm.hoverTextProperty().get());
        vm.pointerAt(Optional.of(new SliceHit(0, 3, -1, SliceState.IDLE, T0 + 300_000, T0 + 400_000)));
        assertEquals("idle\non CPU 0, 100 us\nfrom +300.000 us to +400.000 us", vm.hoverTextProperty().get());
        vm.pointerAt(Optional.empty());
        assertEquals("", vm.hoverTextProperty().get());
        vm.pointerAt(Optional.of(hit));
        vm.pointerLeft();
        assertEquals("", vm.hoverTextProperty().get());
    }

    @Test
    void nonsenseZoomFactorsAreRejected() {
        loaded();
        assertThrows(IllegalArgumentException.class, () -> vm.zoomAt(T0, 0));
        assertThrows(IllegalArgumentException.class, () -> vm.zoomAt(T0, Double.NaN));
    }
}
