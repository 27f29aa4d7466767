package org.schedlab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.MachineConfig;
import org.schedlab.sim.kernel.PreemptionModel;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.record.Recorder;

/**
 * The cost per event of the engine and the kernel alone, at case A's scale: 96 CPUs and 1,120
 * tasks (1,024 backends and 96 pgbench threads) that only compute and sleep, with no locks,
 * page tables or workload program behind them. Each cycle is a step end, a block into
 * schedule(), a timer wake-up with its placement and IPI, and a context switch - the skeleton
 * of case A's events. What case A costs per event above this is its workload's.
 *
 * <p>Usage: {@code KernelFloor [userUs] [sleepUs] [runs]} (defaults 20, 50, 5); 1.2 s simulated.
 */
public final class KernelFloor {
    private static final int CPUS = 96;
    private static final int TASKS = 1_120;
    private static final long SIMULATED_NS = 1_200_000_000L;

    private KernelFloor() {
    }

    public static void main(String[] args) {
        long userNs = (args.length > 0 ? Long.parseLong(args[0]) : 20) * 1_000;
        long sleepNs = (args.length > 1 ? Long.parseLong(args[1]) : 50) * 1_000;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        run(userNs, sleepNs); // warm-up
        double[] nsPerEvent = new double[runs];
        long events = 0;
        for (int i = 0; i < runs; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            events = run(userNs, sleepNs);
            nsPerEvent[i] = (double) (mx.getCurrentThreadCpuTime() - c0) / events;
        }
        Arrays.sort(nsPerEvent);
        System.out.printf(Locale.ROOT, "kernel floor: %d CPUs, %d tasks, %d us compute / %d us sleep, %d events"
                        + " per run%nthread CPU per event: min %.0f ns, median %.0f ns (%d runs)%n", CPUS, TASKS,
                userNs / 1_000, sleepNs / 1_000, events, nsPerEvent[0], nsPerEvent[runs / 2], runs);
    }

    private static long run(long userNs, long sleepNs) {
        Engine engine = new Engine();
        Kernel k = new Kernel(engine, MachineConfig.defaults(CPUS, PreemptionModel.LAZY), new RandomStreams(1),
                Recorder.none());
        Site site = k.site("work");
        for (int i = 0; i < TASKS; i++) {
            boolean[] computeNext = {true};
            k.createTask(TaskSpec.fair(i + 1, i + 1, "t"), ctx -> {
                if (computeNext[0]) {
                    ctx.user(userNs, site);
                } else {
                    ctx.sleep(sleepNs, site);
                }
                computeNext[0] = !computeNext[0];
            });
        }
        k.start(0);
        engine.runUntil(SIMULATED_NS, () -> false);
        return engine.eventCount();
    }
}
