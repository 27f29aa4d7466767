package org.schedlab.render;

import org.junit.jupiter.api.Test;

/**
 * A lock-holder preemption mark on a task whose color is the mark's red, as a PNG has it (the
 * Java2D surface, through the raster and as rectangles): red alone all but vanished there, so the
 * mark is edged like a handoff stall's, in whatever stands out from the slice. The workbench
 * canvas: {@code ui.LockLaneCanvasTest}.
 */
class HolderPreemptionMarkPixelsTest {
    @Test
    void aLockHolderPreemptionMarkStandsOutOfAnyTaskColor() {
        LockPictureChecks.aHolderPreemptionMarkStandsOutOfTheSliceUnderIt(LockPictureChecks.java2d(true));
        LockPictureChecks.aHolderPreemptionMarkStandsOutOfTheSliceUnderIt(LockPictureChecks.java2d(false));
    }
}
