package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.Marks;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.LookAt;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The step-through explanations of the textbook scenarios: each says the rule of the model the
 * run used, from the reasons the simulator recorded - checked along teach-kernel-section's tour.
 */
class TeachingExplanationsTest {
    private static Dataset run(String scenario, Map<String, String> set) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), set, Simulation.Options.recording(100), () -> false)
                .dataset().orElseThrow();
    }

    private static int task(Dataset d, String comm) {
        return d.tasks().stream().filter(t -> t.comm().equals(comm)).findFirst().orElseThrow().id();
    }

    /** The explanations of every preemption of {@code comm} (the ones that ended its slices). */
    private static List<String> preemptionsOf(Dataset d, String comm) {
        return explanationsOf(d, comm, MarkKind.PREEMPTION);
    }

    /** The explanations of every {@code kind} mark of {@code comm}; there must be some. */
    private static List<String> explanationsOf(Dataset d, String comm, MarkKind kind) {
        int t = task(d, comm);
        List<String> out = new ArrayList<>();
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == kind && m.task(i) == t) {
                out.add(MarkExplainer.explain(d, i));
            }
        }
        assertFalse(out.isEmpty(), comm + " has no " + kind + " mark in " + d.metadata().parameters());
        return out;
    }

    private static void allSay(List<String> lines, String... parts) {
        for (String line : lines) {
            for (String p : parts) {
                assertTrue(line.contains(p), "expected '" + p + "' in: " + line);
            }
        }
    }

    @Test
    void wakeUpDecisionsNameTheRunsScheduler() throws Exception {
        // B sleeps and wakes while A holds the CPU in its kernel section: each wake-up is decided
        // by the fair class's rule, EEVDF's or v5.10 CFS's (CFS's update_curr() asks for nothing;
        // B, placed half a latency behind, is far more than the granularity behind A)
        Map<String, String> full = Map.of("preemption", "full");
        List<String> eevdf = explanationsOf(run("teach-kernel-section", full), "B", MarkKind.WAKEUP);
        // EEVDF: A ran alone past its 700 us slice, so update_curr() at B's wake-up asks for the switch
        assertTrue(eevdf.stream().anyMatch(l -> l.contains("update_curr() finds A past its slice")),
                String.join("\n", eevdf));
        eevdf.forEach(l -> assertFalse(l.contains("CFS"), l));
        List<String> cfs = explanationsOf(run("teach-kernel-section", Map.of("preemption", "full", "scheduler", "cfs")), "B",
                MarkKind.WAKEUP);
        assertTrue(cfs.stream().anyMatch(l -> l.contains("CFS preempts A for B")), String.join("\n", cfs));
        cfs.forEach(l -> assertFalse(l.contains("EEVDF") || l.contains("past its slice"), l));
    }

    @Test
    void theWindowsFirstPreemptionSaysItsWakeUpCameBeforeTheRecording() throws Exception {
        // the tour's first step says "press P: B woke milliseconds earlier"; the first P lands on a
        // preemption whose wake-up is before the recorded window, where the timeline shows only the
        // wait's last 248 us: the line says so instead of leaving the short gap unexplained
        List<String> none = preemptionsOf(run("teach-kernel-section", Map.of("preemption", "none")), "A");
        assertTrue(none.get(0).endsWith("; B woke before the recording began, so it waited longer than the 248.0 us shown"),
                none.get(0));
        for (String later : none.subList(1, none.size())) {
            assertTrue(later.contains("; B waited ") && !later.contains("before the recording"), later);
        }
    }

    @Test
    void kernelSectionTourExplainsEachModelsRule() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        List<LookAt> tour = s.lookAt();
        assertEquals("none", tour.get(0).set().get("preemption"));
        allSay(preemptionsOf(run(s.name(), tour.get(0).set()), "A"),
                "none: A preempted by B", "none does not preempt the kernel", "until its return to user");
        allSay(preemptionsOf(run(s.name(), tour.get(1).set()), "A"),
                "voluntary does not preempt the kernel");
        List<String> full = preemptionsOf(run(s.name(), tour.get(2).set()), "A");
        allSay(full, "full: A preempted by B", "NEED_RESCHED set", "interrupt exit inside the kernel");
        full.forEach(l -> assertFalse(l.contains("LAZY"), l));
        List<String> lazy = preemptionsOf(run(s.name(), tour.get(3).set()), "A");
        allSay(lazy, "lazy: ", "NEED_RESCHED_LAZY (set by this CPU for itself, which needs no IPI under any model)");
        // mostly the tick upgrades the flag inside the section; a wake-up near the section's end
        // is acted on at the return to user first - both are lazy's rule, and both are said
        long upgraded = lazy.stream().filter(l -> l.contains("upgraded to NEED_RESCHED at the next tick")
                && l.contains("interrupt exit inside the kernel")).count();
        long atReturn = lazy.stream().filter(l -> l.contains("acted on at A's return to user, before any tick")).count();
        assertEquals(lazy.size(), upgraded + atReturn, String.join("\n", lazy));
        assertTrue(upgraded > atReturn, String.join("\n", lazy));
        allSay(preemptionsOf(run(s.name(), tour.get(4).set()), "A"),
                "lazy: ", "a FIFO wake-up always sets NEED_RESCHED", "interrupt exit inside the kernel",
                "got the CPU in its wake-up's own interrupt");
        allSay(preemptionsOf(run(s.name(), tour.get(5).set()), "A"),
                "FIFO wake-up", "none does not preempt the kernel", "return to user");
        List<String> cond = preemptionsOf(run(s.name(), tour.get(6).set()), "A");
        long atCondResched = cond.stream().filter(l -> l.contains("switched at a cond_resched() point")).count();
        long atReturnToUser = cond.stream().filter(l -> l.contains("until its return to user")).count();
        assertEquals(cond.size(), atCondResched + atReturnToUser, String.join("\n", cond));
        assertTrue(atCondResched > 3 * atReturnToUser, "wake-ups in the section's last ms wait for its end: "
                + String.join("\n", cond));
    }

    @Test
    void fifoUnderFullIsPreemptedAtOnceAndUnderNoneAtTheSectionsEnd() throws Exception {
        Dataset full = run("teach-kernel-section", Map.of("bClass", "fifo", "preemption", "full"));
        Dataset none = run("teach-kernel-section", Map.of("bClass", "fifo", "preemption", "none"));
        for (int i = 0; i < full.marks().size(); i++) {
            if (full.marks().kind(i) == MarkKind.PREEMPTION) {
                MarkReason r = full.marks().reason(i);
                assertEquals(ReschedCause.WAKEUP_FIFO, r.cause());
                assertEquals(PreemptPoint.IRQ_EXIT_KERNEL, r.point());
            }
        }
        for (int i = 0; i < none.marks().size(); i++) {
            if (none.marks().kind(i) == MarkKind.PREEMPTION) {
                assertEquals(PreemptPoint.RETURN_TO_USER, none.marks().reason(i).point());
            }
        }
        String wake = "";
        for (int i = 0; i < none.marks().size() && wake.isEmpty(); i++) {
            if (none.marks().kind(i) == MarkKind.WAKEUP) {
                wake = MarkExplainer.explain(none, i);
            }
        }
        assertTrue(wake.contains("B woken by A onto CPU 0") && wake.contains("always sets NEED_RESCHED")
                && wake.contains("B waits for A's return to user"), wake);
    }

    @Test
    void remoteWakeupSaysIpiUnderFullAndNoIpiUnderLazy() throws Exception {
        allSay(preemptionsOf(run("teach-remote-wakeup", Map.of("preemption", "full")), "A"),
                "with a reschedule IPI", "interrupt exit to user mode");
        allSay(preemptionsOf(run("teach-remote-wakeup", Map.of("preemption", "lazy")), "A"),
                "NEED_RESCHED_LAZY (no IPI)", "upgraded to NEED_RESCHED at the next tick");
    }

    /**
     * On one CPU the wake-up runs where B is woken onto, so the CPU sets its own flag: under full
     * too, NEED_RESCHED sends no IPI there. "(no IPI)" beside the lazy flag suggested full would
     * have sent one to the CPU itself; a local request says that no model needs one.
     */
    @Test
    void aLazyRequestOnOneCpuSaysNoModelSendsAnIpiForIt() throws Exception {
        Dataset lazy = run("teach-kernel-section", Map.of("preemption", "lazy"));
        List<String> switches = preemptionsOf(lazy, "A");
        List<String> wakeUps = explanationsOf(lazy, "B", MarkKind.WAKEUP).stream()
                .filter(l -> l.contains("NEED_RESCHED_LAZY")).toList();
        assertFalse(wakeUps.isEmpty());
        for (List<String> lines : List.of(switches, wakeUps)) {
            allSay(lines, "NEED_RESCHED_LAZY (set by this CPU for itself, which needs no IPI under any model)");
            lines.forEach(l -> assertFalse(l.contains("(no IPI)") || l.contains("without an IPI"), l));
        }
        // full on the same CPU: NEED_RESCHED, and no IPI said either
        preemptionsOf(run("teach-kernel-section", Map.of("preemption", "full")), "A")
                .forEach(l -> assertFalse(l.contains("IPI to this CPU"), l));
    }

    /**
     * A lazy wake-up from another CPU while A computes in user mode: A has no "return to user"
     * ahead of it (it is there), so the step bar's "runs on until its return to user or the next
     * tick upgrades the flag" sent a student looking for a system call that never comes. What
     * ends the wait is an interrupt on A's CPU returning to user, and lazy sends none: the tick.
     */
    @Test
    void aLazyRemoteWakeUpBesideAUserModeTaskSaysTheTickIsTheInterruptThatActsOnTheFlag() throws Exception {
        List<String> lazy = explanationsOf(run("teach-remote-wakeup", Map.of("preemption", "lazy")), "B",
                MarkKind.WAKEUP);
        allSay(lazy, "lazy: B woken by W onto CPU 0 (from CPU 1)", "NEED_RESCHED_LAZY without an IPI",
                "A is in user mode", "its next tick");
        lazy.forEach(l -> assertFalse(l.contains("until its return to user"), l));
        // in the kernel the return to user is ahead, and the tick upgrades the flag there
        allSay(explanationsOf(run("teach-kernel-section", Map.of("preemption", "lazy")), "B", MarkKind.WAKEUP)
                .stream().filter(l -> l.contains("LAZY")).toList(),
                "A runs on until its return to user or the next tick upgrades the flag");
    }

    /** voluntary's might_resched() points end the wait as cond_resched() ones do: the wake-up says both. */
    @Test
    void aVoluntaryWakeUpInTheKernelNamesMightReschedPointsToo() throws Exception {
        List<String> voluntary = explanationsOf(run("teach-kernel-section", Map.of("preemption", "voluntary")), "B",
                MarkKind.WAKEUP);
        allSay(voluntary.stream().filter(l -> l.contains("does not preempt the kernel")).toList(),
                "return to user or a cond_resched() or might_resched() point");
        List<String> none = explanationsOf(run("teach-kernel-section", Map.of("preemption", "none")), "B",
                MarkKind.WAKEUP);
        none.forEach(l -> assertFalse(l.contains("might_resched"), l));
    }

    @Test
    void fairShareSwitchesAreTheTickFindingTheSliceUsedUp() throws Exception {
        for (String model : new String[] {"none", "full"}) {
            allSay(preemptionsOf(run("teach-fair-share", Map.of("preemption", model)), "A"),
                    model + ": A preempted by B", "the tick found A's slice used up", "interrupt exit to user mode");
        }
    }

    @Test
    void marksWithoutAReasonAreSaidToBeUnexplained() throws Exception {
        Dataset d = Dataset.builder(org.schedlab.model.Metadata.of("trace", "perf-sched-script"))
                .slice(0, 0, 20, -1, org.schedlab.model.SliceState.IDLE)
                .mark(MarkKind.PREEMPTION, 10, 0, -1, "R+")
                .build();
        String line = MarkExplainer.explain(d, 0);
        assertTrue(line.contains("prev_state=R+") && line.contains("reason unknown"), line);
    }
}
