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
            org.schedlab.ui.WorkbenchApp.launchApp(args);
        } else {
            System.exit(org.schedlab.cli.SchedLabCli.run(args));
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
