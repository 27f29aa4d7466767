package org.schedlab.render;

import org.junit.jupiter.api.Test;

/**
 * A handoff stall mark on a task whose color is the stall's amber, as a PNG has it (the Java2D
 * surface, through the raster and as rectangles): amber alone vanished there, so the mark is
 * edged in whatever stands out from the slice. The workbench canvas: {@code ui.LockLaneCanvasTest}.
 */
class HandoffMarkPixelsTest {
    @Test
    void aHandoffStallMarkStandsOutOfAnyTaskColor() {
        LockPictureChecks.aStallMarkStandsOutOfTheSliceUnderIt(LockPictureChecks.java2d(true));
        LockPictureChecks.aStallMarkStandsOutOfTheSliceUnderIt(LockPictureChecks.java2d(false));
    }
}
