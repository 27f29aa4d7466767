package org.schedlab.sim.workload.pgbench;

import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.mem.FaultCostModel;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.sync.FutexMutex;
import org.schedlab.sim.sync.SLock;
import org.schedlab.sim.sync.SpinsPerDelay;
import org.schedlab.sim.sync.SpinsPerDelayTable;

/**
 * What the backends and pgbench threads of one run share: the buffer pool, the
 * buffer_strategy_lock, WAL group commit, the fault model, profile sites and kernel-code
 * descriptions, and the connections (which backend serves which pgbench thread, and the
 * messages in flight between them).
 */
final class PgbenchShared {
    static final String LOCK_NAME = "buffer_strategy_lock";

    final PgbenchConfig cfg;
    final BufferPool pool;
    final FaultCostModel faults;
    final WalGroupCommit wal = new WalGroupCommit();
    final SLock spinLock;
    final FutexMutex futexLock;
    final long tlbNs;
    final long clearHugePageNs;

    // profile sites
    /** The summary's {@code latencyUs.transaction}: pgbench's latency, first command sent to last result read. */
    final int transaction;
    final Site exec;
    final Site strategy;
    final Site spin;
    final Site fault;
    final Site faultInLock;
    final Site usleep;
    final Site futexWait;
    final Site clientRead;
    final Site walWait;
    final Site fsync;
    final Site pgbench;
    final Site epollWait;
    // kernel work
    final KernelCode recv;
    final KernelCode send;
    final KernelCode pread;
    final KernelCode walWrite;
    final KernelCode futexWake;
    final KernelCode clearHugePage;
    final KernelCode faultPtl;

    /** Steps issued by backends and by pgbench threads (for benchmarks: events per transaction). */
    long backendSteps;
    long clientSteps;
    long spinSteps;
    long sleepSteps;

    // connections
    final Task[] backend;
    final Task[] thread;
    final boolean[] queryPending;
    final int[] threadOf;
    private final int[][] ready;
    private final int[] readyHead;
    private final int[] readyCount;

    PgbenchShared(Kernel kernel, PgbenchConfig cfg) {
        this.cfg = cfg;
        MachineConfig m = kernel.config();
        this.pool = new BufferPool(PgbenchSizing.of(cfg.scale(), cfg.fillfactor(), cfg.sharedBuffersGb()),
            cfg.poolFill(), cfg.pageSize(), cfg.clients(), Math.max(1 << 16, cfg.clients() * 256));
        this.faults = new FaultCostModel(cfg.minorFaultUs(), cfg.faultPtlFraction());
        this.tlbNs = cfg.pageSize() == PageSize.K4 ? cfg.tlbMissNs() : 0;
        this.clearHugePageNs = Math.round((PageSize.M2.bytes() - PageSize.K4.bytes()) / cfg.clearPageBytesPerNs());
        if (cfg.futexLock()) {
            this.futexLock = new FutexMutex(kernel, LOCK_NAME, cfg.futexSpins(), m.spinDelay(), m.lineTransferNs());
            this.spinLock = null;
        } else {
            this.spinLock = new SLock(kernel, LOCK_NAME, m.spinDelay(), m.lineTransferNs(),
                new SpinsPerDelayTable(SpinsPerDelay.DEFAULT_SPINS_PER_DELAY));
            this.futexLock = null;
        }
        transaction = kernel.operation("transaction");
        exec = kernel.site("postgres (executor)");
        strategy = kernel.site("StrategyGetBuffer (freelist pop)");
        spin = kernel.site("s_lock (StrategyGetBuffer)");
        fault = kernel.site("page fault");
        faultInLock = kernel.site("page fault (holding " + LOCK_NAME + ")");
        usleep = kernel.site("pg_usleep (s_lock backoff)");
        futexWait = kernel.site("futex_wait (" + LOCK_NAME + ")");
        clientRead = kernel.site("recv (ClientRead)");
        walWait = kernel.site("WALWrite lock wait");
        fsync = kernel.site("fdatasync (WAL)");
        pgbench = kernel.site("pgbench");
        epollWait = kernel.site("epoll_wait (pgbench)");
        recv = KernelCode.preemptible(kernel.site("tcp recv"));
        send = KernelCode.preemptible(kernel.site("tcp send"));
        pread = KernelCode.preemptible(kernel.site("pread (page cache copy)"));
        walWrite = KernelCode.preemptible(kernel.site("WAL write"));
        futexWake = KernelCode.preemptible(kernel.site("futex wake"));
        // clear_huge_page() zeroes subpage by subpage with a cond_resched() after each.
        long subpageNs = Math.max(1, Math.round(PageSize.K4.bytes() / cfg.clearPageBytesPerNs()));
        clearHugePage = KernelCode.preemptible(kernel.site("clear_huge_page")).withCondReschedEvery(subpageNs);
        faultPtl = KernelCode.atomic(fault);

        int n = cfg.clients();
        int threads = cfg.pgbenchThreads();
        backend = new Task[n];
        thread = new Task[threads];
        queryPending = new boolean[n];
        threadOf = new int[n];
        ready = new int[threads][];
        readyHead = new int[threads];
        readyCount = new int[threads];
        for (int j = 0; j < threads; j++) {
            int from = (int) ((long) j * n / threads);
            int to = (int) ((long) (j + 1) * n / threads);
            ready[j] = new int[to - from];
            for (int c = from; c < to; c++) {
                threadOf[c] = j;
            }
        }
    }

    /** A result for connection {@code c} reached its pgbench thread's socket. */
    void resultArrived(int c) {
        int j = threadOf[c];
        int[] q = ready[j];
        q[(readyHead[j] + readyCount[j]) % q.length] = c;
        readyCount[j]++;
    }

    /** The next connection of thread {@code j} with a result to read, or -1. */
    /** Whether thread {@code j} has results waiting (only that thread takes them, in order). */
    boolean hasReady(int j) {
        return readyCount[j] > 0;
    }

    int nextReady(int j) {
        if (readyCount[j] == 0) {
            return -1;
        }
        int c = ready[j][readyHead[j]];
        readyHead[j] = (readyHead[j] + 1) % ready[j].length;
        readyCount[j]--;
        return c;
    }
}
