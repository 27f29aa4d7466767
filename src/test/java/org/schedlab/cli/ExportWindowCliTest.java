package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.PlainText;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.io.CsvExport;
import org.schedlab.io.CsvTables;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;

/**
 * {@code export FILE --from-ms A --to-ms B}: a review thread gets the window of interest, cut as
 * the summary of a window ({@code table --from-ms}) cuts it ({@link Dataset#crop}): each format
 * read back holds that window's slices only, and is what writing the crop itself gives, byte for
 * byte; bad windows are refused as {@code table} refuses them.
 */
class ExportWindowCliTest {
    @TempDir
    static Path dir;
    static Path run;
    static final Path RECORDING = Path.of("example-data/recordings/pgbench-local-runA-50ms.perf-sched-script.txt.gz");

    @BeforeAll
    static void simulate() {
        run = dir.resolve("run.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "mongodb-ycsb-a", "--warmup-ms", "20", "--duration-ms", "60",
                "--record-ms", "60", "--out", run.toString());
        assertEquals(0, sim.exitCode(), sim.err());
    }

    private static Dataset cropOf(Dataset d, double fromMs, double toMs) {
        return d.crop(d.startNs() + Math.round(fromMs * 1e6), d.startNs() + Math.round(toMs * 1e6));
    }

    /** Every CPU slice of {@code d} lies in {@code [from, to]}, and there are {@code n} of them. */
    private static void assertSlicesInside(Dataset d, long from, long to, long n) {
        long seen = 0;
        for (CpuLane c : d.cpus()) {
            for (int i = 0; i < c.slices().size(); i++) {
                assertTrue(c.slices().startNs(i) >= from && c.slices().endNs(i) <= to,
                        "CPU " + c.cpu() + " slice " + c.slices().startNs(i) + ".." + c.slices().endNs(i)
                                + " outside the window " + from + ".." + to);
                seen++;
            }
        }
        assertEquals(n, seen);
    }

    @Test
    void theJsonOfAWindowIsTheCropAndSaysWhichWindow() throws Exception {
        Path out = dir.resolve("cut.json");
        CliRun r = CliRun.of("export", run.toString(), "--format", "json", "--out", out.toString(), "--from-ms", "20",
                "--to-ms", "35.5");
        assertEquals(0, r.exitCode(), r.err());
        Dataset whole = DatasetJson.read(run);
        Dataset crop = cropOf(whole, 20, 35.5);
        assertTrue(r.out().startsWith("wrote " + out + " (window 20..35.5 ms of run.json, " + PlainText.count(crop.sliceCount())
                + " slices)"), r.out());
        assertTrue(crop.sliceCount() > 1000, "its count grouped as info groups it: " + r.out());
        Path expected = dir.resolve("expected.json");
        DatasetJson.write(crop, expected);
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(out), "the file is the crop, written");

