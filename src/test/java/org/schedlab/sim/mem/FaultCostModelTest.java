package org.schedlab.sim.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

class FaultCostModelTest {
    private static RandomGenerator rng(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    @Test
    void analyticQuantilesMatchTheMeasuredMedianAndP95() {
        FaultCostModel m = new FaultCostModel(1.0, 0.3);
        assertEquals(1.0, m.quantileUs(0.5), 1e-6);
        assertEquals(4.0, m.quantileUs(0.95), 1e-6);
        assertTrue(m.quantileUs(1e-9) > 0.58, "floor holds far in the lower tail");
        assertTrue(m.quantileUs(0.99) > 8 && m.quantileUs(0.99) < 10, "heavy tail: p99 " + m.quantileUs(0.99));
    }

    @Test
    void sampledCostsHaveTheMeasuredQuantiles() {
        FaultCostModel m = new FaultCostModel(1.0, 0.3);
        RandomGenerator r = rng(7);
        int n = 200_000;
        long[] ns = new long[n];
        for (int i = 0; i < n; i++) {
            ns[i] = m.sample(r).totalNs();
        }
        Arrays.sort(ns);
        assertEquals(1000, ns[n / 2], 15, "median ns");
        assertEquals(4000, ns[(int) (n * 0.95)], 100, "p95 ns");
        assertTrue(ns[0] >= 580, "never below the floor: " + ns[0]);
        double mean = Arrays.stream(ns).average().orElseThrow();
        assertEquals(m.meanUs() * 1000, mean, 0.03 * mean, "mean");
    }

    @Test
    void medianParameterScalesTheWholeShape() {
        FaultCostModel m = new FaultCostModel(2.5, 0.3);
        assertEquals(2.5, m.quantileUs(0.5), 1e-6);
        assertEquals(10.0, m.quantileUs(0.95), 1e-6);
    }

    @Test
    void pageTableLockPartIsTheConfiguredShare() {
        FaultCostModel m = new FaultCostModel(1.0, 0.25);
        RandomGenerator r = rng(3);
        long ptl = 0;
        long total = 0;
        for (int i = 0; i < 10_000; i++) {
            FaultCost c = m.sample(r);
            ptl += c.ptlNs();
            total += c.totalNs();
        }
        assertEquals(0.25, ptl / (double) total, 0.001);
    }

    @Test
    void rejectsNonsenseParameters() {
        assertThrows(IllegalArgumentException.class, () -> new FaultCostModel(0, 0.3));
        assertThrows(IllegalArgumentException.class, () -> new FaultCostModel(1, 1.5));
    }
}
