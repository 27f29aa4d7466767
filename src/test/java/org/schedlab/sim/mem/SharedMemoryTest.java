package org.schedlab.sim.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

class SharedMemoryTest {
    private final RandomGenerator rng = RandomGeneratorFactory.of("L64X128MixRandom").create(1);

    @Test
    void fourKPagesFaultOncePerProcessAndFaultAroundCoversTheWindow() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 1024);
        SharedMemory.Region r = shm.region("desc", 1 << 20, 1 << 20, 0.0);
        assertEquals(Touch.MINOR_AROUND, r.touch(0, 0, false, false, rng));
        assertEquals(Touch.MAPPED, r.touch(0, 100, false, false, rng));
        assertEquals(Touch.MAPPED, r.touch(0, 15 * 4096, false, false, rng), "same 64 KiB fault-around window");
        assertEquals(Touch.MINOR_AROUND, r.touch(0, 16 * 4096, false, false, rng), "next window");
        assertEquals(Touch.MINOR_AROUND, r.touch(1, 0, false, false, rng), "another process has its own page tables");
        assertEquals(3, r.minorFaults());
    }

    @Test
    void writeFaultMapsOnlyItsPage() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 1024);
        SharedMemory.Region r = shm.region("blocks", 1 << 20, 1 << 20, 0.0);
        assertEquals(Touch.MINOR, r.touch(0, 0, true, false, rng));
        assertEquals(Touch.MINOR_AROUND, r.touch(0, 4096, false, false, rng), "neighbour not mapped by a write fault");
        assertEquals(Touch.MAPPED, r.touch(0, 8192, true, false, rng), "read fault-around mapped the window");
    }

    @Test
    void untouchedPagesAreAllocatedOnceThenMappedPerProcess() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 1024);
        SharedMemory.Region r = shm.region("blocks", 1 << 20, 0, 0.0);
        assertEquals(Touch.FRESH, r.touch(3, 8192, true, false, rng));
        assertEquals(Touch.MAPPED, r.touch(3, 8192, false, false, rng));
        assertEquals(Touch.MINOR, r.touch(4, 8192, false, false, rng));
        assertEquals(Touch.MAPPED, r.touch(4, 8192, true, false, rng), "the second process mapped it now");
        assertEquals(Touch.MAPPED, r.touch(3, 8192, true, false, rng), "still mapped for its allocator");
        assertEquals(Touch.FRESH, r.touch(0, 0, false, false, rng), "process 0 allocates another page");
        assertEquals(Touch.MINOR, r.touch(3, 0, false, false, rng));
        assertEquals(2, r.freshFaults());
        assertEquals(2, r.minorFaults());
        assertEquals(4, shm.mappingsCreated(), "two allocators' mappings and two later ones");
    }

    @Test
    void hugePagesSharePageTablesSoOnlyAllocationFaults() {
        SharedMemory shm = new SharedMemory(PageSize.M2, 128, 1024);
        long mb = 1024 * 1024;
        SharedMemory.Region r = shm.region("blocks", 64 * mb, 8 * mb, 0.0);
        for (int p = 0; p < 100; p++) {
            assertEquals(Touch.MAPPED, r.touch(p, 3 * mb + p, false, false, rng), "present before the window");
        }
        assertEquals(Touch.FRESH, r.touch(5, 9 * mb, true, false, rng));
        assertEquals(Touch.MAPPED, r.touch(6, 9 * mb + 4096, false, false, rng), "PMD shared: mapped for all");
        assertEquals(0, r.minorFaults());
        assertEquals(1, r.freshFaults());
    }

    @Test
    void priorHistoryMapsTheStatedFractionOfWindows() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 1 << 16);
        SharedMemory.Region r = shm.region("hash", 4096L * 16 * 20_000, 4096L * 16 * 20_000, 0.3);
        int mapped = 0;
        for (int w = 0; w < 20_000; w++) {
            if (r.touch(0, w * 16L * 4096, false, true, rng) == Touch.MAPPED) {
                mapped++;
            }
        }
        assertEquals(0.3, mapped / 20_000.0, 0.02);
        for (int w = 0; w < 20_000; w++) {
            assertEquals(Touch.MAPPED, r.touch(0, w * 16L * 4096 + 4096, false, true, rng), "decided once per window");
        }
    }

    @Test
    void objectsFirstUsedInTheWindowWereNeverMappedBefore() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 1 << 10);
        SharedMemory.Region r = shm.region("desc", 1 << 24, 1 << 24, 1.0);
        assertEquals(Touch.MAPPED, r.touch(0, 0, false, true, rng));
        assertEquals(Touch.MINOR_AROUND, r.touch(0, 1 << 20, false, false, rng));
    }

    @Test
    void offsetsOutsideTheRegionAreRejected() {
        SharedMemory shm = new SharedMemory(PageSize.K4, 128, 16);
        SharedMemory.Region r = shm.region("x", 4096, 4096, 0);
        assertThrows(IllegalArgumentException.class, () -> r.touch(0, 4096, false, false, rng));
    }

    @Test
    void parsesPageSizeKeys() {
        assertEquals(PageSize.M2, PageSize.parse("2M").orElseThrow());
        assertEquals(PageSize.K4, PageSize.parse(" 4k").orElseThrow());
        assertEquals(true, PageSize.parse("1g").isEmpty());
    }
}
