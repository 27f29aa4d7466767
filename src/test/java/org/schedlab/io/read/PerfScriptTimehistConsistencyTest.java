package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;

/**
 * The lanes built from runA's perf sched script agree, switch by switch, with what perf sched
 * timehist printed from the same recording: each task's run ends where timehist says, lasts
 * as long, on the same CPU; and the wait before it (run-queue time in the task lane) is
 * timehist's scheduling delay. Times in both texts are whole microseconds.
 */
class PerfScriptTimehistConsistencyTest {
    private static final long TOLERANCE_NS = 2_000;
    private static Dataset runA;

    @BeforeAll
    static void importRunA() throws Exception {
        runA = Fixtures.importAll(Fixtures.RUN_A_SCRIPT).dataset();
    }

    record Row(long tNs, int cpu, String task, int tid, long waitNs, long delayNs, long runNs) {
    }

    static Row parse(String line) {
        String s = line.strip();
        String[] f = s.split("\\s+");
        long t = LineReader.parseSecondsToNs(f[0], 0, f[0].length());
        int cpu = Integer.parseInt(f[1].substring(1, f[1].length() - 1));
        int n = f.length;
        String head = s.replaceFirst("\\s+\\S+\\s+\\S+\\s+\\S+$", "");
        String task = head.substring(head.indexOf(']') + 1).strip();
        int tid = 0;
        int lb = task.lastIndexOf('[');
        if (!task.equals("<idle>")) {
            String ids = task.substring(lb + 1, task.length() - 1);
            tid = Integer.parseInt(ids.contains("/") ? ids.substring(0, ids.indexOf('/')) : ids);
        }
        return new Row(t, cpu, task, tid, ms(f[n - 3]), ms(f[n - 2]), ms(f[n - 1]));
    }

    static long ms(String v) {
        return LineReader.parseSecondsToNs(v, 0, v.length()) / 1000;
    }

    @Test
    void everyRunTimehistPrintsIsASliceOfTheSameTaskEndingThenAndLastingAsLong() throws Exception {
        long checked = 0;
        long agreed = 0;
        Set<Integer> seenCpu = new HashSet<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(Fixtures.path("real/pgbench-local/runA_timehist.txt.gz"))), StandardCharsets.UTF_8))) {
            String line;
            int header = 3;
            while ((line = in.readLine()) != null) {
                if (header-- > 0) {
                    continue;
                }
                Row r = parse(line);
                if (seenCpu.add(r.cpu())) {
                    continue; // timehist cannot time a CPU's first run; neither can the script
                }
                checked++;
                if (sliceAgrees(r)) {
                    agreed++;
                }
            }
        }
        assertTrue(checked > 37_000, "timehist rows checked: " + checked);
        assertEquals(checked, agreed, "runs that agree with timehist");
    }

    private static boolean sliceAgrees(Row r) {
        Intervals s = runA.cpus().get(r.cpu()).slices();
        int i = s.firstStartingAtOrAfter(r.tNs() - r.runNs() - TOLERANCE_NS);
        for (; i < s.size() && s.startNs(i) <= r.tNs() - r.runNs() + TOLERANCE_NS; i++) {
            boolean sameTask = r.tid() == 0 ? s.task(i) == Intervals.NO_TASK
                    : s.task(i) != Intervals.NO_TASK && runA.task(s.task(i)).tid() == r.tid();
            if (sameTask && Math.abs(s.endNs(i) - r.tNs()) <= TOLERANCE_NS
                    && Math.abs(s.durationNs(i) - r.runNs()) <= TOLERANCE_NS) {
                return true;
            }
        }
        return r.runNs() == 0; // a zero-length run leaves no slice
    }

    @Test
    void theWaitBeforeEachRunIsTimehistsSchedulingDelay() throws Exception {
        long checked = 0;
        long agreed = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(Fixtures.path("real/pgbench-local/runA_timehist.txt.gz"))), StandardCharsets.UTF_8))) {
            String line;
            int header = 3;
            while ((line = in.readLine()) != null) {
                if (header-- > 0) {
                    continue;
                }
                Row r = parse(line);
                if (r.tid() == 0 || r.delayNs() == 0 || r.waitNs() == 0) {
                    continue;
                }
                checked++;
                long runStart = r.tNs() - r.runNs();
                int id = idOf(r.tid());
                TaskLane lane = runA.taskLane(id).orElseThrow();
                Intervals iv = lane.intervals();
                int j = iv.firstStartingAtOrAfter(runStart - TOLERANCE_NS) - 1;
                for (int k = Math.max(0, j); k < iv.size() && iv.startNs(k) <= runStart + TOLERANCE_NS; k++) {
                    if (TaskState.ofCode(iv.code(k)) == TaskState.RUNNABLE
                            && Math.abs(iv.endNs(k) - runStart) <= TOLERANCE_NS
                            && Math.abs(iv.durationNs(k) - r.delayNs()) <= TOLERANCE_NS) {
                        agreed++;
                        break;
                    }
                }
            }
        }
        assertTrue(checked > 10_000, "delays checked: " + checked);
        assertEquals(checked, agreed, "scheduling delays that agree with timehist");
    }

    private static int idOf(int tid) {
        return runA.tasks().stream().filter(t -> t.tid() == tid).findFirst().orElseThrow().id();
    }

    @Test
    void cpuLanesCoverTheRecordingWithoutGaps() {
        for (CpuLane c : runA.cpus()) {
            Intervals s = c.slices();
            for (int i = 1; i < s.size(); i++) {
                assertEquals(s.endNs(i - 1), s.startNs(i), "cpu " + c.cpu() + " slice " + i + " follows the last");
            }
        }
    }
}
