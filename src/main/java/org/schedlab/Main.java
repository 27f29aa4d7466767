package org.schedlab;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.schedlab.cli.OpenCommand;
import org.schedlab.workspace.WorkspaceFile;

/**
 * Entry point of the jar and the app: no arguments opens the workbench, and so does one
 * workspace file ({@code schedlab study.schedlab}, what a double-click on a workspace runs);
 * anything else is a command for the CLI, {@code open FILE...} among them, which checks its
 * files and hands them back here for the window. Kept apart from the JavaFX {@code Application}
 * so that the CLI path never loads JavaFX (and so a classpath launch of JavaFX works at all).
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
            org.schedlab.cli.StdoutWatch.install();
            // a lambda, not WorkbenchApp::launchApp: a method reference resolves its class (a JavaFX
            // Application) where it is written, so every command would load JavaFX
            Consumer<String[]> launcher = names -> org.schedlab.ui.WorkbenchApp.launchApp(names);
            System.exit(org.schedlab.cli.SchedLabCli.run(window(launcher, System.err), args));
        }
    }

    /**
     * The window {@code schedlab open FILE...} opens: {@code launcher} gets the checked files as the
     * application's parameters (what it gets for a lone workspace file), and a window that cannot
     * open says so as {@link #launchWorkbench} does.
     */
    static OpenCommand.Window window(Consumer<String[]> launcher, java.io.PrintStream err) {
        return files -> {
            String[] names = files.stream().map(Path::toString).toArray(String[]::new);
            return launchWorkbench(() -> launcher.accept(names), err);
        };
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
            err.println("schedlab: cannot open the workbench window: " + whyNoWindow(e)
                    + "; the commands run without one: schedlab --help");
            err.flush();
            return org.schedlab.cli.SchedLabCli.EXIT_INTERNAL;
        }
    }

    /**
     * What stopped the window, in the user's terms. JavaFX on Linux draws through GTK 3, which a
     * server or container image often lacks (glass then says only "Unable to load glass GTK
     * library"): name the package that brings it.
     */
    private static String whyNoWindow(Throwable e) {
        String why = String.valueOf(e.getMessage());
        if (why.contains("DISPLAY")) {
            return "no display to open it on (DISPLAY is not set or not reachable)";
        }
        if (why.contains("GTK")) {
            return "JavaFX needs the GTK 3 library, which is not installed"
                    + " (Debian/Ubuntu: apt-get install libgtk-3-0; Fedora: dnf install gtk3)";
        }
        return org.schedlab.io.read.Printable.of(e.getClass().getSimpleName() + ": " + why);
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
