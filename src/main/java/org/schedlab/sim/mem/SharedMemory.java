package org.schedlab.sim.mem;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One shared-memory segment mapped by many processes (PostgreSQL's main shared memory) and
 * the page-table state that decides which accesses fault.
 *
 * <p>Rules, from mm/memory.c and mm/shmem.c:
 * <ul>
 *   <li>fork() copies no page-table entries for shared mappings (vma_needs_copy), so every
 *       backend starts with none and faults in each page it touches.</li>
 *   <li>4k pages: page tables are per process. A read fault on a page already in the shmem
 *       page cache maps it together with its present neighbours in the aligned
 *       fault-around window (fault_around_bytes, 64 KiB = 16 pages); a write fault maps one
 *       page. Touching a page nobody has touched yet allocates and zeroes it.</li>
 *   <li>2 MB hugetlb pages: mappings of 1 GB or more share their PMD tables between
 *       processes (huge_pmd_share), so a page is faulted in once for everybody, when it is
 *       first allocated.</li>
 * </ul>
 * What backends did before the measured window is summarized per region as the fraction of
 * present fault-around windows a backend had already mapped (see {@link Region}).
 */
public final class SharedMemory {
    /** fault_around_bytes default (64 KiB) in 4k pages. */
    public static final int FAULT_AROUND_PAGES = 16;
    // Key layout: region id (4 bits) | single page (1) | prior-history decided (1) | process (18) | page or window (40).
    private static final int PROCESS_BITS = 18;
    private static final int PAGE_BITS = 40;
    private static final long SINGLE = 1L << 59;
    private static final long WINDOW = 0L;
    private static final long PRIOR_DECIDED = 1L << 58;

    /**
     * Regions whose (process, present window) state fits in this many bits keep it in a bitmap
     * (one probe on one cache line); bigger ones in the hash set.
     */
    private static final long BITMAP_LIMIT_BITS = 1L << 29;
    /** Bits per (process, window) in a region's bitmap: mapped, prior history decided, has single pages, spare. */
    private static final int WINDOW_STRIDE = 4;
    private static final int FLAG_MAPPED = 0;
    private static final int FLAG_PRIOR_DECIDED = 1;
    /**
     * Some page of the window was mapped alone (a write fault) by the process: only then can the
     * hash set hold one of its pages. Most touches of a window with no whole-window mapping
     * find none, and this bit - in the word just read for the other flags - answers that without
     * a probe of the (cache-missing) hash set.
     */
    private static final int FLAG_HAS_SINGLE = 2;
    /** Pages per chunk of a region's allocation map (allocated when first touched). */
    private static final int ALLOC_CHUNK_PAGES = 1 << 16;

    private final PageSize pageSize;
    private final int processes;
    private final List<Region> regions = new ArrayList<>();
    private final LongHashSet mapped;

    /**
     * @param processes       processes mapping the segment (ids 0..processes-1)
     * @param expectedEntries rough number of (process, page) mappings the run will create
     */
    public SharedMemory(PageSize pageSize, int processes, int expectedEntries) {
        if (processes < 1 || processes > 1 << PROCESS_BITS) {
            throw new IllegalArgumentException("processes must be in 1.." + (1 << PROCESS_BITS));
        }
        this.pageSize = pageSize;
        this.processes = processes;
        this.mapped = new LongHashSet(pageSize.sharedPageTables() ? 16 : expectedEntries);
    }

    public PageSize pageSize() {
        return pageSize;
    }

    /**
     * Declares a region of the segment.
     *
     * @param bytes               size of the region
     * @param presentBytes        leading bytes that exist already (touched before the window)
     * @param priorMappedFraction with 4k pages, the chance that a given backend had already
     *                            mapped a fault-around window holding objects that were in use
     *                            before the window (see {@link Region#touch})
     */
    public Region region(String name, long bytes, long presentBytes, double priorMappedFraction) {
        if (regions.size() >= 15) {
            throw new IllegalStateException("at most 15 regions per segment");
        }
        if (bytes <= 0 || presentBytes < 0 || presentBytes > bytes) {
            throw new IllegalArgumentException(name + ": need 0 <= presentBytes <= bytes, bytes > 0");
        }
        if (!(priorMappedFraction >= 0 && priorMappedFraction <= 1)) {
            throw new IllegalArgumentException(name + ": prior mapped fraction must be in 0..1");
        }
        Region r = new Region(name, regions.size() + 1, bytes, presentBytes, priorMappedFraction);
        regions.add(r);
        return r;
    }

    /** Number of (process, page or window) page-table entries created during the run. */
    public long mappingsCreated() {
        long n = mapped.size();
        if (!pageSize.sharedPageTables()) {
            for (Region r : regions) {
                n += r.freshFaults; // the allocating process's own mapping, kept in the region's allocation map
            }
        }
        return n;
    }

    /** A named, page-aligned part of the segment (buffer descriptors, blocks, hash table...). */
    public final class Region {
        private final String name;
        private final long id;
        private final long pages;
        private final long presentPages;
        private final double priorMappedFraction;
        private long minorFaults;
        private long freshFaults;
        /**
         * Per (process, window of present pages) {@value #WINDOW_STRIDE} bits: window mapped,
         * prior history decided, some page of it mapped alone; null when kept in the hash set
         * (too big) or not needed (2 MB pages).
         */
        private final long[] windowBits;
        /** Fault-around windows holding present pages (only those have prior history). */
        private final long windows;
        /**
         * Pages past the present ones that someone allocated during the run: 1 + the id of the
         * process that allocated (and so mapped) the page, 0 while nobody has, in chunks of
         * {@value #ALLOC_CHUNK_PAGES} pages. Allocation runs through a region roughly in order (a
         * freelist), so the live part of this stays small and in cache; the allocating process's
         * own mapping is found here rather than in the segment's hash set, whose probes miss the
         * cache (a pool that is filling allocates hundreds of thousands of pages a second, and
         * most of them are touched by their allocator alone).
         */
        private final int[][] allocatorChunks;

        private Region(String name, int id, long bytes, long presentBytes, double priorMappedFraction) {
            this.name = name;
            this.id = id;
            long pb = pageSize.bytes();
            this.pages = (bytes + pb - 1) / pb;
            this.presentPages = (presentBytes + pb - 1) / pb;
            this.priorMappedFraction = priorMappedFraction;
            if (pages >= 1L << PAGE_BITS) {
                throw new IllegalArgumentException(name + ": region too large");
            }
            this.windows = (presentPages + FAULT_AROUND_PAGES - 1) / FAULT_AROUND_PAGES;
            long bits = WINDOW_STRIDE * windows * processes;
            this.windowBits = !pageSize.sharedPageTables() && bits <= BITMAP_LIMIT_BITS
                ? new long[(int) ((bits + 63) / 64)] : null;
            long chunks = (pages - presentPages + ALLOC_CHUNK_PAGES - 1) / ALLOC_CHUNK_PAGES;
            this.allocatorChunks = new int[(int) chunks][];
        }

        /**
         * Page {@code page} (not present before) is touched by {@code process}: allocates it for
         * that process if nobody has, and returns 0 then, else 1 + the process that allocated it.
         */
        private int allocator(long page, int process) {
            long i = page - presentPages;
            int chunk = (int) (i / ALLOC_CHUNK_PAGES);
            int[] owners = allocatorChunks[chunk];
            if (owners == null) {
                owners = new int[ALLOC_CHUNK_PAGES];
                allocatorChunks[chunk] = owners;
            }
            int slot = (int) (i % ALLOC_CHUNK_PAGES);
            int owner = owners[slot];
            if (owner == 0) {
                owners[slot] = process + 1;
            }
            return owner;
        }

        private boolean windowFlag(int process, long window, int flag) {
            if (windowBits == null) {
                return mapped.contains(key(process, window, flag == FLAG_MAPPED ? WINDOW : PRIOR_DECIDED));
            }
            long bit = WINDOW_STRIDE * (process * windows + window) + flag;
            return (windowBits[(int) (bit >>> 6)] & (1L << bit)) != 0;
        }

        /** Whether the process mapped the present page alone (a write fault); one bitmap probe when that never happened in its window. */
        private boolean singleMapped(int process, long page, long window) {
            if (windowBits != null && !windowFlag(process, window, FLAG_HAS_SINGLE)) {
                return false;
            }
            return mapped.contains(key(process, page, SINGLE));
        }

        /** Sets the flag; true if it was clear. */
        private boolean setWindowFlag(int process, long window, int flag) {
            if (windowBits == null) {
                return mapped.add(key(process, window, flag == FLAG_MAPPED ? WINDOW : PRIOR_DECIDED));
            }
            long bit = WINDOW_STRIDE * (process * windows + window) + flag;
            int word = (int) (bit >>> 6);
            long mask = 1L << bit;
            boolean was = (windowBits[word] & mask) != 0;
            windowBits[word] |= mask;
            return !was;
        }

        public String name() {
            return name;
        }

        public long pages() {
            return pages;
        }

        public long minorFaults() {
            return minorFaults;
        }

        public long freshFaults() {
            return freshFaults;
        }

        /**
         * Process {@code process} reads or writes the byte at {@code offset}: says whether that
         * faults, and updates the page tables as the fault would.
         *
         * @param usedBefore whether the touched object was in use before the measured window, so
         *                   that the process may have mapped its page then; objects first used
         *                   in the window (a buffer just popped off the freelist) were not
         * @param rng        the process's own random stream (decides, once per window, whether
         *                   the process had mapped it before the measured window)
         */
        public Touch touch(int process, long offset, boolean write, boolean usedBefore, RandomGenerator rng) {
            if (process < 0 || process >= processes) {
                throw new IllegalArgumentException("process id out of range: " + process);
            }
            long page = offset / pageSize.bytes();
            if (offset < 0 || page >= pages) {
                throw new IllegalArgumentException(name + ": offset " + offset + " outside the region");
            }
            boolean presentBefore = page < presentPages;
            int allocator = presentBefore ? 0 : allocator(page, process);
            if (!presentBefore && allocator == 0) {
                freshFaults++; // mapped by this process (its allocation map entry says so)
                return Touch.FRESH;
            }
            if (pageSize.sharedPageTables()) {
                return Touch.MAPPED;
            }
            if (!presentBefore) {
                // Allocated during the window: mapped by its allocator, by others page by page.
                if (allocator == process + 1) {
                    return Touch.MAPPED;
                }
                if (mapped.add(key(process, page, SINGLE))) {
                    minorFaults++;
                    return Touch.MINOR;
                }
                return Touch.MAPPED;
            }
            long w = page / FAULT_AROUND_PAGES;
            if (windowFlag(process, w, FLAG_MAPPED) || singleMapped(process, page, w)) {
                return Touch.MAPPED;
            }
            // First look at this window in the run: had the backend mapped it before the window?
            if (usedBefore && setWindowFlag(process, w, FLAG_PRIOR_DECIDED) && rng.nextDouble() < priorMappedFraction) {
                setWindowFlag(process, w, FLAG_MAPPED);
                return Touch.MAPPED;
            }
            minorFaults++;
            // A read fault maps the whole fault-around window; a write fault (do_shared_fault) one page.
            if (write) {
                mapped.add(key(process, page, SINGLE));
                if (windowBits != null) {
                    setWindowFlag(process, w, FLAG_HAS_SINGLE);
                }
                return Touch.MINOR;
            }
            setWindowFlag(process, w, FLAG_MAPPED);
            return Touch.MINOR_AROUND;
        }

        private long key(int process, long pageOrWindow, long kind) {
            return id << 60 | kind | (long) process << PAGE_BITS | pageOrWindow;
        }
    }
}
