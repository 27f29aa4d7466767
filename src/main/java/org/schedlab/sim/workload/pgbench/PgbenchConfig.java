package org.schedlab.sim.workload.pgbench;

import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.mem.PageSize;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.Params;
import org.schedlab.sim.scenario.ScenarioException;

/**
 * The pgbench workload's parameters, resolved to nanoseconds. Every value is a physical or
 * PostgreSQL quantity; units, ranges and sources are in the scenario file
 * (example-data/scenarios/pgbench-graviton4.json).
 *
 * @param clients        pgbench connections = backends (-c)
 * @param pgbenchThreads pgbench worker threads on the same machine (-j)
 * @param poolFill       share of shared_buffers in use when the measured window starts
 * @param txnCpuNs       backend user CPU per transaction outside buffer access (parse, bind,
 *                       execute, WAL insert), split over the five statements as
 *                       {@link #STATEMENT_SHARE}
 * @param clientCpuNs    pgbench user CPU per statement (read the result, build the next one)
 * @param recvNs         kernel work of one recv on the loopback TCP socket
 * @param sendNs         kernel work of one send on loopback TCP (delivery and wake-up included)
 * @param preadNs        kernel work of pread()ing one 8 kB block from the page cache
 * @param walWriteNs     kernel work of the flusher's WAL write()
 * @param walFlushNs     fdatasync latency of the WAL device
 * @param futexWakeNs    kernel work of one futex wake (semaphore post) by a releaser
 * @param strategyCsNs   instructions of the freelist pop between SpinLockAcquire and Release
 * @param clearPageBytesPerNs clear_page bandwidth, for zeroing a fresh 2 MB page
 */
public record PgbenchConfig(int clients, int pgbenchThreads, int scale, int fillfactor, double sharedBuffersGb,
                            double poolFill, PageSize pageSize, double minorFaultUs, double faultPtlFraction,
                            double clearPageBytesPerNs, long tlbMissNs, boolean futexLock, int futexSpins,
                            long txnCpuNs, long clientCpuNs, long recvNs, long sendNs, long preadNs,
                            long walWriteNs, long walFlushNs, long futexWakeNs, long strategyCsNs, boolean rseq) {

    /** Share of txnCpuNs per statement: BEGIN, UPDATE, SELECT, INSERT, END. */
    static final double[] STATEMENT_SHARE = {0.05, 0.40, 0.15, 0.25, 0.15};
    static final int STATEMENTS = STATEMENT_SHARE.length;

    public static PgbenchConfig from(Params p, MachineConfig m) throws ScenarioException {
        PageSize page = PageSize.parse(p.string("pageSize"))
            .orElseThrow(() -> new ScenarioException("pageSize must be 4k or 2m"));
        String lock = p.string("lockKind");
        if (!lock.equals("spin") && !lock.equals("futex")) {
            throw new ScenarioException("lockKind must be spin or futex, was " + lock);
        }
        // a scenario file may widen the ranges; these are the values that still mean something
        // (scale and fillfactor are checked by PgbenchSizing)
        Domains.counts(p, "clients", "pgbenchThreads");
        Domains.percent(p, "poolFillPct");
        Domains.percent(p, "faultPtlPct");
        Domains.above(p, "sharedBuffersGb", 0);
        Domains.above(p, "minorFaultUs", 0);
        Domains.above(p, "clearPageGBps", 0);
        Domains.nonNegative(p, "tlbMissNs", "futexSpins", "txnCpuUs", "clientCpuUs", "recvUs", "sendUs", "preadUs",
            "walWriteUs", "walFlushUs", "futexWakeUs", "strategyCsNs");
        PgbenchConfig c = new PgbenchConfig(p.intValue("clients"), p.intValue("pgbenchThreads"), p.intValue("scale"),
            p.intValue("fillfactor"), p.doubleValue("sharedBuffersGb"), p.doubleValue("poolFillPct") / 100.0, page,
            p.doubleValue("minorFaultUs"), p.doubleValue("faultPtlPct") / 100.0,
            p.doubleValue("clearPageGBps"), p.longValue("tlbMissNs"), lock.equals("futex"), p.intValue("futexSpins"),
            p.usAsNs("txnCpuUs"), p.usAsNs("clientCpuUs"), p.usAsNs("recvUs"), p.usAsNs("sendUs"),
            p.usAsNs("preadUs"), p.usAsNs("walWriteUs"), p.usAsNs("walFlushUs"), p.usAsNs("futexWakeUs"),
            p.longValue("strategyCsNs"), m.rseqSliceExtNs() > 0);
        if (c.pgbenchThreads > c.clients) {
            throw new ScenarioException("pgbenchThreads (" + c.pgbenchThreads + ") cannot exceed clients ("
                + c.clients + "): pgbench -j must not exceed -c");
        }
        return c;
    }

    long statementCpuNs(int statement) {
        return Math.round(txnCpuNs * STATEMENT_SHARE[statement]);
    }
}
