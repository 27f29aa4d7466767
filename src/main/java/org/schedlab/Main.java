package org.schedlab;

/**
 * Entry point of the jar and the app: no arguments opens the workbench, anything else is a
 * command for the CLI. Kept apart from the JavaFX {@code Application} so that the CLI path never
 * loads JavaFX (and so a classpath launch of JavaFX works at all).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            org.schedlab.ui.WorkbenchApp.launchApp(args);
        } else {
            System.exit(org.schedlab.cli.SchedLabCli.run(args));
        }
    }
}
