package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A picture's caption names its window so that a reader of the review thread can tell where it is
 * and how long it is: the ends never read alike for a window of any length, and both are in one
 * unit, as the axis above them counts.
 */
class CaptionWindowTest {
    private static final long MS = 1_000_000L;

    @Test
    void aWindowAcrossASecondReadsBothEndsInSecondsToTheMillisecond() {
        // runA's longest wait, 975..1025 ms: it read "+975 ms .. +1.03 s", an end 5 ms off
        assertEquals("+0.975 s .. +1.025 s  (span 50.0 ms)", Caption.stretchText(975 * MS, 1025 * MS));
    }

    @Test
    void aShortWindowFarIntoTheDataHasTheDigitsThatTellItsEndsApart() {
        // 500 us a second in read "+1.00 s .. +1.00 s  (span 500 us)": no window at all
        assertEquals("+1.0002 s .. +1.0007 s  (span 500 us)", Caption.stretchText(1_000_200_000L, 1_000_700_000L));
        assertEquals("+100.2 ms .. +100.7 ms  (span 500 us)", Caption.stretchText(100_200_000L, 100_700_000L));
        // the ends to a tenth of the span where they have more digits
        assertEquals("+1.00012 s .. +1.00075 s  (span 630 us)", Caption.stretchText(1_000_123_456L, 1_000_753_456L));
        assertEquals("+5.000000003 s .. +5.000000008 s  (span 5 ns)", Caption.stretchText(5_000_000_003L, 5_000_000_008L));
    }

    @Test
    void windowsTheThreeDigitsToldApartReadAsBefore() {
        assertEquals("+0 .. +1.54 s  (span 1.54 s)", Caption.stretchText(0, 1_536_440_000L));
        assertEquals("+1.00 us .. +3.00 us  (span 2.00 us)", Caption.stretchText(1_000, 3_000));
        assertEquals("+0 .. +20.0 ms  (span 20.0 ms)", Caption.stretchText(0, 20 * MS));
        assertEquals("+769 ms .. +844 ms  (span 74.4 ms)", Caption.stretchText(769_400_000L, 843_800_000L));
        assertEquals("+0 .. +40 ns  (span 40 ns)", Caption.stretchText(0, 40));
    }

    @Test
    void endsBeforeTheDataStartAreSignedAndInTheWiderEndsUnit() {
        // the unit follows the end farther from the start, whichever side of it
        assertEquals("-2.00 s .. +0.05 s  (span 2.05 s)", Caption.stretchText(-2_000 * MS, 50 * MS));
        assertEquals("-5.0 ms .. +45.0 ms  (span 50.0 ms)", Caption.stretchText(-5 * MS, 45 * MS));
    }

    @Test
    void anEndThatRoundsToASecondReadsInSecondsAndAnEndJustBeforeTheStartKeepsItsSign() {
        // 1 ns short of a second is not "+1000 ms"
        assertEquals("+0 .. +1.00 s  (span 1.00 s)", Caption.stretchText(0, 999_999_999L));
        assertEquals("+0.50 s .. +1.00 s  (span 500 ms)", Caption.stretchText(500 * MS, 999_999_999L));
        assertEquals("+0 .. +999 ms  (span 999 ms)", Caption.stretchText(0, 999 * MS));
        // only what rounds to a thousand goes up a unit: 999.000001 ms is not a second
        assertEquals("+0 .. +999 ms  (span 999 ms)", Caption.stretchText(0, 999 * MS + 1));
        assertEquals("-999 ms .. +0  (span 999 ms)", Caption.stretchText(-999 * MS - 1, 0));
        // 1 ns before the data's start reads as before it, not as "0.00 s" with no sign
        assertEquals("-0.00 s .. +1.00 s  (span 1.00 s)", Caption.stretchText(-1, 1_000 * MS - 1));
        assertEquals("-0.00 s .. +2.00 s  (span 2.00 s)", Caption.stretchText(-1, 2_000 * MS));
    }

    @Test
    void anEndThatRoundsToTheNextDigitReadsInThreeDigitsAsTheSpanDoes() {
        // 9.996 ms rounds to ten: "+10.0 ms" beside "(span 10.0 ms)", not "+10.00 ms"
        assertEquals("+0 .. +10.0 ms  (span 10.0 ms)", Caption.stretchText(0, 9_996_000));
        assertEquals("+0 .. +100 ms  (span 100 ms)", Caption.stretchText(0, 99_960_000));
        assertEquals("+0 .. +9.99 ms  (span 9.99 ms)", Caption.stretchText(0, 9_994_000));
        assertEquals("+0 .. +99.9 ms  (span 99.9 ms)", Caption.stretchText(0, 99_940_000));
    }
}
