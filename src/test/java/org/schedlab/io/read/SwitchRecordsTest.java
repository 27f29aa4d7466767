package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.io.read.TaskLifetimeTest.lane;
import static org.schedlab.io.read.TaskLifetimeTest.perfLine;
import static org.schedlab.io.read.TaskLifetimeTest.sw;
import static org.schedlab.io.read.TaskLifetimeTest.tasks;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.MarkKind;

/**
 * perf record --switch-events, printed by perf script --show-switch-events: the context switch
 * records drawn as switches when the recording has no sched_switch, counted when it has.
 */
class SwitchRecordsTest {

    /**
     * A PERF_RECORD_SWITCH_CPU_WIDE record as perf_event__fprintf_switch (tools/perf/util/event.c)
     * prints it after the sample's columns: " %s  %s pid/tid: %5d/%-5d", the first "IN         ",
     * "OUT        " or "OUT preempt", then "next" after OUT and "prev" after IN.
     */
    static String wide(String inOut, int pid, int tid) {
        String word = inOut.startsWith("OUT") ? "next" : "prev";
        return String.format(java.util.Locale.ROOT, "PERF_RECORD_SWITCH_CPU_WIDE %-11s  %s pid/tid: %5d/%-5d", inOut,
                word, pid, tid);
    }

    /** A cycles sample as perf script prints it by default (period, event, ip, symbol, dso). */
    private static String cycles(String sym) {
        return "    250000 cycles:P:  ffffffff81a0b1c2 " + sym + " ([kernel.kallsyms])";
    }

    /**
     * perf record -a -e cycles --switch-events: bash runs on cpu 0 and sleeps; java (5000/5001)
     * runs on cpu 1, is preempted by a kworker and runs again. Each switch is an OUT record in the
     * task switched out and an IN record in the one switched in; the idle task is swapper, 0/0.
     */
    private static final String SWITCHES = String.join("\n",
            perfLine("swapper", 0, 0, "100.000000", wide("OUT preempt", 4241, 4241)),
            perfLine("bash", 4241, 0, "100.000005", wide("IN", 0, 0)),
            perfLine("bash", 4241, 0, "100.000100", cycles("native_write_msr+0x4")),
            perfLine("swapper", 0, 1, "100.000150", wide("OUT preempt", 5000, 5001)),
            perfLine("java", 5001, 1, "100.000155", wide("IN", 0, 0)),
            perfLine("bash", 4241, 0, "100.000300", wide("OUT", 0, 0)),
            perfLine("swapper", 0, 0, "100.000305", wide("IN", 4241, 4241)),
            perfLine("java", 5001, 1, "100.000400", wide("OUT preempt", 77, 77)),
            perfLine("kworker/1:1", 77, 1, "100.000405", wide("IN", 5000, 5001)),
            perfLine("kworker/1:1", 77, 1, "100.000500", wide("OUT", 5000, 5001)),
            perfLine("java", 5001, 1, "100.000505", wide("IN", 77, 77)),
            perfLine("java", 5001, 1, "100.001000", cycles("do_syscall_64+0x5c")),
            "");

