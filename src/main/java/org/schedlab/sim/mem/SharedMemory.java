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

    /** Regions whose (process, window) state fits in this many bits keep it in a bitmap. */
    private static final long BITMAP_LIMIT_BITS = 1L << 27;

    private final PageSize pageSize;
    private final int processes;
    private final List<Region> regions = new ArrayList<>();
    private final LongHashSet mapped;
    private final LongHashSet allocated;

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
        this.allocated = new LongHashSet(Math.max(16, expectedEntries / 64));
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
    public int mappingsCreated() {
        return mapped.size();
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
        /** Per (process, window): bit 2i = window mapped, bit 2i+1 = prior history decided; or null. */
        private final long[] windowBits;
        private final long windows;

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
            this.windows = (pages + FAULT_AROUND_PAGES - 1) / FAULT_AROUND_PAGES;
            long bits = 2 * windows * processes;
            this.windowBits = !pageSize.sharedPageTables() && bits <= BITMAP_LIMIT_BITS
                ? new long[(int) ((bits + 63) / 64)] : null;
        }

        private boolean windowFlag(int process, long window, int flag) {
            if (windowBits == null) {
                return mapped.contains(key(process, window, flag == 0 ? WINDOW : PRIOR_DECIDED));
            }
            long bit = 2 * (process * windows + window) + flag;
            return (windowBits[(int) (bit >>> 6)] & (1L << bit)) != 0;
        }

        /** Sets the flag; true if it was clear. */
        private boolean setWindowFlag(int process, long window, int flag) {
            if (windowBits == null) {
                return mapped.add(key(process, window, flag == 0 ? WINDOW : PRIOR_DECIDED));
            }
            long bit = 2 * (process * windows + window) + flag;
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
            long pageKey = id << PAGE_BITS | page;
            if (!presentBefore && allocated.add(pageKey)) {
                freshFaults++;
                if (!pageSize.sharedPageTables()) {
                    mapped.add(key(process, page, SINGLE));
                }
                return Touch.FRESH;
            }
            if (pageSize.sharedPageTables()) {
                return Touch.MAPPED;
            }
            if (!presentBefore) {
                // Allocated during the window by someone: tracked page by page.
                if (mapped.add(key(process, page, SINGLE))) {
                    minorFaults++;
                    return Touch.MINOR;
                }
                return Touch.MAPPED;
            }
            long w = page / FAULT_AROUND_PAGES;
            if (windowFlag(process, w, 0) || mapped.contains(key(process, page, SINGLE))) {
                return Touch.MAPPED;
            }
            // First look at this window in the run: had the backend mapped it before the window?
            if (usedBefore && setWindowFlag(process, w, 1) && rng.nextDouble() < priorMappedFraction) {
                setWindowFlag(process, w, 0);
                return Touch.MAPPED;
            }
            minorFaults++;
            // A read fault maps the whole fault-around window; a write fault (do_shared_fault) one page.
            if (write) {
                mapped.add(key(process, page, SINGLE));
                return Touch.MINOR;
            }
            setWindowFlag(process, w, 0);
            return Touch.MINOR_AROUND;
        }

        private long key(int process, long pageOrWindow, long kind) {
            return id << 60 | kind | (long) process << PAGE_BITS | pageOrWindow;
        }
    }
}
