package org.schedlab.sim.workload.pgbench;

import java.util.random.RandomGenerator;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.mem.SharedMemory;

/**
 * PostgreSQL's shared buffer pool while it is still filling, as far as the scheduler cares:
 * whether a page access hits, which buffer a miss gets from the freelist, and which shared
 * memory each access touches (hash bucket, hash element, buffer descriptor, block).
 *
 * <p>The freelist is what BufferManagerShmemInit builds: every buffer linked in index order,
 * so {@code StrategyGetBuffer} pops buffers 0, 1, 2, ... (a counter here). Accesses are
 * uniform over the accounts heap and the primary-key leaves (pgbench draws aid uniformly),
 * so a page is resident with probability resident/size; a miss makes it resident.
 *
 * <p>The state at the start of the measured window ({@code poolFillPct}) is reconstructed from
 * the same process: the number of earlier transactions t0 is the one for which uniform
 * access would have filled that many buffers (heap H(1-e^(-t0/H)) + leaves L(1-e^(-t0/L)) +
 * history pages), and how much of each shared region a backend has already mapped follows
 * from its share of the t0 transactions' touches (4k pages only: with 2 MB pages page
 * tables are shared).
 */
public final class BufferPool {
    private final PgbenchSizing size;
    private final long initialFill;
    private long residentHeap;
    private long residentLeaf;
    private long nextFree;
    private long clockHand;
    private final SharedMemory shm;
    private final SharedMemory.Region descriptors;
    private final SharedMemory.Region blocks;
    private final SharedMemory.Region buckets;
    private final SharedMemory.Region elements;
    private final double priorTransactions;

    /**
     * @param fillFraction share of shared_buffers in use at the start of the window, 0..1
     * @param backends     number of backends that did the earlier work
     */
    public BufferPool(PgbenchSizing size, double fillFraction, PageSize pageSize, int backends, int expectedMappings) {
        if (!(fillFraction >= 0 && fillFraction <= 1)) {
            throw new IllegalArgumentException("pool fill must be in 0..1, was " + fillFraction);
        }
        this.size = size;
        this.initialFill = Math.round(fillFraction * size.nBuffers());
        this.priorTransactions = transactionsToFill(size, initialFill);
        this.residentHeap = Math.min(size.heapPages(), Math.round(expectedResident(size.heapPages(), priorTransactions)));
        this.residentLeaf = Math.min(size.leafPages(), Math.round(expectedResident(size.leafPages(), priorTransactions)));
        this.nextFree = initialFill;
        this.shm = new SharedMemory(pageSize, backends, expectedMappings);
        double perBackend = 2 * priorTransactions / Math.max(1, backends);
        long filledDescBytes = initialFill * PgbenchSizing.DESCRIPTOR_BYTES;
        long filledBlockBytes = initialFill * PgbenchSizing.BLCKSZ;
        long filledElemBytes = initialFill * PgbenchSizing.HASH_ELEMENT_BYTES;
        long bucketBytes = size.hashBuckets() * PgbenchSizing.HASH_BUCKET_BYTES;
        // Descriptors, hash buckets and elements are written by the postmaster at startup:
        // present from the start. Blocks exist only once a buffer has been used.
        this.descriptors = shm.region("buffer descriptors", size.descriptorBytes(), size.descriptorBytes(),
            priorMapped(perBackend, filledDescBytes));
        this.blocks = shm.region("buffer blocks", size.blockBytes(), filledBlockBytes,
            priorMapped(perBackend, filledBlockBytes));
        this.buckets = shm.region("buffer hash buckets", bucketBytes, bucketBytes,
            priorMapped(perBackend, bucketBytes));
        this.elements = shm.region("buffer hash elements", size.hashElements() * PgbenchSizing.HASH_ELEMENT_BYTES,
            size.hashElements() * PgbenchSizing.HASH_ELEMENT_BYTES, priorMapped(perBackend, filledElemBytes));
    }

