package org.schedlab.sim.workload.teach;

import org.schedlab.sim.kernel.KernelCode;
import org.schedlab.sim.kernel.Program;
import org.schedlab.sim.kernel.SchedClass;
import org.schedlab.sim.kernel.Site;
import org.schedlab.sim.kernel.TaskContext;
import org.schedlab.sim.kernel.TaskSpec;
import org.schedlab.sim.scenario.Domains;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.WorkloadContext;

/**
 * T2/T3: task A loops a long system call ({@code sectionUs} of preemptible kernel work, with a
 * {@code cond_resched()} every {@code condReschedUs} and a {@code might_sleep()} point, i.e.
 * {@code might_resched()}, every {@code mightReschedUs} when > 0) separated by {@code aUserUs} of
 * user work; task B ({@code bClass} fair or fifo) sleeps {@code bSleepUs} +/- {@code bJitterUs}
 * and then computes {@code bWorkUs}. B's wake-up-to-run latency (runqlatUs.B) shows what each
 * preemption model lets B do while A is in the kernel.
 */
public final class KernelSectionWorkload implements Workload {
    /**
     * The shortest loop A may have. Each length may be 0 on its own, but the model charges
     * nothing for a system call's own entry and exit (about 0.1 us), so a loop of shorter lengths
     * repeats at a rate no machine reaches: at 0 ns it never lets time pass (the kernel stops the
     * run as a model bug), at 1 ns a default run takes minutes and its recording gigabytes.
     */
    static final long MIN_LOOP_NS = 100;
    /**
     * The shortest mean loop B may have: a real nanosleep, however short, takes about 1 us
     * (system call, hrtimer, wake-up), which the model does not charge either.
     */
    static final long MIN_SLEEP_LOOP_NS = 1000;

    /** B's mean sleep: {@code sleepNs} +/- a uniform {@code jitterNs}, a negative draw sleeping 0. */
    static double meanSleepNs(long sleepNs, long jitterNs) {
        if (sleepNs >= jitterNs) {
            return sleepNs;
        }
        double reach = (double) sleepNs + jitterNs; // the draws above 0 spread uniformly over 0..reach
        return reach * reach / (4.0 * jitterNs);
    }

    @Override
    public String name() {
        return "teach-kernel-section";
    }

    @Override
    public String throughputUnit() {
        return "sections/s";
    }

    @Override
    public void build(WorkloadContext ctx) throws ScenarioException {
        var p = ctx.params();
        // a scenario file may widen the ranges; a negative time means nothing
        Domains.nonNegative(p, "sectionUs", "condReschedUs", "mightReschedUs", "aUserUs", "bSleepUs", "bJitterUs", "bWorkUs");
        long sectionNs = p.usAsNs("sectionUs");
        long condNs = p.usAsNs("condReschedUs");
        long aUserNs = p.usAsNs("aUserUs");
        long bSleepNs = p.usAsNs("bSleepUs");
        long bJitterNs = p.usAsNs("bJitterUs");
        long bWorkNs = p.usAsNs("bWorkUs");
        // each length may be 0 on its own, but not a whole loop: see MIN_LOOP_NS, MIN_SLEEP_LOOP_NS
        if (sectionNs + aUserNs < MIN_LOOP_NS) {
            throw new ScenarioException("sectionUs=" + p.string("sectionUs") + " and aUserUs=" + p.string("aUserUs")
                    + ": task A's loop (a system call of sectionUs, then aUserUs of user work) would take under"
                    + " 0.1 us, less than a system call's own entry and exit (which this model does not charge);"
                    + " give sectionUs + aUserUs at least 0.1 us");
        }
        if (bWorkNs + meanSleepNs(bSleepNs, bJitterNs) < MIN_SLEEP_LOOP_NS) {
            throw new ScenarioException("bSleepUs=" + p.string("bSleepUs") + ", bJitterUs=" + p.string("bJitterUs")
                    + " and bWorkUs=" + p.string("bWorkUs") + ": task B's loop (a sleep of bSleepUs +/- bJitterUs,"
                    + " then bWorkUs of user work) would average under 1 us, less than a real sleep's system call,"
                    + " timer and wake-up take (which this model does not charge); give bSleepUs + bWorkUs at least 1 us");
        }
        SchedClass bClass = SchedClass.ofKey(p.string("bClass"))
                .orElseThrow(() -> new ScenarioException("bClass must be fair or fifo"));
        KernelCode section = KernelCode.preemptible(ctx.site("kernel section (A)")).withCondReschedEvery(condNs)
                .withMightReschedEvery(p.usAsNs("mightReschedUs"));
        ctx.spawn(TaskSpec.fair(2001, 2001, "A").onCpu(0),
                new SectionLoop(section, sectionNs, aUserNs, ctx.site("user (A)")));
        TaskSpec b = bClass == SchedClass.FIFO ? TaskSpec.fifo(2002, 2002, "B", 50) : TaskSpec.fair(2002, 2002, "B");
        ctx.spawn(b.onCpu(0), new SleepWork(bSleepNs, bJitterNs, bWorkNs,
                ctx.site("sleep (B)"), ctx.site("user (B)")));
    }

    /** A: syscall section, back to user, repeat. */
    static final class SectionLoop implements Program {
        private final KernelCode section;
        private final long sectionNs;
        private final long userNs;
        private final Site userSite;
        private boolean inSection;

        SectionLoop(KernelCode section, long sectionNs, long userNs, Site userSite) {
            this.section = section;
            this.sectionNs = sectionNs;
            this.userNs = userNs;
            this.userSite = userSite;
        }

        @Override
        public void step(TaskContext ctx) {
            if (inSection) {
                ctx.completed(1);
                ctx.user(userNs, userSite);
            } else {
                ctx.syscall(sectionNs, section);
            }
            inSection = !inSection;
        }
    }

    /** B: sleep a jittered while, then a short burst of work. */
    static final class SleepWork implements Program {
        private final long sleepNs;
        private final long jitterNs;
        private final long workNs;
        private final Site sleepSite;
        private final Site workSite;
        private boolean sleptLast;

        SleepWork(long sleepNs, long jitterNs, long workNs, Site sleepSite, Site workSite) {
            this.sleepNs = sleepNs;
            this.jitterNs = jitterNs;
            this.workNs = workNs;
            this.sleepSite = sleepSite;
            this.workSite = workSite;
        }

        @Override
        public void step(TaskContext ctx) {
            if (sleptLast) {
                ctx.user(workNs, workSite);
            } else {
                long j = jitterNs > 0 ? ctx.random().nextLong(-jitterNs, jitterNs + 1) : 0;
                ctx.sleep(Math.max(0, sleepNs + j), sleepSite);
            }
            sleptLast = !sleptLast;
        }
    }
}
