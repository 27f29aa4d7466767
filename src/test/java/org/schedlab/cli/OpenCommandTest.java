package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schedlab open FILE...}: the files go to the window together, in the order given, and
 * only once each is known to be readable; a bad one is refused in one line before any window.
 */
class OpenCommandTest {
    @TempDir
    Path dir;

    /** What the window was asked to open, one entry per call. */
    private final List<List<Path>> opened = new ArrayList<>();

    private CliRun open(String... files) {
        String[] args = new String[files.length + 1];
        args[0] = "open";
        System.arraycopy(files, 0, args, 1, files.length);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = SchedLabCli.commandLine(f -> {
            opened.add(f);
            return SchedLabCli.EXIT_OK;
        });
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    private Path file(String name) throws Exception {
        return Files.writeString(dir.resolve(name), "anything: the window's import judges the content\n");
    }

    private void assertRefused(CliRun r, String line) {
        assertEquals(SchedLabCli.EXIT_BAD_INPUT, r.exitCode(), r.err());
        assertEquals("schedlab: " + line + System.lineSeparator(), r.err());
        assertEquals(List.of(), opened, "no window for a refused file");
    }

    @Test
    void severalFilesOpenTogetherInOneWindowInTheOrderGiven() throws Exception {
        Path perf = file("perf_sched_script.txt");
        Path pgbench = file("pgbench.txt");
        CliRun r = open(perf.toString(), pgbench.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertEquals(List.of(List.of(perf, pgbench)), opened);
    }

    @Test
    void aLoneWorkspaceGoesToTheWindowToBeRestored() throws Exception {
        Path ws = file("study.schedlab");
        assertEquals(0, open(ws.toString()).exitCode());
        assertEquals(List.of(List.of(ws)), opened);
    }

    @Test
    void theWindowsExitCodeIsTheCommands() throws Exception {
        Path f = file("trace.txt");
        var cl = SchedLabCli.commandLine(files -> SchedLabCli.EXIT_INTERNAL); // could not open: no display
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(SchedLabCli.EXIT_INTERNAL, cl.execute("open", f.toString()));
    }

    @Test
    void aMissingFileIsRefusedBeforeAnyWindowNamingIt() throws Exception {
        Path there = file("pgbench.txt");
        Path missing = dir.resolve("perf.txt");
        assertRefused(open(there.toString(), missing.toString()), missing + ": no such file");
    }

    @Test
    void aCsvExportsDirectoryOpensThroughItsSlicesTable() throws Exception {
        Path export = dir.resolve("tables");
        org.schedlab.io.CsvExport.write(org.schedlab.io.SampleDatasets.small(), export);
        assertEquals(0, open(export.toString()).exitCode());
        assertEquals(List.of(List.of(export.resolve("slices.csv"))), opened);
    }

    @Test
    void aCsvExportsDirectoryWithoutItsTaskTableIsRefusedNamingThatTable() throws Exception {
        Path export = dir.resolve("tables");
        org.schedlab.io.CsvExport.write(org.schedlab.io.SampleDatasets.small(), export);
        Files.delete(export.resolve("tasks.csv"));
        CliRun r = open(export.toString());
        assertEquals(SchedLabCli.EXIT_BAD_INPUT, r.exitCode(), r.err());
        // was "tables: is a directory, expected a recording, dataset or workspace file"
        assertTrue(r.err().startsWith("schedlab: " + export.resolve("tasks.csv") + ": not found; a CSV export is read"
                + " as the tables of one directory"), r.err());
        assertEquals(List.of(), opened);
    }

    @Test
    void aDirectoryIsRefused() {
        assertRefused(open(dir.toString()), dir + ": is a directory, expected a recording, dataset or workspace file");
    }

    @Test
    void aNamedPipeIsRefusedInsteadOfWaitingForAWriter() throws Exception {
        Path fifo = CliRun.fifo(dir.resolve("trace.txt"));
        assertRefused(open(fifo.toString()), fifo + ": is not a regular file (a pipe or a device); expected a"
                + " recording, dataset or workspace file: save the output first (SchedLab reads .gz directly, no"
                + " need to unpack)");
    }

    @Test
    void anUnreadableFileIsRefused() throws Exception {
        Path secret = file("secret.txt");
        org.junit.jupiter.api.Assumptions.assumeTrue(secret.toFile().setReadable(false, false)
                && !Files.isReadable(secret), "root reads everything");
        assertRefused(open(secret.toString()), secret + ": permission denied");
    }

    @Test
    void aWorkspaceAmongOtherFilesIsRefusedAsItOpensAlone() throws Exception {
        Path ws = file("study.schedlab");
        Path perf = file("perf.txt");
        assertRefused(open(perf.toString(), ws.toString()), ws + ": is a workspace, which opens alone; expected"
                + " either one workspace file or recordings and datasets");
    }

    @Test
    void theSameFileTwiceIsRefused() throws Exception {
        Path perf = file("perf.txt");
        Path again = dir.resolve(".").resolve("perf.txt");
        assertRefused(open(perf.toString(), again.toString()), again + ": is " + perf
                + " again; expected each recording once");
    }

    @Test
    void theSameNameTwiceIsRefusedBeforeAnyWindow() throws Exception {
        // File > Open would refuse it in the window: open says so in one line, as for another name of it
        Path perf = file("perf.txt");
        assertRefused(open(perf.toString(), perf.toString()), perf + ": is given twice; expected each recording once");
    }

    @Test
    void noFileIsAUsageErrorAndHelpOpensNothing() {
        CliRun none = open();
        assertEquals(SchedLabCli.EXIT_BAD_INPUT, none.exitCode());
        assertEquals(1, none.err().lines().count(), none.err());
        assertTrue(none.err().contains("'FILE'"), none.err());
        CliRun help = open("--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().startsWith("Usage: schedlab open [-hV] FILE..."), help.out());
        assertTrue(help.out().contains("File > Open"), help.out());
        // every refusal the README lists for open, so the help does not promise a window that will not come
        String words = String.join(" ", help.out().lines().map(String::strip).toList());
        for (String refused : new String[] {"missing", "unreadable", "directory", "pipe", "the same file twice",
            "a workspace among other files"}) {
            assertTrue(words.contains(refused), refused + " in: " + words);
        }
        assertEquals(List.of(), opened);
    }
}
