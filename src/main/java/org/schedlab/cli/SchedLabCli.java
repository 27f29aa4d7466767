package org.schedlab.cli;

import org.schedlab.io.read.ImportOutOfMemoryError;
import org.schedlab.io.read.Printable;
import org.schedlab.model.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code schedlab} command: its subcommands are the verbs of CLI.md. */
@Command(name = "schedlab", mixinStandardHelpOptions = true, versionProvider = SchedLabCli.VersionProvider.class,
        subcommands = {ScenariosCommand.class, SimulateCommand.class, CompareCommand.class, ImportCommand.class,
            InfoCommand.class, ExportCommand.class, BenchCommand.class, SweepCommand.class, RenderCommand.class,
            TableCommand.class, OpenCommand.class},
        description = "SchedLab: scheduler timelines, preemption-model simulator, A/B comparison.")
public final class SchedLabCli implements Runnable {

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /**
     * Runs the CLI and returns its exit code (0 ok, 2 bad usage or input, 1 internal error);
     * {@code open} opens its files in {@code window}.
     */
    public static int run(OpenCommand.Window window, String... args) {
        // a plain import skips picocli's model: a seventh of a one-second import (DirectImport)
        java.util.Optional<ImportCommand> direct = DirectImport.parse(args);
        int code = direct.isPresent() ? DirectImport.run(direct.get()) : commandLine(window).execute(args);
        // the writers above print to System.out, a PrintStream, which keeps its own errors: ask it too
        return processStdoutWritten(code, System.out, System.err);
    }

    /** As {@link #outputWritten} for the process's stdout, a PrintStream (flushed by checkError). */
    static int processStdoutWritten(int code, java.io.PrintStream out, java.io.PrintStream err) {
        if (!out.checkError()) {
            return code;
        }
        if (!StdoutWatch.brokenPipe()) { // "| head" stopped reading: nothing to tell the user
            err.println(STDOUT_LOST);
            err.flush();
        }
        return failedOutput(code);
    }

    /** The configured command line: user errors exit 2 with one line, anything else exits 1. */
    public static CommandLine commandLine() {
        return commandLine(OpenCommand.NO_WINDOW);
    }

