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

    /**
     * {@code schedlab ARGS} in a child JVM (headless: render draws with AWT), not started: its
     * stdout is a pipe to the test unless redirected, as in {@code schedlab ... | gzip}.
     */
    static ProcessBuilder child(String... args) {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                org.schedlab.Main.class.getName()));
        command.addAll(java.util.List.of(args));
        return new ProcessBuilder(command);
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
