/**
 * Memory as the scheduler sees it: minor page faults (cost distribution, the part run
 * under the page-table lock), per-process versus shared page tables (4k pages versus
 * hugetlb 2 MB pages with PMD sharing), first-touch tracking of shared memory and the
 * TLB-miss cost of touching memory with 4k pages.
 */
package org.schedlab.sim.mem;