    /** As {@link #commandLine()}, with {@code open} opening its files in {@code window}. */
    public static CommandLine commandLine(OpenCommand.Window window) {
        CommandLine cl = new CommandLine(new SchedLabCli(), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                // the window is the launcher's: this package never loads JavaFX
                return cls == OpenCommand.class ? cls.cast(new OpenCommand(window))
                        : CommandLine.defaultFactory().create(cls);
            }
        });
        for (CommandLine sub : cl.getSubcommands().values()) {
            // each subcommand's help lists -V, --version: without the provider it printed nothing
            sub.getCommandSpec().versionProvider(new VersionProvider());
            sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                    SchedLabCli::synopsisWrappedBetweenOptions);
        }
        // picocli said "'abc' is not a double": the Java type, not what to give
        registerNumberConverters(cl);
        cl.setExecutionStrategy(parseResult -> {
            try {
                int code = new CommandLine.RunLast().execute(parseResult);
                // the commands' last word: a lost summary must not look like success
                CommandLine ran = lastSubcommand(parseResult);
                return outputWritten(code, ran.getOut(), ran.getErr());
            } catch (OutOfMemoryError | StackOverflowError e) {
                // picocli lets Errors through: without this the user gets a JVM stack trace
                return exhausted(e, parseResult.commandSpec().commandLine().getErr());
            }
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failure(ex, commandLine.getErr(),
                parseResult.originalArgs()));
        cl.setParameterExceptionHandler((ex, args) -> {
            // One line, as for bad input: scripts read the reason from the last line of stderr.
            CommandLine c = ex.getCommandLine();
            String reason = cutEchoes(unmatched(ex).orElse(String.valueOf(ex.getMessage())), java.util.List.of(args))
                    .replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
            c.getErr().println("schedlab: " + reason + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
            return EXIT_BAD_INPUT;
        });
        return cl;
    }

    /**
     * picocli's "Unmatched argument at index 2: 'b'" in words saying what was expected: an unknown
     * command and the commands there are, or how many files a command takes and what it was given.
     * Empty for other problems (an unknown option already says "Unknown option: '--x'").
     */
    static java.util.Optional<String> unmatched(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return java.util.Optional.empty();
        }
        CommandLine c = ex.getCommandLine();
        String first = u.getUnmatched().get(0);
        if (!c.getSubcommands().isEmpty() && !first.startsWith("-")) {
            // the top level: a first word that names no command
            // picocli's suggestions reach far ("nosuchcmd": bench): only a typo's is worth naming
            java.util.List<String> near = new java.util.ArrayList<>(u.getSuggestions());
            near.removeIf(n -> edits(n, first) > 2);
            // "schedlab trace.txt", as a viewer takes its file: only a workspace opens that way
            String file = near.isEmpty() && isFile(first) ? " (a file: 'schedlab open " + Printable.of(first)
                    + "' shows it in the window, 'schedlab info " + Printable.of(first) + "' describes it)" : "";
            return java.util.Optional.of("unknown command " + quoted(first) + file
                    + (near.isEmpty() ? "" : " (did you mean " + quoted(near.get(0)) + "?)")
                    + "; the commands are: " + String.join(", ", c.getSubcommands().keySet()));
        }
        java.util.List<String> given = new java.util.ArrayList<>();
        CommandLine.ParseResult parsed = c.getParseResult();
        if (parsed != null) {
            for (CommandLine.Model.PositionalParamSpec p : parsed.matchedPositionals()) {
                given.addAll(p.originalStringValues());
            }
        }
        int taken = given.size();
        for (String a : u.getUnmatched()) {
            if (!a.startsWith("-") || a.equals("-")) {
                given.add(a);
            }
        }
        if (given.size() == taken) {
            return java.util.Optional.empty();
        }
        String name = c.getCommandSpec().qualifiedName(" ").replaceFirst("^schedlab ", "");
        int most = 0;
        String label = "argument";
        for (CommandLine.Model.PositionalParamSpec p : c.getCommandSpec().positionalParameters()) {
            most = (int) Math.min(Integer.MAX_VALUE, (long) most + p.arity().max());
            label = p.paramLabel().equals("FILE") ? "file" : "argument";
        }
        java.util.List<String> shown = new java.util.ArrayList<>();
        for (String g : given) {
            shown.add(Printable.of(g));
        }
        String takes = most == 0 ? "takes no arguments besides its options"
                : "takes " + (most == 1 ? "one " + label : "at most " + most + " " + label + "s");
        return java.util.Optional.of(name + " " + takes + "; got " + given.size() + ": " + String.join(", ", shown));
    }

    /** Whether {@code name} names an existing file (false for a name no path can have). */
    private static boolean isFile(String name) {
        try {
            return java.nio.file.Files.isRegularFile(java.nio.file.Path.of(name));
        } catch (java.nio.file.InvalidPathException | SecurityException e) {
            return false;
        }
    }

    /** How many one-character insertions, deletions or changes turn {@code a} into {@code b}. */
    static int edits(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int up = row[j];
                int change = diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), change);
                diagonal = up;
            }
        }
        return row[b.length()];
    }

    private static CommandLine lastSubcommand(CommandLine.ParseResult parseResult) {
        CommandLine.ParseResult p = parseResult;
        while (p.hasSubcommand()) {
            p = p.subcommand();
        }
        return p.commandSpec().commandLine();
    }

    /**
     * {@code code}, unless what the command printed on {@code out} was lost: a PrintWriter keeps
     * its write errors to itself, so {@code > /dev/full} or a closed pipe exited 0 with nothing
     * written. Then one line on stderr and exit 2, as for an {@code --out} that cannot be written.
     */
    static int outputWritten(int code, java.io.PrintWriter out, java.io.PrintWriter err) {
        if (!out.checkError()) { // flushes first
            return code;
        }
        err.println(STDOUT_LOST);
        err.flush();
        return failedOutput(code);
    }

    private static int failedOutput(int code) {
        return code == EXIT_OK ? EXIT_BAD_INPUT : code;
    }

    /**
     * The Usage lines, wrapped between options only: picocli cut an option longer than the rest of
     * a line at its punctuation ("--out=FILE." / "png|FILE.svg", "[--base=KEY=VALUE[," /
     * "KEY=VALUE...]]"), which read as options of their own. The synopsis is laid out on one line,
     * then each item goes whole onto the next line where it does not fit, under the first item.
     */
    static String synopsisWrappedBetweenOptions(CommandLine.Help help) {
        CommandLine.Model.UsageMessageSpec usage = help.commandSpec().usageMessage();
        int width = usage.width();
        int heading = help.synopsisHeadingLength();
        String oneLine;
        usage.width(10_000);
        try {
            oneLine = help.synopsis(heading).strip();
        } finally {
            usage.width(width);
        }
        String name = help.commandSpec().qualifiedName();
        if (!oneLine.startsWith(name + " ")) {
            return help.synopsis(heading); // not laid out as expected: picocli's own wrapping
        }
        String indent = " ".repeat(heading + name.length() + 1);
        StringBuilder out = new StringBuilder(name);
        int column = heading + name.length();
        for (String item : oneLine.substring(name.length()).strip().split(" +")) {
            if (column + 1 + item.length() > width && column > indent.length()) {
                out.append(System.lineSeparator()).append(indent).append(item);
                column = indent.length() + item.length();
            } else {
                out.append(' ').append(item);
                column += 1 + item.length();
            }
        }
        return out.append(System.lineSeparator()).toString();
    }

    /**
     * Number options read as picocli reads them, refused in words a user knows: picocli puts
     * "Invalid value for option '--to-ms': " before the message, so it names option and value.
     */
    private static void registerNumberConverters(CommandLine cl) {
        CommandLine.ITypeConverter<Double> decimal = s -> {
            try {
                return Double.valueOf(s.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(quoted(s) + " is not a number; expected a decimal"
                        + " number such as 12 or 0.5");
            }
        };
        CommandLine.ITypeConverter<Long> whole = s -> {
            try {
                return Long.valueOf(s.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(wholeNumberProblem(s, Long.MAX_VALUE));
            }
        };
        CommandLine.ITypeConverter<Integer> small = s -> {
            try {
                return Integer.valueOf(s.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(wholeNumberProblem(s, Integer.MAX_VALUE));
            }
        };
        cl.registerConverter(Double.class, decimal).registerConverter(Double.TYPE, decimal)
                .registerConverter(Long.class, whole).registerConverter(Long.TYPE, whole)
                .registerConverter(Integer.class, small).registerConverter(Integer.TYPE, small);
    }

    private static String quoted(String s) {
        return "'" + Printable.of(s) + "'";
    }

    /** Why a whole-number option's text is not one: too large, a fraction, or no number at all. */
    private static String wholeNumberProblem(String s, long max) {
        if (s.strip().matches("[+-]?\\d+")) {
            return quoted(s) + " is too large; expected a whole number of at most " + max;
        }
        return quoted(s) + " is not a whole number; expected digits such as 800"
                + (s.matches(".*[.eE].*\\d.*") ? " (no fraction or exponent)" : "");
    }

    /** The exit-code contract for a command that threw: one line on stderr, 2 for bad input, else 1. */
    static int failure(Exception ex, java.io.PrintWriter err) {
        return failure(ex, err, java.util.List.of());
    }

    /** As {@link #failure(Exception, java.io.PrintWriter)}, a long value of {@code args} cut where the message echoes it. */
    static int failure(Exception ex, java.io.PrintWriter err, java.util.List<String> args) {
        // messages quote file names and file content: a line break or an escape in either must not
        // split the one line scripts read, nor drive the terminal
        if (ex instanceof UserInputException) {
            err.println("schedlab: " + Printable.of(cutEchoes(String.valueOf(ex.getMessage()), args)));
            return EXIT_BAD_INPUT;
        }
        err.println("schedlab: internal error: " + Printable.of(String.valueOf(ex)));
        return EXIT_INTERNAL;
    }

    /** The longest value typed on the command line that a message echoes whole. */
    static final int ECHO_MAX = 40;

    /**
     * {@code message} with each value of {@code args} longer than {@value #ECHO_MAX} characters
     * (an argument, or each key and value of a {@code K=V,K=V} list) cut to its first characters
     * and "...": a 10,000-character {@code --set} value was echoed whole, burying the reason. File
     * names (anything with a path separator) stay whole, as they say where to look.
     */
    static String cutEchoes(String message, java.util.List<String> args) {
        java.util.List<String> long_ = new java.util.ArrayList<>();
        for (String a : args) {
            long_.addAll(java.util.Arrays.asList(a.split("[,=]"))); // each key and value of a list, cut alone
        }
        long_.removeIf(v -> v.length() <= ECHO_MAX || v.indexOf('/') >= 0 || v.indexOf(java.io.File.separatorChar) >= 0);
        long_.sort((x, y) -> Integer.compare(y.length(), x.length())); // a value before a shorter one inside it
        String m = message;
        for (String v : long_) {
            m = m.replace(v, v.substring(0, ECHO_MAX - 3) + "...");
        }
        return m;
    }

    /**
     * A command that ran out of heap or stack: one line saying so and what to do, exit 1. The
     * work it held is unreachable by now, so printing is safe; the input or the requested run was
     * too big for this JVM, which is not a bug the user can report with a stack trace.
     */
    static int exhausted(VirtualMachineError e, java.io.PrintWriter err) {
        if (e instanceof ImportOutOfMemoryError tooBig) {
            // names the file that did not fit and how to give Java more
            err.println("schedlab: " + tooBig.getMessage());
        } else if (e instanceof StackOverflowError) {
            err.println("schedlab: the input nests too deeply to process (stack overflow); expected a flatter file");
        } else {
            long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
            err.println("schedlab: out of memory (the Java heap is limited to " + maxMiB + " MiB): use a smaller"
                    + " input or a shorter run (--duration-ms, --record-ms), or give Java more"
                    + " (java -Xmx8g -jar schedlab.jar ...)");
        }
        err.flush();
        return EXIT_INTERNAL;
    }

    static final String STDOUT_LOST = "schedlab: could not write to standard output (disk full, or the pipe or file closed?)";

    public static final int EXIT_OK = 0;
    public static final int EXIT_INTERNAL = 1;
    public static final int EXIT_BAD_INPUT = 2;

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"schedlab " + Version.current()};
        }
    }
}
