package org.schedlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.SchedLabCli;

/**
 * What the launcher does with its arguments: the desktop's "open with" passes a workspace file;
 * {@code schedlab open FILE...} passes the files it checked.
 */
class MainTest {
    @Test
    void noArgumentsOrOneWorkspaceFileOpenTheWindow() {
        assertTrue(Main.opensWorkbench(new String[0]));
        assertTrue(Main.opensWorkbench(new String[] {"/home/me/study.schedlab"}));
        assertTrue(Main.opensWorkbench(new String[] {"Study.SCHEDLAB"}));
    }

    @Test
    void everythingElseIsACommand() {
        assertFalse(Main.opensWorkbench(new String[] {"--version"}));
        assertFalse(Main.opensWorkbench(new String[] {"info", "study.schedlab"}));
        assertFalse(Main.opensWorkbench(new String[] {"dataset.json"}));
        assertFalse(Main.opensWorkbench(new String[] {"-x.schedlab"}));
        // the open command checks its files first, then comes back for the window
        assertFalse(Main.opensWorkbench(new String[] {"open", "study.schedlab"}));
        assertFalse(Main.opensWorkbench(new String[] {"open.schedlab", "trace.txt"}));
    }

    @Test
    void openHandsItsCheckedFilesToTheWindowAsTheApplicationsParameters(@TempDir Path dir) throws Exception {
        Path perf = Files.writeString(dir.resolve("perf_sched_script.txt"), "x\n");
        Path pgbench = Files.writeString(dir.resolve("pgbench.txt"), "x\n");
        List<String[]> launched = new ArrayList<>();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var cli = SchedLabCli.commandLine(Main.window(launched::add, new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals(0, cli.execute("open", perf.toString(), pgbench.toString()));
        assertEquals(1, launched.size());
        assertEquals(List.of(perf.toString(), pgbench.toString()), List.of(launched.get(0)));
        assertEquals(0, err.size());

        launched.clear();
        cli.setErr(new java.io.PrintWriter(new java.io.StringWriter(), true));
        assertEquals(2, cli.execute("open", perf.toString(), dir.resolve("gone.txt").toString()));
        assertEquals(List.of(), launched, "a refused file opens no window");
    }

    @Test
    void openWithoutADisplayIsTheSameOneLineAsTheBareWorkbench(@TempDir Path dir) throws Exception {
        Path perf = Files.writeString(dir.resolve("perf.txt"), "x\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var cli = SchedLabCli.commandLine(Main.window(names -> {
            throw new UnsupportedOperationException("Unable to open DISPLAY");
        }, new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals(1, cli.execute("open", perf.toString()));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("schedlab: cannot open the workbench window: no display"), text);
    }

    @Test
    void noDisplayIsOneLineAndExitOneInsteadOfJavaFxsStackTrace() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.launchWorkbench(() -> {
            // what JavaFX's GTK glass throws from Application.launch in a shell without X
            throw new UnsupportedOperationException("Unable to open DISPLAY");
        }, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("schedlab: cannot open the workbench window: no display"), text);
        assertTrue(text.contains("schedlab --help"), "points at the headless commands: " + text);
    }

    @Test
    void aMissingGtkLibraryNamesThePackageToInstall() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.launchWorkbench(() -> {
            // what JavaFX 21's glass throws on a Linux without libgtk-3 (a server image)
            throw new UnsupportedOperationException("Unable to load glass GTK library.");
        }, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("GTK 3") && text.contains("apt-get install libgtk-3-0"), text);
        assertTrue(text.contains("schedlab --help"), text);
    }

    @Test
    void aWindowThatOpensAndClosesExitsZeroSilently() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, Main.launchWorkbench(() -> { }, new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals(0, err.size());
    }
}
