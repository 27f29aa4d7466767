package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.Fixtures;
import org.schedlab.render.Caption;

/** {@code schedlab render}: pictures by extension, sizes and scale as asked, one-line errors otherwise. */
class RenderCommandTest {
    @TempDir
    Path dir;

    private Path dataset() throws Exception {
        return CliRun.smallDataset(dir, "small.json");
    }

    private static void assertUserError(CliRun r, String fragment) {
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("schedlab: "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertTrue(r.err().contains(fragment), "expected '" + fragment + "' in: " + r.err());
    }

    @Test
    void aSliceEndingAtTheLargestTimeIsDrawnNotTheHeapFilled() throws Exception {
        // the axis ticks wrapped past Long.MAX_VALUE: a minute of work, then out of memory
        Path in = dir.resolve("max.json");
        Files.writeString(in, "{\"format\": \"schedlab-dataset\", \"version\": 1, \"metadata\": {\"source\": \"t\","
                + " \"format\": \"simulation\"}, \"tasks\": [{\"id\": 0, \"tid\": 101, \"pid\": 100, \"comm\": \"pg\"}],"
                + " \"cpus\": [{\"cpu\": 0, \"startNs\": [0, 4000], \"endNs\": [4000, 9223372036854775807],"
                + " \"task\": [0, 0], \"state\": [0, 1]}]}");
        for (String[] window : new String[][] {{}, {"--from-ms", "9223372036850"}}) {
            Path png = dir.resolve("max.png");
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("render", in.toString(), "--out",
                    png.toString()));
            args.addAll(java.util.List.of(window));
            CliRun r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(30),
                    () -> CliRun.of(args.toArray(String[]::new)));
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(Files.size(png) > 1000, "a picture");
        }
    }

    @Test
    void rendersADatasetAsPngAtTheAskedSizeAndTwiceThatAtScale2() throws Exception {
        Path in = dataset();
        Path one = dir.resolve("one.png");
        Path two = dir.resolve("two.png");
        CliRun r1 = CliRun.of("render", in.toString(), "--out", one.toString(), "--width", "800", "--height", "300");
        CliRun r2 = CliRun.of("render", in.toString(), "--out", two.toString(), "--width", "800", "--height", "300",
                "--scale", "2");
        assertEquals(0, r1.exitCode(), r1.err());
        assertEquals(0, r2.exitCode(), r2.err());
        BufferedImage a = ImageIO.read(one.toFile());
        BufferedImage b = ImageIO.read(two.toFile());
        assertEquals(800, a.getWidth());
        assertTrue(a.getHeight() > 300 && a.getHeight() < 420, "timeline plus caption: " + a.getHeight());
        assertEquals(1600, b.getWidth());
        assertEquals(2 * a.getHeight(), b.getHeight());
        assertTrue(r1.out().startsWith("wrote " + one), r1.out());
    }

    @Test
    void withoutAHeightTheTimelineIsAsTallAsItsRowsNeed() throws Exception {
        Path out = dir.resolve("fit.png");
        CliRun r = CliRun.of("render", dataset().toString(), "--out", out.toString(), "--width", "700");
        assertEquals(0, r.exitCode(), r.err());
        BufferedImage img = ImageIO.read(out.toFile());
        assertTrue(img.getHeight() < RenderCommand.DEFAULT_HEIGHT_PX,
                "two CPUs and a few rows need less than the default height (caption included): " + img.getHeight());
    }

    @Test
    void svgByExtensionCarriesTheCaptionAndTheWindow() throws Exception {
        Path out = dir.resolve("view.SVG");
        CliRun r = CliRun.of("render", dataset().toString(), "--out", out.toString(), "--from-ms", "0.001",
                "--to-ms", "0.003");
        assertEquals(0, r.exitCode(), r.err());
        String svg = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(svg.startsWith("<?xml") || svg.startsWith("<svg"), svg.substring(0, 40));
        assertTrue(svg.contains("small.json"), "the caption names the file");
        assertTrue(svg.contains("window +1.00 us .. +3.00 us"), "the caption gives the window");
        assertTrue(svg.trim().endsWith("</svg>"));
    }

    /**
     * A recording the import warned about says so in its picture: on stderr the warning is gone
     * once the PNG is pasted into a thread. The file by its name, as the subject names it.
     */
    @Test
    void aRecordingsImportWarningsAreInTheCaption() throws Exception {
        Path f = dir.resolve("sched.txt");
        Files.writeString(f, "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf prev_pid=7396"
                + " prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
                + "garbage\n"
                + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
                + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n", StandardCharsets.UTF_8);
        Path svg = dir.resolve("warned.svg");
        CliRun r = CliRun.of("render", f.toString(), "--out", svg.toString(), "--width", "1600");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains(f + ": 1 of 3 lines not understood (line 2)"), r.err());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains(">import warning: sched.txt: 1 of 3 lines not understood (line 2); first: line 2:"),
                text);
        assertTrue(!text.contains(dir.toString()), "no directory in the picture");

        // A over B: under the side lines, naming the file it is about
        Path ab = dir.resolve("ab-warned.svg");
        CliRun both = CliRun.of("render", "--view", "compare", f.toString(), f.toString(), "--out", ab.toString(),
                "--width", "1600");
        assertEquals(0, both.exitCode(), both.err());
        String abText = Files.readString(ab, StandardCharsets.UTF_8);
        assertTrue(abText.contains(">import warning: sched.txt: 1 of 3 lines not understood (line 2)"), abText);
        assertEquals(1, abText.split(">import warning: ", -1).length - 1, "the one file's warning once");

        Path clean = dir.resolve("clean.svg");
        Files.writeString(f, Files.readString(f).replace("garbage\n", ""), StandardCharsets.UTF_8);
        assertEquals(0, CliRun.of("render", f.toString(), "--out", clean.toString()).exitCode());
        assertTrue(!Files.readString(clean, StandardCharsets.UTF_8).contains("import warning"));
    }

    @Test
    void aPgbenchLogsTransactionsAreDrawnAsAnOperationsRow() throws Exception {
        Path svg = dir.resolve("log.svg");
        CliRun r = CliRun.of("render", org.schedlab.io.read.Fixtures.path("real/pgbench-log/plain/pgbench_log.9938")
                .toString(), "--out", svg.toString(), "--width", "1400", "--height", "700");
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains("Operations (1)"), "the group header");
        assertTrue(text.contains(">transaction<"), "the row's name");
        // its log scale: the slowest and fastest of the log's 800 transactions (4,481 and 347 us)
        assertTrue(text.contains("max 4.48 ms") && text.contains("min 347 us, log"), "the row's scale");
    }

    @Test
    void anABPicturesCaptionIsTheWorkbenchsExportedOne() throws Exception {
        // render said "teach-kernel-section (scenario, seed 1)  A/B", the workbench's export
        // "teach-kernel-section  A/B  (seed 1)" (ExportWindowTest): one output, one caption
        Path svg = dir.resolve("ab.svg");
        CliRun c = CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--base",
                "preemption=none", "--test", "preemption=full", "--set", "warmupMs=5", "--set", "durationMs=20",
                "--to-ms", "20", "--out", svg.toString(), "--width", "600", "--height", "200");
        assertEquals(0, c.exitCode(), c.err());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        String shown = java.util.regex.Pattern.compile(">([^<]+)</text>").matcher(text).results()
                .map(m -> m.group(1)).reduce("", (x, y) -> x + "\n" + y);
        assertTrue(shown.contains("\nteach-kernel-section  A/B  (seed 1)\n"), "the caption names the seed: " + shown);
    }

    @Test
    void aShortWindowsCaptionTellsItsEndsApart() throws Exception {
        // 500 us from 100.2 ms on read "window +100 ms .. +101 ms  (span 500 us)": ends 1 ms apart,
        // neither the one asked for
        Path svg = dir.resolve("w.svg");
        CliRun r = CliRun.of("render", "--scenario", "teach-kernel-section", "--set", "warmupMs=5", "--set",
                "durationMs=110", "--from-ms", "100.2", "--to-ms", "100.7", "--out", svg.toString(), "--width", "600",
                "--height", "200");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("window +100.2 ms .. +100.7 ms  (span 500 us)"), r.out());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains("window +100.2 ms .. +100.7 ms"), "the caption gives the window asked for");
    }

    @Test
    void rendersAScenarioTimelineAndAnABComparisonHeadless() throws Exception {
        Path t = dir.resolve("t.png");
        CliRun r = CliRun.of("render", "--scenario", "teach-kernel-section", "--set", "warmupMs=5", "--set",
                "durationMs=20", "--set", "preemption=full", "--to-ms", "20", "--out", t.toString(), "--width", "600",
                "--height", "200");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(600, ImageIO.read(t.toFile()).getWidth());
        assertTrue(r.out().contains("window +0 .. +20.0 ms"), r.out());

        Path ab = dir.resolve("ab.png");
        CliRun c = CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--base",
                "preemption=none", "--test", "preemption=full", "--set", "warmupMs=5", "--set", "durationMs=20",
                "--to-ms", "20", "--out", ab.toString(), "--width", "600", "--height", "200");
        assertEquals(0, c.exitCode(), c.err());
        BufferedImage img = ImageIO.read(ab.toFile());
        assertTrue(img.getHeight() > 2 * 200 + 100, "two timelines, the table and the caption: " + img.getHeight());

        Path own = dir.resolve("own.png"); // neither --base nor --test: the scenario's own pair (none vs full)
        CliRun p = CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--set",
                "warmupMs=5", "--set", "durationMs=20", "--to-ms", "20", "--out", own.toString(), "--width", "600",
                "--height", "200");
        assertEquals(0, p.exitCode(), p.err());
        assertTrue(Files.size(own) > 0);
    }

    @Test
    void twoSavedRunsAreCaptionedWithTheirScenarioSeedAndParameters() throws Exception {
        // "none.json vs lazy.json" with "A: scenario defaults": neither the scenario nor the seeds
        // of the two runs were in the picture
        Path none = dir.resolve("none.json");
        Path lazy = dir.resolve("lazy.json");
        for (String[] run : new String[][] {{"none", none.toString(), "3"}, {"lazy", lazy.toString(), "4"}}) {
            CliRun sim = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=" + run[0],
                    "--set", "warmupMs=5", "--set", "durationMs=20", "--seed", run[2], "--out", run[1]);
            assertEquals(0, sim.exitCode(), sim.err());
        }
        Path ab = dir.resolve("ab.svg");
        CliRun c = CliRun.of("render", "--view", "compare", none.toString(), lazy.toString(), "--out", ab.toString(),
                "--width", "1200");
        assertEquals(0, c.exitCode(), c.err());
        String svg = Files.readString(ab, StandardCharsets.UTF_8);
        assertTrue(svg.contains(">A: none.json (teach-kernel-section, simulation, seed 3): differs from defaults:"
                + " seed=3  warmupMs=5  durationMs=20</text>"), svg);
        assertTrue(svg.contains(">B: lazy.json (teach-kernel-section, simulation, seed 4): differs from defaults:"
                + " preemption=lazy  seed=4  warmupMs=5  durationMs=20</text>"), svg);
        // headed as the workbench heads A/B of two opened files (ExportWindowTest): render wrote
        // "none.json vs lazy.json", the workbench the scenario in its panel or "A/B"
        assertTrue(svg.contains(">" + Caption.abFilesSubject("none.json", "lazy.json") + "</text>"), svg);
        assertEquals("none.json vs lazy.json  A/B", Caption.abFilesSubject("none.json", "lazy.json"));
    }

    @Test
    void aScenarioTimelinesCaptionIsTheLiveTabsOne() throws Exception {
        // render wrote "teach-kernel-section (scenario, seed 3)", the Live tab's export "(live run,
        // seed 3)" (ExportWindowTest): one run, one caption, as its saved file's reads
        Path svg = dir.resolve("t.svg");
        CliRun r = CliRun.of("render", "--scenario", "teach-kernel-section", "--set", "warmupMs=5", "--set",
                "durationMs=20", "--set", "seed=3", "--to-ms", "20", "--out", svg.toString(), "--width", "600",
                "--height", "200");
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains(">teach-kernel-section (simulation, seed 3)</text>"), text);
        assertEquals("teach-kernel-section (simulation, seed 3)", Caption.runSubject("teach-kernel-section",
                List.of(3L)));
    }

    @Test
    void anABPictureLeavesOutTheRowsNeitherInputHasAndNamesThemUnderTheTable() throws Exception {
        // the copied text left them out and named them; the picture still drew 15 locks'
        // "holderPreemptions n/a n/a n/a" rows and throughput's and the cpu shares'
        String lock = Fixtures.path("real/pgbench-local/runC_perf_lock_script.txt").toString();
        Path svg = dir.resolve("locks.svg");
        CliRun c = CliRun.of("render", "--view", "compare", lock, lock, "--out", svg.toString(), "--width", "1200");
        assertEquals(0, c.exitCode(), c.err());
        List<String> shown = java.util.regex.Pattern.compile(">([^<]*)</text>").matcher(
                Files.readString(svg, StandardCharsets.UTF_8)).results().map(m -> m.group(1)).toList();
        assertTrue(shown.stream().noneMatch(t -> t.contains("holderPreemptions") || t.equals("n/a")), shown.toString());
        assertTrue(shown.stream().anyMatch(t -> t.contains(" waitUs.mean")), "the rows either has: " + shown);
        String note = shown.stream().dropWhile(t -> !t.startsWith("not in either input:"))
                .takeWhile(t -> !t.startsWith("runC_perf_lock_script.txt vs")).map(String::strip)
                .reduce((x, y) -> x + " " + y).orElse("");
        CliRun table = CliRun.of("table", lock, lock);
        // the paragraph that names them; the span line after it is the picture's table title's
        String after = table.out().substring(table.out().lastIndexOf("\nnot in either input:") + 1);
        String named = after.substring(0, after.contains("\n\n") ? after.indexOf("\n\n") : after.length()).strip()
                .replaceAll("\\s+", " ");
        assertEquals(named, note, "named as the text names them, under the table");
    }

    /** The texts an SVG draws, in order, XML entities read back. */
    private static List<String> svgTexts(Path svg) throws Exception {
        return java.util.regex.Pattern.compile(">([^<]*)</text>").matcher(Files.readString(svg, StandardCharsets.UTF_8))
                .results().map(m -> m.group(1).replace("&apos;", "'").replace("&quot;", "\"").replace("&lt;", "<")
                        .replace("&gt;", ">").replace("&amp;", "&")).toList();
    }

    /**
     * The paragraphs a text table ends with after its span paragraph ("Counts and rates over
     * ..."), each joined onto one line; up to the Wireshark table, which is not the delta table's.
     */
    private static List<String> notesAfterSpan(String text) {
        List<String> lines = text.substring(text.indexOf("\nCounts and rates over") + 1).lines().toList();
        List<String> paragraphs = new java.util.ArrayList<>();
        for (String line : lines.subList(lines.indexOf("") + 1, lines.size())) {
            if (line.startsWith("|")) {
                break;
            }
            if (line.startsWith("  ")) {
                paragraphs.set(paragraphs.size() - 1, paragraphs.get(paragraphs.size() - 1) + " " + line.strip());
            } else if (!line.isBlank()) {
                paragraphs.add(line);
            }
        }
        return paragraphs;
    }

    @Test
    void anABPictureOfCaseBEndsItsTableWithTheNotesCompareEndsItsTextWith() throws Exception {
        // the picture drew mmap_lock spinWhile.handoff and rwsem_opt_rlock "n/a" without the notes
        // compare prints under them: pasted into a review thread, it said less than the text
        Path svg = dir.resolve("b.svg");
        CliRun c = CliRun.of("render", "--scenario", "mongodb-ycsb-a", "--view", "compare", "--base",
                "readerSpinning=on", "--test", "readerSpinning=off", "--set", "warmupMs=20", "--set", "durationMs=60",
                "--to-ms", "10", "--out", svg.toString(), "--width", "700");
        assertEquals(0, c.exitCode(), c.err());
        CliRun text = CliRun.of("compare", "--scenario", "mongodb-ycsb-a", "--base", "readerSpinning=on", "--test",
                "readerSpinning=off", "--warmup-ms", "20", "--duration-ms", "60");
        assertEquals(0, text.exitCode(), text.err());
        List<String> said = notesAfterSpan(text.out());
        assertEquals(3, said.size(), "spinWhile, rwsem_* and runqlat under compare's table: " + said);
        assertTrue(said.get(0).startsWith("spinWhile: ") && said.get(1).startsWith("rwsem_*: ")
                && said.get(2).startsWith("runqlat: "), said.toString());
        List<String> shown = svgTexts(svg);
        String subject = shown.stream().filter(t -> t.startsWith("mongodb-ycsb-a  A/B")).findFirst().orElseThrow();
        int last = shown.indexOf("runqlatUs.conn.mean");
        List<String> under = shown.subList(shown.indexOf(shown.stream().skip(last)
                .filter(t -> t.startsWith("spinWhile: ")).findFirst().orElseThrow(() -> new AssertionError(
                        "no spinWhile note under the table: " + shown))), shown.indexOf(subject));
        List<String> drawn = new java.util.ArrayList<>();
        for (String l : under) {
            if (l.startsWith("  ")) {
                drawn.set(drawn.size() - 1, drawn.get(drawn.size() - 1) + " " + l.strip());
            } else {
                drawn.add(l);
            }
        }
        assertEquals(said, drawn, "the same notes, wrapped to the picture's width");
        assertTrue(under.size() > said.size(), "wrapped at 700 px: " + under);
    }

    @Test
    void anABPictureWithoutAnRwsemHasNoRwsemNotesAndTheRunqlatNoteOfItsText() throws Exception {
        // case C: no rwsem (no spinWhile rows, so no note of them), the runqlat note compare prints
        Path svg = dir.resolve("c.svg");
        CliRun c = CliRun.of("render", "--scenario", "s390-uperf", "--view", "compare", "--set", "warmupMs=10",
                "--set", "durationMs=30", "--to-ms", "5", "--out", svg.toString());
        assertEquals(0, c.exitCode(), c.err());
        CliRun text = CliRun.of("compare", "--scenario", "s390-uperf", "--warmup-ms", "10", "--duration-ms", "30");
        assertEquals(0, text.exitCode(), text.err());
        List<String> said = notesAfterSpan(text.out());
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("runqlat: "), said.toString());
        List<String> shown = svgTexts(svg);
        assertTrue(shown.contains(said.get(0)), "one line at 1600 px: " + said.get(0) + " in " + shown);
        assertTrue(shown.stream().noneMatch(t -> t.startsWith("spinWhile") || t.startsWith("rwsem_*")), shown.toString());

        // two files: the notes table A B prints (teach-kernel-section's saved runs: runqlat's, seen from the lanes)
        Path none = dir.resolve("none.json");
        Path full = dir.resolve("full.json");
        for (String[] run : new String[][] {{"none", none.toString()}, {"full", full.toString()}}) {
            CliRun sim = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=" + run[0],
                    "--set", "warmupMs=5", "--set", "durationMs=20", "--out", run[1]);
            assertEquals(0, sim.exitCode(), sim.err());
        }
        Path ab = dir.resolve("files.svg");
        CliRun f = CliRun.of("render", "--view", "compare", none.toString(), full.toString(), "--out", ab.toString(),
                "--width", "3000");
        assertEquals(0, f.exitCode(), f.err());
        List<String> tableNotes = notesAfterSpan(CliRun.of("table", none.toString(), full.toString()).out());
        List<String> drawnFiles = svgTexts(ab);
        assertFalse(tableNotes.isEmpty(), "table A B ends with a note");
        tableNotes.forEach(n -> assertTrue(drawnFiles.contains(n), "one line at 3000 px: " + n + " in " + drawnFiles));
    }

    @Test
    void anABPicturesWiresharkTableIsHeadedByTheOneValueTheRunsDifferIn() throws Exception {
        // lazy against lazy with an unbound workqueue: headed "base | test", and A's timeline "same
        // parameters", where the A/B tab names the workqueue each run had
        Path svg = dir.resolve("wq.svg");
        CliRun c = CliRun.of("render", "--scenario", "s390-uperf", "--view", "compare", "--base", "preemption=lazy",
                "--test", "preemption=lazy,irqWorkqueue=unbound", "--set", "warmupMs=10", "--set", "durationMs=20",
                "--to-ms", "5", "--out", svg.toString());
        assertEquals(0, c.exitCode(), c.err());
        List<String> shown = svgTexts(svg);
        int head = shown.indexOf("Wireshark warning / note");
        assertTrue(head >= 0, shown.toString());
        assertEquals(List.of("percpu", "unbound", "change"), shown.subList(head + 1, head + 4), shown.toString());
        // the timelines' heads name it too: A left at the scenario's percpu read "same parameters"
        assertTrue(shown.contains("A   irqWorkqueue=percpu"), shown.toString());
        assertTrue(shown.contains("B   irqWorkqueue=unbound"), shown.toString());
    }

    @Test
    void anABPictureOfCaseCHasTheWiresharkTableCompareEndsWithAndOneWithoutTcpHasNone() throws Exception {
        // the seed thread pastes the s390 mail's FULL vs LAZY table: the picture had the delta
        // table only, and a reviewer had to paste compare's text beside it
        Path svg = dir.resolve("c.svg");
        CliRun c = CliRun.of("render", "--scenario", "s390-uperf", "--view", "compare", "--base", "preemption=full",
                "--test", "preemption=lazy", "--set", "warmupMs=10", "--set", "durationMs=30", "--to-ms", "5",
                "--out", svg.toString());
        assertEquals(0, c.exitCode(), c.err());
        CliRun text = CliRun.of("compare", "--scenario", "s390-uperf", "--base", "preemption=full", "--test",
                "preemption=lazy", "--warmup-ms", "10", "--duration-ms", "30");
        assertEquals(0, text.exitCode(), text.err());
        // compare's Wireshark table, cell by cell: the head, then each row
        List<List<String>> said = text.out().lines().filter(l -> l.startsWith("| "))
                .map(l -> java.util.Arrays.stream(l.substring(1, l.length() - 1).split("\\|")).map(String::strip)
                        .toList()).toList();
        assertEquals(List.of("Wireshark warning / note", "full", "lazy", "change"), said.get(0), text.out());
        assertTrue(said.size() > 5, text.out());
        List<String> shown = svgTexts(svg);
        int head = shown.indexOf("Wireshark warning / note");
        assertTrue(head > shown.indexOf("tcp.dsack"), "under the delta table: " + shown);
        List<String> cells = said.stream().flatMap(List::stream).toList();
        assertEquals(cells, shown.subList(head, head + cells.size()), "the same names and numbers as compare's text");
        String under = String.join(" ", shown.subList(head + cells.size(), shown.indexOf("s390-uperf  A/B  (seed 1)")));
        assertTrue(under.contains("Not counted by either side, so not rows here: ACKed segment that wasn't captured;"
                + " Packet length exceeds MSS (TSO/GRO)."), under);
        assertTrue(String.join(" ", shown).contains("TCP as Wireshark shows it, over the measured 30 ms of each side"),
                shown.toString());

        // the teaching case counts no TCP: compare prints no Wireshark table, the picture draws none
        Path teach = dir.resolve("teach.svg");
        CliRun t = CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--set", "warmupMs=5",
                "--set", "durationMs=20", "--to-ms", "5", "--out", teach.toString());
        assertEquals(0, t.exitCode(), t.err());
        List<String> teachShown = svgTexts(teach);
        assertTrue(teachShown.stream().anyMatch(x -> x.startsWith("A/B deltas over")), teachShown.toString());
        assertTrue(teachShown.stream().noneMatch(x -> x.contains("Wireshark")), teachShown.toString());
    }

    /**
     * Two saved runs of case C, opened as files: the picture carries the Wireshark table {@code
     * table A B --kind tcp} prints of them, its columns A and B, as the README says of "two saved
     * runs or captures with TCP counters".
     */
    @Test
    void anABPictureOfTwoSavedRunsCountingTcpHasTheTableThatTableKindTcpPrints() throws Exception {
        Path full = dir.resolve("full.json");
        Path lazy = dir.resolve("lazy.json");
        for (String[] run : new String[][] {{"full", full.toString()}, {"lazy", lazy.toString()}}) {
            CliRun sim = CliRun.of("simulate", "--scenario", "s390-uperf", "--set", "preemption=" + run[0],
                    "--set", "warmupMs=10", "--set", "durationMs=30", "--out", run[1]);
            assertEquals(0, sim.exitCode(), sim.err());
        }
        Path svg = dir.resolve("files.svg");
        CliRun c = CliRun.of("render", "--view", "compare", full.toString(), lazy.toString(), "--to-ms", "5",
                "--out", svg.toString());
        assertEquals(0, c.exitCode(), c.err());
        CliRun text = CliRun.of("table", full.toString(), lazy.toString(), "--kind", "tcp");
        assertEquals(0, text.exitCode(), text.err());
        List<List<String>> said = text.out().lines().filter(l -> l.startsWith("| "))
                .map(l -> java.util.Arrays.stream(l.substring(1, l.length() - 1).split("\\|")).map(String::strip)
                        .toList()).toList();
        assertEquals(List.of("Wireshark warning / note", "A", "B", "change"), said.get(0), text.out());
        assertTrue(said.size() > 5, text.out());
        List<String> shown = svgTexts(svg);
        int head = shown.indexOf("Wireshark warning / note");
        assertTrue(head > 0, "no Wireshark table in the picture: " + shown);
        List<String> cells = said.stream().flatMap(List::stream).toList();
        assertEquals(cells, shown.subList(head, head + cells.size()), "the same names and numbers as table's text");
    }

    /** The lane labels of the Tasks groups an SVG draws, in order: those between each "▾ Tasks (n)" and the next group. */
    private static List<List<String>> taskLanes(List<String> shown) {
        List<List<String>> groups = new java.util.ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i).startsWith("\u25be Tasks (")) {
                List<String> lanes = new java.util.ArrayList<>();
                for (int j = i + 1; j < shown.size() && !shown.get(j).startsWith("\u25be "); j++) {
                    lanes.add(shown.get(j));
                }
                groups.add(lanes);
            }
        }
        return groups;
    }

    @Test
    void taskPicksTheLanesDrawnByTheNameTheWorkbenchListsOrByTid() throws Exception {
        // render drew the lanes a run opens with (case C's vhost threads), never the kworker a
        // review thread was about: --task names them as the Task lanes list does, comm[tid]
        Path svg = dir.resolve("c.svg");
        CliRun r = CliRun.of("render", "--scenario", "s390-uperf", "--set", "warmupMs=5", "--set", "durationMs=10",
                "--to-ms", "5", "--task", "kworker/11:1[1011]", "--task", "1003", "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of(List.of("kworker/11:1[1011]", "kworker/3:1[1003]")), taskLanes(svgTexts(svg)),
                "the lanes named, in the order named, in place of the run's own");
        Path plain = dir.resolve("plain.svg");
        CliRun own = CliRun.of("render", "--scenario", "s390-uperf", "--set", "warmupMs=5", "--set", "durationMs=10",
                "--to-ms", "5", "--out", plain.toString());
        assertEquals(0, own.exitCode(), own.err());
        assertTrue(taskLanes(svgTexts(plain)).get(0).stream().noneMatch(l -> l.startsWith("kworker")),
                "without --task the run's own lanes: " + taskLanes(svgTexts(plain)));
    }

    @Test
    void taskOverABDrawsTheMatchedLaneOnBothSidesAndOneOnlyOneSideHasOnThatSide() throws Exception {
        Path svg = dir.resolve("ab.svg");
        CliRun r = CliRun.of("render", "--scenario", "s390-uperf", "--view", "compare", "--set", "warmupMs=5",
                "--set", "durationMs=10", "--to-ms", "5", "--task", "kworker/3:1[1003]", "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> shown = svgTexts(svg);
        assertEquals(List.of(List.of("kworker/3:1[1003]"), List.of("kworker/3:1[1003]")), taskLanes(shown),
                "A and B draw the lane: " + shown);
        assertTrue(shown.stream().noneMatch(t -> t.startsWith("only on ")), "both sides alike: " + shown);

        // a saved teach-kernel-section run on A (tasks A[2001], B[2002]) and case C's on B
        Path teach = dir.resolve("teach.json");
        Path c = dir.resolve("c.json");
        assertEquals(0, CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "warmupMs=5", "--set",
                "durationMs=10", "--out", teach.toString()).exitCode());
        assertEquals(0, CliRun.of("simulate", "--scenario", "s390-uperf", "--set", "warmupMs=5", "--set",
                "durationMs=10", "--out", c.toString()).exitCode());
        Path mixed = dir.resolve("mixed.svg");
        CliRun m = CliRun.of("render", "--view", "compare", teach.toString(), c.toString(), "--task", "A[2001]",
                "--task", "kworker/3:1[1003]", "--out", mixed.toString(), "--width", "1200");
        assertEquals(0, m.exitCode(), m.err());
        List<String> drawn = svgTexts(mixed);
        assertEquals(List.of(List.of("A[2001]"), List.of("kworker/3:1[1003]")), taskLanes(drawn),
                "each side the one it has: " + drawn);
        assertTrue(drawn.contains("only on A: task lane A[2001]") && drawn.stream().anyMatch(t -> t.startsWith(
                "only on B: ") && t.contains("task lane kworker/3:1[1003]")), "the caption says which side has which: "
                + drawn);
    }

    @Test
    void anUnknownTaskIsOneLineNamingItAndTheClosestThereAre() throws Exception {
        Path c = dir.resolve("c.json");
        assertEquals(0, CliRun.of("simulate", "--scenario", "s390-uperf", "--set", "warmupMs=5", "--set",
                "durationMs=10", "--out", c.toString()).exitCode());
        Path png = dir.resolve("x.png");
        CliRun r = CliRun.of("render", c.toString(), "--task", "kworker/3:9[1003]", "--out", png.toString());
        assertUserError(r, "--task kworker/3:9[1003]: no task lane of that name in c.json; the closest:"
                + " kworker/3:1[1003], ");
        assertFalse(Files.exists(png), "no picture");
        // a comm alone is not a task's name: the closest say how to write it
        CliRun comm = CliRun.of("render", c.toString(), "--task", "kworker/3:1", "--out", png.toString());
        assertUserError(comm, "the closest: kworker/3:1[1003], ");
        assertTrue(comm.err().contains("COMM[TID]"), comm.err());
        // over A/B: a task neither side has
        CliRun ab = CliRun.of("render", "--view", "compare", c.toString(), c.toString(), "--task", "vhost[1]",
                "--out", png.toString());
        assertUserError(ab, "--task vhost[1]: no task lane of that name in A (c.json) or B (c.json); the closest: ");
    }

    @Test
    void twoRunsWithOtherCpuCountsSayWhichCpusOnlyOneSideHas() throws Exception {
        // the cpus slider: A's CPUs 4-7 have no lane on B, which the picture says rather than
        // setting B's task lane beside A's CPU lanes without a word
        Path ab = dir.resolve("ab.svg");
        CliRun c = CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--base",
                "cpus=8,preemption=none", "--test", "cpus=4,preemption=full", "--set", "warmupMs=5", "--set",
                "durationMs=20", "--to-ms", "20", "--out", ab.toString(), "--width", "600", "--height", "200");
        assertEquals(0, c.exitCode(), c.err());
        String svg = Files.readString(ab, StandardCharsets.UTF_8);
        assertTrue(svg.contains(">only on A: CPUs 4-7 (B has 4 CPUs)</text>"), svg);
    }

    @Test
    void oneNstatSnapshotIsNotCalledEmptyTheCommandsThatShowItAreNamed() throws Exception {
        // a single nstat -az: 61 counters at one instant, nothing to draw over time - but not "empty"
        Path snapshot = dir.resolve("nstat.json");
        CliRun imported = CliRun.of("import", "src/test/resources/real/pgbench-local/nstat_snapshot.txt", "--out",
                snapshot.toString());
        assertEquals(0, imported.exitCode(), imported.err());
        CliRun r = CliRun.of("render", snapshot.toString(), "--out", dir.resolve("x.png").toString());
        assertUserError(r, "has one snapshot of ");
        assertTrue(r.err().contains("no time span to draw"), r.err());
        assertTrue(r.err().contains("--kind tcp"), r.err());
        assertFalse(r.err().contains("empty"), r.err());
        assertFalse(Files.exists(dir.resolve("x.png")), "no picture written");
    }

    @Test
    void aRunqlatOutputIsNotCalledEmptyWhatShowsItIsNamed() throws Exception {
        // runqlat's histograms have no times: render said "the dataset is empty" of 48 of them
        String file = "src/test/resources/public/runqlat/bcc_runqlat_example.txt";
        CliRun r = CliRun.of("render", file, "--out", dir.resolve("x.png").toString());
        assertUserError(r, file + ": has 48 runqlat histograms and no times, so there is no timeline to draw");
        assertTrue(r.err().contains("'schedlab info " + file + "'"), r.err());
        assertFalse(r.err().contains("empty"), r.err());
        assertFalse(Files.exists(dir.resolve("x.png")), "no picture written");
    }

    @Test
    void oneSnapshotWithoutTcpCountersDoesNotSendTheUserToTheTcpTable() throws Exception {
        // nstat of IP and UDP counters only: 'table --kind tcp' refuses it ("no TCP counters")
        Path nstat = Files.writeString(dir.resolve("ip.nstat"), "#kernel\nIpInReceives 99 0.0\n"
                + "IpExtInOctets 1234 0.0\nUdpInDatagrams 7 0.0\n");
        Path snapshot = dir.resolve("ip.json");
        CliRun imported = CliRun.of("import", nstat.toString(), "--out", snapshot.toString());
        assertEquals(0, imported.exitCode(), imported.err());
        CliRun r = CliRun.of("render", snapshot.toString(), "--out", dir.resolve("x.png").toString());
        assertUserError(r, "has one snapshot of 3 counters");
        assertFalse(r.err().contains("--kind tcp"), r.err());
        assertTrue(r.err().contains("'schedlab info'"), r.err());
        CliRun table = CliRun.of("table", snapshot.toString(), "--kind", "tcp");
        assertEquals(2, table.exitCode(), "the command the message would have named refuses it: " + table.err());
    }

    /** A 96-CPU machine, each CPU busy with a backend of its own for 4 us. */
    private Path machine() throws Exception {
        return machine(0);
    }

    /** As {@link #machine()}, the first {@code lanes} backends with task lanes of their own. */
    private Path machine(int lanes) throws Exception {
        StringBuilder tasks = new StringBuilder();
        StringBuilder cpus = new StringBuilder();
        StringBuilder taskLanes = new StringBuilder();
        for (int c = 0; c < lanes; c++) {
            taskLanes.append(c == 0 ? "" : ", ").append("{\"task\": ").append(c)
                    .append(", \"startNs\": [0, 1000], \"endNs\": [1000, 4000], \"state\": [0, 3]}");
        }
        for (int c = 0; c < 96; c++) {
            tasks.append(c == 0 ? "" : ", ").append("{\"id\": ").append(c).append(", \"tid\": ").append(4000 + c)
                    .append(", \"pid\": ").append(4000 + c).append(", \"comm\": \"pgbench\"}");
            cpus.append(c == 0 ? "" : ", ").append("{\"cpu\": ").append(c).append(", \"startNs\": [0, 1000],"
                    + " \"endNs\": [1000, 4000], \"task\": [").append(c).append(", ").append(c)
                    .append("], \"state\": [0, 3]}");
        }
        Path in = dir.resolve("machine.json");
        Files.writeString(in, "{\"format\": \"schedlab-dataset\", \"version\": 1, \"metadata\": {\"source\": \"t\","
                + " \"format\": \"simulation\"}, \"tasks\": [" + tasks + "], \"cpus\": [" + cpus + "]"
                + (lanes > 0 ? ", \"taskLanes\": [" + taskLanes + "]" : "") + "}");
        return in;
    }

    @Test
    void fitCpuLanesDrawsEveryCpuOfA96CpuMachineInTheHeightGiven() throws Exception {
        Path in = machine();
        Path fit = dir.resolve("fit.svg");
        Path own = dir.resolve("own.svg");
        CliRun r = CliRun.of("render", in.toString(), "--out", fit.toString(), "--height", "300", "--fit-cpu-lanes");
        CliRun o = CliRun.of("render", in.toString(), "--out", own.toString(), "--height", "300");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(0, o.exitCode(), o.err());
        String fitted = Files.readString(fit, StandardCharsets.UTF_8);
        String ownHeights = Files.readString(own, StandardCharsets.UTF_8);
        assertTrue(ownHeights.contains("CPUs 0-") && ownHeights.contains("of 96 shown"),
                "at their own height a few of the 96 show, the caption says which");
        assertFalse(fitted.contains("of 96 shown"), "fitted, all 96 are in the picture");
        // names as many as fit: CPU 0 and every k-th after it, not all 96
        assertTrue(fitted.contains(">CPU 0<") && fitted.contains(">CPU 64<"), "CPU 0 and CPU 64 named");
        assertFalse(fitted.contains(">CPU 1<") || fitted.contains(">CPU 95<"), "not every CPU's name, overlapping");

        // without --height: the default height, not one grown for 12 px lanes
        Path png = dir.resolve("fit.png");
        CliRun p = CliRun.of("render", in.toString(), "--out", png.toString(), "--fit-cpu-lanes", "--width", "800");
        assertEquals(0, p.exitCode(), p.err());
        BufferedImage img = ImageIO.read(png.toFile());
        Path grown = dir.resolve("grown.png");
        assertEquals(0, CliRun.of("render", in.toString(), "--out", grown.toString(), "--width", "800").exitCode());
        assertTrue(img.getHeight() < ImageIO.read(grown.toFile()).getHeight(), "shorter than every lane at 12 px");
        assertTrue(img.getHeight() <= RenderCommand.DEFAULT_HEIGHT_PX + 200, "the default height and a caption: "
                + img.getHeight());

        Path ab = dir.resolve("ab.svg");
        CliRun c = CliRun.of("render", in.toString(), in.toString(), "--view", "compare", "--out", ab.toString(),
                "--fit-cpu-lanes");
        assertEquals(0, c.exitCode(), c.err());
        assertFalse(Files.readString(ab, StandardCharsets.UTF_8).contains("of 96 shown"), "A and B whole");

        assertUserError(CliRun.of("render", in.toString(), "--out", dir.resolve("x.png").toString(), "--fit-cpu-lanes",
                "--height", "50"), "--height must be in 120..");
    }

    /**
     * Without --height, --fit-cpu-lanes fits the CPU lanes in the default height (900 px, 420 a side
     * for --view compare) as the option says: task lanes under a 96-CPU machine do not grow the
     * timeline to hold them all (they are below, as on screen). The picture is the one --height gives.
     */
    @Test
    void fitCpuLanesWithoutHeightIsTheDefaultHeightEvenWithTaskLanesBelow() throws Exception {
        Path in = machine(40);
        List<String> lanes = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            lanes.add("--task");
            lanes.add(String.valueOf(4000 + c));
        }
        for (String view : new String[] {"timeline", "compare"}) {
            String height = view.equals("timeline") ? String.valueOf(RenderCommand.DEFAULT_HEIGHT_PX)
                    : String.valueOf(RenderCommand.DEFAULT_COMPARE_HEIGHT_PX);
            Path free = dir.resolve(view + "-default.png");
            Path given = dir.resolve(view + "-given.png");
            List<String> common = new ArrayList<>(List.of("render", in.toString()));
            if (view.equals("compare")) {
                common.addAll(List.of(in.toString(), "--view", "compare"));
            }
            common.addAll(lanes);
            common.addAll(List.of("--fit-cpu-lanes", "--width", "700"));
            List<String> a = new ArrayList<>(common);
            a.addAll(List.of("--out", free.toString()));
            List<String> b = new ArrayList<>(common);
            b.addAll(List.of("--out", given.toString(), "--height", height));
            CliRun r = CliRun.of(a.toArray(String[]::new));
            CliRun g = CliRun.of(b.toArray(String[]::new));
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(0, g.exitCode(), g.err());
            BufferedImage fitted = ImageIO.read(free.toFile());
            BufferedImage atDefault = ImageIO.read(given.toFile());
            assertEquals(atDefault.getHeight(), fitted.getHeight(), view + ": the default height, " + height + " px");
            for (int y = 0; y < fitted.getHeight(); y += 2) {
                for (int x = 0; x < fitted.getWidth(); x += 5) {
                    assertEquals(atDefault.getRGB(x, y), fitted.getRGB(x, y), view + ": pixel " + x + ", " + y);
                }
            }
        }
    }

    /**
     * A machine whose CPU lanes fit at their own height is drawn as without --fit-cpu-lanes (the
     * README's promise): the picture of a small dataset is as tall as its rows need, not the default
     * 900 px with the rest of it blank.
     */
    @Test
    void fitCpuLanesLeavesAPictureWhoseLanesFitAsItIs() throws Exception {
        Path in = dataset();
        Path fit = dir.resolve("small-fit.png");
        Path own = dir.resolve("small-own.png");
        CliRun r = CliRun.of("render", in.toString(), "--out", fit.toString(), "--fit-cpu-lanes");
        CliRun o = CliRun.of("render", in.toString(), "--out", own.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(0, o.exitCode(), o.err());
        BufferedImage fitted = ImageIO.read(fit.toFile());
        BufferedImage plain = ImageIO.read(own.toFile());
        assertTrue(plain.getHeight() < RenderCommand.DEFAULT_HEIGHT_PX, "a small dataset's picture: " + plain.getHeight());
        assertEquals(plain.getHeight(), fitted.getHeight(), "as tall as without it");
        for (int y = 0; y < plain.getHeight(); y += 3) {
            for (int x = 0; x < plain.getWidth(); x += 7) {
                assertEquals(plain.getRGB(x, y), fitted.getRGB(x, y), "pixel " + x + ", " + y);
            }
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        String in = dataset().toString();
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.jpg").toString()), "expected a name ending in .png or .svg");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--scale", "3"), "--scale must be 1 or 2");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--scale", "0"), "--scale must be 1 or 2");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--from-ms", "5", "--to-ms",
                "5"), "--from-ms must be before --to-ms");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--from-ms", "999"),
                "is after the end of");
        assertUserError(CliRun.of("render", dir.resolve("missing.json").toString(), "--out",
                dir.resolve("x.png").toString()), "missing.json: no such file");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("no/such/dir/x.png").toString()), "does not exist");
        assertUserError(CliRun.of("render", "--out", dir.resolve("x.png").toString()), "nothing to draw");
        assertUserError(CliRun.of("render", in, "--scenario", "teach-kernel-section", "--out",
                dir.resolve("x.png").toString()), "not both");
        assertUserError(CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--base",
                "preemption=full", "--out", dir.resolve("x.png").toString()), "--test is missing");
        assertUserError(CliRun.of("render", "--scenario", "no-such-scenario", "--out", dir.resolve("x.png").toString()),
                "no-such-scenario");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--width", "20"), "--width");
        assertUserError(CliRun.of("render", "--scenario", "teach-kernel-section", "--view", "compare", "--base",
                "preemption=none", "--test", "preemption=bogus", "--out", dir.resolve("x.png").toString()),
                "schedlab: --test: parameter preemption=bogus is not one of none|voluntary|full|lazy");
        assertUserError(CliRun.of("render", "--scenario", "teach-kernel-section", "--from-ms", "150", "--out",
                dir.resolve("x.png").toString()), "--from-ms 150 is past the 100 ms a scenario is recorded for"
                + " without --to-ms; give --to-ms too");
        assertUserError(CliRun.of("render", in, "--out", dir.resolve("x.png").toString(), "--view", "sideways"),
                "--view");
        assertFalse(Files.exists(dir.resolve("x.png")), "no picture after an error");
    }

    @Test
    void aWindowNarrowerThanANanosecondIsBadInputNotAnInternalError() throws Exception {
        // --from-ms 0.0000001 --to-ms 0.0000004 round to the same nanosecond: "internal error:
        // IllegalArgumentException: viewport must end after it starts", exit 1
        Path out = dir.resolve("z.png");
        assertUserError(CliRun.of("render", dataset().toString(), "--out", out.toString(), "--from-ms", "0.0000001",
                "--to-ms", "0.0000004"), "expected a window of at least 1 ns");
        assertFalse(java.nio.file.Files.exists(out));
    }
}