    private static List<String> slices(Dataset d, int cpu) {
        Intervals s = d.cpus().get(cpu).slices();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            out.add((s.task(i) == Intervals.NO_TASK ? "idle" : d.task(s.task(i)).label()) + " " + s.startNs(i) / 1000
                    + "-" + s.endNs(i) / 1000);
        }
        return out;
    }

    @Test
    void withoutSchedSwitchTheCpuWideOutRecordsAreTheContextSwitches() throws Exception {
        ImportResult r = Fixtures.importText("switches.txt", SWITCHES);
        FileReport f = r.report().files().get(0);
        assertEquals(0, f.skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        // the lanes were empty: the records were counted by name, no CPU drawn
        assertEquals(List.of("bash[4241] 100000000-100000300", "idle 100000300-100001000"), slices(d, 0));
        assertEquals(List.of("java[5001] 100000150-100000400", "kworker/1:1[77] 100000400-100000500",
                "java[5001] 100000500-100001000"), slices(d, 1));
        assertEquals(5000, tasks(d, 5001).get(0).pid(), "the record's pid/tid gives the thread group");
        // OUT preempt: still runnable, waiting for the CPU; a plain OUT is read as a sleep
        assertEquals(List.of("running 100000150-100000400", "runnable 100000400-100000500",
                "running 100000500-100001000"), lane(d, tasks(d, 5001).get(0)));
        assertEquals(List.of("running 100000000-100000300", "sleeping 100000300-100001000"),
                lane(d, tasks(d, 4241).get(0)));
        assertEquals(1, d.marks().count(MarkKind.PREEMPTION));
        assertEquals(5, r.report().events());
        assertTrue(f.notes().contains("5 PERF_RECORD_SWITCH_CPU_WIDE OUT records (perf record --switch-events) drawn"
                + " as the context switches (5 IN records, the same switches seen from the task switched in, read"
                + " past), the recording having no sched_switch events: a switch-out without \"preempt\" is read as"
                + " a sleep (S), the record does not tell a sleep from a blocked wait (D); record sched:sched_switch"
                + " (perf record -e sched:sched_switch) for the state"), f.notes().toString());
    }

    @Test
    void aTaskKnownOnlyAsASwitchRecordsNextTakesTheCommItsSamplesPrint() throws Exception {
        // java 5000/5001 is switched in on cpu 1 and runs to the end: no OUT record of its own names it,
        // its samples do ("java 5001 [001] ..."), as perf script names the thread; the kworker (78) is
        // sampled before a switch record names it as next, on cpu 0
        String text = String.join("\n",
                perfLine("kworker/0:2", 78, 2, "100.000050", cycles("process_one_work+0x1a")),
                perfLine("perf", 4242, 2, "100.000060", cycles("perf_poll+0x10")),
                perfLine("swapper", 0, 1, "100.000150", wide("OUT preempt", 5000, 5001)),
                perfLine("java", 5001, 1, "100.000155", wide("IN", 0, 0)),
                perfLine("java", 5001, 1, "100.000400", cycles("do_syscall_64+0x5c")),
                perfLine("swapper", 0, 0, "100.000500", wide("OUT preempt", 78, 78)),
                perfLine("swapper", 0, 0, "100.001000", cycles("intel_idle+0x2f")),
                "");
        ImportResult r = Fixtures.importText("switches.txt", text);
        assertEquals(0, r.report().files().get(0).skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("java[5001]"), tasks(d, 5001).stream().map(org.schedlab.model.TaskInfo::label).toList(),
                "not <5001>[5001]");
        assertEquals(5000, tasks(d, 5001).get(0).pid());
        assertEquals(List.of("kworker/0:2[78]"), tasks(d, 78).stream().map(org.schedlab.model.TaskInfo::label)
                .toList());
        assertEquals(List.of("java[5001] 100000150-100001000"), slices(d, 1));
        // a sample names no task on its own: perf (4242), only sampled, is no task
        assertEquals(List.of(), tasks(d, 4242));
    }

    @Test
    void theCommLastPrintedBeforeTheSwitchAndASwitchRecordsOwnLineNameTheNextTask() throws Exception {
        // 5001 is sampled as bash, then as java (it exec'd) before a switch record names it as next;
        // 6001 is never sampled: only its own IN record's line ("java 6001 [000] ...") names it
        String text = String.join("\n",
                perfLine("bash", 5001, 2, "100.000010", cycles("do_syscall_64+0x5c")),
                perfLine("java", 5001, 2, "100.000050", cycles("do_syscall_64+0x5c")),
                perfLine("swapper", 0, 1, "100.000150", wide("OUT preempt", 5000, 5001)),
                perfLine("swapper", 0, 0, "100.000200", wide("OUT preempt", 6000, 6001)),
                perfLine("java", 6001, 0, "100.000205", wide("IN", 0, 0)),
                perfLine("swapper", 0, 1, "100.001000", cycles("intel_idle+0x2f")),
                "");
        ImportResult r = Fixtures.importText("switches.txt", text);
        assertEquals(0, r.report().files().get(0).skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("java[5001]"), tasks(d, 5001).stream().map(org.schedlab.model.TaskInfo::label).toList(),
                "the comm it had when switched in");
        assertEquals(List.of("java[6001]"), tasks(d, 6001).stream().map(org.schedlab.model.TaskInfo::label).toList(),
                "not <6001>[6001]");
    }

    @Test
    void aMissingSwitchRecordIsNamedAsARecordAndCyclesSamplesAreCountedUnderTheirEventName() throws Exception {
        // java's switch-out to the kworker lost: the kworker's OUT then switches out a task cpu 1 never switched in
        String lost = perfLine("java", 5001, 1, "100.000400", wide("OUT preempt", 77, 77));
        assertTrue(SWITCHES.contains(lost + "\n"));
        ImportResult r = Fixtures.importText("switches.txt", SWITCHES.replace(lost + "\n", ""));
        FileReport f = r.report().files().get(0);
        String notes = f.notes().toString();
        assertTrue(notes.contains("1 PERF_RECORD_SWITCH_CPU_WIDE OUT record switched out a task the CPU's last"
                + " PERF_RECORD_SWITCH_CPU_WIDE OUT record had not switched in (a PERF_RECORD_SWITCH_CPU_WIDE OUT"
                + " record missing), at line "), notes);
        assertTrue(!notes.contains("last sched_switch") && !notes.contains("sched_switch event missing"),
                "the recording has no sched_switch: " + notes);
        // "cycles:P:" is the event cycles with its modifier P (precise), not an event named "P"
        assertTrue(notes.contains("other events, counted but not drawn: cycles:P (2)"), notes);
    }

    @Test
    void withSchedSwitchTheSwitchRecordsAreCountedAndTheReportSaysSo() throws Exception {
        // perf record -e sched:sched_switch --switch-events: the tracepoint (traced in __schedule) comes
        // before the OUT record (prepare_task_switch) of the same switch
        String text = String.join("\n",
                perfLine("swapper", 0, 0, "100.000000", sw("swapper/0", 0, "R", "bash", 4241)),
                perfLine("swapper", 0, 0, "100.000001", wide("OUT preempt", 4241, 4241)),
                perfLine("bash", 4241, 0, "100.000005", wide("IN", 0, 0)),
                perfLine("bash", 4241, 0, "100.000300", sw("bash", 4241, "D", "swapper/0", 0)),
                perfLine("bash", 4241, 0, "100.000301", wide("OUT", 0, 0)),
                perfLine("swapper", 0, 0, "100.000305", wide("IN", 4241, 4241)),
                perfLine("swapper", 0, 0, "100.001000", sw("swapper/0", 0, "R", "bash", 4241)),
                "");
        ImportResult r = Fixtures.importText("both.txt", text);
        FileReport f = r.report().files().get(0);
        assertEquals(0, f.skippedLines(), r.report().warnings().toString());
        Dataset d = r.dataset();
        assertEquals(List.of("bash[4241] 100000000-100000300", "idle 100000300-100001000"), slices(d, 0));
        assertEquals(List.of("running 100000000-100000300", "blocked 100000300-100001000"),
                lane(d, tasks(d, 4241).get(0)), "sched_switch's D, not the record's plain OUT");
        assertEquals(3, r.report().events());
        assertTrue(f.notes().contains("4 perf switch records (PERF_RECORD_SWITCH, _CPU_WIDE) counted, not drawn:"
                + " the sched_switch events give the switches"), f.notes().toString());
    }

    @Test
    void aSwitchRecordCutOrDamagedNamesTheShapeExpected() throws Exception {
        String[] lines = SWITCHES.split("\n");
        lines[5] = lines[5].substring(0, lines[5].indexOf("pid/tid:") + 10); // "... next pid/tid:   ": cut
        lines[7] = lines[7].replace("OUT preempt", "OUT sideways");
        // a task's own record (perf record --switch-events on a command): " IN", " OUT", " OUT preempt"
        String own = perfLine("java", 5001, 1, "100.002000", "PERF_RECORD_SWITCH OUT preempt") + "\n"
                + perfLine("java", 5001, 1, "100.002100", "PERF_RECORD_SWITCH INTO") + "\n";
        ImportResult r = Fixtures.importText("cut.txt", String.join("\n", lines) + "\n" + own);
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(6L, 8L, 14L), f.firstSkippedLines());
        assertEquals("line 6: expected \"PERF_RECORD_SWITCH_CPU_WIDE OUT [preempt]  next pid/tid: PID/TID\" or"
                + " \"PERF_RECORD_SWITCH_CPU_WIDE IN  prev pid/tid: PID/TID\", as perf_event__fprintf_switch prints it",
                f.firstSkipReason());
        String[] one = SWITCHES.split("\n");
        String cut = String.join("\n", java.util.Arrays.copyOf(one, 3)) + "\n"
                + perfLine("java", 5001, 1, "100.002100", "PERF_RECORD_SWITCH INTO") + "\n";
        assertEquals("line 4: expected \"PERF_RECORD_SWITCH IN\", \"OUT\" or \"OUT preempt\", as"
                + " perf_event__fprintf_switch prints it",
                Fixtures.importText("own.txt", cut).report().files().get(0).firstSkipReason());
    }

    @Test
    void sched_switchBeginningPastTheRecordsDrawnTakesOverAndTheReportSaysWhere() throws Exception {
        // perf record enabled the tracepoint after the switch records (past the lines read to detect
        // the format): each switch is drawn once, from the records until the first sched_switch
        StringBuilder sb = new StringBuilder();
        long t = 100_000_000;
        int lines = 0;
        while (lines < ContentSniffer.HEAD_LINES + 10) {
            sb.append(perfLine("swapper", 0, 0, t / 1_000_000 + String.format(java.util.Locale.ROOT, ".%06d", t % 1_000_000),
                    wide("OUT preempt", 4241, 4241))).append('\n');
            sb.append(perfLine("bash", 4241, 0, (t + 50) / 1_000_000 + String.format(java.util.Locale.ROOT, ".%06d", (t + 50) % 1_000_000),
                    wide("OUT", 0, 0))).append('\n');
            t += 100;
            lines += 2;
        }
        String at = t / 1_000_000 + String.format(java.util.Locale.ROOT, ".%06d", t % 1_000_000);
        sb.append(perfLine("swapper", 0, 0, at, sw("swapper/0", 0, "R", "bash", 4241))).append('\n');
        sb.append(perfLine("swapper", 0, 0, at, wide("OUT preempt", 4241, 4241))).append('\n');
        String end = (t + 50) / 1_000_000 + String.format(java.util.Locale.ROOT, ".%06d", (t + 50) % 1_000_000);
        sb.append(perfLine("bash", 4241, 0, end, sw("bash", 4241, "S", "swapper/0", 0))).append('\n');
        sb.append(perfLine("bash", 4241, 0, end, wide("OUT", 0, 0))).append('\n');
        ImportResult r = Fixtures.importText("late.txt", sb.toString());
        FileReport f = r.report().files().get(0);
        int records = lines;
        assertEquals(0, f.skippedLines(), r.report().warnings().toString());
        assertTrue(f.notes().stream().anyMatch(n -> n.startsWith(records + " PERF_RECORD_SWITCH_CPU_WIDE OUT records"
                + " (perf record --switch-events) drawn as the context switches (0 IN records, the same switches seen"
                + " from the task switched in, read past) up to line " + records + ", where sched_switch events begin"
                + " (line " + (records + 1) + ") and give the switches from there")), f.notes().toString());
        assertTrue(f.notes().contains("2 perf switch records (PERF_RECORD_SWITCH, _CPU_WIDE) counted, not drawn:"
                + " the sched_switch events give the switches"), f.notes().toString());
        // one slice per switch, the records' and the tracepoint's alike, none twice
        assertEquals(lines + 1, r.dataset().cpus().get(0).slices().size());
        assertEquals(lines + 2, r.report().events());
    }
}
