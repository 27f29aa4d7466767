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

    /** Per entry three words: a, b (the step's numbers), kind; one array keeps a plan on few lines. */
    private long[] words = new long[48];
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
        if (tail > head && kindAt(tail - 1) == USER && ref[tail - 1] == site) {
            words[3 * (tail - 1)] += ns;
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
        if (tail > head && (kindAt(tail - 1) == USER || kindAt(tail - 1) == SYSCALL || kindAt(tail - 1) == KERNEL)) {
            words[3 * (tail - 1)] += ns;
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
            byte k = kindAt(i);
            long x = words[3 * i];
            long y = words[3 * i + 1];
            if (head == tail) {
                head = 0;
                tail = 0;
            }
            switch (k) {
                case USER:
                    ctx.user(x, (Site) r);
                    chainComputeSteps(ctx);
                    return true;
                case FAULT:
                    ctx.fault(x, y, (Site) r);
                    chainComputeSteps(ctx);
                    return true;
                case SYSCALL:
                    ctx.syscall(x, (KernelCode) r);
                    chainComputeSteps(ctx);
                    return true;
                case KERNEL:
                    ctx.kernel(x, (KernelCode) r);
                    chainComputeSteps(ctx);
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

    /**
     * Hands the compute steps planned right after the one just issued to the kernel as a chain
     * (they follow each other with nothing in between: the kernel needs no event for their
     * boundaries unless a resched flag makes one a preemption point). Stops at anything else.
     */
    private void chainComputeSteps(TaskContext ctx) {
        while (head != tail) {
            int i = head;
            byte k = kindAt(i);
            boolean chained;
            switch (k) {
                case USER:
                    chained = ctx.thenUser(words[3 * i], (Site) ref[i]);
                    break;
                case FAULT:
                    chained = ctx.thenFault(words[3 * i], words[3 * i + 1], (Site) ref[i]);
                    break;
                case SYSCALL:
                    chained = ctx.thenSyscall(words[3 * i], (KernelCode) ref[i]);
                    break;
                case KERNEL:
                    chained = ctx.thenKernel(words[3 * i], (KernelCode) ref[i]);
                    break;
                default:
                    return;
            }
            if (!chained) {
                return;
            }
            ref[i] = null;
            head++;
            if (head == tail) {
                head = 0;
                tail = 0;
            }
        }
    }

    private void add(byte k, long x, long y, Object r) {
        if (tail == ref.length) {
            if (head > 0) {
                int n = tail - head;
                System.arraycopy(words, 3 * head, words, 0, 3 * n);
                System.arraycopy(ref, head, ref, 0, n);
                Arrays.fill(ref, n, tail, null);
                head = 0;
                tail = n;
            } else {
                words = Arrays.copyOf(words, words.length * 2);
                ref = Arrays.copyOf(ref, ref.length * 2);
            }
        }
        int w = 3 * tail;
        words[w] = x;
        words[w + 1] = y;
        words[w + 2] = k;
        ref[tail] = r;
        tail++;
    }

    private byte kindAt(int i) {
        return (byte) words[3 * i + 2];
    }
}
