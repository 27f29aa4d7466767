package org.schedlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.sim.kernel.Harness.MS;
import static org.schedlab.sim.kernel.Harness.US;
import static org.schedlab.sim.kernel.Harness.loop;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;

/**
 * A simulated wake-up names its waker as perf's sched_waking line does: the task current on the
 * CPU that ran try_to_wake_up, {@code <idle>} for a timer interrupt on an idle CPU.
 */
class WakerTest {

    /** The wakers of every wake-up mark of {@code task}; there are some. */
    private static int[] wakersOf(Dataset d, int task) {
        Marks m = d.marks();
        int[] out = new int[m.size()];
        int n = 0;
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.WAKEUP && m.task(i) == task) {
                out[n++] = m.waker(i);
            }
        }
        assertTrue(n > 10, "task " + task + " woke " + n + " times");
        return java.util.Arrays.copyOf(out, n);
    }

    @Test
    void aSleepersTimerOnAnIdleCpuIsTheIdleTasksWakeUp() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.LAZY).withHz(250), 100 * MS);
        Site s = h.kernel.site("sleep");
        Task b = h.spawn(TaskSpec.fair(2, 2, "B").onCpu(1), loop(c -> c.sleep(2500 * US, s), c -> c.user(10 * US, s)));
        h.runUntil(100 * MS);
        for (int w : wakersOf(h.finish(), b.id)) {
            assertEquals(Marks.IDLE_WAKER, w);
        }
    }

    /** The hrtimer interrupts whatever runs on its CPU: the kernel's sched_waking names that task. */
    @Test
    void aSleepersTimerOnABusyCpuNamesTheTaskItInterrupted() {
        Harness h = new Harness(MachineConfig.defaults(1, PreemptionModel.FULL).withHz(250), 100 * MS);
        Site s = h.kernel.site("work");
        Task a = h.spawn(TaskSpec.fair(1, 1, "A"), loop(c -> c.user(1000 * MS, s)));
        Task b = h.spawn(TaskSpec.fair(2, 2, "B"), loop(c -> c.sleep(2500 * US, s), c -> c.user(10 * US, s)));
        h.runUntil(100 * MS);
        for (int w : wakersOf(h.finish(), b.id)) {
            assertEquals(a.id, w);
        }
    }

    /** A futex-style wake from a task on another CPU names that task, whichever CPU the wakee lands on. */
    @Test
    void aTasksWakeCallNamesThatTask() {
        Harness h = new Harness(MachineConfig.defaults(2, PreemptionModel.LAZY).withHz(250), 100 * MS);
        Site s = h.kernel.site("work");
        Task[] b = new Task[1];
        Task w = h.spawn(TaskSpec.fair(3, 3, "W").onCpu(1),
                loop(c -> {
                    c.wake(b[0]);
                    c.user(300 * US, s);
                }));
        b[0] = h.spawn(TaskSpec.fair(2, 2, "B").onCpu(0), loop(c -> c.user(20 * US, s), c -> c.block(s)));
        h.runUntil(100 * MS);
        for (int waker : wakersOf(h.finish(), b[0].id)) {
            assertEquals(w.id, waker);
        }
    }
}
