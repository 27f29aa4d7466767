package org.schedlab.cli;

import org.schedlab.model.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code schedlab} command: its subcommands are the verbs of CLI.md. */
@Command(name = "schedlab", mixinStandardHelpOptions = true, versionProvider = SchedLabCli.VersionProvider.class,
        description = "SchedLab: scheduler timelines, preemption-model simulator, A/B comparison.")
public final class SchedLabCli implements Runnable {

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /** Runs the CLI and returns its exit code (0 ok, 2 bad usage or input, 1 internal error). */
    public static int run(String... args) {
        return new CommandLine(new SchedLabCli()).execute(args);
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"schedlab " + Version.current()};
        }
    }
}
