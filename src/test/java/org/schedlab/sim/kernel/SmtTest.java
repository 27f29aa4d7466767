package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;

/**
 * SMT: a hyperthread computes at the calibrated rate while its sibling computes too, and
 * {@code soloSpeedup} times faster while the sibling is idle or spins (PAUSE); time accounting
 * is unchanged (CPU state shares still add up to the run).
 */
class SmtTest {
    private static final double SOLO = 1.6;
    private static final long RUN_NS = 100 * MS;
    private static final long PIECE_NS = 100 * US;

    /** A spin target nobody ever releases: the spinner spins for its whole budget, again and again. */
    private static final SpinTarget NEVER = new SpinTarget() {
        @Override
        public void spinObserving(Task task, long nowNs) {
        }

        @Override
        public void spinNotObserving(Task task, long nowNs) {
        }
    };

    /** Pieces of user work CPU 0's task completes in the run, with {@code sibling} on CPU 1. */
    private static long piecesOnCpu0(String sibling, boolean smt) {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.FULL), RUN_NS);
        if (smt) {
            Smt.pairSiblings(h.kernel, SOLO);
        }
        Site s = h.kernel.site("work");
        long[] pieces = new long[1];
        h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "worker").onCpu(0), loop(c -> c.user(PIECE_NS, s), c -> {
            pieces[0]++;
            c.kernel(0, KernelCode.preemptible(s));
        }));
        switch (sibling) {
            case "busy":
                h.kernel.createPinnedTask(TaskSpec.fair(2, 2, "sib").onCpu(1), loop(c -> c.user(PIECE_NS, s)));
                break;
            case "spinning":
                h.kernel.createPinnedTask(TaskSpec.fair(2, 2, "sib").onCpu(1),
                        loop(c -> c.spin(NEVER, PIECE_NS, s, true)));
                break;
            default:
                break;
        }
        h.runUntil(RUN_NS);
        Dataset d = h.finish();
        long total = 0;
        for (var lane : d.cpus()) {
            for (int i = 0; i < lane.slices().size(); i++) {
                total += lane.slices().durationNs(i);
            }
        }
        assertEquals(2 * RUN_NS, total, "every ns of both CPUs is accounted once");
        assertEquals(sibling.equals("spinning") ? RUN_NS : 0,
                h.kernel.stats().stateNs[SliceState.SPINNING.code()], 10 * US, "the sibling spins all the time");
        return pieces[0];
    }

    @Test
    void aHyperthreadWithABusySiblingRunsAtTheCalibratedRate() {
        long pieces = piecesOnCpu0("busy", true);
        assertEquals(RUN_NS / PIECE_NS, pieces, 2);
        assertEquals(piecesOnCpu0("busy", false), pieces);
    }

    @Test
    void aHyperthreadWithAnIdleSiblingRunsSoloSpeedupTimesFaster() {
        long pieces = piecesOnCpu0("idle", true);
        assertEquals(SOLO * RUN_NS / PIECE_NS, pieces, 2);
        assertEquals(RUN_NS / PIECE_NS, piecesOnCpu0("idle", false), 2, "without SMT every vCPU is a core");
    }

    @Test
    void aSpinningSiblingLeavesTheCoreToItsSiblingLikeAnIdleOne() {
        assertEquals(piecesOnCpu0("idle", true), piecesOnCpu0("spinning", true), 2);
    }

    @Test
    void theSpeedUpMustBeBetweenOneAndTwo() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.FULL), 0);
        assertThrows(IllegalArgumentException.class, () -> Smt.pairSiblings(h.kernel, 2.5));
        assertThrows(IllegalArgumentException.class, () -> Smt.pairSiblings(h.kernel, 0.9));
    }
}
