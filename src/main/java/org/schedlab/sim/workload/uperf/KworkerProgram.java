package org.schedlab.sim.workload.uperf;

import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.net.PacketFifo;

/**
 * A workqueue worker (worker_thread): runs queued irqfd inject works one by one -
 * irqfd_inject() -> kvm_set_irq(), which hands the interrupt to the guest's vCPU - and sleeps
 * when its list is empty. A per-CPU worker ({@code kworker/N:1}) is bound to CPU N and serves
 * works queued there (schedule_work() on system_percpu_wq from the vhost thread's CPU); an
 * unbound worker ({@code kworker/uM:K}) serves the shared list of an unbound pool and goes
 * wherever the scheduler places it. Its wake-up is an ordinary fair wake-up: under lazy
 * preemption, on a busy CPU, it only sets NEED_RESCHED_LAZY.
 */
final class KworkerProgram implements Program {
    private final Fabric fab;
    private final PacketFifo worklist;
    private final boolean unbound;
    private final KernelCode injectCode;
    private final Site idleSite;
    private Task task;
    private int running = -1;
    private boolean sleeping;

    KworkerProgram(Fabric fab, PacketFifo worklist, boolean unbound, KernelCode injectCode, Site idleSite) {
        this.fab = fab;
        this.worklist = worklist;
        this.unbound = unbound;
        this.injectCode = injectCode;
        this.idleSite = idleSite;
    }

    void task(Task t) {
        this.task = t;
    }

    Task task() {
        return task;
    }

    /** insert_work() -> wake_up_worker(): wakes this worker if it sleeps. */
    void notify(TaskContext waker) {
        if (sleeping) {
            waker.wake(task);
        }
    }

    @Override
    public void step(TaskContext ctx) {
        if (sleeping) {
            sleeping = false;
            if (unbound) {
                fab.unboundAwake(this);
            }
        }
        if (running >= 0) {
            fab.injectWork(running, ctx);
            running = -1;
        }
        if (!worklist.isEmpty()) {
            running = worklist.poll();
            fab.clearQueued(running);
            ctx.kernel(fab.p.injectNs(), injectCode);
            return;
        }
        sleeping = true;
        if (unbound) {
            fab.unboundIdle(this);
        }
        ctx.block(idleSite);
    }
}
