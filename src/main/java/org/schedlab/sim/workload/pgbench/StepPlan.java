package org.schedlab.sim.workload.pgbench;

import java.util.Arrays;
import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.Task;
import org.schedlab.sim.kernel.TaskContext;

/**
 * A short queue of steps a program has decided on (user work, faults, kernel work, I/O
 * waits, blocking) and of immediate actions between them (waking a task, a program-defined
 * action), held in primitive arrays so a program can plan a sequence once and hand it to the
 * kernel one step per call, allocating nothing. Consecutive user work at the same site is
 * merged into one step: it is the same instructions to the scheduler.
 */
final class StepPlan {
    private static final byte USER = 1;
    private static final byte FAULT = 2;
    private static final byte SYSCALL = 3;
    private static final byte KERNEL = 4;
    private static final byte IO_WAIT = 5;
    private static final byte BLOCK = 6;
    private static final byte WAKE = 7;
    private static final byte ACTION = 8;

    /** Program-defined immediate actions, run when the plan reaches them. */
    interface Actions {
        void act(int action, long arg, TaskContext ctx);
    }

    private byte[] kind = new byte[16];
    private long[] a = new long[16];
    private long[] b = new long[16];
    private Object[] ref = new Object[16];
    private int head;
    private int tail;

    boolean isEmpty() {
        return head == tail;
    }

    void clear() {
        Arrays.fill(ref, head, tail, null);
        head = 0;
        tail = 0;
    }

    void user(long ns, Site site) {
        if (ns <= 0) {
            return;
        }
        if (tail > head && kind[tail - 1] == USER && ref[tail - 1] == site) {
            a[tail - 1] += ns;
            return;
        }
        add(USER, ns, 0, site);
    }

    void fault(long preemptibleNs, long atomicNs, Site site) {
        add(FAULT, preemptibleNs, atomicNs, site);
    }

    void syscall(long ns, KernelCode code) {
        add(SYSCALL, ns, 0, code);
    }

    void kernel(long ns, KernelCode code) {
        if (ns <= 0) {
            return;
        }
        add(KERNEL, ns, 0, code);
    }

    void ioWait(long ns, Site site) {
        add(IO_WAIT, ns, 0, site);
    }

    void block(Site site) {
        add(BLOCK, 0, 0, site);
    }

    /** Wakes {@code task} (try_to_wake_up from this task's CPU) when the plan gets here. */
    void wake(Task task) {
        add(WAKE, 0, 0, task);
    }

    /** Runs {@code Actions.act(action, arg)} when the plan gets here. */
    void action(int action, long arg) {
        add(ACTION, action, arg, null);
    }

    /** Adds {@code ns} to the last planned step (a stall inside it), or plans user work. */
    void extend(long ns, Site userSite) {
        if (ns <= 0) {
            return;
        }
        if (tail > head && (kind[tail - 1] == USER || kind[tail - 1] == SYSCALL || kind[tail - 1] == KERNEL)) {
            a[tail - 1] += ns;
        } else {
            user(ns, userSite);
        }
    }

    /**
     * Runs immediate actions up to the next step and issues it; false when the plan ran out
     * before a step (the program must choose one itself).
     */
    boolean issue(TaskContext ctx, Actions actions) {
        while (head != tail) {
            int i = head++;
            Object r = ref[i];
            ref[i] = null;
            byte k = kind[i];
            long x = a[i];
            long y = b[i];
            if (head == tail) {
                head = 0;
                tail = 0;
            }
            switch (k) {
                case USER:
                    ctx.user(x, (Site) r);
                    return true;
                case FAULT:
                    ctx.fault(x, y, (Site) r);
                    return true;
                case SYSCALL:
                    ctx.syscall(x, (KernelCode) r);
                    return true;
                case KERNEL:
                    ctx.kernel(x, (KernelCode) r);
                    return true;
                case IO_WAIT:
                    ctx.ioWait(x, (Site) r);
                    return true;
                case BLOCK:
                    ctx.block((Site) r);
                    return true;
                case WAKE:
                    ctx.wake((Task) r);
                    break;
                default:
                    actions.act((int) x, y, ctx);
                    break;
            }
        }
        return false;
    }

    private void add(byte k, long x, long y, Object r) {
        if (tail == kind.length) {
            if (head > 0) {
                int n = tail - head;
                System.arraycopy(kind, head, kind, 0, n);
                System.arraycopy(a, head, a, 0, n);
                System.arraycopy(b, head, b, 0, n);
                System.arraycopy(ref, head, ref, 0, n);
                Arrays.fill(ref, n, tail, null);
                head = 0;
                tail = n;
            } else {
                int cap = kind.length * 2;
                kind = Arrays.copyOf(kind, cap);
                a = Arrays.copyOf(a, cap);
                b = Arrays.copyOf(b, cap);
                ref = Arrays.copyOf(ref, cap);
            }
        }
        kind[tail] = k;
        a[tail] = x;
        b[tail] = y;
        ref[tail] = r;
        tail++;
    }
}
