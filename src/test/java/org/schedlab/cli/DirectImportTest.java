package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The picocli-free import path: same output, errors and exit codes as picocli's, or left to picocli. */
class DirectImportTest {
    @TempDir
    Path dir;

    private static final String RUN_C = Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt").toString();
    private static final String PGBENCH = Fixtures.path("real/pgbench-local/runC_pgbench.txt").toString();

    private static CliRun direct(String... args) {
        Optional<ImportCommand> c = DirectImport.parse(args);
        assertTrue(c.isPresent(), () -> "taken directly: " + List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = DirectImport.run(c.get(), new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    private static void assertSameAsPicocli(String... args) {
        CliRun viaPicocli = CliRun.of(args);
        CliRun viaDirect = direct(args);
        assertEquals(viaPicocli, viaDirect, () -> "for " + List.of(args));
    }

    @Test
    void knowsExactlyTheOptionsOfTheImportCommand() {
        // an option added to ImportCommand must be taught to DirectImport too (or left to picocli)
        Set<String> names = new TreeSet<>();
        for (OptionSpec o : new CommandLine(new ImportCommand()).getCommandSpec().options()) {
            names.addAll(List.of(o.names()));
        }
        assertEquals(Set.of("--out", "--summary", "-h", "--help", "-V", "--version"), names);
    }

    @Test
    void printsWhatPicocliPrintsForSummariesErrorsAndSavedDatasets() throws Exception {
        assertSameAsPicocli("import", RUN_C, "--summary", "json");
        assertSameAsPicocli("import", RUN_C, PGBENCH);
        assertSameAsPicocli("import", "--summary=text", RUN_C);
        assertSameAsPicocli("import", dir.resolve("missing.txt").toString());
        Path garbage = dir.resolve("garbage.txt");
        Files.writeString(garbage, "hello\nworld\n");
        assertSameAsPicocli("import", garbage.toString(), "--summary", "json");
        assertSameAsPicocli("import", RUN_C, "--out", dir.resolve("no/such/dir/d.json").toString());

        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        CliRun viaPicocli = CliRun.of("import", RUN_C, "--out", a.toString());
        CliRun viaDirect = direct("import", RUN_C, "--out=" + b);
        assertEquals(0, viaDirect.exitCode(), viaDirect.err());
        assertEquals(viaPicocli, viaDirect);
        assertEquals(Files.readString(a), Files.readString(b));
    }

    @Test
    void leavesHelpUnknownRepeatedOrMalformedOptionsToPicocli() {
        for (List<String> args : List.<List<String>>of(List.of("import"), List.of("import", "--help"), List.of("import", "-h", "f"),
                List.of("import", "f", "--summary", "xml"), List.of("import", "f", "--summary"),
                List.of("import", "f", "--summary", "json", "--summary", "text"), List.of("import", "--", "f"),
                List.of("import", "@args.txt"), List.of("import", "f", "--out", "--summary"),
                List.of("import", "f", "--out="), List.of("import", "f", "--verbose"), List.of("info", "f"),
                List.of("imports", "f"), List.of())) {
            assertFalse(DirectImport.parse(args.toArray(String[]::new)).isPresent(), () -> "direct: " + args);
        }
        assertTrue(DirectImport.parse(new String[] {"import", "f", "g", "--out", "x.json", "--summary=json"}).isPresent());
    }
}
