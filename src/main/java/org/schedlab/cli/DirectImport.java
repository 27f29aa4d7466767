package org.schedlab.cli;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs a plain {@code schedlab import FILE... [--out PATH] [--summary text|json]} without
 * building picocli's command model. Building it reflects over every subcommand's annotations
 * and registers picocli's converters (java.time, java.sql, ...): 110 - 150 ms of CPU on a cold
 * JVM, a seventh of a whole one-second import. Only the exact forms below are taken here; any
 * other argument (help, version, an unknown or repeated option, an option value that looks like
 * an option, an {@code @argfile}, {@code --}) goes to picocli, which then prints its usual usage
 * or error line - so behaviour and messages stay picocli's. Exit codes and error lines are
 * those of {@link SchedLabCli#commandLine()}. A test keeps the options here in step with
 * {@link ImportCommand}'s.
 */
final class DirectImport {
    private DirectImport() {
    }

    /** The import command with its fields set, if {@code args} are a plain import this class takes. */
    static Optional<ImportCommand> parse(String[] args) {
        if (args.length < 2 || !args[0].equals("import")) {
            return Optional.empty();
        }
        List<Path> files = new ArrayList<>();
        String out = null;
        String summary = null;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            String name;
            String value;
            if (a.startsWith("--out=") || a.startsWith("--summary=")) {
                int eq = a.indexOf('=');
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else if (a.equals("--out") || a.equals("--summary")) {
                if (i + 1 == args.length) {
                    return Optional.empty();
                }
                name = a;
                value = args[++i];
            } else if (a.isEmpty() || a.startsWith("-") || a.startsWith("@")) {
                return Optional.empty();
            } else {
                Optional<Path> p = path(a);
                if (p.isEmpty()) {
                    return Optional.empty();
                }
                files.add(p.get());
                continue;
            }
            if (value.isEmpty() || value.startsWith("-") || value.startsWith("@")) {
                return Optional.empty();
            }
            if (name.equals("--out")) {
                if (out != null) {
                    return Optional.empty();
                }
                out = value;
            } else {
                if (summary != null || !(value.equals("text") || value.equals("json"))) {
                    return Optional.empty();
                }
                summary = value;
            }
        }
        if (files.isEmpty()) {
            return Optional.empty();
        }
        ImportCommand c = new ImportCommand();
        c.files = files;
        if (out != null) {
            Optional<Path> p = path(out);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            c.out = p.get();
        }
        c.summary = summary == null || summary.equals("text") ? ImportCommand.SummaryFormat.text
                : ImportCommand.SummaryFormat.json;
        return Optional.of(c);
    }

    private static Optional<Path> path(String s) {
        try {
            return Optional.of(Path.of(s));
        } catch (InvalidPathException e) {
            return Optional.empty(); // picocli says what is wrong with it
        }
    }

    /** Runs the command on the process's stdout and stderr, encoded as picocli would; its exit code. */
    static int run(ImportCommand c) {
        PrintWriter out = writer(System.out, "sun.stdout.encoding");
        PrintWriter err = writer(System.err, "sun.stderr.encoding");
        try {
            return run(c, out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    static int run(ImportCommand c, PrintWriter out, PrintWriter err) {
        try {
            return SchedLabCli.outputWritten(c.run(out, err), out, err);
        } catch (Exception e) {
            return SchedLabCli.failure(e, err);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return SchedLabCli.exhausted(e, err);
        }
    }

    private static PrintWriter writer(OutputStream stream, String encodingProperty) {
        String enc = System.getProperty(encodingProperty);
        Charset cs = enc == null ? Charset.defaultCharset()
                : Charset.forName("cp65001".equalsIgnoreCase(enc) ? "UTF-8" : enc);
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, cs)), true);
    }
}
