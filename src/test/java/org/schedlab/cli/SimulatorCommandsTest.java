package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.analysis.SummaryComparison;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;

/** scenarios, simulate, compare and bench: output contracts and exit codes. */
class SimulatorCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void scenarioListWrapsEachTitleWholeUnderItsColumn() throws Exception {
        CliRun text = CliRun.of("scenarios");
        assertEquals(0, text.exitCode(), text.err());
        for (String line : text.out().split("\n")) {
            assertTrue(line.length() <= 72, "fits a mail or a terminal: " + line);
        }
        // each built-in's whole title, its continuation lines under the title column
        String joined = text.out().replaceAll("\n {25}", " ");
        for (org.schedlab.sim.scenario.Scenario s : org.schedlab.sim.scenario.ScenarioCatalog.all()) {
            assertTrue(joined.contains(String.format("%-24s %s%n", s.name(), s.title())), s.name() + ": " + text.out());
        }
    }

    @Test
    void scenariosListsBuiltInsWithEveryParameterInJson() throws Exception {
        CliRun text = CliRun.of("scenarios");
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().contains("teach-kernel-section"));
        CliRun json = CliRun.of("scenarios", "--json");
        JsonNode arr = JSON.readTree(json.out());
        JsonNode ks = null;
        for (JsonNode s : arr) {
            if (s.path("name").asText().equals("teach-kernel-section")) {
                ks = s;
            }
        }
        assertTrue(ks != null);
        JsonNode section = ks.path("parameters").path("sectionUs");
        assertEquals("10000", section.path("value").asText());
        assertEquals("us", section.path("unit").asText());
        assertFalse(section.path("source").asText().isEmpty());
        assertEquals("none|voluntary|full|lazy", ks.path("parameters").path("preemption").path("range").asText());
        assertEquals("none", ks.path("compare").path("base").path("preemption").asText(), "the pair A/B opens on");
        assertEquals("full", ks.path("compare").path("test").path("preemption").asText());
    }

    /**
     * hz left to the arch's default: the JSON's {@code params.hz} (CLI.md's contract, a string) and
     * the text's params line both give the tick the run had, s390's 100 - neither "auto", which
     * said nothing of the rate - and the text no "(auto)" either: a saved summary does not know
     * whether 100 was set or resolved, so only compare's with line, which does, says it.
     */
    @Test
    void simulatesTextAndJsonGiveTheHzTheRunHadWhenLeftToTheArch() throws Exception {
        String[] run = {"simulate", "--scenario", "s390-uperf", "--warmup-ms", "10", "--duration-ms", "20"};
        CliRun json = CliRun.of(concat(run, "--summary", "json"));
        assertEquals(0, json.exitCode(), json.err());
        JsonNode hz = JSON.readTree(json.out()).path("params").path("hz");
        assertTrue(hz.isTextual(), "a string, as every params value: " + hz);
        assertEquals("100", hz.asText());
        CliRun text = CliRun.of(run);
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("(params {4}| {10}).* arch=s390 hz=100( .*)?")),
                text.out());
        assertFalse(text.out().contains("(auto)"), text.out());
        assertFalse(text.out().contains("hz=auto"), text.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void simulatePrintsTheSummaryJsonWithTheContractFields() throws Exception {
        CliRun r = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=full",
                "--set", "bClass=fifo", "--seed", "3", "--duration-ms", "300", "--summary", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode s = JSON.readTree(r.out());
        for (String f : new String[] {"scenario", "params", "seed", "durationMs", "events", "wallMs", "throughput",
            "cpu", "profile", "locks", "runqlatUs", "comms", "preemptions"}) {
            assertTrue(s.has(f), "summary has " + f);
        }
        assertEquals(3, s.path("seed").asLong());
        assertEquals(300, s.path("durationMs").asLong());
        assertEquals("full", s.path("params").path("preemption").asText());
        assertEquals("250", s.path("params").path("hz").asText(), "auto values are resolved");
        double sum = 0;
        for (JsonNode v : s.path("cpu")) {
            sum += v.asDouble();
        }
        assertEquals(1.0, sum, 1e-5);
        assertTrue(s.path("runqlatUs").has("_all"));
        assertTrue(s.path("runqlatUs").path("B").path("max").asDouble() <= 50);
    }

    @Test
    void simulateWritesTheRecordedRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run.json");
        CliRun r = CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "100",
                "--record-ms", "50", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("throughput"));
        Dataset d = DatasetJson.read(out);
        assertEquals("teach-fair-share", d.metadata().source());
        assertEquals("simulation", d.metadata().format());
        assertEquals(50_000_000L, d.spanNs());
        assertEquals(2, d.tasks().size());
        assertTrue(Files.size(out) > 0);
    }

    @Test
    void userErrorsExitTwoWithOneLine() {
        CliRun unknownKey = CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "cpu=2");
        assertEquals(2, unknownKey.exitCode());
        assertTrue(unknownKey.err().startsWith("schedlab: unknown parameter 'cpu'"), unknownKey.err());
        assertTrue(unknownKey.err().contains("valid keys: "));
        assertEquals(1, unknownKey.err().strip().lines().count());

        CliRun range = CliRun.of("simulate", "--scenario", "teach-fair-share", "--set", "hz=99");
        assertEquals(2, range.exitCode());
        assertTrue(range.err().contains("hz=99 is not one of auto|100|250|300|1000"), range.err());

        CliRun noScenario = CliRun.of("simulate", "--scenario", "no-such");
        assertEquals(2, noScenario.exitCode());
        assertTrue(noScenario.err().contains("built-in: "));

        CliRun badSet = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus", "--test", "cpus=1");
        assertEquals(2, badSet.exitCode());
        assertTrue(badSet.err().contains("--base: expected KEY=VALUE"), badSet.err());
    }

    /**
     * A scenario path that is a device, a pipe (a shell's {@code <(jq ... s.json)}) or a path that
     * does not exist was taken for a built-in's name: "unknown scenario '/dev/null'; built-in: ...".
     */
    @Test
    void aScenarioPathThatIsNoFileIsSaidToBeOneNotAnUnknownName(@TempDir Path dir) throws Exception {
        Path fifo = CliRun.fifo(dir.resolve("s.fifo"));
        for (String device : new String[] {"/dev/null", fifo.toString()}) {
            for (String command : new String[] {"simulate", "sweep", "compare", "bench"}) {
                CliRun r = command.equals("sweep")
                        ? CliRun.of(command, "--scenario", device, "--vary", "cpus=1,2", "--out", dir.resolve("sw").toString())
                        : CliRun.of(command, "--scenario", device);
                assertEquals(2, r.exitCode(), command + " " + r.err());
                assertEquals("schedlab: " + device + ": is not a regular file (a pipe or a device); expected a scenario"
                        + " .json file (save it to a file first) or a built-in name", r.err().strip(), command);
            }
        }
        String missing = dir.resolve("scenarios/mine").toString();
        CliRun r = CliRun.of("simulate", "--scenario", missing);
        assertEquals(2, r.exitCode());
        assertEquals("schedlab: " + missing + ": no such scenario file", r.err().strip());
    }

    @Test
    void malformedScenarioFileExitsTwoNamingLineAndColumn(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\n  \"name\": \"bad\",\n  \"workload\": \"teach-fair-share\"\n  \"parameters\": {}\n}\n");
        CliRun r = CliRun.of("simulate", "--scenario", f.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("schedlab: " + f + ":4:"), r.err());
    }

    @Test
    void compareTitleGivesBothSidesValueOfAParameterOnlyOneSideSet() throws Exception {
        // "base readerSpinning=off / test arch=arm64" hid that the test ran readerSpinning=on and the
        // base x86: a mail reader took it for an arch-only change
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full",
                "--test", "bClass=fifo", "--set", "durationMs=100");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("  base  preemption=full,bClass=fair", lines.get(1));
        assertEquals("  test  bClass=fifo,preemption=none", lines.get(2));
        CliRun same = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=none",
                "--test", "bClass=fifo", "--set", "durationMs=100");
        assertEquals("  base  preemption=none,bClass=fair", same.out().lines().toList().get(1));
        assertEquals("  test  bClass=fifo", same.out().lines().toList().get(2),
                "none is the scenario's: the test ran what the base was given");
    }

    @Test
    void compareJsonHasRowsWithRatiosAndSeedRanges() throws Exception {
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full",
                "--test", "preemption=lazy", "--set", "durationMs=300", "--seeds", "2", "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals("full", o.path("base").path("params").path("preemption").asText());
        assertEquals("lazy", o.path("test").path("params").path("preemption").asText());
        JsonNode rows = o.path("rows");
        // CLI.md's example row is {"metric": "throughput", ...}: scripts match the bare name, the unit sits beside it
        assertEquals("throughput", rows.get(0).path("metric").asText());
        assertEquals("sections/s", rows.get(0).path("unit").asText());
        assertFalse(rows.get(1).has("unit"), "only the throughput row has a unit field: " + rows.get(1));
        boolean sawB = false;
        for (JsonNode row : rows) {
            assertTrue(row.has("baseMin") && row.has("testMax"));
            if (row.path("metric").asText().equals("runqlatUs.B.mean")) {
                sawB = true;
                assertTrue(row.path("ratio").asDouble() > 10, "lazy delays B: " + row);
            }
        }
        assertTrue(sawB);
    }

    @Test
    void compareJsonOverSeedsSaysWhichSeedTheBaseAndTestObjectsAreAndWhichTheRowsAverage() throws Exception {
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full",
                "--test", "preemption=lazy", "--set", "durationMs=200", "--set", "seed=7", "--seeds", "3",
                "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals(3, o.path("seeds").asInt(), "CLI.md's field stays");
        assertEquals(7, o.path("summarySeed").asLong());
        assertEquals(7, o.path("base").path("seed").asLong(), "the base object is the summarySeed's run");
        assertEquals(7, o.path("test").path("seed").asLong());
        assertEquals(List.of(7L, 8L, 9L), longs(o.path("seedList")), "the seeds the rows' means cover");
        JsonNode throughput = o.path("rows").get(0);
        assertEquals("throughput", throughput.path("metric").asText());
        double seven = o.path("base").path("throughput").path("value").asDouble();
        assertTrue(throughput.path("baseMin").asDouble() <= seven && seven <= throughput.path("baseMax").asDouble(),
                "the first seed's run is one of those the row spans: " + seven + " in " + throughput);

        // a mean of three runs' shares is no repeating fraction in the JSON: 7 significant digits
        for (JsonNode row : o.path("rows")) {
            for (String f : List.of("base", "test")) {
                String text = row.path(f).asText();
                String digits = text.replaceFirst("E.*", "").replace("-", "").replace(".", "").replaceFirst("^0+", "")
                        .replaceFirst("0+$", "");
                assertTrue(row.path(f).isNull() || digits.length() <= 8,
                        "float noise in " + row.path("metric").asText() + " " + f + ": " + text);
            }
        }

        CliRun one = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full",
                "--test", "preemption=lazy", "--set", "durationMs=200", "--set", "seed=7", "--format", "json");
        JsonNode single = JSON.readTree(one.out());
        assertEquals(List.of(7L), longs(single.path("seedList")));
        assertEquals(seven, single.path("rows").get(0).path("base").asDouble(), 1e-9,
                "with one seed the row is that run's value");
    }

    @Test
    void meansOverSeedsKeepSevenSignificantDigitsAndWholeCounts() {
        assertEquals(0.01837167, SummaryComparison.meanDigits(0.018371666666666668), 0);
        assertEquals(98.16667, SummaryComparison.meanDigits(98.16666666666667), 0);
        assertEquals(0.992637, SummaryComparison.meanDigits(0.9926369999999999), 0);
        assertEquals(11183107, SummaryComparison.meanDigits(11183107.333333334), 0, "a count keeps its digits");
        assertEquals(-2.5, SummaryComparison.meanDigits(-2.5), 0);
        assertEquals(0, SummaryComparison.meanDigits(0), 0);
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asLong()));
        return out;
    }

    @Test
    void compareWithoutBaseAndTestRunsThePairTheScenarioNames() throws Exception {
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--set", "durationMs=200", "--format",
                "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals("none", o.path("base").path("params").path("preemption").asText());
        assertEquals("full", o.path("test").path("params").path("preemption").asText());
        CliRun text = CliRun.of("compare", "--scenario", "teach-kernel-section", "--set", "durationMs=200");
        assertTrue(text.out().contains("base  preemption=none") && text.out().contains("test  preemption=full"),
                text.out());

        CliRun half = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full");
        assertEquals(2, half.exitCode());
        assertTrue(half.err().contains("--test is missing"), half.err());
    }

    @Test
    void aScenarioWithoutAPairNeedsBaseAndTest() {
        UserInputException e = org.junit.jupiter.api.Assertions.assertThrows(UserInputException.class,
                () -> SimCli.sides(org.schedlab.sim.TestScenarios.kernelSection(), null, null));
        assertTrue(e.getMessage().contains("names no pair to compare"), e.getMessage());
    }

    @Test
    void anEmptyScenarioNameListsTheBuiltInsInsteadOfCallingTheWorkingDirectoryADirectory() {
        CliRun r = CliRun.of("simulate", "--scenario", "");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("schedlab: unknown scenario ''; built-in: "), r.err());
        assertTrue(r.err().contains("teach-kernel-section"), r.err());
    }

    @Test
    void aBadValueInCompareNamesTheSideItWasGivenFor() {
        CliRun test = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=bogus");
        assertEquals(2, test.exitCode());
        assertEquals("schedlab: --test: parameter preemption=bogus is not one of none|voluntary|full|lazy",
                test.err().strip());
        CliRun base = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus=0",
                "--test", "preemption=full");
        assertTrue(base.err().startsWith("schedlab: --base: parameter cpus=0"), base.err());
        CliRun set = CliRun.of("compare", "--scenario", "teach-fair-share", "--set", "cpus=0", "--base",
                "preemption=none", "--test", "preemption=full");
        assertTrue(set.err().startsWith("schedlab: parameter cpus=0"), "--set's own error: " + set.err());
    }

    @Test
    void compareTitleSaysTheSeedOfASingleRunAsASeedNotACount() {
        CliRun one = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=full", "--set", "durationMs=20", "--set", "seed=5");
        assertEquals(0, one.exitCode(), one.err());
        assertTrue(one.out().contains("\n  seed  5\n"), one.out());
        assertFalse(one.out().contains("seeds"), "one run per side: " + one.out());
        CliRun two = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "preemption=none",
                "--test", "preemption=full", "--set", "durationMs=20", "--set", "seed=5", "--seeds", "2");
        assertTrue(two.out().contains("\n  seeds 5..6 (mean; min..max on the line under it)\n"), two.out());
    }

    @Test
    void aLongBaseOrTestListWrapsInTheTitleInsteadOfLosingItsEnd() {
        // "  base  preemption=none,condReschedUs=1000,mightReschedUs=500,bClass=fif": the title
        // was cut at 72 columns, and with it what told base from test when that came last
        String same = "hz=1000,baseSliceUs=3000,ctxSwitchUs=2,wakeupIpiUs=3,condReschedUs=1000,";
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", same + "preemption=none",
                "--test", same + "preemption=lazy", "--set", "durationMs=20", "--set", "sectionUs=20000",
                "--set", "bSleepUs=2000", "--set", "bJitterUs=100", "--set", "bWorkUs=300", "--set", "aUserUs=50",
                "--set", "mightReschedUs=500", "--set", "stealPct=0");
        assertEquals(0, r.exitCode(), r.err());
        r.out().lines().forEach(l -> assertTrue(l.length() <= 72, "too wide: " + l));
        List<String> lines = r.out().lines().toList();
        assertEquals("  base  hz=1000,baseSliceUs=3000,ctxSwitchUs=2,wakeupIpiUs=3,", lines.get(1));
        assertEquals("        condReschedUs=1000,preemption=none", lines.get(2));
        assertEquals("  test  hz=1000,baseSliceUs=3000,ctxSwitchUs=2,wakeupIpiUs=3,", lines.get(3));
        assertEquals("        condReschedUs=1000,preemption=lazy", lines.get(4));
        assertEquals("  set   durationMs=20 sectionUs=20000 bSleepUs=2000 bJitterUs=100", lines.get(5));
        assertEquals("        bWorkUs=300 aUserUs=50 mightReschedUs=500 stealPct=0", lines.get(6));
    }

    @Test
    void compareNamesTheChoicesBothSidesRanWithAtTheScenariosValue() {
        // a case B table pasted into a mail never said that it ran on x86: only what differed and
        // what --set set were named, as the workbench's Copy table now names its "defaults"
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=none",
                "--test", "preemption=full", "--set", "durationMs=20", "--set", "hz=1000");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("  set   durationMs=20 hz=1000", lines.get(3));
        String with = lines.get(4);
        assertTrue(with.startsWith("  with  scheduler=eevdf arch=x86 "), r.out());
        assertTrue(with.contains(" bClass=fair"), r.out());
        assertFalse(with.contains("preemption=") || with.contains("hz="), "what differs or is set is named above: " + with);
        // nothing in the textbook case spins: its unused spin delay is not named to a class
        assertFalse(r.out().contains("spinDelay"), r.out());
        assertFalse(r.out().contains("=auto"), r.out());
    }

    @Test
    void compareEndsWithTheSpanItsCountsCoverAndNamesASetChoiceOnce() {
        // a choice given by --set at the scenario's value is named on the set line, not again on "with"
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=none",
                "--test", "preemption=full", "--set", "durationMs=20", "--set", "scheduler=eevdf");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("  set   durationMs=20 scheduler=eevdf", lines.get(3));
        assertTrue(lines.get(4).startsWith("  with  arch=x86 "), r.out());
        // the time base of its counts, as the workbench's Copy table and table A B end
        assertTrue(r.out().replace('\n', ' ').contains(" Counts and rates over the measured 20 ms of each side"
                + " (durationMs, warm-up left out). "), r.out());
    }

    @Test
    void compareTextFitsSeventyTwoColumns() {
        CliRun r = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=none",
                "--test", "preemption=full", "--set", "durationMs=200", "--seeds", "2");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\nthroughput (sections/s) "), "the text table keeps the unit: " + r.out());
        r.out().lines().forEach(l -> assertTrue(l.length() <= 72, "too wide: " + l));
        assertTrue(r.out().contains("runqlatUs.B.mean"));
    }

    @Test
    void benchReportsWallAndCpuTimeAndEventRate() throws Exception {
        CliRun r = CliRun.of("bench", "--scenario", "teach-fair-share", "--json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals("teach-fair-share", o.path("scenario").asText());
        assertTrue(o.path("wallMs").path("min").asDouble() <= o.path("wallMs").path("median").asDouble());
        assertTrue(o.path("cpuMs").path("min").asDouble() <= o.path("cpuMs").path("median").asDouble());
        assertTrue(o.path("cpuMs").has("min"), "the simulating thread's CPU time is reported");
        assertTrue(o.path("eventsPerSec").asDouble() > 0);
    }

    @Test
    void compareOfTheSameParametersOnBothSidesSaysSo() {
        CliRun r = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus=1", "--test", "cpus=1.0",
                "--set", "durationMs=20");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("schedlab: note: --base and --test give the same parameters: both sides are the"
                + " same run"), r.err());
        assertTrue(r.out().contains("  note  base and test are the same parameters"), r.out());
        CliRun differ = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus=1", "--test", "cpus=2",
                "--set", "durationMs=20");
        assertEquals(0, differ.exitCode(), differ.err());
        assertFalse(differ.err().contains("same parameters"), differ.err());
        assertFalse(differ.out().contains("same parameters"), differ.out());
    }
}
