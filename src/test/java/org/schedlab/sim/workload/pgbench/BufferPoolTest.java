package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.mem.Touch;

class BufferPoolTest {
    private final RandomGenerator rng = RandomGeneratorFactory.of("L64X128MixRandom").create(5);

    @Test
    void sizingFollowsPgbenchLayout() {
        PgbenchSizing s = PgbenchSizing.of(1, 100, 1);
        assertEquals(1640, s.heapPages(), "pgbench scale 1 at fillfactor 100 is 1640 heap pages");
        PgbenchSizing seed = PgbenchSizing.of(8470, 90, 96);
        assertEquals(96L * 1024 * 1024 * 1024 / 8192, seed.nBuffers());
        assertEquals(8470L * 100_000 / 55, seed.heapPages(), 1);
        assertTrue(seed.hashBuckets() >= seed.hashElements());
    }

    @Test
    void startingStateHasTheRequestedFillAndConsistentResidency() {
        PgbenchSizing s = PgbenchSizing.of(8470, 90, 96);
        BufferPool pool = new BufferPool(s, 0.3, PageSize.K4, 1024, 1 << 16);
        assertEquals(Math.round(0.3 * s.nBuffers()), pool.buffersInUse());
        assertTrue(pool.priorTransactions() > 1e6);
        int misses = 0;
        for (int i = 0; i < 20_000; i++) {
            if (!pool.heapHit(rng)) {
                misses++;
            }
        }
        double missRate = misses / 20_000.0;
        assertTrue(missRate > 0.7 && missRate < 0.85, "heap mostly misses early in the fill: " + missRate);
        int leafMisses = 0;
        for (int i = 0; i < 20_000; i++) {
            if (!pool.leafHit(rng)) {
                leafMisses++;
            }
        }
        assertTrue(leafMisses > 5_000 && leafMisses < 9_000, "two thirds of the leaves are resident: " + leafMisses);
    }

    @Test
    void freelistPopsBuffersInIndexOrderUntilEmpty() {
        PgbenchSizing s = PgbenchSizing.of(10, 90, 16.0 * 8192 / (1024.0 * 1024 * 1024) * 4);
        BufferPool pool = new BufferPool(s, 0.5, PageSize.K4, 4, 64);
        long first = pool.popFreelist();
        assertEquals(first + 1, pool.popFreelist());
        while (pool.freelistNonEmpty()) {
            pool.popFreelist();
        }
        assertEquals(-1, pool.popFreelist());
    }

    @Test
    void descriptorPopsFaultForMostBackendsWith4kButNeverWithHugePages() {
        PgbenchSizing s = PgbenchSizing.of(8470, 90, 96);
        int faults4k = 0;
        int faults2m = 0;
        BufferPool small = new BufferPool(s, 0.3, PageSize.K4, 1024, 1 << 16);
        BufferPool huge = new BufferPool(s, 0.3, PageSize.M2, 1024, 1 << 16);
        for (int i = 0; i < 10_000; i++) {
            int backend = rng.nextInt(1024);
            if (small.descriptors().touch(backend, BufferPool.descriptorOffset(small.popFreelist()), false, false, rng) != Touch.MAPPED) {
                faults4k++;
            }
            if (huge.descriptors().touch(backend, BufferPool.descriptorOffset(huge.popFreelist()), false, false, rng) != Touch.MAPPED) {
                faults2m++;
            }
        }
        // A fault-around window holds 1024 descriptors: with 1024 backends popping in turn,
        // about 1 - 1/e of the pops are a backend's first touch of the window.
        assertTrue(faults4k > 5_800 && faults4k < 6_900, "4k: " + faults4k);
        assertEquals(0, faults2m);
    }

    @Test
    void freshBlocksFaultOncePer2mPageAndTwicePer8kBufferWith4k() {
        PgbenchSizing s = PgbenchSizing.of(8470, 90, 96);
        BufferPool small = new BufferPool(s, 0.3, PageSize.K4, 1024, 1 << 16);
        BufferPool huge = new BufferPool(s, 0.3, PageSize.M2, 1024, 1 << 16);
        int fresh4k = 0;
        int fresh2m = 0;
        for (int i = 0; i < 2048; i++) {
            long b = small.popFreelist();
            for (int half = 0; half < 2; half++) {
                if (small.blocks().touch(1, BufferPool.blockOffset(b) + half * 4096, true, false, rng) == Touch.FRESH) {
                    fresh4k++;
                }
            }
            long h = huge.popFreelist();
            if (huge.blocks().touch(1, BufferPool.blockOffset(h), true, false, rng) == Touch.FRESH) {
                fresh2m++;
            }
        }
        assertEquals(4096, fresh4k);
        assertTrue(fresh2m >= 8 && fresh2m <= 9, "2048 buffers span 8 or 9 huge pages: " + fresh2m);
    }
}
