package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.record.Recorder;

/** The incremental avg_vruntime and the EEVDF pick agree with a brute-force reading of fair.c. */
class FairRunqueueTest {
    private static final int[] NICE = {-5, 0, 0, 0, 3, 10};

    @Test
    void incrementalAverageAndPickMatchBruteForce() {
        Kernel k = new Kernel(new Engine(), MachineConfig.defaults(1, PreemptionModel.FULL), new RandomStreams(1),
                Recorder.none());
        SplittableRandom r = new SplittableRandom(5);
        FairRunqueue rq = new FairRunqueue();
        List<Task> in = new ArrayList<>();
        long base = 1L << 40; // large absolute vruntimes, as after a long run
        for (int i = 0; i < 20_000; i++) {
            if (in.isEmpty() || r.nextInt(3) > 0 && in.size() < 40) {
                Task t = new Task(k, i, new TaskSpec(i, i, "t", SchedClass.FAIR, NICE[r.nextInt(NICE.length)], 0, -1),
                        0, c -> c.exit(), null);
                base += r.nextLong(-2_000_000, 3_000_000);
                t.vruntime = base + r.nextLong(0, 10_000_000);
                t.deadline = t.vruntime + r.nextLong(1, 3_000_000);
                rq.add(t);
                in.add(t);
            } else {
                rq.remove(in.remove(r.nextInt(in.size())));
            }
            Task curr = r.nextBoolean() && !in.isEmpty() ? null : fresh(k, base + r.nextLong(0, 5_000_000), r);
            if (in.isEmpty()) {
                continue;
            }
            assertEquals(bruteAvg(in, curr), rq.avgVruntime(curr), "op " + i);
            assertSame(brutePick(in, curr), rq.pick(curr, false), "op " + i);
        }
    }

    private static Task fresh(Kernel k, long v, SplittableRandom r) {
        Task t = new Task(k, -1 >>> 1, TaskSpec.fair(0, 0, "curr"), 0, c -> c.exit(), null);
        t.vruntime = v;
        t.deadline = v + r.nextLong(1, 3_000_000);
        return t;
    }

    private static long bruteAvg(List<Task> in, Task curr) {
        java.math.BigInteger key = java.math.BigInteger.ZERO;
        long load = 0;
        for (Task t : all(in, curr)) {
            key = key.add(java.math.BigInteger.valueOf(t.vruntime).multiply(java.math.BigInteger.valueOf(t.weight)));
            load += t.weight;
        }
        java.math.BigInteger[] qr = key.divideAndRemainder(java.math.BigInteger.valueOf(load));
        long q = qr[0].longValueExact();
        return qr[1].signum() < 0 ? q - 1 : q;
    }

    private static Task brutePick(List<Task> in, Task curr) {
        java.math.BigInteger key = java.math.BigInteger.ZERO;
        long load = 0;
        for (Task t : all(in, curr)) {
            key = key.add(java.math.BigInteger.valueOf(t.vruntime).multiply(java.math.BigInteger.valueOf(t.weight)));
            load += t.weight;
        }
        Task best = null;
        for (Task t : in) {
            boolean eligible = key.compareTo(java.math.BigInteger.valueOf(t.vruntime)
                    .multiply(java.math.BigInteger.valueOf(load))) >= 0;
            if (eligible && (best == null || t.deadline < best.deadline)) {
                best = t;
            }
        }
        if (curr != null && key.compareTo(java.math.BigInteger.valueOf(curr.vruntime)
                .multiply(java.math.BigInteger.valueOf(load))) >= 0 && (best == null || curr.deadline < best.deadline)) {
            best = curr;
        }
        return best;
    }

    private static List<Task> all(List<Task> in, Task curr) {
        List<Task> a = new ArrayList<>(in);
        if (curr != null) {
            a.add(curr);
        }
        return a;
    }
}
