package org.schedlab.sim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

class SpinDelayStatusTest {
    private final RandomGenerator rng = RandomGeneratorFactory.of("L64X128MixRandom").create(11);

    @Test
    void firstSleepIsOneMillisecondAndEachGrowsByOneToTwoTimes() throws Exception {
        SpinDelayStatus s = new SpinDelayStatus();
        assertFalse(s.delayed());
        long prev = s.delay("l");
        assertEquals(1000, prev);
        assertTrue(s.delayed());
        for (int i = 0; i < 8; i++) {
            s.afterSleep(rng);
            long next = s.delay("l");
            assertTrue(next >= prev && next <= 2 * prev + 1, prev + " -> " + next);
            prev = next;
        }
    }

    @Test
    void delayWrapsToOneMillisecondAboveOneSecond() throws Exception {
        SpinDelayStatus s = new SpinDelayStatus();
        s.delay("l");
        long max = 0;
        long prev = SpinDelayStatus.MIN_DELAY_USEC;
        boolean wrapped = false;
        for (int i = 0; i < 200; i++) {
            s.afterSleep(rng);
            long d = s.delay("l");
            assertTrue(d <= SpinDelayStatus.MAX_DELAY_USEC, "never above 1 s: " + d);
            if (d < prev) {
                assertEquals(SpinDelayStatus.MIN_DELAY_USEC, d, "wraps to exactly 1 ms");
                assertTrue(2 * prev + 1 > SpinDelayStatus.MAX_DELAY_USEC, "wraps only near the top");
                wrapped = true;
            }
            prev = d;
            max = Math.max(max, d);
        }
        assertTrue(wrapped);
        assertTrue(max > 500_000);
    }

    @Test
    void stuckSpinlockAfterNumDelays() throws Exception {
        SpinDelayStatus s = new SpinDelayStatus();
        for (int i = 0; i < SpinDelayStatus.NUM_DELAYS; i++) {
            s.delay("buffer_strategy_lock");
            s.afterSleep(rng);
        }
        StuckSpinlockException e = assertThrows(StuckSpinlockException.class, () -> s.delay("buffer_strategy_lock"));
        assertTrue(e.getMessage().contains("stuck spinlock detected at buffer_strategy_lock"));
    }

    @Test
    void roundIsSpinsPerDelayIterationsAndRestartsAfterSleep() {
        SpinDelayStatus s = new SpinDelayStatus();
        assertEquals(100 * 7, s.roundLeftNs(100, 7));
        s.spun(600);
        assertEquals(100, s.roundLeftNs(100, 7));
        s.spun(500);
        assertEquals(0, s.roundLeftNs(100, 7));
        s.delay("l");
        s.afterSleep(rng);
        assertEquals(700, s.roundLeftNs(100, 7));
    }

    @Test
    void spinsPerDelayRisesFastWithoutSleepsAndFallsSlowlyWithThem() {
        SpinsPerDelay spd = new SpinsPerDelay(SpinsPerDelay.DEFAULT_SPINS_PER_DELAY);
        spd.finish(false);
        assertEquals(200, spd.value());
        for (int i = 0; i < 20; i++) {
            spd.finish(false);
        }
        assertEquals(SpinsPerDelay.MAX_SPINS_PER_DELAY, spd.value());
        spd.finish(true);
        assertEquals(999, spd.value());
        for (int i = 0; i < 5000; i++) {
            spd.finish(true);
        }
        assertEquals(SpinsPerDelay.MIN_SPINS_PER_DELAY, spd.value());
    }

    @Test
    void sharedEstimateIsTheTruncatedMovingAverage() {
        SpinsPerDelay spd = new SpinsPerDelay(10);
        assertEquals((100 * 15 + 10) / 16, spd.foldIntoShared(100));
        assertEquals(94, spd.foldIntoShared(100));
    }
}
