package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.read.ExportTables;
import org.schedlab.io.read.ImportException;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.Version;

/**
 * The import's warnings in the exports for other tools: the CSV export's
 * {@code import-warnings.csv} beside its tables, the Chrome trace's
 * {@code otherData.schedlab.importWarnings} (and Perfetto's top-level {@code metadata}), each read
 * back as the warnings they were; and the exports of a dataset without warnings byte for byte
 * what they were before warnings were exported.
 */
class ExportImportWarningsTest {
    @TempDir
    Path dir;

    /** {@link ImportWarningsJsonTest#WARNED} without its bad line: two switches, no warning. */
    static final String CLEAN = ImportWarningsJsonTest.WARNED.replace("garbage\n", "");

    private static ImportResult imported(String name, String text) throws ImportException {
        return Importer.standard().importFile(RecordingSource.ofBytes(name, text.getBytes(StandardCharsets.UTF_8)));
    }

    private static Dataset warned() throws ImportException {
        Dataset d = imported("sched.txt", ImportWarningsJsonTest.WARNED).dataset();
        assertEquals(1, d.metadata().importWarnings().size(), d.metadata().importWarnings().toString());
        return d;
    }

    private static String trace(Dataset d) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeTraceWriter.write(d, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ---- CSV ----

    @Test
    void aCsvExportOfAnImportThatWarnedHasItsWarningsBesideTheTablesAndReadsBackWithThem() throws Exception {
        Dataset d = warned();
        List<String> shown = d.metadata().importWarnings();
        List<Path> written = CsvExport.write(d, dir.resolve("out"));
        assertTrue(written.contains(dir.resolve("out").resolve(CsvExport.WARNINGS)), written.toString());
        List<String> lines = Files.readAllLines(dir.resolve("out").resolve(ExportTables.WARNINGS));
        assertEquals("warning", lines.get(0), "a one-column table any CSV reader reads: " + lines);
        // the tables are as a CSV reader has always read them: no line added to any
        CsvExport.write(imported("sched.txt", CLEAN).dataset(), dir.resolve("clean"));
        for (String table : CsvExport.FILES) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("clean").resolve(table)),
                    Files.readAllBytes(dir.resolve("out").resolve(table)), table);
        }

        CsvTables.Read read = CsvTables.read(dir.resolve("out"), CsvTables.Progress.NONE);
        assertEquals(shown, read.dataset().metadata().importWarnings(), "the dataset read back carries them");
        assertEquals(shown, read.warnings(), "and says them, word for word, as the import did");
        // a table opened on its own finds them beside it; the warnings file is one of the export's
        assertEquals(shown, CsvTables.read(dir.resolve("out").resolve("slices.csv"), CsvTables.Progress.NONE)
                .dataset().metadata().importWarnings());
        assertEquals(ExportTables.WARNINGS, ExportTables.tableOf(lines.get(0)).orElseThrow());
        assertEquals(shown, CsvTables.read(dir.resolve("out").resolve(ExportTables.WARNINGS), CsvTables.Progress.NONE)
                .dataset().metadata().importWarnings());

        // exported again from what was read back: the same warnings file, byte for byte
        CsvExport.write(read.dataset(), dir.resolve("again"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("out").resolve(ExportTables.WARNINGS)),
                Files.readAllBytes(dir.resolve("again").resolve(ExportTables.WARNINGS)));
    }

    @Test
    void aWarningWithCommasQuotesAndALineBreakComesBackWhole() throws Exception {
        String tricky = "run \"A\", cpu 1: lost\n2 events";
        Dataset d = withWarnings(warned(), List.of(tricky, "plain"));
        CsvExport.write(d, dir);
        assertEquals(List.of(tricky, "plain"),
                CsvTables.read(dir, CsvTables.Progress.NONE).dataset().metadata().importWarnings());
    }

    /** {@code d} with {@code warnings} as its import's, through its dataset JSON. */
    private static Dataset withWarnings(Dataset d, List<String> warnings) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(out.toByteArray());
        com.fasterxml.jackson.databind.node.ArrayNode w = ((com.fasterxml.jackson.databind.node.ObjectNode)
                root.get("metadata")).putArray("importWarnings");
        warnings.forEach(w::add);
        return DatasetJson.read(new java.io.ByteArrayInputStream(json.writeValueAsBytes(root)), "t.json");
    }

    @Test
    void aCleanDatasetsCsvExportIsTheSevenTablesAsBeforeAndRemovesAnEarlierExportsWarnings() throws Exception {
        Dataset clean = imported("clean.txt", CLEAN).dataset();
        assertEquals(List.of(), clean.metadata().importWarnings());
        // an export of a recording whose import warned, then a clean one into the same directory:
        // the warnings file left there would say the clean one is not whole
        CsvExport.write(warned(), dir);
        assertTrue(Files.exists(dir.resolve(ExportTables.WARNINGS)));
        List<Path> written = CsvExport.write(clean, dir);
        assertEquals(CsvExport.FILES.size(), written.size());
        assertEquals(CsvExport.FILES.stream().sorted().toList(), names(dir));
        // byte for byte what SchedLab wrote before the warnings were exported (but for the task column the
        // tables naming a task end with since, and marks.csv's waker columns, empty for a preemption)
        for (Map.Entry<String, String> e : CLEAN_TABLES.entrySet()) {
            assertEquals(e.getValue(), Files.readString(dir.resolve(e.getKey()), StandardCharsets.UTF_8), e.getKey());
        }
        CsvTables.Read read = CsvTables.read(dir, CsvTables.Progress.NONE);
        assertEquals(List.of(), read.dataset().metadata().importWarnings());
        assertEquals(List.of(), read.warnings());
    }

    @Test
    void aWarningsFileWithAnotherHeaderIsRefusedWithItsLine() throws Exception {
        CsvExport.write(warned(), dir);
        Files.writeString(dir.resolve(ExportTables.WARNINGS), "warning,extra\nx,y\n");
        DatasetFormatException e = assertThrows(DatasetFormatException.class,
                () -> CsvTables.read(dir, CsvTables.Progress.NONE));
        assertTrue(e.getMessage().contains(ExportTables.WARNINGS + ":1:"), e.getMessage());
        assertTrue(e.getMessage().contains("expected the header warning"), e.getMessage());
    }

    // ---- Chrome trace ----

    @Test
    void aChromeTraceOfAnImportThatWarnedCarriesItsWarningsWhereTraceViewersShowThem() throws Exception {
        Dataset d = warned();
        List<String> shown = d.metadata().importWarnings();
        JsonNode root = new ObjectMapper().readTree(trace(d));
        // chrome://tracing shows otherData under its Metadata button; SchedLab reads it back
        assertEquals(shown, strings(root.path("otherData").path("schedlab").path("importWarnings")));
        // Perfetto reads the top-level metadata object into its metadata table (trace info page)
        assertEquals(shown, strings(root.path("metadata").path("schedlabImportWarnings")));
        assertTrue(root.path("traceEvents").isArray());
    }

    @Test
    void aChromeTraceReadBackSaysTheWarningsAsTheImportSaidThemAndNoMore() throws Exception {
        Dataset d = warned();
        List<String> shown = d.metadata().importWarnings();
        ImportResult back = imported("trace.json", trace(d));
        assertEquals(shown, back.report().warnings(), "verbatim, without the trace's name put before them");
        assertEquals(shown, back.dataset().metadata().importWarnings());
        // exported and read again: the same, not "trace2.json: trace.json: sched.txt: ..."
        ImportResult twice = imported("trace2.json", trace(back.dataset()));
        assertEquals(shown, twice.report().warnings());
        assertEquals(shown, twice.dataset().metadata().importWarnings());
    }

    @Test
    void aTraceThatLostOtherDataStillGivesTheWarningsFromItsMetadata() throws Exception {
        Dataset d = warned();
        List<String> shown = d.metadata().importWarnings();
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(trace(d));
        root.remove("otherData");
        assertEquals(shown, imported("trace.json", json.writeValueAsString(root)).report().warnings());
    }

    @Test
    void anotherToolsTopLevelMetadataIsStillNotedAsKeptOut() throws Exception {
        String devtools = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 0, \"dur\": 5}], \"metadata\": {\"source\": \"DevTools\", \"startTime\": \"x\"}}\n";
        assertEquals(List.of("devtools.json: top-level \"metadata\" kept out of the dataset"),
                imported("devtools.json", devtools).report().warnings());
    }

    @Test
    void aCleanDatasetsChromeTraceIsByteForByteAsBefore() throws Exception {
        Dataset clean = imported("clean.txt", CLEAN).dataset();
        String t = trace(clean);
        assertFalse(t.contains("importWarnings") || t.contains("\"metadata\""), t);
        assertEquals(CLEAN_TRACE.replace("@VERSION@", Version.current()), t);
        assertEquals(List.of(), imported("trace.json", t).report().warnings());
    }

    /** SchedLab's Chrome trace of {@link #CLEAN} as written before the import's warnings were exported. */
    private static final String CLEAN_TRACE = """
            {"traceEvents":[
            {"ph":"M","name":"process_name","pid":2000000000,"tid":0,"args":{"name":"CPUs"}},
            {"ph":"M","name":"process_sort_index","pid":2000000000,"tid":0,"args":{"sort_index":0}},
            {"ph":"M","name":"thread_name","pid":2000000000,"tid":2000100000,"args":{"name":"CPU 0"}},
            {"ph":"M","name":"thread_sort_index","pid":2000000000,"tid":2000100000,"args":{"sort_index":0}},
            {"ph":"X","cat":"cpu","name":"sh","pid":2000000000,"tid":2000100000,"ts":329519891.000,"dur":100.000,"args":{"tid":9,"pid":-1,"comm":"sh","state":"user"}},
            {"ph":"M","name":"process_name","pid":2000000003,"tid":0,"args":{"name":"tasks (pid unknown)"}},
            {"ph":"M","name":"process_sort_index","pid":2000000003,"tid":0,"args":{"sort_index":1}},
            {"ph":"M","name":"thread_name","pid":2000000003,"tid":7396,"args":{"name":"perf"}},
            {"ph":"X","cat":"task","name":"runnable","pid":2000000003,"tid":7396,"ts":329519891.000,"dur":100.000,"cname":"thread_state_runnable","args":{"state":"runnable"}},
            {"ph":"M","name":"thread_name","pid":2000000003,"tid":9,"args":{"name":"sh"}},
            {"ph":"X","cat":"task","name":"running","pid":2000000003,"tid":9,"ts":329519891.000,"dur":100.000,"cname":"thread_state_running","args":{"state":"running"}},
            {"ph":"i","cat":"mark","name":"R","s":"t","pid":2000000000,"tid":2000100000,"ts":329519891.000,"args":{"mark":"preemption","note":"R","cpu":0,"tid":7396,"pid":-1,"comm":"perf"}}],"displayTimeUnit":"ns","otherData":{"schedlab":{"version":"@VERSION@","source":"clean.txt","format":"perf-sched-script","parameters":{},"counterUnits":{},"operations":[]}}}
            """;

    /** Its CSV tables, as written then. */
    private static final Map<String, String> CLEAN_TABLES = new java.util.LinkedHashMap<>(Map.of(
                "slices.csv", """
                cpu,startNs,endNs,durationNs,tid,pid,comm,state,task
                0,329519891000,329519991000,100000,9,-1,sh,user,1
                """,
                "tasks.csv", """
                id,tid,pid,comm
                0,7396,-1,perf
                1,9,-1,sh
                """,
                "task-states.csv", """
                tid,pid,comm,startNs,endNs,durationNs,state,task
                7396,-1,perf,329519891000,329519991000,100000,runnable,0
                9,-1,sh,329519891000,329519991000,100000,running,1
                """,
                "locks.csv", """
                lock,kind,shared,event,startNs,endNs,durationNs,tid,pid,comm,mode,task
                """,
                "counters.csv", """
                counter,unit,tNs,value
                """,
                "marks.csv", """
                tNs,kind,cpu,tid,pid,comm,note,task,wakerTid,waker
                329519891000,preemption,0,7396,-1,perf,R,0,,
                """,
                "operations.csv", """
                op,endNs,latencyNs
                """));
}
