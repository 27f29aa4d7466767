package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/** perf stat output recorded with perf 6.1 (src/test/resources/real/perf-stat/README.md), checked against what perf printed. */
class PerfStatReaderTest {
    private static final String DIR = "real/perf-stat/";

    private static ImportResult read(String file) throws ImportException {
        return Fixtures.importAll(DIR + file);
    }

    private static Map<String, String> params(String file) throws ImportException {
        return read(file).dataset().metadata().parameters();
    }

    private static String text(String file) throws Exception {
        return Files.readString(Fixtures.path(DIR + file), StandardCharsets.UTF_8);
    }

    private static ImportException refused(String name, String text) {
        return assertThrows(ImportException.class, () -> Fixtures.importText(name, text));
    }

    @Test
    void theDefaultTableGivesEachEventsCountAndItsRateOverTheElapsedTime() throws Exception {
        ImportResult r = read("events.txt");
        assertEquals("perf-stat", r.report().format());
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("sh -c for i in 1 2 3 4 5 6 7 8 9 10; do ls -R /usr/share/doc > /dev/null; done",
                p.get("perfStat.target"));
        assertEquals("133.87", p.get("perf.task-clock.msec"));
        assertEquals("69", p.get("perf.context-switches"));
        assertEquals("2", p.get("perf.cpu-migrations"));
        assertEquals("1796", p.get("perf.page-faults"));
        assertEquals("not supported", p.get("perf.cycles"));
        assertEquals("0.550740312", p.get("perfStat.elapsedS"));
        assertEquals("0.028656000", p.get("perfStat.userS"));
        assertEquals("0.109180000", p.get("perfStat.sysS"));
        // per second of wall time (perf's own "515.430 /sec" is per second of task-clock)
        assertEquals(69 / 0.550740312, Double.parseDouble(p.get("perf.context-switches.perSec")), 1e-5);
        assertEquals(0.13387 / 0.550740312, Double.parseDouble(p.get("perf.task-clock.cpusUtilized")), 1e-5);
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("cycles, instructions: <not supported>")),
                r.report().warnings().toString());
        assertTrue(r.dataset().counters().isEmpty(), "no times without -I: totals only");
    }

    @Test
    void systemWideThousandsSeparatorsRepeatsAndProcessTargetsRead() throws Exception {
        Map<String, String> sys = params("system-wide.txt");
        assertEquals("system wide", sys.get("perfStat.target"));
        assertEquals("2033.66", sys.get("perf.task-clock.msec"));
        Map<String, String> big = params("thousands.txt");
        assertEquals("2014.39", big.get("perf.task-clock.msec"), "2,014.39");
        assertEquals("25863", big.get("perf.page-faults"), "25,863");
        Map<String, String> rep = params("repeat.txt");
        assertEquals("5", rep.get("perfStat.runs"));
        assertEquals("0.6375", rep.get("perfStat.elapsedS"), "the mean of -r's runs");
        assertEquals("1799", rep.get("perf.page-faults"));
        assertEquals("40.00%", rep.get("perfStat.variance.cpu-migrations"));
        ImportResult pid = read("pid.txt");
        assertEquals("process id '22111'", pid.dataset().metadata().parameters().get("perfStat.target"));
        assertEquals("not counted", pid.dataset().metadata().parameters().get("perf.context-switches"));
        assertFalse(pid.dataset().metadata().parameters().containsKey("perf.context-switches.perSec"));
    }

    @Test
    void csvAndJsonGiveTheSameTotalsAsTheirFieldsSay() throws Exception {
        Map<String, String> csv = params("csv.txt");
        assertEquals("128.68", csv.get("perf.task-clock.msec"));
        assertEquals("299", csv.get("perf.context-switches"));
        assertEquals("1792", csv.get("perf.page-faults"));
        assertEquals("not supported", csv.get("perf.instructions"));
        assertFalse(csv.containsKey("perf.context-switches.perSec"), "-x prints no elapsed time: counts only");
        Map<String, String> semi = params("csv-semicolon.txt");
        assertEquals("294", semi.get("perf.context-switches"));
        assertEquals("perf stat -x ';' CSV without -I, aggregated (no CPU or thread column)", semi.get("perfStat.output"));
        Map<String, String> rep = params("csv-repeat.txt");
        assertEquals("10", rep.get("perf.context-switches"), "the variance column (-r) is not the value's");
        assertEquals("17.64%", rep.get("perfStat.variance.context-switches"));
        Map<String, String> json = params("json.txt");
        assertEquals("129.762251", json.get("perf.task-clock.msec"));
        assertEquals("627", json.get("perf.context-switches"));
        assertEquals("not supported", json.get("perf.cycles"));
    }

    @Test
    void perCpuCoreDieSocketAndThreadColumnsAreKeptApartAndSummed() throws Exception {
        Map<String, String> cpu = params("per-cpu.txt");
        assertEquals("650", cpu.get("perfStat.CPU0.context-switches"));
        assertEquals("598", cpu.get("perfStat.CPU1.context-switches"));
        assertEquals("1248", cpu.get("perf.context-switches"));
        assertEquals("2031.71", cpu.get("perf.task-clock.msec"));
        Map<String, String> core = params("per-core.txt");
        assertEquals("32784", core.get("perfStat.S0-D0-C1.page-faults"));
        assertEquals("1060", core.get("perf.context-switches"), "557 + 503");
        Map<String, String> die = params("per-die.txt");
        assertEquals("1147", die.get("perfStat.S0-D0.context-switches"), "the CPU count (2) is not the value");
        Map<String, String> socket = params("per-socket.txt");
        assertTrue(socket.keySet().stream().anyMatch(k -> k.startsWith("perfStat.S0.")), socket.toString());
        Map<String, String> thread = params("per-thread.txt");
        assertEquals("964", thread.get("perfStat.sh-20568.context-switches"));
        assertEquals("303.01", thread.get("perf.task-clock.msec"));
        assertEquals("940", params("csv-per-thread.txt").get("perfStat.sh-20568.context-switches"));
        assertEquals("588", params("csv-per-cpu.txt").get("perfStat.CPU1.context-switches"));
        Map<String, String> jcpu = params("json-per-cpu.txt");
        assertEquals("523", jcpu.get("perfStat.CPU1.context-switches"));
        assertEquals("1045", params("json-per-core.txt").get("perfStat.S0-D0-C1.context-switches"));
    }

    @Test
    void intervalModeGivesARatePerSecondTrackPerEventOverEachInterval() throws Exception {
        Dataset d = read("interval.txt").dataset();
        CounterSeries cs = d.counter("context-switches (/s)").orElseThrow();
        assertEquals("/s", cs.unit());
        // the first interval runs from perf stat's start to 0.309110479 s: 942 switches
        assertEquals(0, cs.tNs(0));
        assertEquals(942 / 0.309110479, cs.value(0), 1e-6);
        assertEquals(309_110_479L, cs.tNs(1));
        assertEquals(603 / (0.602685989 - 0.309110479), cs.value(1), 1e-6);
        CounterSeries cpus = d.counter("task-clock (CPUs utilized)").orElseThrow();
        assertEquals("CPUs", cpus.unit());
        assertEquals(0.66516 / 0.309110479, cpus.value(0), 1e-6);
        assertFalse(d.counter("cycles (/s)").isPresent(), "<not supported> throughout: no track");
        // the last interval is drawn up to its own time
        assertEquals(2_000_379_398L, cs.tNs(cs.size() - 1));
        assertEquals(2_000_379_398L, d.endNs());
        Map<String, String> p = d.metadata().parameters();
        assertEquals("8", p.get("perfStat.intervals"));
        assertEquals("2.000379398", p.get("perfStat.elapsedS"));
        int switches = 0;
        for (String l : text("interval.txt").split("\n")) {
            if (l.contains("context-switches")) {
                switches += Integer.parseInt(l.strip().split("\\s+")[1]);
            }
        }
        assertEquals(Integer.toString(switches), p.get("perf.context-switches"), "the totals are the intervals' sum");
    }

    @Test
    void notCountedIntervalsAreGapsNotZeros() throws Exception {
        ImportResult r = read("interval-not-counted.txt");
        CounterSeries cs = r.dataset().counter("context-switches (/s)").orElseThrow();
        assertFalse(cs.hasValue(0), "0 .. 0.200 s: <not counted>");
        assertFalse(cs.hasValue(1));
        assertEquals(36 / (0.614491943 - 0.400641152), cs.value(2), 1e-6);
        assertFalse(cs.hasValue(4));
        assertEquals(0, cs.value(6), "a counted 0 is a value");
        assertEquals("69", r.dataset().metadata().parameters().get("perf.context-switches"));
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("<not counted> are gaps")));
    }

    @Test
    void intervalCsvJsonPerCpuAndPerCoreTracksAreNamedByTheirColumn() throws Exception {
        Dataset csv = read("csv-interval.txt").dataset();
        assertEquals(4568 / 0.250336274, csv.counter("context-switches (/s)").orElseThrow().value(0), 1e-6);
        Dataset json = read("json-interval.txt").dataset();
        assertEquals(1848 / 0.251878774, json.counter("context-switches (/s)").orElseThrow().value(0), 1e-6);
        Dataset cpu = read("per-cpu-interval.txt").dataset();
        assertEquals(263 / 0.500596504, cpu.counter("CPU1 context-switches (/s)").orElseThrow().value(0), 1e-6);
        assertEquals(0.50181 / 0.500596504, cpu.counter("CPU1 task-clock (CPUs utilized)").orElseThrow().value(0),
                1e-6);
        Dataset core = read("per-core-interval.txt").dataset();
        assertEquals(219 / 0.508801861, core.counter("S0-D0-C1 context-switches (/s)").orElseThrow().value(0), 1e-6);
        Dataset coreCsv = read("csv-per-core-interval.txt").dataset();
        assertEquals(286 / 0.500564095, coreCsv.counter("S0-D0-C1 context-switches (/s)").orElseThrow().value(0),
                1e-6);
        Dataset big = read("interval-thousands.txt").dataset();
        assertEquals(3167 / 0.500260082, big.counter("context-switches (/s)").orElseThrow().value(0), 1e-6);
    }

    @Test
    void everyRecordedFileIsDetectedAsPerfStat() throws Exception {
        List<String> files = List.of("csv-interval.txt", "csv-per-core-interval.txt", "csv-per-cpu.txt",
                "csv-per-thread.txt", "csv-repeat.txt", "csv-semicolon.txt", "csv.txt", "default.txt", "events.txt",
                "interval-cmd.txt", "interval-not-counted.txt", "interval-pid.txt", "interval-thousands.txt",
                "interval.txt", "json-interval.txt", "json-per-core.txt", "json-per-cpu.txt", "json.txt",
                "per-core-interval.txt", "per-core.txt", "per-cpu-interval.txt", "per-cpu.txt", "per-die.txt",
                "per-socket.txt", "per-thread.txt", "pid.txt", "repeat.txt", "system-wide.txt", "thousands.txt");
        for (String f : files) {
            ImportResult r = read(f);
            assertEquals("perf-stat", r.report().format(), f);
            assertEquals(0, r.report().skippedLines(), f);
        }
    }

    @Test
    void anIntervalOpenedWithAPerfRecordingIsPlacedAtItsStartWithAWarning() throws Exception {
        ImportResult r = Fixtures.importAll(Fixtures.RUN_A_SCRIPT, DIR + "interval.txt");
        Dataset d = r.dataset();
        CounterSeries cs = d.counter("context-switches (/s)").orElseThrow();
        assertEquals(d.cpus().get(0).slices().startNs(0), cs.tNs(0));
        FileReport stat = r.report().files().get(1);
        assertTrue(stat.notes().stream().anyMatch(n -> n.startsWith("has no clock of its own")), stat.notes().toString());
    }

    // ---- bad input: one line naming the file, the line and what was expected

    @Test
    void aCutOutputIsRefusedAtItsEnd() throws Exception {
        String events = text("events.txt");
        String cut = events.substring(0, events.indexOf("cpu-migrations") + 20);
        ImportException e = refused("cut.txt", cut);
        assertEquals("cut.txt", e.file());
        assertEquals(6, e.line());
        assertTrue(e.problem().contains("without its 'seconds time elapsed' line"), e.getMessage());

        String interval = text("interval.txt");
        String cutInterval = interval.substring(0, interval.indexOf("     0.602685989    <not supported>      cycles"));
        ImportException i = refused("cut-interval.txt", cutInterval);
        assertEquals(11, i.line());
        assertTrue(i.problem().startsWith("the interval at 0.602685989 s (from line 8) has 4 of the 6 counter lines of"
                + " the first: cycles, instructions missing; the output ends inside it"), i.getMessage());

        ImportException h = refused("header.txt", "\n Performance counter stats for 'system wide':\n\n");
        assertEquals(2, h.line());
        assertTrue(h.problem().contains("ends after its header"), h.getMessage());
    }

    @Test
    void anEventDamagedInTheFirstIntervalIsNamedWhereTheNextIntervalMissesIt() throws Exception {
        // a damaged name in the first interval reads as another event; the next interval's real
        // one is refused there, and the message points back at the damaged line
        String csv = text("csv-interval.txt").replaceFirst("cpu-migrations,511628897", "cpu-migration????1628897");
        ImportException e = refused("damaged.csv", csv);
        assertEquals(9, e.line());
        assertTrue(e.problem().startsWith("cpu-migrations is not in the first interval: expected the same events in"
                + " every interval; line 3 has cpu-migration????1628897 in its place (damaged?)"), e.getMessage());
    }

    @Test
    void mixedModesAreRefusedAtTheFirstLineThatDoesNotFit() throws Exception {
        String mixed = text("csv.txt") + text("json.txt");
        ImportException e = refused("mixed.txt", mixed);
        assertEquals(7, e.line());
        assertTrue(e.problem().startsWith("expected perf stat -x ',' CSV without -I, aggregated (no CPU or thread"
                + " column) as from line 1, found a line of perf stat -j output"), e.getMessage());

        ImportException two = refused("two.txt", text("events.txt") + text("system-wide.txt"));
        assertEquals(18, two.line());
        assertTrue(two.problem().startsWith("a second perf stat output starts here"), two.getMessage());

        // per-CPU lines after aggregated ones: never read as a value of the aggregate
        String perCpu = text("system-wide.txt").replace("              1540      context-switches",
                "CPU0          1540      context-switches");
        ImportException c = refused("percpu.txt", perCpu);
        assertEquals(5, c.line());
        assertTrue(c.problem().contains("expected a count"), c.getMessage());

        String csvAgg = text("csv-per-cpu.txt").replace("CPU1,588,,context", "588,,context");
        ImportException a = refused("agg.csv", csvAgg);
        assertEquals(4, a.line());
        assertTrue(a.problem().startsWith("expected a CPU (CPU0) before the value, found '588'"), a.getMessage());

        String intervalAfter = text("interval.txt") + "\n" + text("interval.txt");
        ImportException back = refused("again.txt", intervalAfter);
        assertTrue(back.problem().contains("expected times that go on from 2.000379398 s"), back.getMessage());
    }

    @Test
    void aValueThatIsNotANumberOrAnUnknownUnitIsRefusedByLine() throws Exception {
        ImportException n = refused("nan.txt", text("events.txt").replace("                69      context",
                "               6x9      context"));
        assertEquals("nan.txt", n.file());
        assertEquals(5, n.line());
        assertTrue(n.problem().startsWith("expected a count (1234, 1,234 or 12.34), <not counted> or <not supported>,"
                + " found '6x9'"), n.getMessage());
        ImportException locale = refused("de.txt", text("thousands.txt").replace("2,014.39", "2.014,39"));
        assertTrue(locale.problem().contains("LC_ALL=C"), locale.getMessage());
        ImportException u = refused("unit.txt", text("events.txt").replace("133.87 msec task-clock",
                "133.87 furlongs task-clock"));
        assertEquals(4, u.line());
        assertTrue(u.problem().contains("found unit 'furlongs'"), u.getMessage());
        ImportException cu = refused("unit.csv", text("csv.txt").replace(",msec,", ",furlongs,"));
        assertEquals(1, cu.line());
        assertTrue(cu.problem().contains("found unit 'furlongs'"), cu.getMessage());
        ImportException cv = refused("value.csv", text("csv.txt").replace("299,,", "2x9,,"));
        assertEquals(2, cv.line());
        assertTrue(cv.problem().startsWith("field 1: expected a count"), cv.getMessage());
        ImportException jv = refused("value.json", text("json.txt").replace("\"627.000000\"", "\"lots\""));
        assertEquals(2, jv.line());
        assertTrue(jv.problem().contains("\"counter-value\": expected a count"), jv.getMessage());
    }

    /**
     * A broken -j line is said in plain words and by column (the parser's "expected close marker
     * for Object (start marker at [Source: REDACTED ..." was shown clipped), and two objects run
     * together on one line (a lost line break) are refused, not read as the first alone.
     */
    @Test
    void aBrokenOrRunTogetherJsonLineIsSaidInPlainWords() throws Exception {
        List<String> lines = text("json.txt").lines().toList();
        String second = lines.get(1);
        ImportException cut = refused("cut.json", text("json.txt").replace(second, second.substring(0, 50)));
        assertEquals(2, cut.line());
        assertEquals("expected one perf stat -j object on the line: the JSON is not valid (the line ends inside a string"
                + " at column 51)", cut.problem());
        ImportException unclosed = refused("open.json", text("json.txt").replace(second,
                second.substring(0, second.length() - 1)));
        assertEquals("expected one perf stat -j object on the line: the JSON is not valid (the object { opened at"
                + " column 1 is not closed)", unclosed.problem());
        ImportException joined = refused("joined.json", text("json.txt").replace(second + "\n", second));
        assertEquals(2, joined.line());
        assertEquals("expected one perf stat -j object on the line, found more after it at column " + (second.length() + 1)
                + ": '{\"counter-value\" : ...'", joined.problem());
        assertFalse(joined.getMessage().contains("Source") || cut.getMessage().contains("REDACTED"), cut.getMessage());
    }

    @Test
    void multiplexedEventsAndFurtherMetricLinesRead() throws Exception {
        // the layout perf prints for hardware events it had to multiplex (this machine has none to count)
        String text = "\n Performance counter stats for 'system wide':\n\n"
                + "          4,011.28 msec cpu-clock                        #    4.000 CPUs utilized          \n"
                + "     1,234,567      cycles                           #    0.308 GHz                      (49.98%)\n"
                + "       987,654      instructions                     #    0.80  insn per cycle           (50.02%)\n"
                + "                                                  #    1.25  stalled cycles per insn  \n"
                + "     <not counted>      branches                                                      (0.00%)\n"
                + "\n       1.002874567 seconds time elapsed\n\n";
        ImportResult r = Fixtures.importText("mux.txt", text);
        Map<String, String> p = r.dataset().metadata().parameters();
        assertEquals("1234567", p.get("perf.cycles"));
        assertEquals("987654", p.get("perf.instructions"));
        assertEquals("4011.28", p.get("perf.cpu-clock.msec"));
        assertEquals("not counted", p.get("perf.branches"));
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("multiplexed") && w.contains("cycles (49.98%)")),
                r.report().warnings().toString());
    }
}
