package org.schedlab.sim.workload.pgbench;

import java.util.random.RandomGenerator;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.mem.SharedMemory;
import org.schedlab.sim.mem.Touch;

/**
 * A backend's accesses to shared memory, turned into planned steps: with 4k pages every touch
 * pays a page walk (the cost is added to the step in progress); a touch of a page this
 * process has not mapped is a fault step, split into its preemptible part and its
 * page-table-lock part; a fresh 2 MB huge page is zeroed subpage by subpage in between.
 */
final class BackendMemory {
    private final PgbenchShared sh;
    private final int conn;
    private final StepPlan plan;

    BackendMemory(PgbenchShared shared, int conn, StepPlan plan) {
        this.sh = shared;
        this.conn = conn;
        this.plan = plan;
    }

    /** A user-mode access to shared memory: a TLB walk with 4k pages, a fault if not mapped. */
    void touch(SharedMemory.Region r, long offset, boolean write, boolean usedBefore, Site faultSite,
              RandomGenerator rng) {
        Touch t = r.touch(conn, offset, write, usedBefore, rng);
        if (t == Touch.MAPPED) {
            plan.extend(sh.tlbNs, sh.exec);
            return;
        }
        planFault(t, faultSite, rng);
    }

    /**
     * copy_to_user() into a buffer's block: writes from kernel mode to its {@code pages} pages,
     * the faults taken inside the syscall back to back, planned as one fault step (no return to
     * user between them, so no preemption point is lost).
     */
    void touchBlockInKernel(long offset, boolean usedBefore, int pages, RandomGenerator rng) {
        long pre = 0;
        long ptl = 0;
        for (int i = 0; i < pages; i++) {
            Touch t = sh.pool.blocks().touch(conn, offset + i * PageSize.K4.bytes(), true, usedBefore, rng);
            if (t == Touch.MAPPED) {
                continue;
            }
            if (t == Touch.FRESH && sh.cfg.pageSize() == PageSize.M2) {
                planFault(t, sh.fault, rng);
                continue;
            }
            long totalNs = sh.faults.sampleTotalNs(rng);
            long ptlNs = sh.faults.ptlNs(totalNs);
            pre += totalNs - ptlNs + sh.tlbNs;
            ptl += ptlNs + sh.faults.aroundExtraNs(t);
        }
        if (pre + ptl > 0) {
            plan.fault(pre, ptl, sh.fault);
        }
    }

    private void planFault(Touch t, Site site, RandomGenerator rng) {
        long totalNs = sh.faults.sampleTotalNs(rng);
        long ptlNs = sh.faults.ptlNs(totalNs);
        long preemptibleNs = totalNs - ptlNs;
        ptlNs += sh.faults.aroundExtraNs(t);
        if (t == Touch.FRESH && sh.cfg.pageSize() == PageSize.M2) {
            // hugetlb_no_page: allocate, clear_huge_page (cond_resched per subpage), then set the PMD
            plan.fault(preemptibleNs + sh.tlbNs, 0, site);
            plan.kernel(sh.clearHugePageNs, sh.clearHugePage);
            plan.kernel(ptlNs, sh.faultPtl);
            return;
        }
        plan.fault(preemptibleNs + sh.tlbNs, ptlNs, site);
    }
}
