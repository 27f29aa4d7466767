package org.schedlab.sim.workload.pgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.kernel.Kernel;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Sites;
import org.schedlab.sim.kernel.SpinTarget;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;

class StepPlanTest {
    /** Records the steps issued, as text. */
    static final class Recording implements TaskContext {
        final List<String> steps = new ArrayList<>();

        public int id() { return 0; }
        public int tid() { return 1; }
        public String comm() { return "t"; }
        public long nowNs() { return 0; }
        public RandomGenerator random() { throw new UnsupportedOperationException(); }
        public Kernel kernel() { throw new UnsupportedOperationException(); }
        public void user(long ns, Site site) { steps.add("user " + ns + " " + site.name()); }
        public void syscall(long ns, KernelCode code) { steps.add("syscall " + ns); }
        public void kernel(long ns, KernelCode code) { steps.add("kernel " + ns); }
        public void fault(long p, long a, Site site) { steps.add("fault " + p + "+" + a); }
        public void spin(SpinTarget t, long b, Site s, boolean k) { steps.add("spin"); }
        public void sleep(long ns, Site site) { steps.add("sleep " + ns); }
        public void ioWait(long ns, Site site) { steps.add("io " + ns); }
        public void block(Site site) { steps.add("block"); }
        public void blockUninterruptible(Site site) { steps.add("block D"); }
        public void yield() { steps.add("yield"); }
        public void exit() { steps.add("exit"); }
        public void wake(Task other) { steps.add("wake"); }
        public void completed(double units) { steps.add("completed"); }
        public void operationDone(int op, long startedNs) { steps.add("operationDone"); }
        public void rseqBegin() { }
        public void rseqEnd() { }
    }

    private final Sites sites = new Sites();
    private final Site a = sites.site("a");
    private final Site b = sites.site("b");

    @Test
    void consecutiveUserWorkAtOneSiteIsOneStepAndStallsExtendTheStepInProgress() {
        StepPlan plan = new StepPlan();
        plan.user(100, a);
        plan.user(50, a);
        plan.extend(7, a);
        plan.user(10, b);
        plan.fault(900, 300, a);
        plan.extend(5, a);
        Recording r = new Recording();
        while (plan.issue(r, (x, y, c) -> { })) {
            r.steps.add("|");
        }
        assertEquals(List.of("user 157 a", "|", "user 10 b", "|", "fault 900+300", "|", "user 5 a", "|"), r.steps);
    }

    @Test
    void actionsRunWhenThePlanReachesThemAndMayPlanMore() {
        StepPlan plan = new StepPlan();
        plan.syscall(10, KernelCode.preemptible(a));
        plan.action(1, 42);
        Recording r = new Recording();
        List<Long> acted = new ArrayList<>();
        StepPlan.Actions actions = (x, y, c) -> {
            acted.add(y);
            plan.ioWait(500, a);
        };
        assertTrue(plan.issue(r, actions));
        assertEquals(List.of(), acted, "the action waits for the syscall to be done");
        assertTrue(plan.issue(r, actions));
        assertEquals(List.of(42L), acted);
        assertEquals(List.of("syscall 10", "io 500"), r.steps);
        assertFalse(plan.issue(r, actions));
        assertTrue(plan.isEmpty());
    }
}
