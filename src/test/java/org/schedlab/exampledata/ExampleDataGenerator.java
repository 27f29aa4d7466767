package org.schedlab.exampledata;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * Makes the workbench's example dataset from a 50 ms excerpt of a real {@code perf sched
 * script} recording (example-data/README.md says where it comes from). It reads only the
 * {@code sched_switch} lines of that one excerpt: what ran on each CPU between two switches,
 * and a preemption mark where the task switched out was still runnable ({@code prev_state=R}).
 * It is not a perf reader (the io package gets a real one); it exists so the example file in
 * the repository can be checked against its source and remade on purpose:
 * {@code mvn -o -q test -Dtest=ExampleDataTest -Dschedlab.regenerateExamples=true}.
 */
public final class ExampleDataGenerator {
    public static final Path EXCERPT = Path.of("example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz");
    public static final Path DATASET = Path.of("example-data/datasets/pgbench-2cpu-50ms.json");
    /** The same file on the classpath, where the app loads it from (works from the jar too). */
    public static final Path RESOURCE = Path.of("src/main/resources/org/schedlab/ui/examples/pgbench-2cpu-50ms.json");

    /** The excerpt covers [330.000000 s, 330.050000 s) of the recording, in the kernel's clock. */
    static final long WINDOW_START_NS = 330_000_000_000L;
    static final long WINDOW_END_NS = 330_050_000_000L;
    /** The version that derived the file; fixed so the file only changes when its source does. */
    static final String MADE_BY_VERSION = "0.1.0";

    private static final Pattern HEAD = Pattern.compile("\\[(\\d+)\\]\\s+(\\d+)\\.(\\d{6}):\\s+sched:sched_switch:");
    private static final Pattern SWITCH = Pattern.compile("prev_comm=(.*) prev_pid=(\\d+) prev_prio=-?\\d+ "
            + "prev_state=(\\S+) ==> next_comm=(.*) next_pid=(\\d+) next_prio=-?\\d+\\s*$");

    private ExampleDataGenerator() {
    }

    public static Dataset generate() throws IOException, InvalidDatasetException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("recording", "pgbench-local runA_perf_sched_script.txt.gz (perf sched record, 2-vCPU VM)");
        params.put("window", "330.000000 s .. 330.050000 s");
        params.put("workload", "pgbench -N -c 16 -j 2 -T 8 -P 1 -M prepared, PostgreSQL 15");
        params.put("kernel", "Linux 6.18, PREEMPT_DYNAMIC, preempt=none");
        params.put("derived", "sched_switch only; user/kernel split unknown (kernel threads marked kernel); "
                + "pid = -1 (perf sched script prints tids only)");
        DatasetBuilder b = Dataset.builder(new Metadata("pgbench-local-runA-50ms.perf-sched-script.txt.gz",
                "perf-sched-script", params, OptionalLong.empty(), MADE_BY_VERSION));
        b.cpuCount(2);
        Map<String, Integer> tasks = new HashMap<>();
        Map<Integer, long[]> lastSwitchNs = new HashMap<>();
        Map<Integer, Integer> nextTidByCpu = new HashMap<>();
        Map<Integer, String> nextCommByCpu = new HashMap<>();
        for (String line : switchLines()) {
            Matcher head = HEAD.matcher(line);
            Matcher sw = SWITCH.matcher(line);
            if (!head.find() || !sw.find()) {
                throw new IOException(EXCERPT + ": not a sched_switch line: " + line);
            }
            int cpu = Integer.parseInt(head.group(1));
            long tNs = Long.parseLong(head.group(2)) * 1_000_000_000L + Long.parseLong(head.group(3)) * 1_000L;
            String prevComm = sw.group(1);
            int prevTid = Integer.parseInt(sw.group(2));
            String prevState = sw.group(3);
            long from = lastSwitchNs.computeIfAbsent(cpu, c -> new long[] {WINDOW_START_NS})[0];
            int prevTask = ranSlice(b, tasks, cpu, from, tNs, prevTid, prevComm);
            if (prevState.startsWith("R") && prevTask != Intervals.NO_TASK) {
                b.mark(MarkKind.PREEMPTION, tNs, cpu, prevTask,
                        "preempted by " + sw.group(4) + "[" + sw.group(5) + "]");
            }
            lastSwitchNs.get(cpu)[0] = tNs;
            nextTidByCpu.put(cpu, Integer.parseInt(sw.group(5)));
            nextCommByCpu.put(cpu, sw.group(4));
        }
        for (Map.Entry<Integer, Integer> e : nextTidByCpu.entrySet()) {
            int cpu = e.getKey();
            ranSlice(b, tasks, cpu, lastSwitchNs.get(cpu)[0], WINDOW_END_NS, e.getValue(), nextCommByCpu.get(cpu));
        }
        return b.build();
    }

    /** Adds what ran on {@code cpu} in [from, to); returns its task id (NO_TASK for idle). */
    private static int ranSlice(DatasetBuilder b, Map<String, Integer> tasks, int cpu, long from, long to,
                                int tid, String comm) {
        if (tid == 0) {
            if (to > from) {
                b.slice(cpu, from, to, Intervals.NO_TASK, SliceState.IDLE);
            }
            return Intervals.NO_TASK;
        }
        int task = tasks.computeIfAbsent(tid + "/" + comm, k -> b.addTask(tid, -1, comm));
        if (to > from) {
            b.slice(cpu, from, to, task, isKernelThread(comm) ? SliceState.KERNEL : SliceState.USER);
        }
        return task;
    }

    /** Kernel threads by their well-known names: they never run user code. */
    static boolean isKernelThread(String comm) {
        return comm.startsWith("kworker/") || comm.startsWith("ksoftirqd/") || comm.startsWith("migration/")
                || comm.startsWith("rcu_") || comm.startsWith("cpuhp/") || comm.startsWith("watchdog/")
                || comm.equals("kthreadd") || comm.startsWith("irq/");
    }

    private static List<String> switchLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(EXCERPT);
             BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(raw), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.contains("sched:sched_switch:")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }
}