        Dataset back = DatasetJson.read(out);
        assertEquals("20..35.5 ms", back.metadata().parameters().get(DatasetCrop.WINDOW_KEY));
        assertEquals(whole.startNs() + 20_000_000L, back.startNs());
        assertEquals(whole.startNs() + 35_500_000L, back.endNs());
        assertTrue(back.sliceCount() > 0 && back.sliceCount() < whole.sliceCount());
        assertSlicesInside(back, back.startNs(), back.endNs(), crop.sliceCount());
        assertEquals(crop.marks().size(), back.marks().size());
        assertTrue(back.marks().size() < whole.marks().size());
        assertEquals(crop.operations().get(0).size(), back.operations().get(0).size());
    }

    @Test
    void theCsvTablesOfAWindowAreTheCropsAndReadBackAsIt() throws Exception {
        Path out = dir.resolve("tables");
        CliRun r = CliRun.of("export", run.toString(), "--format", "csv", "--out", out.toString(), "--from-ms", "5",
                "--to-ms", "12");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("wrote 9 CSV files to " + out + " (window 5..12 ms of run.json)" + System.lineSeparator(), r.out());
        Dataset whole = DatasetJson.read(run);
        Dataset crop = cropOf(whole, 5, 12);
        Path expected = dir.resolve("expected-tables");
        CsvExport.write(crop, expected);
        for (String f : CsvExport.FILES) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
        }
        Dataset back = CsvTables.read(out, CsvTables.Progress.NONE).dataset();
        long from = whole.startNs() + 5_000_000L;
        long to = whole.startNs() + 12_000_000L;
        assertTrue(crop.sliceCount() > 0 && crop.sliceCount() < whole.sliceCount());
        assertSlicesInside(back, from, to, crop.sliceCount());
        assertEquals("5..12 ms", back.metadata().parameters().get(DatasetCrop.WINDOW_KEY),
                "parameters.csv says the tables are a cut");
    }

    @Test
    void theChromeTraceOfARecordingsWindowIsTheCropsAndReadsBackWithItsSlicesOnly() throws Exception {
        Path out = dir.resolve("cut.trace.json");
        CliRun r = CliRun.of("export", RECORDING.toString(), "--format", "chrome", "--out", out.toString(), "--from-ms",
                "10", "--to-ms", "20");
        assertEquals(0, r.exitCode(), r.err());
        Dataset whole = Importer.standard().importFile(RecordingSource.of(RECORDING)).dataset();
        Dataset crop = cropOf(whole, 10, 20);
        Path expected = dir.resolve("expected.trace.json");
        ChromeTraceWriter.write(crop, expected);
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(out));
        assertTrue(r.out().contains("(window 10..20 ms of " + RECORDING.getFileName() + ", " + PlainText.count(crop.sliceCount())
                + " slices, 2 import warnings)"), r.out());

        Dataset back = Importer.standard().importFile(RecordingSource.of(out)).dataset();
        assertEquals("10..20 ms", back.metadata().parameters().get(DatasetCrop.WINDOW_KEY),
                "the trace's metadata says it is a window: " + back.metadata().parameters());
        long from = whole.startNs() + 10_000_000L;
        long to = whole.startNs() + 20_000_000L;
        assertTrue(crop.sliceCount() > 0 && crop.sliceCount() < whole.sliceCount());
        assertSlicesInside(back, from, to, crop.sliceCount());
    }

    @Test
    void aPictureOfARecordingsWindowSaysWhichWindowOfWhichRecordingItIs() throws Exception {
        // the caption's "window +2.00 ms .. +4.00 ms" runs from the cut's start: 12..14 ms into the
        // recording, which the picture of the exported window did not say
        Path cut = dir.resolve("cut-of-recording.json");
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "json", "--out", cut.toString(),
                "--from-ms", "10", "--to-ms", "20").exitCode());
        Path svg = dir.resolve("cut.svg");
        CliRun r = CliRun.of("render", cut.toString(), "--from-ms", "2", "--to-ms", "4", "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        String text = Files.readString(svg);
        assertTrue(text.contains(">cut-of-recording.json (window 10..20 ms of " + RECORDING.getFileName()
                + ", perf-sched-script)</text>"), text.lines().filter(l -> l.contains("cut-of-recording")).toList()
                .toString());
        // the recording itself, whole, is named as before
        CliRun whole = CliRun.of("render", RECORDING.toString(), "--to-ms", "4", "--out", svg.toString());
        assertEquals(0, whole.exitCode(), whole.err());
        assertTrue(Files.readString(svg).contains(">" + RECORDING.getFileName() + " (perf-sched-script)</text>"));
    }

    @Test
    void aWindowOfACutIsSaidFromTheStartOfTheRecordingItsCaptionNames() throws Exception {
        // 5..10 ms of a 20..45 ms cut was written window=5..10 ms and captioned "window 5..10 ms of
        // runA...", 15 ms before where it is in runA
        Path cut = dir.resolve("cut-20-45.json");
        Path cutOfCut = dir.resolve("cut-of-cut.json");
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "json", "--out", cut.toString(),
                "--from-ms", "20", "--to-ms", "45").exitCode());
        CliRun r = CliRun.of("export", cut.toString(), "--format", "json", "--out", cutOfCut.toString(),
                "--from-ms", "5", "--to-ms", "10.0005");
        assertEquals(0, r.exitCode(), r.err());
        // stdout names the window of the file it was given
        assertTrue(r.out().startsWith("wrote " + cutOfCut + " (window 5..10.001 ms of cut-20-45.json, "), r.out());
        Dataset twice = DatasetJson.read(cutOfCut);
        assertEquals("25..30.001 ms", twice.metadata().parameters().get(DatasetCrop.WINDOW_KEY));
        assertEquals("cut-of-cut.json (window 25..30.001 ms of " + RECORDING.getFileName() + ", perf-sched-script)",
                org.schedlab.render.Figures.datasetSubject("cut-of-cut.json", twice.metadata()));
        // the same data as one cut of 25..30.0005 ms of the recording
        Path once = dir.resolve("cut-25-30.json");
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "json", "--out", once.toString(),
                "--from-ms", "25", "--to-ms", "30.0005").exitCode());
        assertArrayEquals(Files.readAllBytes(once), Files.readAllBytes(cutOfCut));
    }

    @Test
    void aCutOfARunAtItsDefaultsIsCaptionedAsOneWithItsWindow() throws Exception {
        // the cut's window= parameter made the scenario refuse the rest of the run's parameters, and a
        // run at its defaults read "differs from defaults: baseSliceUs=700 spinDelay=pause
        // lineTransferNs=100 window=20..40 ms"
        Path whole = dir.resolve("fair.json");
        assertEquals(0, CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "50", "--out",
                whole.toString()).exitCode());
        Path cut = dir.resolve("fair-cut.json");
        assertEquals(0, CliRun.of("export", whole.toString(), "--format", "json", "--out", cut.toString(), "--from-ms",
                "20", "--to-ms", "40").exitCode());
        Path svg = dir.resolve("fair-cut.svg");
        CliRun r = CliRun.of("render", cut.toString(), "--out", svg.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> caption = java.util.regex.Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(Files.readString(svg))
                .results().map(m -> m.group(1)).toList();
        int at = caption.indexOf("fair-cut.json (teach-fair-share, simulation, seed 1, window 20..40 ms)");
        assertTrue(at >= 0, caption.toString());
        assertEquals("differs from defaults: durationMs=50", caption.get(at + 1));
    }

    @Test
    void csvTablesAreNotExportedOverThemselves() throws Exception {
        // export tables --out tables --from-ms 5 --to-ms 6 replaced a whole export with 1 ms of it, silently
        Path tables = dir.resolve("own-tables");
        assertEquals(0, CliRun.of("export", run.toString(), "--format", "csv", "--out", tables.toString()).exitCode());
        byte[] slices = Files.readAllBytes(tables.resolve(CsvExport.SLICES));
        for (String in : List.of(tables.toString(), tables.resolve(CsvExport.SLICES).toString())) {
            for (String out : List.of(tables.toString(), tables + "/", tables.resolve(".").toString())) {
                CliRun r = CliRun.of("export", in, "--format", "csv", "--out", out, "--from-ms", "5", "--to-ms", "6");
                assertEquals(2, r.exitCode(), in + " -> " + out + ": " + r.out());
                assertEquals("schedlab: " + Path.of(out) + ": holds the CSV tables being exported; expected another directory"
                        + " for --out" + System.lineSeparator(), r.err());
                assertArrayEquals(slices, Files.readAllBytes(tables.resolve(CsvExport.SLICES)));
            }
        }
        // into another directory, the window is written
        CliRun other = CliRun.of("export", tables.toString(), "--format", "csv", "--out", dir.resolve("other").toString(),
                "--from-ms", "5", "--to-ms", "6");
        assertEquals(0, other.exitCode(), other.err());
    }

    @Test
    void aDatasetIsExportedAgainIntoTheDirectoryOfItsTablesBesideIt() throws Exception {
        // run.json beside its own CSV tables: exporting it again there (a window now) was refused as
        // "holds the CSV tables being exported", though the tables were not what was being read
        Path beside = Files.createDirectories(dir.resolve("beside"));
        Path json = Files.copy(run, beside.resolve("run.json"));
        assertEquals(0, CliRun.of("export", json.toString(), "--format", "csv", "--out", beside.toString()).exitCode());
        CliRun again = CliRun.of("export", json.toString(), "--format", "csv", "--out", beside.toString(),
                "--from-ms", "5", "--to-ms", "6");
        assertEquals(0, again.exitCode(), again.err());
        assertEquals("wrote 9 CSV files to " + beside + " (window 5..6 ms of run.json)", again.out().strip());
        Path expected = dir.resolve("beside-expected");
        CsvExport.write(cropOf(DatasetJson.read(run), 5, 6), expected);
        for (String f : CsvExport.FILES) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(beside.resolve(f)), f);
        }
    }

    @Test
    void theDeltaTableOfTwoCutsSaysWhichWindowOfWhatEachIs() {
        // "base  early.json (A)" alone did not say it was 10 ms of the recording, as the picture says it
        Path early = dir.resolve("early.json");
        Path late = dir.resolve("late.json");
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "json", "--out", early.toString(),
                "--to-ms", "10").exitCode());
        assertEquals(0, CliRun.of("export", RECORDING.toString(), "--format", "json", "--out", late.toString(),
                "--from-ms", "30", "--to-ms", "40").exitCode());
        CliRun t = CliRun.of("table", early.toString(), late.toString());
        assertEquals(0, t.exitCode(), t.err());
        // the recording's long name on a line of its own: cut at 72 columns it lost its end; then
        // its format, as the caption names the cut
        assertTrue(t.out().startsWith("compare\n  base  early.json (A)\n        window 0..10 ms of\n        "
                + RECORDING.getFileName() + ",\n        perf-sched-script\n  test  late.json (B)\n        window 30..40 ms of\n        "
                + RECORDING.getFileName() + ",\n        perf-sched-script\n\n"), t.out());
        // a short one after it
        Path shortName = dir.resolve("r.txt.gz");
        try {
            Files.copy(RECORDING, shortName, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Path cut = dir.resolve("c.json");
        assertEquals(0, CliRun.of("export", shortName.toString(), "--format", "json", "--out", cut.toString(),
                "--to-ms", "10").exitCode());
        assertTrue(CliRun.of("table", cut.toString(), late.toString()).out().startsWith("compare\n  base  c.json (A)\n"
                + "        window 0..10 ms of r.txt.gz, perf-sched-script\n"));
        // cut again here, each side's line says the window it was cut to, as before
        CliRun again = CliRun.of("table", early.toString(), late.toString(), "--from-ms", "1", "--to-ms", "5");
        assertTrue(again.out().startsWith("compare\n  base  early.json (A), window 1..5 ms\n"
                + "  test  late.json (B), window 1..5 ms\n\n"), again.out());
    }

    @Test
    void theDeltaTableWrapsACutsOriginBetweenWordsButNeverInsideAFileNameWithSpaces() throws Exception {
        // split on every space, a recording named with spaces wrapped in the middle of its name
        Path spaced = dir.resolve("my perf sched recording of the regression.txt.gz");
        Files.copy(RECORDING, spaced);
        Path cut = dir.resolve("c.json");
        assertEquals(0, CliRun.of("export", spaced.toString(), "--format", "json", "--out", cut.toString(),
                "--to-ms", "10").exitCode());
        CliRun t = CliRun.of("table", cut.toString(), cut.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertTrue(t.out().startsWith("compare\n  base  c.json (A)\n        window 0..10 ms of\n"
                + "        my perf sched recording of the regression.txt.gz,\n        perf-sched-script\n"), t.out());
    }

    @Test
    void theDeltaTableNamesARunsCutWithItsSeedInTheCaptionsWords() throws Exception {
        // "window 20..40 ms of teach-fair-share" said neither the seed nor that it was a simulation,
        // which the picture's caption of the same file says
        Path whole = dir.resolve("fair-seed3.json");
        assertEquals(0, CliRun.of("simulate", "--scenario", "teach-fair-share", "--duration-ms", "50", "--seed", "3",
                "--out", whole.toString()).exitCode());
        Path cut = dir.resolve("f3.json");
        assertEquals(0, CliRun.of("export", whole.toString(), "--format", "json", "--out", cut.toString(), "--from-ms",
                "20", "--to-ms", "40").exitCode());
        Path svg = dir.resolve("f3.svg");
        assertEquals(0, CliRun.of("render", cut.toString(), "--out", svg.toString()).exitCode());
        String origin = "teach-fair-share, simulation, seed 3, window 20..40 ms";
        assertTrue(Files.readString(svg).contains(">f3.json (" + origin + ")</text>"), "the caption");
        CliRun t = CliRun.of("table", cut.toString(), whole.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertTrue(t.out().startsWith("compare\n  base  f3.json (A)\n        " + origin + "\n  test  fair-seed3.json (B)\n\n"),
                t.out());
    }

    @Test
    void anUnknownFormatIsRefusedBeforeABadWindowAsRenderRefusesItsPictureFormatFirst() {
        // the window was refused first: fixed, the export was then refused for its format
        CliRun e = CliRun.of("export", run.toString(), "--format", "xml", "--out", dir.resolve("x.xml").toString(),
                "--from-ms", "-1");
        assertEquals(2, e.exitCode());
        assertEquals("schedlab: --format: unknown format 'xml', expected one of json, csv, chrome" + System.lineSeparator(),
                e.err());
        CliRun r = CliRun.of("render", run.toString(), "--out", dir.resolve("x.bmp").toString(), "--from-ms", "-1");
        assertTrue(r.err().contains("unknown picture format"), "render's order: " + r.err());
        // an empty --out next, as render's, then the window
        CliRun noName = CliRun.of("export", run.toString(), "--format", "json", "--out", "", "--from-ms", "-1");
        assertTrue(noName.err().startsWith("schedlab: --out: an empty name was given"), noName.err());
        CliRun renderNoName = CliRun.of("render", run.toString(), "--out", "", "--from-ms", "-1");
        assertTrue(renderNoName.err().startsWith("schedlab: --out: an empty name was given"), renderNoName.err());
        CliRun window = CliRun.of("export", run.toString(), "--format", "json", "--out", dir.resolve("w.json").toString(),
                "--from-ms", "-1");
        assertTrue(window.err().startsWith("schedlab: --from-ms must be"), window.err());
    }

    @Test
    void aWindowToTheEndKeepsTheLastInstantAsTheCropDoes() throws Exception {
        Path out = dir.resolve("tail.json");
        CliRun r = CliRun.of("export", run.toString(), "--format", "json", "--out", out.toString(), "--from-ms", "50");
        assertEquals(0, r.exitCode(), r.err());
        Dataset whole = DatasetJson.read(run);
        Path expected = dir.resolve("tail-expected.json");
        DatasetJson.write(whole.crop(whole.startNs() + 50_000_000L, whole.endNs()), expected);
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(out));
        assertEquals("50..60 ms", DatasetJson.read(out).metadata().parameters().get(DatasetCrop.WINDOW_KEY));
    }

    @Test
    void aWindowOfOneSliceSaysOneSlice() {
        // an Android trace of one CPU has one slice between 1 and 3 ms: "1 slices" was written
        CliRun r = CliRun.of("export", "src/test/resources/public/ftrace/catapult_atrace_data_raw.txt", "--format", "json",
                "--out", dir.resolve("one.json").toString(), "--from-ms", "1", "--to-ms", "3");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("wrote " + dir.resolve("one.json") + " (window 1..3 ms of catapult_atrace_data_raw.txt, 1 slice)"
                + System.lineSeparator(), r.out());
    }

    @Test
    void withoutAWindowTheWholeDatasetIsWrittenAsBefore() throws Exception {
        Path out = dir.resolve("all.json");
        CliRun r = CliRun.of("export", run.toString(), "--format", "json", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertArrayEquals(Files.readAllBytes(run), Files.readAllBytes(out));
        assertFalse(r.out().contains("window"), r.out());
    }

    @Test
    void badWindowsAreRefusedAsTableRefusesThemAndNothingIsWritten() {
        List<List<String>> windows = List.of(List.of("--from-ms", "70", "--to-ms", "80"),
                List.of("--from-ms", "20", "--to-ms", "10"), List.of("--from-ms", "60"), List.of("--to-ms", "1e-7"),
                List.of("--from-ms", "-1"), List.of("--to-ms", "0"), List.of("--to-ms", "NaN"),
                List.of("--from-ms", "5", "--to-ms", "5.0000001"));
        for (String format : List.of("json", "csv", "chrome")) {
            for (List<String> w : windows) {
                Path out = dir.resolve("refused-" + format);
                List<String> args = new java.util.ArrayList<>(List.of("export", run.toString(), "--format", format,
                        "--out", out.toString()));
                args.addAll(w);
                CliRun e = CliRun.of(args.toArray(String[]::new));
                List<String> tableArgs = new java.util.ArrayList<>(List.of("table", run.toString()));
                tableArgs.addAll(w);
                CliRun t = CliRun.of(tableArgs.toArray(String[]::new));
                assertEquals(2, e.exitCode(), format + " " + w + ": " + e.err());
                assertEquals(1, e.err().lines().count(), e.err());
                assertEquals(t.err(), e.err(), format + " " + w);
                assertEquals("", e.out());
                assertFalse(Files.exists(out), "nothing written for " + w);
            }
        }
        CliRun after = CliRun.of("export", run.toString(), "--format", "json", "--out", dir.resolve("x.json").toString(),
                "--from-ms", "70");
        assertEquals("schedlab: --from-ms 70 is after the end of " + run + " (60.0 ms)" + System.lineSeparator(),
                after.err());
    }
}
