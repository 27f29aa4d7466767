package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeFormatTest {

    @Test
    void durationsUseTheLargestWholeUnitWithThreeSignificantDigits() {
        assertEquals("40 ns", TimeFormat.duration(40));
        assertEquals("1.00 us", TimeFormat.duration(1_000));
        assertEquals("512 us", TimeFormat.duration(512_000));
        assertEquals("12.3 ms", TimeFormat.duration(12_345_678));
        assertEquals("1.53 s", TimeFormat.duration(1_530_000_000));
        assertEquals("0 ns", TimeFormat.duration(0));
    }

    @Test
    void aDurationThatRoundsUpReadsInTheUnitAndDigitsOfWhatItRoundsTo() {
        // a window 1 ns short of a second is "1.00 s", not "1000 ms"
        assertEquals("1.00 s", TimeFormat.duration(999_999_999));
        assertEquals("-1.00 s", TimeFormat.duration(-999_999_999));
        assertEquals("1.00 ms", TimeFormat.duration(999_999));
        assertEquals("1.00 us", TimeFormat.duration(1_000));
        // three significant digits after rounding: 10.0 ms and 100 ms, not 10.00 and 100.0
        assertEquals("10.0 ms", TimeFormat.duration(9_996_000));
        assertEquals("100 ms", TimeFormat.duration(99_960_000));
        assertEquals("-10.0 ms", TimeFormat.duration(-9_996_000));
        // just under the boundaries they keep their digits
        assertEquals("9.99 ms", TimeFormat.duration(9_994_000));
        assertEquals("99.9 ms", TimeFormat.duration(99_940_000));
        assertEquals("999 ms", TimeFormat.duration(999_499_999));
        assertEquals("1534 s", TimeFormat.duration(1_534_000_000_000L));
    }

    @Test
    void tickLabelsReadInTheUnitOfTheLargestTickWithTheDigitsTheStepNeeds() {
        assertEquals("+150 ns", TimeFormat.tickLabel(150, 50, 400));
        assertEquals("+0.3 us", TimeFormat.tickLabel(300, 100, 1_500));
        assertEquals("+100 us", TimeFormat.tickLabel(100_000, 50_000, 300_000));
        assertEquals("+1.4 ms", TimeFormat.tickLabel(1_400_000, 200_000, 1_800_000));
        assertEquals("+20 ms", TimeFormat.tickLabel(20_000_000, 10_000_000, 90_000_000));
        assertEquals("+120 s", TimeFormat.tickLabel(120_000_000_000L, 20_000_000_000L, 180_000_000_000L));
        assertEquals("-5 ms", TimeFormat.tickLabel(-5_000_000, 5_000_000, 20_000_000));
        // a tick below the unit's one still reads in it, as its neighbours do
        assertEquals("+0.8 ms", TimeFormat.tickLabel(800_000, 100_000, 1_200_000));
    }

    @Test
    void zoomedInTicksReadAsTheCursorReadoutDoes() {
        // L in the Live run: 20 us steps 50 ms after the start read "50020 us" beside a readout
        // "+50.032 ms"
        assertEquals("+50.02 ms", TimeFormat.tickLabel(50_020_000, 20_000, 50_100_000));
        assertEquals("+50.000 ms", TimeFormat.tickLabel(50_000_000, 5_000, 50_100_000));
        assertEquals("+1.2345005 s", TimeFormat.tickLabel(1_234_500_500L, 500, 1_234_600_000L));
        assertEquals("+" + TimeFormat.offset(50_032_000), TimeFormat.tickLabel(50_032_000, 1_000, 50_100_000),
                "at microsecond steps a tick reads as the readout at that time");
    }

    @Test
    void offsetsAreExactToTheMicrosecond() {
        assertEquals("29.812 ms", TimeFormat.offset(29_812_345));
        assertEquals("1.234567 s", TimeFormat.offset(1_234_567_100));
        assertEquals("512.300 us", TimeFormat.offset(512_300));
        assertEquals("40 ns", TimeFormat.offset(40));
    }

    /** The extremes read in seconds like any other long time: Long.MIN_VALUE read "-9223372036854775808 ns". */
    @Test
    void theLongestDurationsAndOffsetsReadInSecondsWhicheverTheirSign() {
        assertEquals("9223372037 s", TimeFormat.duration(Long.MAX_VALUE));
        assertEquals("-9223372037 s", TimeFormat.duration(Long.MIN_VALUE));
        assertEquals("-9223372036.854776 s", TimeFormat.offset(Long.MIN_VALUE));
        assertEquals("9223372036.854776 s", TimeFormat.offset(Long.MAX_VALUE));
    }

    @Test
    void aDurationHalfwayBetweenTwoDigitsRoundsUpAsItDidBefore() {
        assertEquals("1.13 ms", TimeFormat.duration(1_125_000));
        assertEquals("-1.13 ms", TimeFormat.duration(-1_125_000));
        assertEquals("12.5 us", TimeFormat.duration(12_450));
    }

    @Test
    void anOffsetThatRoundsToASecondReadsInSeconds() {
        // the first nanosecond whose microseconds round to a whole second, and the one before it
        assertEquals("1.000000 s", TimeFormat.offset(999_999_500));
        assertEquals("999.999 ms", TimeFormat.offset(999_999_499));
        assertEquals("1.000000 s", TimeFormat.offset(999_999_600));
        assertEquals("-1.000000 s", TimeFormat.offset(-999_999_600));
        assertEquals("999.999 ms", TimeFormat.offset(999_999_400));
        assertEquals("999.999 us", TimeFormat.offset(999_999));
    }

    @Test
    void secondsLookLikePerfTimestamps() {
        assertEquals("329.519877 s", TimeFormat.seconds(329_519_877_000L));
    }
}
