package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.analysis.PlainText;
import org.schedlab.io.ImportWarningsJsonTest;

/**
 * The import's warnings through {@code export} and {@code table}: the CSV export and the Chrome
 * trace carry them and give them back to the commands that read them, and a table for a mail
 * ends naming them.
 */
class ExportWarningsCliTest {
    @TempDir
    Path dir;

    /** One warning: "sched.txt: 1 of 3 lines not understood (line 2); ...". */
    private Path warned() throws Exception {
        Path f = dir.resolve("sched.txt");
        Files.writeString(f, ImportWarningsJsonTest.WARNED);
        return f;
    }

    private Path clean() throws Exception {
        Path f = dir.resolve("clean.txt");
        Files.writeString(f, ImportWarningsJsonTest.WARNED.replace("garbage\n", ""));
        return f;
    }

    @Test
    void exportsCarryTheWarningsAndTheCommandsReadingThemSayThemAgain() throws Exception {
        Path rec = warned();
        CliRun imp = CliRun.of("info", rec.toString());
        String warning = imp.err().strip();
        assertTrue(warning.startsWith("schedlab: warning: " + rec + ": 1 of 3 lines not understood"), warning);

        Path tables = dir.resolve("tables");
        CliRun csv = CliRun.of("export", rec.toString(), "--format", "csv", "--out", tables.toString());
        assertEquals(0, csv.exitCode(), csv.err());
        assertEquals("wrote 10 CSV files to " + tables + " (9 tables and import-warnings.csv, 1 import warning)\n",
                csv.out());
        CliRun fromTables = CliRun.of("info", tables.toString());
        assertEquals(warning, fromTables.err().strip(), "the tables read back warn as the recording did");
        assertTrue(fromTables.out().contains("warnings"), fromTables.out());

        Path trace = dir.resolve("trace.json");
        CliRun chrome = CliRun.of("export", tables.toString(), "--format", "chrome", "--out", trace.toString());
        assertEquals(0, chrome.exitCode(), chrome.err());
        assertTrue(chrome.out().endsWith(", 1 import warning)\n"), chrome.out());
        CliRun fromTrace = CliRun.of("info", trace.toString());
        assertEquals(warning, fromTrace.err().strip(), "and so does the trace made from them");
    }

    @Test
    void aTableForAMailEndsNamingTheImportWarningsOfEachFileThatHadSome() throws Exception {
        Path rec = warned();
        CliRun one = CliRun.of("table", rec.toString());
        assertEquals(0, one.exitCode(), one.err());
        assertTrue(one.out().contains("\n\n1 import warning: sched.txt: 1 of 3 lines not understood (line 2)"),
                one.out());
        one.out().lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));

        CliRun ab = CliRun.of("table", clean().toString(), rec.toString());
        assertEquals(0, ab.exitCode(), ab.err());
        assertTrue(ab.out().contains("\n\nB: 1 import warning: sched.txt: 1 of 3 lines not understood"), ab.out());
        assertFalse(ab.out().contains("A: 1 import"), ab.out());

        CliRun cleanOne = CliRun.of("table", clean().toString());
        assertFalse(cleanOne.out().contains("import warning"), cleanOne.out());
        CliRun cleanCsv = CliRun.of("export", clean().toString(), "--format", "csv", "--out",
                dir.resolve("c").toString());
        assertEquals("wrote 9 CSV files to " + dir.resolve("c") + "\n", cleanCsv.out());
    }

    /**
     * table --json said the import's warnings on stderr only, while the text says them under the
     * table: a script reading the JSON could not tell a recording was not read whole. Each summary
     * now has them as info --json names them, importWarnings (empty when none).
     */
    @Test
    void tableJsonHasEachFilesImportWarnings() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        Path rec = warned();
        CliRun one = CliRun.of("table", rec.toString(), "--json");
        assertEquals(0, one.exitCode(), one.err());
        com.fasterxml.jackson.databind.JsonNode s = m.readTree(one.out());
        assertEquals(1, s.path("importWarnings").size(), one.out());
        assertTrue(s.path("importWarnings").get(0).asText().startsWith(rec + ": 1 of 3 lines not understood (line 2)"),
                one.out());
        assertTrue(s.path("cpu").isObject(), "the summary's fields stay: " + one.out());

        CliRun ab = CliRun.of("table", clean().toString(), rec.toString(), "--json");
        assertEquals(0, ab.exitCode(), ab.err());
        com.fasterxml.jackson.databind.JsonNode both = m.readTree(ab.out());
        assertTrue(both.path("base").path("importWarnings").isArray(), ab.out());
        assertEquals(0, both.path("base").path("importWarnings").size(), "A read whole: " + ab.out());
        assertEquals(1, both.path("test").path("importWarnings").size(), ab.out());
        for (com.fasterxml.jackson.databind.JsonNode row : both.path("rows")) {
            assertFalse(row.path("metric").asText().contains("importWarnings"), "no metric: " + row);
        }
    }
}
