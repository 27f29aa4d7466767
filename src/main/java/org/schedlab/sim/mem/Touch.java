package org.schedlab.sim.mem;

/** What one access to shared memory costs the process that makes it. */
public enum Touch {
    /** The page is mapped in this process's page tables: no fault (a TLB miss at most). */
    MAPPED,
    /** The page exists (in the shmem page cache) but this process has no PTE for it: a minor fault that maps it. */
    MINOR,
    /** Nobody has touched the page yet: the fault allocates and zeroes it, then maps it. */
    FRESH
}
