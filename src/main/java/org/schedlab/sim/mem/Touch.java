package org.schedlab.sim.mem;

/** What one access to shared memory costs the process that makes it. */
public enum Touch {
    /** The page is mapped in this process's page tables: no fault (a TLB miss at most). */
    MAPPED,
    /** The page exists (in the shmem page cache) but this process has no PTE for it: a minor fault that maps it. */
    MINOR,
    /**
     * As {@link #MINOR}, a read fault: filemap_map_pages also maps the present neighbours in the
     * fault-around window ({@link SharedMemory#FAULT_AROUND_PAGES} pages), more work under the
     * page-table lock.
     */
    MINOR_AROUND,
    /** Nobody has touched the page yet: the fault allocates and zeroes it, then maps it. */
    FRESH
}
