package org.schedlab;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.schedlab.workspace.WorkspaceFile;

/**
 * Entry point of the jar and the app: no arguments opens the workbench, and so does one
 * workspace file ({@code schedlab study.schedlab}, what a double-click on a workspace runs);
 * anything else is a command for the CLI. Kept apart from the JavaFX {@code Application} so that
 * the CLI path never loads JavaFX (and so a classpath launch of JavaFX works at all).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (opensWorkbench(args)) {
            int code = launchWorkbench(() -> org.schedlab.ui.WorkbenchApp.launchApp(args), System.err);
            if (code != 0) {
                System.exit(code); // JavaFX may have started threads that would keep the JVM alive
            }
        } else {
            System.exit(org.schedlab.cli.SchedLabCli.run(args));
        }
    }

    /**
     * Opens the window; when that is impossible (no display: an ssh session, a CI job, a
     * container) says so in one line and returns 1 instead of JavaFX's stack trace - the user
     * most likely wanted a headless command and needs to hear that those exist.
     */
    static int launchWorkbench(Runnable launcher, java.io.PrintStream err) {
        try {
            launcher.run();
            return 0;
        } catch (RuntimeException | LinkageError e) {
            String why = String.valueOf(e.getMessage());
            err.println("schedlab: cannot open the workbench window: "
                    + (why.contains("DISPLAY") ? "no display to open it on (DISPLAY is not set or not reachable)"
                            : org.schedlab.io.read.Printable.of(e.getClass().getSimpleName() + ": " + why))
                    + "; the commands run without one: schedlab --help");
            err.flush();
            return org.schedlab.cli.SchedLabCli.EXIT_INTERNAL;
        }
    }

    /** No arguments, or a single workspace file to open in the window. */
    static boolean opensWorkbench(String[] args) {
        if (args.length == 0) {
            return true;
        }
        try {
            return args.length == 1 && !args[0].startsWith("-") && WorkspaceFile.isWorkspaceName(Path.of(args[0]));
        } catch (InvalidPathException e) {
            return false; // the CLI says what is wrong with it
        }
    }
}
