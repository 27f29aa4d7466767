package org.schedlab.sim.workload.pgbench;

import java.util.HashMap;
import java.util.Map;
import org.schedlab.sim.summary.RunSummary;

/** Manual probe: prints summaries for a few settings (not a test). */
public final class PgbenchProbe {
    public static void main(String[] args) throws Exception {
        Map<String, String> base = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            base.put(a.substring(0, eq), a.substring(eq + 1));
        }
        PgbenchHarness h = PgbenchHarness.run(org.schedlab.sim.scenario.ScenarioCatalog.builtIn("pgbench-graviton4"), base);
        RunSummary s = h.summary;
        if (h.shared.spinLock != null) {
            long[] busy = h.shared.spinLock.lineBusyNs();
            System.out.println("line busy ms (writes, refetch, losers, reads)=" + java.util.Arrays.toString(busy)
                + " spd mean=" + h.shared.spinLock.spinsPerDelay().meanLocal()
                + " shared=" + h.shared.spinLock.spinsPerDelay().sharedAfterAllExit());
        }
 System.out.println("steps backend=" + h.shared.backendSteps + " client=" + h.shared.clientSteps
            + " respin=" + h.shared.spinSteps + " sleeps=" + h.shared.sleepSteps);
        System.out.println("wal group=" + h.shared.wal.meanGroupSize() + " poolFill=" + h.shared.pool.fillFraction()
            + " faults desc/blocks/buckets/elems minor=" + h.shared.pool.descriptors().minorFaults() + "/"
            + h.shared.pool.blocks().minorFaults() + "/" + h.shared.pool.buckets().minorFaults() + "/"
            + h.shared.pool.elements().minorFaults() + " fresh blocks=" + h.shared.pool.blocks().freshFaults());
        System.out.println("tp=" + s.throughput() + " events=" + s.events() + " wallMs=" + s.wallMs());
        System.out.println("cpu=" + s.cpu());
        System.out.println("profile=" + s.profile());
        System.out.println("locks=" + s.locks());
        System.out.println("runqlat=" + s.runqlatUs());
        System.out.println("comms=" + s.comms());
        System.out.println("preempt=" + s.preemptions() + " sched=" + s.sched());
    }
}
