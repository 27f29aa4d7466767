package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** stdout that cannot be written ({@code > /dev/full}, a closed pipe) is a failure, not exit 0. */
class StdoutErrorTest {
    private static final String RECORDING = "example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz";

    @TempDir
    Path dir;

    /** What /dev/full does to every write. */
    private static final class FullWriter extends Writer {
        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void flush() throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void close() {
        }
    }

    private static CliRun toFullStdout(String... args) {
        StringWriter err = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(new FullWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        return new CliRun(cl.execute(args), "", err.toString());
    }

    private static void assertReported(CliRun r) {
        assertNotEquals(0, r.exitCode(), r.err());
        assertEquals(2, r.exitCode(), r.err());
        // the last line of stderr, where scripts read the reason (an import may warn before it)
        String last = r.err().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("schedlab: could not write to standard output"), r.err());
        assertEquals(1, r.err().lines().filter(l -> l.contains("could not write")).count(), r.err());
    }

    @Test
    void commandsPrintingToAFullStdoutExitNonZeroAndSaySo() throws Exception {
        Path f = CliRun.smallDataset(dir, "small.json");
        assertReported(toFullStdout("scenarios"));
        assertReported(toFullStdout("info", f.toString()));
        assertReported(toFullStdout("table", f.toString()));
        assertReported(toFullStdout("import", RECORDING, "--summary", "json"));
        assertReported(toFullStdout("--version"));
        assertReported(toFullStdout("table", "--help"));
    }

    @Test
    void theDirectImportPathChecksStdoutToo() throws Exception {
        Path f = CliRun.smallDataset(dir, "small.json");
        ImportCommand c = DirectImport.parse(new String[] {"import", RECORDING}).orElseThrow();
        StringWriter err = new StringWriter();
        int code = DirectImport.run(c, new PrintWriter(new FullWriter(), true), new PrintWriter(err, true));
        assertReported(new CliRun(code, "", err.toString()));
    }

    @Test
    void theProcessStdoutAPrintStreamThatKeepsItsErrorsIsAskedToo() {
        // java -jar schedlab.jar ... > /dev/full: picocli's writer wraps System.out, which never throws
        java.io.PrintStream full = new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        }, true);
        full.print("scenario list");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = SchedLabCli.processStdoutWritten(0, full, new java.io.PrintStream(err, true));
        assertReported(new CliRun(code, "", err.toString()));
        java.io.PrintStream fine = new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true);
        assertEquals(0, SchedLabCli.processStdoutWritten(0, fine, new java.io.PrintStream(err, true)));
    }

    @Test
    void aReaderThatStoppedReadingIsNotReportedButTheExitCodeSaysSo() {
        // schedlab table x | head: head exits, the next write meets a broken pipe
        java.io.PrintStream piped = new java.io.PrintStream(StdoutWatch.watching(new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        }), true);
        try {
            piped.print("a long table");
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int code = SchedLabCli.processStdoutWritten(0, piped, new java.io.PrintStream(err, true));
            assertEquals(SchedLabCli.EXIT_BAD_INPUT, code, "not a success: the output did not all arrive");
            assertEquals("", err.toString(), "a closed pipe is the reader's choice, not news");
        } finally {
            StdoutWatch.reset();
        }
    }

    @Test
    void aWritableStdoutStillExitsZeroWithNothingOnStderr() {
        CliRun r = CliRun.of("scenarios");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
    }
}
