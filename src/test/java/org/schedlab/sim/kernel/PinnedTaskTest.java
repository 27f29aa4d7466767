package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import org.junit.jupiter.api.Test;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;

/** A task bound to its CPU (a per-CPU kworker) waits there even when other CPUs are idle. */
class PinnedTaskTest {

    @Test
    void boundTaskStaysOnItsBusyCpuWhileAFreeTaskMovesToTheIdleOne() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.LAZY).withHz(100), 200 * MS);
        Site s = h.kernel.site("work");
        KernelCode code = KernelCode.preemptible(s);
        // a hog in the kernel on CPU 0, never sleeping (bound too, so the balancer leaves it there)
        h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "hog").onCpu(0), loop(c -> c.kernel(1000 * MS, code)));
        Task[] woken = new Task[2];
        woken[0] = h.kernel.createPinnedTask(TaskSpec.fair(2, 2, "kworker/0:1").onCpu(0),
                loop(c -> c.kernel(5 * US, code), c -> c.block(s)));
        woken[1] = h.spawn(TaskSpec.fair(3, 3, "free").onCpu(0), loop(c -> c.kernel(5 * US, code), c -> c.block(s)));
        // a waker on CPU 1 wakes both every 2 ms
        h.spawn(TaskSpec.fair(4, 4, "waker").onCpu(1), loop(c -> {
            c.wake(woken[0]);
            c.wake(woken[1]);
            c.sleep(2 * MS, s);
        }));
        h.runUntil(200 * MS);
        Dataset d = h.finish();
        int pinnedId = woken[0].id();
        int freeId = woken[1].id();
        long pinnedOnCpu1 = 0;
        long freeOnCpu1 = 0;
        for (CpuLane lane : d.cpus()) {
            Intervals sl = lane.slices();
            for (int i = 0; i < sl.size(); i++) {
                if (lane.cpu() == 1 && sl.task(i) == pinnedId) {
                    pinnedOnCpu1 += sl.durationNs(i);
                }
                if (lane.cpu() == 1 && sl.task(i) == freeId) {
                    freeOnCpu1 += sl.durationNs(i);
                }
            }
        }
        assertEquals(0, pinnedOnCpu1, "the bound task never ran on CPU 1");
        assertTrue(freeOnCpu1 > 0, "the free task was placed on the idle CPU");
        assertTrue(woken[0].isPinned());
        SimStats st = h.kernel.stats();
        double kworkerUs = st.groupRunqlat(st.groups().indexOf("kworker")).getMean() / 1000;
        assertTrue(kworkerUs > 1000, "under lazy it waits for the hog tick: " + kworkerUs + " us");
    }

    @Test
    void aBoundTaskNeedsAValidCpu() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.FULL), 0);
        Program p = c -> c.exit();
        assertThrows(IllegalArgumentException.class, () -> h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "k"), p));
        assertThrows(IllegalArgumentException.class,
                () -> h.kernel.createPinnedTask(TaskSpec.fair(1, 1, "k").onCpu(2), p));
    }
}
