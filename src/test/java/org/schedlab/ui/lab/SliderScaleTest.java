package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SliderScaleTest {

    @Test
    void shortRangesAreLinearAndEndsMapToEnds() {
        SliderScale s = SliderScale.of(0, 100, false);
        assertFalse(s.logarithmic());
        assertEquals(0, s.valueAt(0));
        assertEquals(100, s.valueAt(1));
        assertEquals(50, s.valueAt(0.5));
        assertEquals(0.25, s.positionOf(25), 1e-12);
    }

    @Test
    void wideRangesAreLogarithmicSoTheLowEndGetsMostOfTheTrackAndZeroStaysReachable() {
        SliderScale s = SliderScale.of(0, 1_000_000, false);
        assertTrue(s.logarithmic());
        assertEquals(0, s.valueAt(0));
        assertEquals(1_000_000, s.valueAt(1));
        assertTrue(s.valueAt(0.5) < 20_000, "half way is far below the middle: " + s.valueAt(0.5));
        double p = s.positionOf(10_000);
        assertEquals(10_000, s.valueAt(p), 100, "position and value round-trip within the two-digit rounding");
    }

    @Test
    void valuesFromPositionsAreRoundedToTwoSignificantDigitsAndWholeForIntegers() {
        SliderScale s = SliderScale.of(100, 100_000, false);
        for (int i = 0; i <= 100; i++) {
            double v = s.valueAt(i / 100.0);
            assertTrue(v >= 100 && v <= 100_000);
            double mag = Math.pow(10, Math.floor(Math.log10(v)) - 1);
            assertEquals(0, Math.IEEEremainder(v, mag), 1e-6, v + " has two significant digits");
        }
        SliderScale ints = SliderScale.of(1, 1024, true);
        for (int i = 0; i <= 50; i++) {
            double v = ints.valueAt(i / 50.0);
            assertEquals(Math.rint(v), v);
        }
    }
}
