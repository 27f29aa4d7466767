package org.schedlab.sim.workload.pgbench;

import java.util.HashMap;
import java.util.Map;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;

/** Manual probe: throughput counters over time from warm-up start (not a test). */
public final class PgbenchTimeline {
    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            o.put(a.substring(0, eq), a.substring(eq + 1));
        }
        o.putIfAbsent("warmupMs", "0");
        RunResult r = Simulation.run(PgbenchTestScenario.graviton4(), o, Simulation.Options.recording(1000), () -> false);
        Dataset d = r.dataset().orElseThrow();
        for (CounterSeries c : d.counters()) {
            StringBuilder sb = new StringBuilder(c.name() + ":");
            for (int i = 0; i < c.size(); i++) {
                sb.append(' ').append(Math.round(c.value(i)));
            }
            System.out.println(sb);
        }
        org.schedlab.model.LockLane l = d.locks().get(0);
        org.schedlab.model.Intervals h = l.holds();
        int shown = 0;
        long[] hist = new long[8];
        for (int i = 0; i < h.size(); i++) {
            long dur = h.durationNs(i);
            int b = dur < 1000 ? 0 : dur < 2000 ? 1 : dur < 5000 ? 2 : dur < 10000 ? 3 : dur < 20000 ? 4 : dur < 50000 ? 5 : dur < 100000 ? 6 : 7;
            hist[b]++;
            if (h.startNs(i) > 120_000_000L && dur > 15_000 && shown < 6) {
                shown++;
                int task = h.task(i);
                StringBuilder sb = new StringBuilder("hold " + dur + "ns task " + task + ":");
                for (org.schedlab.model.CpuLane c : d.cpus()) {
                    org.schedlab.model.Intervals s = c.slices();
                    for (int k = 0; k < s.size(); k++) {
                        if (s.task(k) == task && s.endNs(k) > h.startNs(i) && s.startNs(k) < h.endNs(i)) {
                            sb.append(" [cpu").append(c.cpu()).append(' ').append(c.state(k)).append(' ')
                              .append(s.startNs(k) - h.startNs(i)).append("..").append(s.endNs(k) - h.startNs(i)).append(']');
                        }
                    }
                }
                d.taskLane(task).ifPresent(tl -> {
                    for (int k = 0; k < tl.intervals().size(); k++) {
                        if (tl.intervals().endNs(k) > h.startNs(0) && false) { }
                    }
                });
                System.out.println(sb);
            }
        }
        System.out.println("hold histogram <1,<2,<5,<10,<20,<50,<100,>=100us: " + java.util.Arrays.toString(hist));
    }
}
