package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.LockStatistics;
import org.schedlab.analysis.LockTable;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.SchedEventKind;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/** What the perf/ftrace/trace-cmd reader builds from scheduler events, dialect by dialect. */
class SchedTraceReaderTest {

    private static TaskInfo task(Dataset d, int tid) {
        return d.tasks().stream().filter(t -> t.tid() == tid).findFirst().orElseThrow();
    }

    private static List<String> lane(Dataset d, int tid) {
        TaskLane l = d.taskLane(task(d, tid).id()).orElseThrow();
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < l.intervals().size(); i++) {
            out.add(l.state(i).label() + " " + l.intervals().startNs(i) / 1000 + "-" + l.intervals().endNs(i) / 1000);
        }
        return out;
    }

    private static final String PERF = String.join("\n",
            "     Web Content  2711 [001]   100.000010:       sched:sched_waking: comm=Timer pid=2745 prio=120 target_cpu=001",
            "     Web Content  2711 [001]   100.000020:       sched:sched_switch: prev_comm=Web Content prev_pid=2711"
                    + " prev_prio=120 prev_state=R+ ==> next_comm=Timer next_pid=2745 next_prio=120",
            "           Timer  2745 [001]   100.000050:       sched:sched_switch: prev_comm=Timer prev_pid=2745"
                    + " prev_prio=120 prev_state=D ==> next_comm=Web Content next_pid=2711 next_prio=120",
            "     Web Content  2711 [001]   100.000070:       sched:sched_waking: comm=Timer pid=2745 prio=120 target_cpu=000",
            "     Web Content  2711 [001]   100.000080:       sched:sched_switch: prev_comm=Web Content prev_pid=2711"
                    + " prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120",
            "         swapper     0 [000]   100.000090:       sched:sched_switch: prev_comm=swapper/0 prev_pid=0"
                    + " prev_prio=120 prev_state=R ==> next_comm=Timer next_pid=2745 next_prio=120",
            "           Timer  2745 [000]   100.000095: sched:sched_stat_runtime: comm=Timer pid=2745 runtime=5000 [ns]",
            "           Timer  2745 [000]   100.000100: sched:sched_migrate_task: comm=Web Content pid=2711 prio=120"
                    + " orig_cpu=1 dest_cpu=0",
            "");

    /** "1 events ran under a task ...": one is said in the singular. */
    @Test
    void oneEventUnderATaskNotSwitchedInIsSaidInTheSingular() throws Exception {
        // Timer's waking on cpu 1, where Web Content was switched in: one sched_switch missing
        String one = PERF.replace("     Web Content  2711 [001]   100.000070:", "           Timer  2745 [001]   100.000070:");
        assertTrue(Fixtures.importText("perf.txt", one).report().files().get(0).notes().contains("1 event ran under"
                + " a task the last sched_switch had not switched in (a sched_switch event missing); such a run counts"
                + " from the CPU's previous switch, as perf sched timehist counts it"),
                Fixtures.importText("perf.txt", one).report().warnings().toString());
    }

    @Test
    void perfScriptBecomesCpuSlicesTaskLanesAndMarks() throws Exception {
        Dataset d = Fixtures.importText("perf.txt", PERF).dataset();
        assertEquals(2, d.cpuCount());
        assertEquals("Web Content", task(d, 2711).comm(), "comm with a space");
        assertEquals(RecordingSink.UNKNOWN_PID, task(d, 2711).pid(), "perf script shows no tgid");
        Intervals cpu1 = d.cpus().get(1).slices();
        assertEquals(4, cpu1.size());
        assertEquals(task(d, 2711).id(), cpu1.task(0));
        assertEquals(10_000, cpu1.startNs(0) % 1_000_000, "the first slice starts at the CPU's first event");
        assertEquals(task(d, 2745).id(), cpu1.task(1));
        assertEquals(30_000, cpu1.durationNs(1));
        assertEquals(Intervals.NO_TASK, cpu1.task(3));
        assertEquals(SliceState.IDLE, d.cpus().get(1).state(3));
        assertEquals(List.of("running 100000010-100000020", "runnable 100000020-100000050",
                "running 100000050-100000080", "sleeping 100000080-100000100"), lane(d, 2711));
        assertEquals(List.of("runnable 100000010-100000020", "running 100000020-100000050",
                "blocked 100000050-100000070", "runnable 100000070-100000090", "running 100000090-100000100"),
                lane(d, 2745));
        assertEquals(1, d.marks().count(MarkKind.PREEMPTION));
        assertEquals("R+", d.marks().note(d.marks().firstAtOrAfter(100_000_020_000L)));
        assertEquals(2, d.marks().count(MarkKind.WAKEUP));
        assertEquals(1, d.marks().count(MarkKind.MIGRATION));
    }

    @Test
    void callStacksUnderEventsFromPerfRecordDashGAreReadPastNotReportedAsDamage() throws Exception {
        // perf sched record -g: perf script prints each event's call stack under it and a blank line;
        // every frame was "not understood", thousands of warnings for a file read correctly
        StringBuilder withStacks = new StringBuilder();
        for (String line : PERF.split("\n")) {
            withStacks.append(line).append('\n');
            if (line.contains("sched_switch")) {
                withStacks.append("\tffffffff81e2b3c4 __schedule+0x2f4 ([kernel.kallsyms])\n")
                        .append("\tffffffff81e2b9a1 schedule+0x51 ([kernel.kallsyms])\n")
                        .append("\t    7f1c2a3b4c5d [unknown] (/usr/lib/x86_64-linux-gnu/libc.so.6)\n")
                        .append("\n");
            }
        }
        ImportResult plain = Fixtures.importText("perf.txt", PERF);
        ImportResult r = Fixtures.importText("perf-g.txt", withStacks.toString());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals(plain.report().events(), r.report().events());
        assertEquals(plain.dataset().cpus().get(1).slices().size(), r.dataset().cpus().get(1).slices().size());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("12 call stack lines under the events")),
                r.report().warnings().toString());

        // a frame-like line that follows no event is still damage
        ImportResult stray = Fixtures.importText("stray.txt", "\tffffffff81e2b3c4 __schedule+0x2f4 ([kernel.kallsyms])\n"
                + PERF);
        assertEquals(1, stray.report().skippedLines(), stray.report().warnings().toString());
    }

    @Test
    void traceCmdReportsEmptyCpuLinesArePartOfItsHeader() throws Exception {
        // trace-cmd report names each CPU that recorded nothing: "CPU 2 is empty", reported as damage
        String report = "version = 7\nCPU 2 is empty\nCPU 3 is empty\ncpus=4\n"
                + "          <idle>-0     [000] d..2.  1234.567890: sched_switch:         swapper/0:0 [120] R ==>"
                + " bash:1234 [120]\n"
                + "            bash-1234  [000] d..2.  1234.568090: sched_switch:         bash:1234 [120] S ==>"
                + " swapper/0:0 [120]\n";
        ImportResult r = Fixtures.importText("report.txt", report);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals("bash", task(r.dataset(), 1234).comm());
    }

    @Test
    void eventsTheTraceBufferLostAreNotedPerCpuNotReportedAsDamagedLines() throws Exception {
        // ftrace's "CPU:1 [LOST 1434 EVENTS]" and trace-cmd's "CPU:7 [204600 EVENTS DROPPED]" say the
        // lanes miss switches; they were "not understood" lines, and what they mean was lost
        String sw = "       bash-1234  [001] d..2.  1234.568090: sched_switch: prev_comm=bash prev_pid=1234"
                + " prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n";
        String ftrace = "# tracer: nop\n#\nCPU:1 [LOST 1434 EVENTS]\n" + sw + "CPU:0 [LOST EVENTS]\nCPU:1 [LOST 6 EVENTS]\n"
                + sw.replace("1234.568090", "1234.569000");
        ImportResult r = Fixtures.importText("trace.txt", ftrace);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().warnings().contains("trace.txt: the trace buffer overflowed and events were lost"
                + " (cpu 0: an unknown number, the first gap at line 5, cpu 1: 1440, the first gap at line 3): lanes"
                + " miss the switches there; record with a bigger buffer (buffer_size_kb, trace-cmd -b, perf record -m) or fewer"
                + " events"), r.report().warnings().toString());
        ImportResult t = Fixtures.importText("report.txt", "version = 6\ncpus=8\nCPU:7 [204600 EVENTS DROPPED]\n"
                + sw.replace("[001] d..2. ", "[007]"));
        assertEquals(0, t.report().skippedLines(), t.report().warnings().toString());
        assertTrue(t.report().warnings().stream().anyMatch(w -> w.contains("(cpu 7: 204600, the first gap at line 3)")),
                t.report().warnings().toString());
    }

    @Test
    void everySchedulerEventIsKeptForToolExactAnalyses() throws Exception {
        ImportResult r = Fixtures.importText("perf.txt", PERF);
        assertEquals(4, r.schedEvents().count(SchedEventKind.SWITCH));
        assertEquals(2, r.schedEvents().count(SchedEventKind.WAKING));
        assertEquals(1, r.schedEvents().count(SchedEventKind.RUNTIME));
        assertEquals(1, r.schedEvents().count(SchedEventKind.MIGRATE));
        assertEquals('R', r.schedEvents().prevState(1));
        assertEquals(1, r.schedEvents().value(1), "R+ is kept as preempted");
    }

    @Test
    void compactSwitchPrintReadsLikeTheClassicOne() throws Exception {
        ImportResult r = Fixtures.importAll("public/perf_sched/lkml_vineethr_perf_sched_script_compact_switch.txt");
        assertEquals(5, r.schedEvents().count(SchedEventKind.SWITCH));
        assertEquals(List.of(1L, 3L), r.report().files().get(0).firstSkippedLines(), "the two shell lines");
        Dataset d = r.dataset();
        assertEquals("migration/0", task(d, 19).comm());
        assertEquals(3, d.cpuCount());
        assertEquals(3, d.marks().count(MarkKind.PREEMPTION), "perf:19593 [120] R ==> ... three times");
    }

    @Test
    void ftraceWithIrqFlagsAndTgidColumnsGivesPidsAndCpus() throws Exception {
        ImportResult r = Fixtures.importAll("public/ftrace/tracecompass_atrace-test_tgid.txt");
        assertEquals("ftrace", r.report().format());
        assertEquals(2582, r.schedEvents().count(SchedEventKind.SWITCH));
        assertEquals(1540, r.schedEvents().count(SchedEventKind.WAKEUP));
        assertEquals(4, r.dataset().cpuCount());
        assertEquals(23071, task(r.dataset(), 23071).pid());
        assertEquals(549, task(r.dataset(), 2029).pid(), "Binder:549_4-2029 ( 549)");
        assertEquals(0, r.report().skippedLines());
    }

    @Test
    void ftraceWithFiveFlagCharactersAndUnknownCommsReadsToo() throws Exception {
        String text = String.join("\n",
                "# tracer: nop",
                "#",
                "           <...>-1240    [003] dN.1.  1234.567890: sched_switch: prev_comm=vhost-1234 prev_pid=1240"
                        + " prev_prio=120 prev_state=R+ ==> next_comm=kworker/3:1 next_pid=88 next_prio=120",
                "     kworker/3:1-88      [003] d..2.  1234.567990: sched_switch: prev_comm=kworker/3:1 prev_pid=88"
                        + " prev_prio=120 prev_state=I ==> next_comm=vhost-1234 next_pid=1240 next_prio=120",
                "      vhost-1234-1240    [003] d..3.  1234.568000: sched_wakeup_new: comm=vhost-1234 pid=1300"
                        + " prio=120 target_cpu=002",
                "");
        ImportResult r = Fixtures.importText("trace", text);
        assertEquals("ftrace", r.report().format());
        assertEquals(0, r.report().skippedLines());
        assertEquals(1, r.schedEvents().count(SchedEventKind.WAKEUP_NEW));
        Dataset d = r.dataset();
        assertEquals("vhost-1234", task(d, 1240).comm(), "the real comm replaces <...>");
        assertEquals(SliceState.KERNEL, d.cpus().get(3).state(0), "kworker runs kernel code");
        assertEquals(List.of("running 1234567890-1234567990"), lane(d, 88).subList(0, 1));
    }

    @Test
    void traceCmdReportWithNumericPrevStateAndNoArrow() throws Exception {
        ImportResult r = Fixtures.importAll("public/ftrace/lisa_trace-cmd_report.txt");
        assertEquals("trace-cmd-report", r.report().format());
        assertEquals(1856, r.schedEvents().count(SchedEventKind.SWITCH));
        assertEquals(1068, r.schedEvents().count(SchedEventKind.WAKEUP));
        assertEquals(6, r.dataset().cpuCount());
        assertEquals(0, r.report().skippedLines());
        // prev_state=4096 is TASK_STATE_MAX: preempted while running
        assertEquals(1, r.schedEvents().value(4));
        assertTrue(r.dataset().marks().count(MarkKind.PREEMPTION) > 0);
    }

    @Test
    void traceCmdReportsPluginPrintOfWakeUpsIsRead() throws Exception {
        // with libtraceevent's sched_switch plugin installed (the distributions' trace-cmd and perf),
        // sched_wakeup and sched_wakeup_new print "COMM:PID [PRIO] success=1 CPU:001" as the switch
        // prints "COMM:PID [PRIO] S ==> ...": every wake-up line was refused ("expected comm=")
        String report = String.join("\n",
                "cpus=2",
                "          <idle>-0     [000]  1234.500000: sched_switch:         swapper/0:0 [120] R ==> bash:1234 [120]",
                "            bash-1234  [000]  1234.500100: sched_wakeup:         sshd:900 [120] success=1 CPU:001",
                "          <idle>-0     [001]  1234.500150: sched_switch:         swapper/1:0 [120] R ==> sshd:900 [120]",
                "            bash-1234  [000]  1234.500200: sched_wakeup_new:     Web Content:2711 [120] CPU:000",
                "            bash-1234  [000]  1234.500250: sched_switch:         bash:1234 [120] S ==> Web Content:2711 [120]",
                "            sshd-900   [001]  1234.500300: sched_switch:         sshd:900 [120] D ==> swapper/1:0 [120]",
                "");
        ImportResult r = Fixtures.importText("report.txt", report);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertEquals("trace-cmd-report", r.report().format());
        assertEquals(1, r.schedEvents().count(SchedEventKind.WAKEUP));
        assertEquals(1, r.schedEvents().count(SchedEventKind.WAKEUP_NEW));
        assertEquals("Web Content", task(r.dataset(), 2711).comm());
        // sshd waited runnable from its wake-up at 100 us to running at 150 us
        assertTrue(lane(r.dataset(), 900).contains("runnable 1234500100-1234500150"), lane(r.dataset(), 900).toString());
        FileReport bad = Fixtures.importText("report.txt", report.replace("CPU:001", "CPU:x01")).report().files().get(0);
        assertEquals("line 3: expected a cpu number after \"CPU:\" in sched_wakeup", bad.firstSkipReason());
    }

    @Test
    void everyFtraceSampleImportsInItsDialect() throws Exception {
        String[][] cases = {
            {"public/ftrace/catapult_atrace_data_raw.txt", "ftrace", "72", "44"},
            {"public/ftrace/tracecompass_trace-critical-path.txt", "ftrace", "28", "24"},
            {"public/ftrace/tracecompass_trace-android-sched-irq.txt", "ftrace", "67", "45"},
            {"public/ftrace/trappy_systrace_surfaceflinger.html", "systrace-html", "715", "421"},
        };
        for (String[] c : cases) {
            ImportResult r = Fixtures.importAll(c[0]);
            assertEquals(c[1], r.report().format(), c[0]);
            assertEquals(Integer.parseInt(c[2]), r.schedEvents().count(SchedEventKind.SWITCH), c[0] + " switches");
            int wakes = r.schedEvents().count(SchedEventKind.WAKEUP) + r.schedEvents().count(SchedEventKind.WAKING);
            assertEquals(Integer.parseInt(c[3]), wakes, c[0] + " wake-ups");
            assertEquals(0, r.report().skippedLines(), c[0]);
        }
    }

    @Test
    void aPrevStateThatIsNoTaskStateIsReportedNotReadAsSleeping() throws Exception {
        // a flipped byte ("S" -> "Q"), a word, a bracket and a number no kernel reports: each
        // would otherwise become a sleeping lane and a switch event with a state perf never prints
        String[] bad = {"Q", "garbage", "[", "77777"};
        String[] l = PERF.split("\n");
        for (String state : bad) {
            String text = String.join("\n", l[0], l[1], l[2], l[3], l[4].replace("prev_state=S", "prev_state=" + state));
            ImportResult r = Fixtures.importText("perf.txt", text);
            FileReport f = r.report().files().get(0);
            assertEquals(1, f.skippedLines(), state);
            assertTrue(f.firstSkipReason().startsWith("line 5: expected a prev_state"), f.firstSkipReason());
            assertEquals(2, r.schedEvents().count(SchedEventKind.SWITCH), state);
        }
        // what kernels do print is still read: letters joined by '|', a '+' for preempted, old numbers
        for (String state : new String[] {"S", "D|K", "R+", "I", "x", "t", "Z", "P", "N", "W", "S|0x100", "130", "4096"}) {
            String text = String.join("\n", l[0], l[1], l[2], l[3], l[4].replace("prev_state=S", "prev_state=" + state));
            assertEquals(0, Fixtures.importText("perf.txt", text).report().skippedLines(), state);
        }
    }

    @Test
    void aRuntimeLongerThanTheClockHasRunIsReportedNotAddedToTheTask() throws Exception {
        // runtime=999999999999999 (11 days at 100 s since boot) made "perf sched latency" show the
        // task running for a billion ms
        String[] l = PERF.split("\n");
        String text = String.join("\n", l[0], l[1], l[2], l[3], l[4], l[5],
                l[6].replace("runtime=5000", "runtime=999999999999999"), l[7]);
        ImportResult r = Fixtures.importText("perf.txt", text);
        FileReport f = r.report().files().get(0);
        assertEquals(1, f.skippedLines());
        assertTrue(f.firstSkipReason().startsWith("line 7: expected a runtime"), f.firstSkipReason());
        assertEquals(0, r.schedEvents().count(SchedEventKind.RUNTIME));
    }

    /**
     * A line as perf script prints it: perf_sample__fprintf_start in tools/perf/builtin-script.c
     * ("%16s " comm, "%7d " tid, "[%03d] " cpu, "%12s: " time), then the event, or for a side
     * record perf_event__fprintf in tools/perf/util/event.c ("PERF_RECORD_%s" and the record's text).
     */
    private static String perfLine(String comm, int tid, int cpu, String time, String event) {
        return String.format(java.util.Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    /**
     * perf script --show-task-events --show-mmap-events: bash (4241) forks 4250, which execs ls and
     * exits, among sched_switch and sched_wakeup samples. perf record's records of the tasks alive
     * at its start come first, all at 0.000000 with a zeroed pid column (synthesized from /proc).
     */
    private static final String TASK_EVENTS = String.join("\n",
            // perf_event__fprintf_comm, perf_event__fprintf_task, perf_event__fprintf_mmap2, synthesized
            perfLine("bash", 0, 0, "0.000000", "PERF_RECORD_COMM: bash:4241/4241"),
            perfLine("bash", 0, 0, "0.000000", "PERF_RECORD_FORK(4241:4241):(1:1)"),
            perfLine("bash", 0, 0, "0.000000", "PERF_RECORD_MMAP2 4241/4241: [0x55d0c3a00000(0xf000) @ 0x2e000 fd:01"
                    + " 1312 0]: r-xp /usr/bin/bash"),
            perfLine("swapper", 0, 0, "100.000000", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                    + " prev_state=R ==> next_comm=bash next_pid=4241 next_prio=120"),
            // the fork, in bash's context: its comm column is the child's (bash's, until the exec)
            perfLine("bash", 4241, 0, "100.000100", "PERF_RECORD_FORK(4250:4250):(4241:4241)"),
            perfLine("bash", 4241, 0, "100.000110", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120 target_cpu=001"),
            perfLine("bash", 4241, 0, "100.000150", "sched:sched_switch: prev_comm=bash prev_pid=4241 prev_prio=120"
                    + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"),
            perfLine("swapper", 0, 1, "100.000200", "sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120"
                    + " prev_state=R ==> next_comm=bash next_pid=4250 next_prio=120"),
            // the exec: perf prints the task's new comm in the comm column already
            perfLine("ls", 4250, 1, "100.000300", "PERF_RECORD_COMM exec: ls:4250/4250"),
            perfLine("ls", 4250, 1, "100.000400", "PERF_RECORD_EXIT(4250:4250):(4241:4241)"),
            perfLine("ls", 4250, 1, "100.000410", "sched:sched_switch: prev_comm=ls prev_pid=4250 prev_prio=120"
                    + " prev_state=X ==> next_comm=swapper/1 next_pid=0 next_prio=120"),
            perfLine("swapper", 0, 1, "100.000500", "sched:sched_wakeup: comm=bash pid=4241 prio=120 target_cpu=000"),
            perfLine("swapper", 0, 0, "100.000600", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                    + " prev_state=R ==> next_comm=bash next_pid=4241 next_prio=120"),
            perfLine("bash", 4241, 0, "100.001000", "sched:sched_switch: prev_comm=bash prev_pid=4241 prev_prio=120"
                    + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"),
            "");

    @Test
    void perfScriptsTaskEventsNameCreateAndEndTasksAmongTheSamples() throws Exception {
        ImportResult r = Fixtures.importText("tasks.txt", TASK_EVENTS);
        FileReport f = r.report().files().get(0);
        // FORK and EXIT lines were "not understood", COMM counted as an event drawn nowhere
        assertEquals(0, f.skippedLines(), r.report().warnings().toString());
        assertEquals(List.of("other events, counted but not drawn: PERF_RECORD_MMAP2 (1)"), f.notes());
        Dataset d = r.dataset();
        // the records made before the recording began are no events in time: it starts at its first sample
        assertEquals(100_000_000_000L, d.startNs());
        assertEquals(4241, task(d, 4241).pid());
        assertEquals("ls", task(d, 4250).comm(), "the exec renamed it");
        assertEquals(4250, task(d, 4250).pid(), "the fork gave its thread group");
        // runnable from its wake-up, running to its last switch-out after its exit, and nothing after
        assertEquals(List.of("runnable 100000110-100000200", "running 100000200-100000410"), lane(d, 4250));
        assertEquals(8, r.report().events(), "the side records are no scheduler events");
    }

    @Test
    void perfScriptsLostRecordsAreEventsLostOnTheirCpuAndOtherRecordsAreCountedByName() throws Exception {
        // perf_event__fprintf_lost (--show-lost-events), perf_event__fprintf_switch (--show-switch-events)
        String text = TASK_EVENTS
                + perfLine("swapper", 0, 1, "100.001100", "PERF_RECORD_LOST lost 17") + "\n"
                + perfLine("bash", 4241, 0, "100.001200", "PERF_RECORD_SWITCH_CPU_WIDE OUT preempt  next pid/tid:"
                        + "     0/0    ") + "\n"
                + perfLine("swapper", 0, 1, "100.001300", "PERF_RECORD_LOST lost") + "\n";
        FileReport f = Fixtures.importText("lost.txt", text).report().files().get(0);
        assertTrue(f.notes().contains("the trace buffer overflowed and events were lost (cpu 1: 17, the first gap at"
                + " line 15): lanes miss the switches there; record with a bigger buffer (buffer_size_kb, trace-cmd -b,"
                + " perf record -m) or fewer events"), f.notes().toString());
        assertTrue(f.notes().contains("other events, counted but not drawn: PERF_RECORD_MMAP2 (1)"
                + " PERF_RECORD_SWITCH_CPU_WIDE (1)"), f.notes().toString());
        assertEquals("line 17: expected \"PERF_RECORD_LOST lost COUNT\" (perf_event__fprintf_lost)", f.firstSkipReason());
    }

    @Test
    void aSideRecordOfATaskPerfDidNotKnowKeepsTheTasksComm() throws Exception {
        // perf_sample__fprintf_start prints ":-1" for the comm of a thread it has no record of
        String text = perfLine(":-1", 0, 0, "0.000000", "PERF_RECORD_FORK(4300:4300):(1:1)") + "\n" + TASK_EVENTS;
        assertEquals("<4300>", task(Fixtures.importText("unknown.txt", text).dataset(), 4300).comm(),
                "a task without a comm, as the sink names one");
    }

    @Test
    void aTaskRenamedByACommRecordIsShownByItsNewComm() throws Exception {
        // prctl(PR_SET_NAME) on a thread that runs on to the recording's end: no later line shows the new comm
        String text = String.join("\n",
                perfLine("swapper", 0, 0, "100.000000", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=java next_pid=5001 next_prio=120"),
                perfLine("C2 CompilerThre", 5001, 0, "100.000100", "PERF_RECORD_COMM: C2 CompilerThre:5000/5001"),
                perfLine("swapper", 0, 1, "100.000500", "sched:sched_switch: prev_comm=swapper/1 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=kworker/1:1 next_pid=77 next_prio=120"),
                perfLine("kworker/1:1", 77, 1, "100.001000", "sched:sched_switch: prev_comm=kworker/1:1 prev_pid=77"
                        + " prev_prio=120 prev_state=I ==> next_comm=swapper/1 next_pid=0 next_prio=120"),
                "");
        Dataset d = Fixtures.importText("rename.txt", text).dataset();
        assertEquals("C2 CompilerThre", task(d, 5001).comm(), "a comm with a space, named by the record");
        assertEquals(5000, task(d, 5001).pid());
        assertEquals(List.of("running 100000000-100001000"), lane(d, 5001));
    }

    @Test
    void aSideRecordCutOrDamagedIsNamedByItsLineAndWhatWasExpected() throws Exception {
        String[] lines = TASK_EVENTS.split("\n");
        String fork = lines[4];
        String comm = lines[8];
        lines[4] = fork.substring(0, fork.length() - 6); // "PERF_RECORD_FORK(4250:4250):(42": cut
        lines[8] = comm.substring(0, comm.indexOf("ls:")) + "ls"; // no pid/tid
        ImportResult r = Fixtures.importText("cut.txt", String.join("\n", lines) + "\n");
        FileReport f = r.report().files().get(0);
        assertEquals(List.of(5L, 9L), f.firstSkippedLines());
        assertEquals("line 5: expected \"PERF_RECORD_FORK(PID:TID):(PPID:PTID)\", as perf_event__fprintf_task prints"
                + " it", f.firstSkipReason());
        assertTrue(r.report().warnings().get(0).startsWith("cut.txt: 2 of 14 lines not understood (lines 5, 9)"),
                r.report().warnings().toString());
        lines = TASK_EVENTS.split("\n");
        lines[8] = comm.substring(0, comm.indexOf("ls:")) + "ls";
        assertEquals("line 9: expected \"PERF_RECORD_COMM: COMM:PID/TID\" (or \"PERF_RECORD_COMM exec: ...\" after an"
                + " exec), as perf_event__fprintf_comm prints it", Fixtures.importText("cut.txt",
                String.join("\n", lines) + "\n").report().files().get(0).firstSkipReason());
    }

    @Test
    void otherEventsAreCountedByNameUpToALimitSoEndlessNamesCannotFillMemory() throws Exception {
        // a file of ever new event names (damage, generated probes) kept every name: 3 million of
        // them ran a 256 MiB import out of memory
        StringBuilder sb = new StringBuilder(PERF);
        int names = SchedTraceReader.OTHER_NAMES_KEPT + 500;
        for (int i = 0; i < names; i++) {
            sb.append(String.format(java.util.Locale.ROOT,
                    "            perf  7396 [000]   101.%06d: probe:ev_%d: arg=1%n", i, i));
        }
        FileReport f = Fixtures.importText("perf.txt", sb.toString()).report().files().get(0);
        String note = f.notes().stream().filter(n -> n.startsWith("other events")).findFirst().orElseThrow();
        assertTrue(note.endsWith(" (and 500 events of further names)"), note);
    }

    @Test
    void aCpuAboveAllThatRanEventsNamedOnlyAsAWakeUpTargetIsReportedWithItsLine() throws Exception {
        // one flipped digit (target_cpu=001 -> 900) gave a 2-CPU recording 901 CPU lanes without a word
        String[] l = PERF.split("\n");
        String text = String.join("\n", l[0].replace("target_cpu=001", "target_cpu=900"), l[1], l[2], l[3], l[4], l[5]);
        FileReport f = Fixtures.importText("perf.txt", text).report().files().get(0);
        assertTrue(f.notes().contains("cpu 900 (line 1) is above every CPU an event ran on, named only as a wake-up"
                + " or migration target: a damaged number, or a recording of some CPUs only"), f.notes().toString());
        FileReport plain = Fixtures.importText("perf.txt", PERF).report().files().get(0);
        assertTrue(plain.notes().stream().noneMatch(n -> n.contains("named only")), "cpu 0 runs events there: "
                + plain.notes());
    }

    @Test
    void linesOutOfTimeOrderAreReportedNotBuiltIntoOverlappingLanes() throws Exception {
        String[] l = PERF.split("\n");
        String shuffled = String.join("\n", l[0], l[2], l[1], l[3], l[4]);
        ImportResult r = Fixtures.importText("perf.txt", shuffled);
        FileReport f = r.report().files().get(0);
        assertEquals(1, f.skippedLines());
        assertEquals("line 3: time 100.000020 goes back before 100.000050 of line 2"
                + " (events must be in time order)", f.firstSkipReason());
    }

    @Test
    void aTimeDamagedToJumpAheadIsNamedByItsLineInTheReasonTheLinesAfterItAreRefused() throws Exception {
        // one flipped digit (100 -> 900) makes every later line "go back": the reason must lead to
        // line 2, the one to fix, not only to the first of the many lines refused after it
        String[] l = PERF.split("\n");
        String jumped = String.join("\n", l[0], l[1].replace("   100.000020:", "   900.000020:"), l[2], l[3], l[4]);
        FileReport f = Fixtures.importText("perf.txt", jumped).report().files().get(0);
        assertEquals(3, f.skippedLines());
        assertEquals("line 3: time 100.000050 goes back before 900.000020 of line 2"
                + " (events must be in time order)", f.firstSkipReason());
    }

    @Test
    void perfScriptDeltaTimesAreRefusedOnceNamingTheOption() throws Exception {
        // perf script --deltatime: the first event at 0, each next one's time since the event before, so
        // a shorter gap after a longer one "goes back": refused as events out of order, line by line,
        // without naming the option, and the lines in between read as if they were times
        String delta = String.join("\n",
                "     Web Content  2711 [001]     0.000000:       sched:sched_waking: comm=Timer pid=2745 prio=120"
                        + " target_cpu=001",
                "     Web Content  2711 [001]     0.000010:       sched:sched_switch: prev_comm=Web Content"
                        + " prev_pid=2711 prev_prio=120 prev_state=R+ ==> next_comm=Timer next_pid=2745 next_prio=120",
                "           Timer  2745 [001]     0.000030:       sched:sched_switch: prev_comm=Timer prev_pid=2745"
                        + " prev_prio=120 prev_state=D ==> next_comm=Web Content next_pid=2711 next_prio=120",
                "     Web Content  2711 [001]     0.000020:       sched:sched_waking: comm=Timer pid=2745 prio=120"
                        + " target_cpu=000",
                "");
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("perf.txt", delta));
        assertEquals(4, e.line(), e.getMessage());
        assertEquals("perf.txt:4: time 0.000020 goes back before 0.000030 of line 3, and the first event is at"
                + " 0.000000: this looks like perf script --deltatime (each event's time since the one before) or"
                + " --reltime; expected the absolute times perf script prints by default: run it without --deltatime"
                + " and --reltime", e.getMessage());

        // --reltime alone (times from 0, in order) reads; a boot-relative trace whose time goes back is
        // refused by line as before
        String rel = PERF.replace("   100.0000", "     0.0000");
        assertEquals(0, Fixtures.importText("perf.txt", rel).report().skippedLines());
        String back = PERF.replace("100.000070", "100.000015");
        FileReport f = Fixtures.importText("perf.txt", back).report().files().get(0);
        assertEquals("line 4: time 100.000015 goes back before 100.000050 of line 3 (events must be in time order)",
                f.firstSkipReason());
    }

    @Test
    void aBootRelativeTraceOfAMachineUpUnderASecondWithOneEventOutOfOrderIsReadNotRefusedAsDeltaTimes()
            throws Exception {
        // perf script's default times count from boot: recorded from an initramfs or a VM started a
        // moment before, its first event is at 0.4 s. One event out of order there is a line to report,
        // as it is at 100 s - not the whole file refused as --deltatime, whose first event is at 0
        String early = PERF.replace("   100.0000", "     0.4000").replace("0.400070", "0.400015");
        FileReport f = Fixtures.importText("perf.txt", early).report().files().get(0);
        assertEquals(1, f.skippedLines(), f.toString());
        assertEquals("line 4: time 0.400015 goes back before 0.400050 of line 3 (events must be in time order)",
                f.firstSkipReason());
    }

    /** echo 1 > options/latency-format with the nop tracer and the sched events: ftrace's latency format. */
    private static final String LATENCY_FORMAT = String.join("\n",
                "# tracer: nop",
                "#",
                "# nop latency trace v1.1.5 on 6.1.0-13-amd64",
                "# --------------------------------------------------------------------",
                "# latency: 0 us, #9/9, CPU#1 | (M:preempt_dynamic VP:0, KP:0, SP:0 HP:0 #P:4)",
                "#    -----------------",
                "#    | task: -0 (uid:0 nice:0 policy:0 rt_prio:0)",
                "#    -----------------",
                "#",
                "#                    _------=> CPU#            ",
                "#                   / _-----=> irqs-off/BH-disabled",
                "#                  | / _----=> need-resched    ",
                "#                  || / _---=> hardirq/softirq ",
                "#                  ||| / _--=> preempt-depth   ",
                "#                  |||| / _-=> migrate-disable ",
                "#                  ||||| /     delay           ",
                "#  cmd     pid     |||||| time  |   caller     ",
                "#     \\   /        ||||||  \\    |    /       ",
                "  <idle>-0         1dN.4.    0us : sched_wakeup: comm=kworker/1:2 pid=8123 prio=120 target_cpu=001",
                "  <idle>-0         1d..2.    4us!: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/1:2 next_pid=8123 next_prio=120",
                "kworker/-8123      1d..2.  123us : sched_switch: prev_comm=kworker/1:2 prev_pid=8123 prev_prio=120 prev_state=I ==> next_comm=swapper/1 next_pid=0 next_prio=120",
                "  <idle>-0         0dN.4.  130us+: sched_wakeup: comm=postgres pid=2211 prio=120 target_cpu=000",
                "  <idle>-0         0d..2.  141us : sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=postgres next_pid=2211 next_prio=120",
                "postgres-2211      0d..2.  305us : sched_switch: prev_comm=postgres prev_pid=2211 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120",
                "");

    /** echo function_graph > current_tracer: calls and durations, and a context switch between dashes. */
    private static final String FUNCTION_GRAPH = String.join("\n",
                "# tracer: function_graph",
                "#",
                "# CPU  DURATION                  FUNCTION CALLS",
                "# |     |   |                     |   |   |   |",
                " 1)   0.471 us    |  finish_task_switch.isra.0();",
                " 1)   2.895 us    |  } /* schedule */",
                " 1)               |  schedule() {",
                " 1)               |    rcu_note_context_switch() {",
                " 1)   0.170 us    |      rcu_qs();",
                " 1)   0.512 us    |    }",
                " 1)   0.163 us    |    raw_spin_rq_lock_nested();",
                " ------------------------------------------",
                " 1)  postgre-2211  =>    <idle>-0    ",
                " ------------------------------------------",
                "",
                " 1)               |  finish_task_switch.isra.0() {",
                " 1)   0.201 us    |    raw_spin_rq_unlock();",
                " 1)   0.640 us    |  }",
                "");

    @Test
    void ftraceLatencyFormatAndFunctionGraphAreRefusedNamingWhatTheyAreAndWhatToRecord() {
        // both were "not a recording format SchedLab reads ... expected perf/ftrace text, ...": the
        // user, holding ftrace text, was told nothing about what to record instead
        String record = "; expected scheduler events: record sched_switch and sched_wakeup with the nop tracer"
                + " (echo nop > current_tracer; echo 1 > events/sched/sched_switch/enable; echo 1 >"
                + " events/sched/sched_wakeup/enable) and save the trace";
        ImportException l = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("trace.txt", LATENCY_FORMAT));
        // named at the line the format was recognised at: the header, else the first line of the format
        assertEquals("trace.txt:3: this is ftrace's latency format (options/latency-format, or a latency tracer such"
                + " as wakeup or irqsoff): times in whole microseconds from the trace's start and commands cut to 8"
                + " characters, which SchedLab does not read" + record + " with latency-format off (echo 0 >"
                + " options/latency-format)", l.getMessage());
        // its lines alone, without the header (tail -n +19), after a blank line
        String lines = LATENCY_FORMAT.lines().filter(x -> !x.startsWith("#")).collect(
                java.util.stream.Collectors.joining("\n", "\n", "\n"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("trace.txt", lines)).getMessage().startsWith("trace.txt:2: this is ftrace's"
                + " latency format"));

        ImportException g = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("trace.txt", FUNCTION_GRAPH));
        assertEquals("trace.txt:1: this is the function_graph tracer's output: function calls and their durations, not"
                + " the scheduler's events" + record, g.getMessage());
        String calls = FUNCTION_GRAPH.lines().filter(x -> !x.startsWith("#")).collect(
                java.util.stream.Collectors.joining("\n", "", "\n"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("trace.txt", "\n\n" + calls)).getMessage().startsWith("trace.txt:3: this is"
                + " the function_graph tracer's output"));
    }

    @Test
    void perfScriptPrintedWithoutItsCpuOrTimeFieldIsRefusedNamingTheFieldToPrint() throws Exception {
        // `perf script -F comm,pid,tid,time,event,trace` (the real runC lock script's command without
        // cpu): "not a recording format SchedLab reads ... expected perf/ftrace text, ...", to a user
        // holding perf script text, with nothing said of the field left out
        List<String> lines = java.nio.file.Files.readAllLines(
                Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt")).subList(0, 200);
        String fields = "print it with both: perf script -F comm,pid,tid,cpu,time,event,trace (perf script's own"
                + " choice of fields for tracepoints, without -F, has them too)";
        String noCpu = lines.stream().map(l -> l.replaceFirst(" \\[00[01]\\] ", " ")).collect(
                java.util.stream.Collectors.joining("\n", "", "\n"));
        ImportException c = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("lock.txt", noCpu));
        assertEquals("lock.txt:1: this is `perf script` text without the CPU column (\"[000]\" after the pid), which"
                + " every event needs to be placed on its CPU's lane and in time; " + fields, c.getMessage());
        String noTime = lines.stream().map(l -> l.replaceFirst(" +\\d+\\.\\d+: ", " ")).collect(
                java.util.stream.Collectors.joining("\n", "# captured with perf script -F\n", "\n"));
        ImportException t = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("lock.txt", noTime));
        assertEquals("lock.txt:2: this is `perf script` text without the time column (\"329.519877:\" after the"
                + " CPU), which every event needs to be placed on its CPU's lane and in time; " + fields,
                t.getMessage());
        // perf sched script's default form, without both
        String sched;
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(
                Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz")))) {
            sched = new String(in.readNBytes(200_000), java.nio.charset.StandardCharsets.UTF_8);
        }
        String neither = sched.lines().limit(500).map(l -> l.replaceFirst(" \\[00[01]\\] +\\d+\\.\\d+: ", " "))
                .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("sched.txt", neither)).getMessage().startsWith("sched.txt:1: this is `perf"
                + " script` text without the CPU and time columns, which every event needs"));
        // the same lines with both still read
        assertEquals(200, Fixtures.importText("lock.txt", String.join("\n", lines) + "\n").report().files().get(0)
                .events());
    }

    @Test
    void twoRecordingsOneAfterTheOtherAreNamedByTheGapBetweenThem() throws Exception {
        // `perf sched script >> all.txt` for a run and again for one 35 s later: read as one trace, the
        // tasks runnable at the first's end waited 34.9 s in the run queue (perf sched latency's max
        // delay 34,928 ms for postgres:7382, against 8 ms in the recording), and nothing said why
        List<String> first;
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(
                        Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"))),
                java.nio.charset.StandardCharsets.UTF_8))) {
            first = in.lines().limit(5000).toList();
        }
        java.util.regex.Pattern time = java.util.regex.Pattern.compile("(\\d+)\\.(\\d{6}):");
        StringBuilder later = new StringBuilder();
        for (String l : first) {
            java.util.regex.Matcher m = time.matcher(l);
            assertTrue(m.find(), l);
            later.append(l, 0, m.start()).append(Long.parseLong(m.group(1)) + 35).append('.').append(m.group(2))
                    .append(l.substring(m.end() - 1)).append('\n');
        }
        String one = String.join("\n", first) + "\n";
        ImportResult both = Fixtures.importText("all.txt", one + later);
        assertTrue(both.report().files().get(0).notes().contains("no event on any CPU for 34.926 s, from line 5000"
                + " (329.593848 s) to line 5001 (364.519877 s): a scheduler trace has events every few ms, so this"
                + " looks like two recordings one after the other; a task left running or runnable at the first's end"
                + " is counted so across the whole gap (a run-queue wait of seconds), so open each recording as its"
                + " own file"), both.report().files().get(0).notes().toString());
        // each part alone, and the whole real recording, have no such gap
        for (String text : List.of(one, later.toString())) {
            assertTrue(Fixtures.importText("one.txt", text).report().files().get(0).notes().stream()
                    .noneMatch(n -> n.startsWith("no event on any CPU")));
        }
        assertTrue(Fixtures.importAll("real/pgbench-local/runA_perf_sched_script.txt.gz").report().files().get(0)
                .notes().stream().noneMatch(n -> n.startsWith("no event on any CPU")));
    }

    @Test
    void aRecordingPutTwiceInOneFileIsRefusedAtTheSecondsStart() throws Exception {
        // `cat runA.txt runA.txt` (or two runs of another boot): each line of the second copy was
        // refused as out of order, and the file read as the first with "2999 of 6000 lines not understood"
        String first;
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(
                        Fixtures.path("real/pgbench-local/runA_perf_sched_script.txt.gz"))),
                java.nio.charset.StandardCharsets.UTF_8))) {
            first = in.lines().limit(3000).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        }
        String twice = first + first;
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("twice.txt", twice));
        assertTrue(e.getMessage().startsWith("twice.txt:3001: time 329.519877 goes back before "), e.getMessage());
        assertTrue(e.getMessage().endsWith(", to the first event's time (329.519877, line 1) or before: this looks"
                + " like a second recording starting here, put after the first in one file; expected one recording a"
                + " file: split it at this line and open each part (or compare them as A and B)"), e.getMessage());
        // one event out of order, inside the recording, is still one line not understood
        String[] lines = first.split("\n");
        String swapped = lines[1000];
        lines[1000] = lines[1001];
        lines[1001] = swapped;
        ImportResult r = Fixtures.importText("one.txt", String.join("\n", lines) + "\n");
        assertTrue(r.report().skippedLines() <= 1, r.report().warnings().toString());
    }

    @Test
    void perCpuTracesConcatenatedAreRefusedOnceSayingHowToGetTheMergedTrace() throws Exception {
        // cat per_cpu/cpu*/trace > t.txt: each CPU's file (its header, then its events in order),
        // one after the other, made here from a real merged trace of CPUs 0, 2 and 3
        List<String> lines = java.nio.file.Files.readAllLines(
                Fixtures.path("public/ftrace/tracecompass_trace-critical-path.txt"));
        List<String> header = lines.stream().filter(l -> l.startsWith("#")).toList();
        java.util.Map<String, List<String>> byCpu = new java.util.TreeMap<>();
        for (String l : lines) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" \\[(\\d{3})\\] ").matcher(l);
            if (!l.startsWith("#") && m.find()) {
                byCpu.computeIfAbsent(m.group(1), c -> new java.util.ArrayList<>()).add(l);
            }
        }
        assertEquals(java.util.Set.of("000", "002", "003"), byCpu.keySet());
        StringBuilder cat = new StringBuilder();
        for (List<String> cpu : byCpu.values()) {
            header.forEach(l -> cat.append(l).append('\n'));
            cpu.forEach(l -> cat.append(l).append('\n'));
        }
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("t.txt", cat.toString()));
        int cpu0 = byCpu.get("000").size();
        long line = header.size() + cpu0 + header.size() + 1;
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.txt:" + line + ": time 26186.336659 on cpu 2 goes back before "), e.getMessage());
        assertTrue(e.getMessage().contains(", where the " + cpu0 + " events of cpu 0 end: this looks like per-CPU"
                + " traces concatenated (cat per_cpu/cpu*/trace, or a trace printed per CPU); expected one trace of"
                + " all CPUs in time order: save /sys/kernel/tracing/trace (not per_cpu/)"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());

        // the same lines in time order read as before: only the concatenation is refused
        assertTrue(Fixtures.importText("t.txt", String.join("\n", lines) + "\n").dataset().sliceCount() > 0);
    }

    @Test
    void aTraceOnAClockThatDoesNotCountNanosecondsIsRefusedNotReadAsSeconds() {
        // echo counter > trace_clock (or uptime, x86-tsc): ftrace prints whole counts, no fraction. Read
        // as seconds, events one count apart were drawn a second apart (a 5 s span for 6 events);
        // a TSC's counts were "not a time in seconds" on every line and the file "not a recording format"
        String counter = String.join("\n",
                "# tracer: nop",
                "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION",
                "          <idle>-0       [000] d..2.   1001: sched_switch: prev_comm=swapper/0 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=bash next_pid=1234 next_prio=120",
                "            bash-1234    [000] d..2.   1002: sched_switch: prev_comm=bash prev_pid=1234"
                        + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120", "");
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("t.txt", counter));
        assertEquals("t.txt:3: time 1001 is a whole number, not SECONDS.FRACTION: the trace was recorded with a"
                + " trace_clock that does not count nanoseconds (counter, uptime, x86-tsc), whose unit the text"
                + " does not say; expected seconds: record with trace_clock local, global, mono or boot",
                e.getMessage());
        String tsc = counter.replace("   1001:", "   5489267392781234:").replace("   1002:", "   5489267392783391:");
        ImportException t = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Fixtures.importText("t.txt", tsc));
        assertTrue(t.getMessage().startsWith("t.txt:3: time 5489267392781234 is a whole number, not"), t.getMessage());
    }

    @Test
    void aWholeTimeAmongFractionalOnesIsADamagedLineNotAnotherClock() throws Exception {
        // a gzip damaged mid-stream inflates to garbage for a while before its checksum fails, and a
        // line of it ("postgres 7380 [001] 678461:1H next_pid=44 ...") refused the whole file at line
        // 53978 as "recorded with a trace_clock that does not count nanoseconds": the clock of the
        // 53977 lines before it said otherwise, and the real cause, the damage, was never named
        String text = String.join("\n",
                "          <idle>-0       [000] d..2.   100.000001: sched_switch: prev_comm=swapper/0 prev_pid=0"
                        + " prev_prio=120 prev_state=R ==> next_comm=bash next_pid=1234 next_prio=120",
                "            bash-1234    [000] d..2.   678461: sched_switch: prev_comm=bash prev_pid=1234"
                        + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120",
                "            bash-1234    [000] d..2.   100.000009: sched_switch: prev_comm=bash prev_pid=1234"
                        + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120", "");
        ImportResult r = Fixtures.importText("t.txt", text);
        assertEquals(1, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("line 2: expected the time as"
                + " SECONDS.FRACTION, as line 1's, found 678461")), r.report().warnings().toString());

        byte[] gz = Fixtures.gzip(text.repeat(2000).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        byte[] damaged = gz.clone();
        damaged[damaged.length - 6] ^= 0x55; // the checksum
        // read past, the damaged line leaves the checksum to name the damage (the workbench keeps the part read)
        ImportResult g = Importer.standard().importFile(RecordingSource.ofBytes("t.txt.gz", damaged));
        assertTrue(g.report().warnings().stream().anyMatch(w -> w.contains("the gzip data is damaged")),
                g.report().warnings().toString());
    }

    @Test
    void eventsOutOfOrderAcrossCpusAreStillRefusedLineByLine() throws Exception {
        // a merged trace whose time jumps back: not per-CPU parts, since CPU 0 and 1 both ran before
        String text = String.join("\n",
                "  a-10 [000] d... 100.000010: sched_waking: comm=b pid=11 prio=120 target_cpu=001",
                "  c-12 [001] d... 100.000020: sched_waking: comm=d pid=13 prio=120 target_cpu=001",
                "  a-10 [000] d... 100.000030: sched_waking: comm=d pid=13 prio=120 target_cpu=001",
                "  c-12 [001] d... 100.000005: sched_waking: comm=b pid=11 prio=120 target_cpu=001",
                "  c-12 [001] d... 100.000040: sched_waking: comm=b pid=11 prio=120 target_cpu=001",
                "");
        FileReport f = Fixtures.importText("t.txt", text).report().files().get(0);
        assertEquals(1, f.skippedLines());
        assertEquals("line 4: time 100.000005 goes back before 100.000030 of line 3 (events must be in time order)",
                f.firstSkipReason());
    }

    @Test
    void lockContentionEventsBecomeWaitLanesPerLockAddress() throws Exception {
        ImportResult r = Fixtures.importAll("real/pgbench-local/runC_perf_lock_script.txt");
        Dataset d = r.dataset();
        assertEquals("perf-script", r.report().format());
        long waits = d.locks().stream().mapToLong(l -> l.waits().size()).sum();
        // perf lock contention on the same recording: its table's contended column adds up to the
        // waits of the script, the idle task's three (one 2.34 ms in cpu_startup_entry) among them
        LockTable perf = LockTable.of(Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt").dataset()
                .metadata().parameters()).orElseThrow();
        int contended = perf.fields().indexOf("contended");
        long perfWaits = perf.rows().stream().mapToLong(row -> Long.parseLong(row.values().get(contended))).sum();
        assertEquals(2419, perfWaits);
        assertEquals(perfWaits, waits, "every begin/end pair, the idle task's too");
        List<LockStatistics.Row> rows = LockStatistics.of(LockIndex.of(d), d.startNs(), d.endNs());
        assertEquals(perfWaits, rows.stream().mapToLong(LockStatistics.Row::waits).sum(), "the Locks tab's count");
        assertEquals(perfWaits, DatasetSummary.of(d).path("locks").findValues("contended").stream()
                .mapToLong(n -> n.asLong()).sum(), "the summary's count");
        List<TaskInfo> idle = d.tasks().stream().filter(t -> t.tid() == 0).toList();
        assertEquals(1, idle.size(), "all three waited on CPU 0: " + idle);
        assertEquals("swapper/0", idle.get(0).comm());
        assertEquals(0, idle.get(0).pid());
        long idleWaitNs = 0;
        for (LockLane l : d.locks()) {
            for (int i = 0; i < l.waits().size(); i++) {
                if (l.waits().task(i) == idle.get(0).id()) {
                    idleWaitNs += l.waits().endNs(i) - l.waits().startNs(i);
                }
            }
        }
        assertEquals(88_000 + 2_335_000 + 5_000, idleWaitNs, "the lines 1141-1142, 2639-2640 and 4299-4300");
        assertTrue(r.report().files().get(0).notes().stream().noneMatch(n -> n.contains("idle")),
                "nothing left out: " + r.report().files().get(0).notes());
        LockLane busiest = d.locks().stream().max((a, b) -> a.waits().size() - b.waits().size()).orElseThrow();
        assertEquals("0xffff888627d2ba40", busiest.name());
        assertEquals("spinlock", busiest.kind());
        assertEquals(WaitMode.SPIN, busiest.waitMode(0));
        for (CpuLane c : d.cpus()) {
            assertEquals(0, c.slices().size(), "no sched_switch, so no guessing who ran");
        }
    }

    @Test
    void eachCpusIdleTaskWaitsOnItsOwnSoOverlappingIdleWaitsBothCount() throws Exception {
        // two CPUs' idle loops waiting for one lock at once: two tasks (swapper/0, swapper/1), as
        // the kernel has one idle task per CPU though perf shows both as 0/0
        String text = String.join("\n",
                "         swapper     0/0     [000]   100.000100: lock:contention_begin: 0xffff888627c2ba40 (flags=SPIN)",
                "         swapper     0/0     [001]   100.000150: lock:contention_begin: 0xffff888627c2ba40 (flags=SPIN)",
                "        postgres  8127/8127  [000]   100.000200:   lock:contention_end: 0xffff888627c2ba40 (ret=0)",
                "         swapper     0/0     [000]   100.000300:   lock:contention_end: 0xffff888627c2ba40 (ret=0)",
                "         swapper     0/0     [001]   100.000400:   lock:contention_end: 0xffff888627c2ba40 (ret=0)",
                "");
        ImportResult r = Fixtures.importText("lock.txt", text);
        Dataset d = r.dataset();
        LockLane lock = d.locks().get(0);
        assertEquals(2, lock.waits().size());
        assertEquals("swapper/0", d.tasks().get(lock.waits().task(0)).comm());
        assertEquals(200_000, lock.waits().endNs(0) - lock.waits().startNs(0));
        assertEquals("swapper/1", d.tasks().get(lock.waits().task(1)).comm());
        assertEquals(250_000, lock.waits().endNs(1) - lock.waits().startNs(1));
        assertEquals(0, d.tasks().get(lock.waits().task(1)).tid());
        assertTrue(r.report().files().get(0).notes().contains("1 lock contention event without its begin/end pair"),
                "postgres's end without a begin: " + r.report().files().get(0).notes());
    }

    @Test
    void blockedTasksAreBlockedAndSleepersSleeping() throws Exception {
        Dataset d = Fixtures.importAll(Fixtures.RUN_A_SCRIPT).dataset();
        long[] byState = new long[TaskState.values().length];
        for (TaskLane l : d.taskLanes()) {
            for (int i = 0; i < l.intervals().size(); i++) {
                byState[l.intervals().code(i)]++;
            }
        }
        assertTrue(byState[TaskState.BLOCKED.code()] > 2000, "D switch-outs: " + byState[TaskState.BLOCKED.code()]);
        assertTrue(byState[TaskState.SLEEPING.code()] > 20_000);
        assertTrue(byState[TaskState.RUNNABLE.code()] > 20_000);
        // 6842 R + 63 R+ switch-outs, less the idle task's 33 (idle is not preempted, it yields)
        assertEquals(6842 + 63 - 33, d.marks().count(MarkKind.PREEMPTION), "one per R or R+ switch-out of a task");
    }
    /**
     * A sched_waking traced while its task still runs, before the task switches out to sleep: the
     * kernel had passed the sleep-state check and waits for the task to leave its CPU before it
     * enqueues it, so the task waits for a CPU from its switch-out although prev_state says D
     * (runA's line 447-448). A sched_wakeup traced while the task still runs says the wake-up found
     * it queued and it kept running; an R switch-out is runnable anyway.
     */
    @Test
    void aWakeUpThatRacesTheSwitchOutMakesTheTaskRunnableFromItsSwitchOut() throws Exception {
        ImportResult r = Fixtures.importAll("handmade/perf_sched/script_waking_races_switch_out.txt");
        Dataset d = r.dataset();
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        // woken at 100, runtime reported on its way out at 101, switched out D at 102: waits from 102
        assertEquals(List.of("running 100000000-100000102", "runnable 100000102-100000200", "running 100000200-100000300",
                "sleeping 100000300-100001300"), lane(d, 7389));
        // sched_waking and sched_wakeup both while it ran (the wake-up found it queued): its S is a sleep
        assertEquals(List.of("running 100000000-100000500", "sleeping 100000500-100001300"), lane(d, 7329));
        // waking while running, S switch-out at 701, sched_wakeup once enqueued at 710: runnable from 701;
        // waking while running then R: runnable from the R as before; D switch-out traced before the
        // waking: blocked until the waking
        assertEquals(List.of("running 100000600-100000701", "runnable 100000701-100000800", "running 100000800-100000901",
                "runnable 100000901-100001000", "running 100001000-100001100", "blocked 100001100-100001101",
                "runnable 100001101-100001200", "running 100001200-100001300"), lane(d, 7377));
        List<Long> waits = new java.util.ArrayList<>();
        org.schedlab.analysis.RunQueueLatency.forEachSample(d, (task, from, to) -> waits.add((to - from) / 1000));
        java.util.Collections.sort(waits);
        assertEquals(List.of(51L, 98L, 99L, 99L, 99L), waits, "7380 51 us; 7389 98 us; 7377 99 us three times");
        // one wake-up mark per wake-up that ended a sleep, on the CPU it was aimed at
        assertEquals(4, d.marks().count(MarkKind.WAKEUP));
        assertEquals(0, d.marks().cpu(d.marks().firstAtOrAfter(100_000_102_000L)));
    }
    /**
     * Switches missing from a recording (runA's CPU 1 around 330.826 s): a switch-out of a task
     * the CPU's last switch had not switched in is reported once, naming its first line and the
     * task that was expected, and a task switched in there and never seen leaving is not drawn
     * running on until its next switch (tokio-rt-worker ran a whole second that way in runA).
     */
    @Test
    void aSwitchOutOfATaskTheCpuHadNotSwitchedInIsReportedWithItsLineAndTheTaskLeftIsNotDrawnRunningOn()
            throws Exception {
        String text = String.join("\n",
                "         swapper     0 [000]   100.000000:       sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=tokio-rt-worker next_pid=69 next_prio=120",
                "         swapper     0 [001]   100.000000:       sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=java next_pid=7329 next_prio=120",
                "            java  7329 [001]   100.000050:       sched:sched_switch: prev_comm=java prev_pid=7329 prev_prio=120"
                        + " prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120",
                "        postgres  7382 [001]   100.000100:       sched:sched_waking: comm=kworker/1:1H pid=44 prio=100 target_cpu=001",
                "        postgres  7382 [001]   100.000105: sched:sched_stat_runtime: comm=postgres pid=7382 runtime=13245 [ns]",
                "        postgres  7382 [001]   100.000110:       sched:sched_switch: prev_comm=postgres prev_pid=7382 prev_prio=120"
                        + " prev_state=D ==> next_comm=kworker/1:1H next_pid=44 next_prio=100",
                "        postgres  7388 [000]   100.000200:       sched:sched_switch: prev_comm=postgres prev_pid=7388 prev_prio=120"
                        + " prev_state=S ==> next_comm=C1 CompilerThre next_pid=7349 next_prio=120",
                " C1 CompilerThre  7349 [000]   100.000300:       sched:sched_waking: comm=tokio-rt-worker pid=69 prio=120 target_cpu=000",
                " C1 CompilerThre  7349 [000]   100.000400:       sched:sched_switch: prev_comm=C1 CompilerThre prev_pid=7349 prev_prio=120"
                        + " prev_state=S ==> next_comm=tokio-rt-worker next_pid=69 next_prio=120",
                " tokio-rt-worker    69 [000]   100.000500:       sched:sched_switch: prev_comm=tokio-rt-worker prev_pid=69 prev_prio=120"
                        + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120",
                "");
        ImportResult r = Fixtures.importText("missing-switches.txt", text);
        List<String> notes = r.report().files().get(0).notes();
        assertTrue(notes.contains("2 sched_switch events switched out a task the CPU's last sched_switch had not"
                + " switched in (sched_switch events missing), the first at line 6: cpu 1 switched out postgres:7382"
                + " where swapper/1 (idle), switched in at line 3, was expected. The CPU's time since its previous"
                + " switch counts as the switched-out task's, as perf sched timehist counts it; a task switched in"
                + " there and not seen leaving has no state from that switch to its next event"), notes.toString());
        // the waking and the runtime under postgres:7382 on the idle CPU 1; the switch lines are counted above
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("2 events ran under a task the last sched_switch had not"
                + " switched in")), notes.toString());
        Dataset d = r.dataset();
        assertEquals(List.of("running 100000000-100000200", "runnable 100000300-100000400", "running 100000400-100000500"),
                lane(d, 69), "tokio-rt-worker left CPU 0 unseen before 200 us: no state until its waking");
        assertEquals(task(d, 7382).id(), d.cpus().get(1).slices().task(1), "CPU 1's time since its switch to idle");
    }
}
