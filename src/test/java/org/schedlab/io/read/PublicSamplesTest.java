package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every third-party sample under src/test/resources/public (copies of the project's public
 * data set, THIRD-PARTY.md) imports, in the format its source says it is in.
 */
class PublicSamplesTest {
    private static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("catapult_big_trace.json", "chrome-trace"),
            Map.entry("catapult_flow.json", "chrome-trace"),
            Map.entry("catapult_x_event_trace.json", "chrome-trace"),
            Map.entry("catapult_atrace_data_raw.txt", "ftrace"),
            Map.entry("lisa_trace-cmd_report.txt", "trace-cmd-report"),
            Map.entry("tracecompass_atrace-test_tgid.txt", "ftrace"),
            Map.entry("tracecompass_trace-android-sched-irq.txt", "ftrace"),
            Map.entry("tracecompass_trace-critical-path.txt", "ftrace"),
            Map.entry("trappy_systrace_surfaceflinger.html", "systrace-html"),
            Map.entry("bcc_klockstat_example.txt", "klockstat"),
            Map.entry("lkml_acme_perf_lock_contention_use-bpf_aarch64.txt", "perf-lock-contention"),
            Map.entry("lkml_namhyung_perf_lock_con_-abt_per_thread.txt", "perf-lock-contention"),
            Map.entry("lkml_urezki_proc_lock_stat_vmap.txt", "proc-lock-stat"),
            Map.entry("node_exporter_fixture_proc_net_netstat.txt", "proc-net-snmp"),
            Map.entry("node_exporter_fixture_proc_net_snmp.txt", "proc-net-snmp"),
            Map.entry("lkml_acme_dsahern_perf_sched_timehist_cpu_filter.txt", "perf-sched-timehist"),
            Map.entry("lkml_vineethr_perf_sched_script_compact_switch.txt", "perf-sched-script"),
            // a mail quoting latency, map, replay, script and timehist output: the timehist header
            // decides; its timehist rows are read and every other line is reported
            Map.entry("lkml_yangjihong_perf_sched_latency_map_replay_script_timehist.txt", "perf-sched-timehist"),
            Map.entry("bcc_runqlat_example.txt", "runqlat"),
            Map.entry("bpftrace_runqlat_example.txt", "runqlat"),
            Map.entry("depdx_LOG8430_outputRun_workloada.txt", "ycsb"));

    @Test
    void everyPublicSampleImportsInTheFormatItIs() throws Exception {
        Path root = Fixtures.path("public");
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
        assertEquals(EXPECTED.size(), files.size(), "every sample has an expectation: " + files);
        for (Path f : files) {
            String name = f.getFileName().toString();
            ImportResult r = Importer.standard().importFile(RecordingSource.of(f));
            assertEquals(EXPECTED.get(name), r.report().format(), name);
            assertTrue(r.report().events() > 0, name + " gave events");
        }
    }
}