    /** Transactions of uniform pgbench access that leave {@code filled} buffers in use. */
    static double transactionsToFill(PgbenchSizing s, long filled) {
        double lo = 0;
        double hi = 1;
        while (usedAfter(s, hi) < filled) {
            hi *= 2;
            if (hi > 1e15) {
                throw new IllegalArgumentException("the database is too small to fill " + filled + " buffers");
            }
        }
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (usedAfter(s, mid) < filled) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double usedAfter(PgbenchSizing s, double t) {
        return expectedResident(s.heapPages(), t) + expectedResident(s.leafPages(), t) + t / s.historyRowsPerPage();
    }

    private static double expectedResident(long pages, double t) {
        return pages * -Math.expm1(-t / pages);
    }

    /** Chance that one backend had mapped a given 64 KiB window of a region of {@code presentBytes}. */
    private static double priorMapped(double touchesPerBackend, long presentBytes) {
        double windows = Math.max(1.0, presentBytes / (double) (SharedMemory.FAULT_AROUND_PAGES * 4096L));
        return -Math.expm1(-touchesPerBackend / windows);
    }

    public PgbenchSizing sizing() {
        return size;
    }

    public SharedMemory sharedMemory() {
        return shm;
    }

    public SharedMemory.Region descriptors() {
        return descriptors;
    }

    public SharedMemory.Region blocks() {
        return blocks;
    }

    public SharedMemory.Region buckets() {
        return buckets;
    }

    public SharedMemory.Region elements() {
        return elements;
    }

    /** Earlier transactions the starting state corresponds to (for the scenario notes). */
    public double priorTransactions() {
        return priorTransactions;
    }

    /** Looks up a random accounts heap page: true on a hit; a miss makes the page resident. */
    public boolean heapHit(RandomGenerator rng) {
        if (rng.nextDouble() * size.heapPages() < residentHeap) {
            return true;
        }
        residentHeap++;
        return false;
    }

    /** Looks up a random primary-key leaf: true on a hit; a miss makes it resident. */
    public boolean leafHit(RandomGenerator rng) {
        if (rng.nextDouble() * size.leafPages() < residentLeaf) {
            return true;
        }
        residentLeaf++;
        return false;
    }

    /** Whether {@code firstFreeBuffer >= 0}: the unlocked peek StrategyGetBuffer starts with. */
    public boolean freelistNonEmpty() {
        return nextFree < size.nBuffers();
    }

    /** Pops the freelist head (call with buffer_strategy_lock held); -1 when it is empty. */
    public long popFreelist() {
        return nextFree < size.nBuffers() ? nextFree++ : -1;
    }

    /** The next clock-sweep victim candidate (ClockSweepTick). */
    public long clockSweepTick() {
        long b = clockHand;
        clockHand = (clockHand + 1) % size.nBuffers();
        return b;
    }

    /** A buffer in use, uniformly: where a hit lands. */
    public long randomBufferInUse(RandomGenerator rng) {
        return nextFree == 0 ? 0 : rng.nextLong(nextFree);
    }

    public long buffersInUse() {
        return nextFree;
    }

    /** Buffers in use when the measured window started: their pages may have been mapped before. */
    public long initialFill() {
        return initialFill;
    }

    public long buffersAllocatedInWindow() {
        return nextFree - initialFill;
    }

    public double fillFraction() {
        return nextFree / (double) size.nBuffers();
    }

    // ---- byte offsets of what an access touches ----

    public static long descriptorOffset(long buffer) {
        return buffer * PgbenchSizing.DESCRIPTOR_BYTES;
    }

    public static long blockOffset(long buffer) {
        return buffer * PgbenchSizing.BLCKSZ;
    }

    /** A random bucket: where the tag hashes to. */
    public long randomBucketOffset(RandomGenerator rng) {
        return rng.nextLong(size.hashBuckets()) * PgbenchSizing.HASH_BUCKET_BYTES;
    }

    /**
     * The hash element holding {@code buffer}'s entry. Elements come off the table's 32 free
     * lists (NUM_FREELISTS), each laid out in allocation order, so consecutive insertions walk
     * 32 sequential streams.
     */
    public long elementOffset(long buffer) {
        long perList = size.hashElements() / 32;
        long index = (buffer % 32) * perList + (buffer / 32) % perList;
        return index * PgbenchSizing.HASH_ELEMENT_BYTES;
    }
}
