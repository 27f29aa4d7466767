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
    void tickLabelsFollowTheStepUnit() {
        assertEquals("150 ns", TimeFormat.tickLabel(150, 50));
        assertEquals("0.3 us", TimeFormat.tickLabel(300, 100));
        assertEquals("100 us", TimeFormat.tickLabel(100_000, 50_000));
        assertEquals("1.4 ms", TimeFormat.tickLabel(1_400_000, 200_000));
        assertEquals("20 ms", TimeFormat.tickLabel(20_000_000, 10_000_000));
        assertEquals("120 s", TimeFormat.tickLabel(120_000_000_000L, 20_000_000_000L));
    }

    @Test
    void offsetsAreExactToTheMicrosecond() {
        assertEquals("29.812 ms", TimeFormat.offset(29_812_345));
        assertEquals("1.234567 s", TimeFormat.offset(1_234_567_100));
        assertEquals("512.300 us", TimeFormat.offset(512_300));
        assertEquals("40 ns", TimeFormat.offset(40));
    }

    @Test
    void secondsLookLikePerfTimestamps() {
        assertEquals("329.519877 s", TimeFormat.seconds(329_519_877_000L));
    }
}
