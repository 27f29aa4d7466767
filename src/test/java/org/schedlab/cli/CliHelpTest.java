package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --help} says what an option does when it is left out: a script author reading the help
 * must not have to run the command to learn that {@code --seeds} is 1 or that the summary is text.
 */
class CliHelpTest {

    /** The help block of one option: its line and the indented lines that continue it. */
    private static String optionHelp(String help, String option) {
        List<String> lines = help.lines().toList();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.startsWith(option + "=") || l.startsWith(option + " ")) {
                b.append(l);
                // picocli continues a description on lines indented past the option column
                for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("                 "); j++) {
                    b.append(' ').append(lines.get(j).strip());
                }
                return b.toString();
            }
        }
        throw new AssertionError(option + " not in help:\n" + help);
    }

    private static void assertSaysDefault(String command, String option, String expected) {
        CliRun r = CliRun.of(command, "--help");
        assertEquals(0, r.exitCode(), r.err());
        String block = optionHelp(r.out(), option);
        assertTrue(block.contains("default: " + expected), command + " " + option + ": " + block);
    }

    @Test
    void simulateSaysItsDefaultsComeFromTheScenarioAndTheSummaryIsText() {
        assertSaysDefault("simulate", "--seed", "the scenario's");
        assertSaysDefault("simulate", "--warmup-ms", "the scenario's");
        assertSaysDefault("simulate", "--duration-ms", "the scenario's");
        assertSaysDefault("simulate", "--summary", "text");
    }

    @Test
    void compareSaysOneSeedAndTextByDefault() {
        assertSaysDefault("compare", "--seeds", "1");
        assertSaysDefault("compare", "--format", "text");
    }

    @Test
    void windowOptionsSayTheyDefaultToTheWholeData() {
        for (String command : new String[] {"render", "table"}) {
            assertSaysDefault(command, "--from-ms", "0");
            assertSaysDefault(command, "--to-ms", "its end");
        }
    }

    @Test
    void noHelpSplitsAFileNameOrAFieldPathAtItsDot() {
        // picocli wraps after a dot inside a word: "counters." / "csv", "LOCK.waitUs." / "mean"
        java.util.List<String> helps = new java.util.ArrayList<>(java.util.List.of(CliRun.of("--help").out()));
        for (String command : SchedLabCli.commandLine().getSubcommands().keySet()) {
            helps.add(CliRun.of(command, "--help").out());
        }
        java.util.regex.Pattern split = java.util.regex.Pattern.compile("[a-z][.]\\R[ \\t]+[a-z][a-z0-9|]*(?:[,;)]| [a-z])");
        for (String help : helps) {
            java.util.regex.Matcher m = split.matcher(help);
            boolean found = m.find();
            assertTrue(!found, () -> "split at '" + help.substring(Math.max(0, m.start() - 20), m.end()) + "' in:\n"
                    + help);
        }
    }

    @Test
    void everySubcommandsVersionOptionPrintsTheVersionItsHelpPromises() {
        for (String command : SchedLabCli.commandLine().getSubcommands().keySet()) {
            for (String option : new String[] {"--version", "-V"}) {
                CliRun r = CliRun.of(command, option);
                assertEquals(0, r.exitCode(), command + " " + option + ": " + r.err());
                assertEquals("schedlab " + org.schedlab.model.Version.current(), r.out().strip(), command + " " + option);
            }
        }
    }

    /**
     * The Usage lines wrap between options, never inside one: render's read "--out=FILE." /
     * "png|FILE.svg" and "[--base=KEY=VALUE[," / "KEY=VALUE...]]", compare's "[--test=KEY=VALUE[," /
     * "KEY=VALUE...]]", which read as options of their own. Each fits 80 columns.
     */
    @Test
    void theUsageLinesWrapBetweenOptionsNeverInsideOne() {
        for (String command : SchedLabCli.commandLine().getSubcommands().keySet()) {
            String help = CliRun.of(command, "--help").out();
            List<String> lines = help.lines().toList();
            assertTrue(lines.get(0).startsWith("Usage: schedlab " + command), help);
            List<String> synopsis = new java.util.ArrayList<>(List.of(lines.get(0).substring("Usage: ".length())));
            for (int i = 1; i < lines.size() && lines.get(i).startsWith("      "); i++) {
                synopsis.add(lines.get(i));
            }
            for (String line : synopsis) {
                assertTrue(line.length() + (line == synopsis.get(0) ? 7 : 0) <= 80, command + ": " + line);
                for (String item : line.strip().split(" +")) {
                    long open = item.chars().filter(c -> c == '[').count();
                    long close = item.chars().filter(c -> c == ']').count();
                    assertTrue(open == close && (!item.endsWith(".") || item.endsWith("...")) && !item.endsWith(","),
                            command + ": '" + item + "' is part of an option, cut at the line's end:\n" + help);
                }
            }
            // every option the command has is in it, whole
            String joined = String.join(" ", synopsis.stream().map(String::strip).toList());
            for (var o : SchedLabCli.commandLine().getSubcommands().get(command).getCommandSpec().options()) {
                if (!o.hidden() && !o.usageHelp() && !o.versionHelp()) {
                    String item = o.longestName() + (o.arity().max() > 0 ? "=" + o.paramLabel() : "");
                    assertTrue(joined.contains(item), command + ": " + item + " in " + joined);
                }
            }
        }
    }

    /** Each Usage line after the first begins under the first item after the command's name. */
    @Test
    void theUsageLinesAfterTheFirstBeginUnderItsFirstOption() {
        for (String command : SchedLabCli.commandLine().getSubcommands().keySet()) {
            List<String> lines = CliRun.of(command, "--help").out().lines().toList();
            int under = ("Usage: schedlab " + command + " ").length();
            for (int i = 1; i < lines.size() && lines.get(i).startsWith("      "); i++) {
                String line = lines.get(i);
                assertEquals(under, line.length() - line.stripLeading().length(), command + ": '" + line + "'");
            }
        }
    }

    /**
     * A line is filled up to its 80th column, not wrapped one short; an option longer than a whole
     * line goes whole onto a line of its own (past the 80 columns, not cut), without an empty line
     * before it when it is the first.
     */
    @Test
    void aUsageLineFillsItsEightyColumnsAndAnOptionLongerThanALineStaysWhole() {
        String fill = "--" + "b".repeat(80 - "Usage: tool --a ".length() - 2);
        String huge = "--" + "d".repeat(90);
        for (boolean hugeFirst : new boolean[] {false, true}) {
            picocli.CommandLine.Model.CommandSpec spec = picocli.CommandLine.Model.CommandSpec.create().name("tool");
            for (String name : hugeFirst ? List.of(huge, "--e") : List.of("--a", fill, "--c", huge)) {
                spec.addOption(picocli.CommandLine.Model.OptionSpec.builder(name).required(true).build());
            }
            spec.usageMessage().width(80);
            picocli.CommandLine cl = new picocli.CommandLine(spec);
            cl.setColorScheme(picocli.CommandLine.Help.defaultColorScheme(picocli.CommandLine.Help.Ansi.OFF));
            String s = SchedLabCli.synopsisWrappedBetweenOptions(cl.getHelp());
            List<String> lines = s.lines().toList();
            String indent = " ".repeat("Usage: tool ".length());
            if (hugeFirst) {
                assertEquals(List.of("tool " + huge, indent + "--e"), lines, s);
            } else {
                assertEquals(List.of("tool --a " + fill, indent + "--c", indent + huge), lines, s);
                assertEquals(80, "Usage: ".length() + lines.get(0).length(), s);
            }
        }
    }

    @Test
    void importHelpNamesEveryKindOfRecordingItReads() {
        CliRun r = CliRun.of("import", "--help");
        String help = String.join(" ", r.out().lines().map(String::strip).toList());
        // the README's list: systrace, klockstat, lock_stat and /proc/net were read but not named, and
        // later perf stat, pgbench's -l logs, tshark's text and vmstat/mpstat/sar
        for (String kind : new String[] {"perf script", "ftrace", "trace-cmd", "systrace", "timehist", "runqlat",
            "pgbench", "logs (-l)", "YCSB", "nstat", "netstat -s", "/proc/net", "perf stat", "perf lock", "klockstat",
            "/proc/lock_stat", "Wireshark CSV", "tshark", "vmstat", "mpstat", "sar", "Chrome trace",
            "perf sched latency"}) {
            assertTrue(help.contains(kind), kind + " in: " + help);
        }
    }

    @Test
    void renderSaysHowMuchOfAScenarioItRecords() {
        CliRun r = CliRun.of("render", "--help");
        String block = optionHelp(r.out(), "--scenario");
        assertTrue(block.contains(RenderInputs.DEFAULT_RECORD_MS + " ms without --to-ms"), block);
    }
}
