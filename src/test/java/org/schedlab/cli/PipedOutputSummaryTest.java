package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/**
 * {@code schedlab import run.txt --out /dev/stdout | gzip > run.json.gz}: the pipe carries the
 * dataset alone and the summary goes to stderr; with {@code --out FILE} stdout keeps the summary.
 */
class PipedOutputSummaryTest {
    @TempDir
    Path dir;

    private Path err;

    @BeforeEach
    void needsProcFdLinks() {
        assumeTrue(Files.exists(Path.of("/dev/stdout")) && Files.exists(Path.of("/proc/self/fd")), "/dev/stdout, /proc");
        err = dir.resolve("err.txt");
    }

    /** Two switches on one CPU, as perf script prints them. */
    private Path recording() throws Exception {
        Path f = dir.resolve("sched.txt");
        Files.writeString(f, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf prev_pid=7396"
                + " prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n", StandardCharsets.UTF_8);
        return f;
    }

    /** Runs {@code schedlab ARGS} with its stdout a pipe to this test; the bytes that came through it. */
    private byte[] piped(String... args) throws Exception {
        Process p = CliRun.child(args).redirectError(err.toFile()).start();
        byte[] sent = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(err));
        return sent;
    }

    private static Dataset dataset(byte[] sent) throws Exception {
        // the whole pipe must be one dataset: anything after it is "trailing content" to a JSON reader
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper()
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        json.readTree(sent);
        return DatasetJson.read(new ByteArrayInputStream(sent), "stdout");
    }

    @Test
    void importToDevStdoutSendsTheDatasetAloneAndTheTaskTableToStderr() throws Exception {
        byte[] sent = piped("import", recording().toString(), "--out", "/dev/stdout");
        Dataset d = dataset(sent);
        assertEquals(2, d.tasks().size(), "perf and sh came through the pipe");
        String said = Files.readString(err);
        assertTrue(said.contains("perf sched latency (per task)") && said.contains("perf:7396"), said);
    }

    @Test
    void importWithAJsonSummaryToProcSelfFd1SendsTheDatasetAlone() throws Exception {
        // the same pipe by another of its names; the summary is JSON too, and must not follow the dataset
        byte[] sent = piped("import", recording().toString(), "--summary", "json", "--out", "/proc/self/fd/1");
        dataset(sent);
        assertTrue(Files.readString(err).contains("\"tasks\""), Files.readString(err));
    }

    @Test
    void simulateToDevStdoutSendsTheRunAloneAndTheSummaryToStderr() throws Exception {
        byte[] sent = piped("simulate", "--scenario", "teach-fair-share", "--duration-ms", "200", "--out", "/dev/stdout");
        Dataset d = dataset(sent);
        assertEquals("teach-fair-share", d.metadata().source());
        String said = Files.readString(err);
        assertTrue(said.contains("scenario  teach-fair-share") && said.contains("throughput"), said);
    }

    @Test
    void withAFileAsOutTheSummaryStaysOnStdout() throws Exception {
        Path out = dir.resolve("run.json");
        String printed = new String(piped("simulate", "--scenario", "teach-fair-share", "--duration-ms", "200",
                "--summary", "json", "--out", out.toString()), StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("{") && printed.contains("\"throughput\""), printed);
        assertEquals("teach-fair-share", DatasetJson.read(out).metadata().source());
        String imported = new String(piped("import", recording().toString(), "--out", dir.resolve("r.json").toString()),
                StandardCharsets.UTF_8);
        assertTrue(imported.contains("perf sched latency (per task)"), imported);
    }
}
