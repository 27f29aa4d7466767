package org.schedlab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the CLI with stdout and stderr captured. */
record CliRun(int exitCode, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** The small sample dataset written as {@code dir/name} (.json or .json.gz), for commands that read one. */
    static java.nio.file.Path smallDataset(java.nio.file.Path dir, String name) throws java.io.IOException {
        java.nio.file.Path f = dir.resolve(name);
        org.schedlab.io.DatasetJson.write(org.schedlab.io.SampleDatasets.small(), f);
        return f;
    }

    /** A named pipe at {@code at}; the test is skipped where mkfifo is missing or fails. */
    static java.nio.file.Path fifo(java.nio.file.Path at) throws Exception {
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", at.toString()).start();
        } catch (java.io.IOException noMkfifo) {
            org.junit.jupiter.api.Assumptions.abort("no mkfifo here");
            return at;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0 && java.nio.file.Files.exists(at));
        return at;
    }
}
