/**
 * Case B of the seeds: a MongoDB server under YCSB workload A (50/50 read/update) whose
 * connection threads take the process's {@code mmap_lock} (a kernel rwsem) for read in page
 * faults and for write in the allocator's unmaps - the lock where reader optimistic spinning
 * (v5.10) and its removal (617f3ef95177) differ.
 */
package org.schedlab.sim.workload.ycsb;
