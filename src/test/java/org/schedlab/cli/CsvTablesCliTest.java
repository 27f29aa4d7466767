package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A CSV export given back to the commands that take a dataset: its directory, or any of its tables. */
class CsvTablesCliTest {
    private static final String RECORDING = "example-data/recordings/pgbench-sandbox-2cpu/perf_sched_script.txt.gz";

    @TempDir
    Path dir;

    /** The lines of {@code info} that describe the data (not its origin, which the tables do not keep). */
    private static List<String> counts(CliRun r) {
        return r.out().lines().filter(l -> l.startsWith("cpus") || l.startsWith("tasks") || l.startsWith("span")
                || l.startsWith("slices") || l.startsWith("task lanes") || l.startsWith("marks")).toList();
    }

    @Test
    void infoRenderAndTableReadAnExportAsTheDatasetItCameFrom() throws Exception {
        Path export = dir.resolve("tables");
        CliRun e = CliRun.of("export", RECORDING, "--format", "csv", "--out", export.toString());
        assertEquals(0, e.exitCode(), e.err());
        CliRun original = CliRun.of("info", RECORDING);
        CliRun fromDir = CliRun.of("info", export.toString());
        assertEquals(0, fromDir.exitCode(), fromDir.err());
        assertEquals(6, counts(original).size(), original.out());
        assertEquals(counts(original), counts(fromDir));
        assertTrue(fromDir.out().contains("schedlab-csv"), fromDir.out());
        CliRun fromTable = CliRun.of("info", export.resolve("task-states.csv").toString());
        assertEquals(counts(original), counts(fromTable));
        Path png = dir.resolve("view.png");
        CliRun render = CliRun.of("render", export.toString(), "--out", png.toString());
        assertEquals(0, render.exitCode(), render.err());
        assertTrue(Files.size(png) > 1000);
    }

    @Test
    void aBadRowIsOneLineWithItsFileAndLineAndImportSaysWhatATableIs() throws Exception {
        Path export = dir.resolve("tables");
        assertEquals(0, CliRun.of("export", RECORDING, "--format", "csv", "--out", export.toString()).exitCode());
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(export.resolve("slices.csv")));
        rows.set(4, rows.get(4).replaceFirst(",[a-z]+(,[0-9]*)$", ",napping$1"));
        Files.write(export.resolve("slices.csv"), rows);
        CliRun bad = CliRun.of("info", export.toString());
        assertEquals(2, bad.exitCode());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
        int stateColumn = rows.get(4).indexOf(",napping,") + 2; // where the bad state begins
        assertTrue(bad.err().startsWith("schedlab: " + export.toAbsolutePath() + "/slices.csv:5:" + stateColumn
                + ": state: expected one of"), bad.err());
        CliRun imp = CliRun.of("import", export.resolve("tasks.csv").toString());
        assertEquals(2, imp.exitCode());
        assertTrue(imp.err().contains("this is tasks.csv of a SchedLab CSV export, not a recording"), imp.err());
    }

    @Test
    void importGivenAnExportsDirectorySaysWhatItIsAndWhereItGoes() throws Exception {
        // its tables said so, the directory only "is a directory, expected a recording file"
        Path export = dir.resolve("tables");
        assertEquals(0, CliRun.of("export", RECORDING, "--format", "csv", "--out", export.toString()).exitCode());
        CliRun imp = CliRun.of("import", export.toString());
        assertEquals(2, imp.exitCode());
        assertEquals("schedlab: " + export + ": is the directory of a SchedLab CSV export, not a recording: open it in"
                + " the workbench, or give it to `schedlab info`, `export`, `render` or `table`", imp.err().strip());
        assertEquals(0, CliRun.of("info", export.toString()).exitCode(), "where the message sends it, it is read");
    }

    @Test
    void anExportsDirectoryMissingTasksOrSlicesIsNamedAsSuch() throws Exception {
        Path export = dir.resolve("tables");
        assertEquals(0, CliRun.of("export", RECORDING, "--format", "csv", "--out", export.toString()).exitCode());
        Files.delete(export.resolve("tasks.csv"));
        for (String command : List.of("info", "render", "export", "table")) {
            List<String> args = new java.util.ArrayList<>(List.of(command, export.toString()));
            if (command.equals("render")) {
                args.addAll(List.of("--out", dir.resolve("x.png").toString()));
            } else if (command.equals("export")) {
                args.addAll(List.of("--format", "json", "--out", dir.resolve("x.json").toString()));
            }
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), command + ": " + r.err());
            // was "tables: is a directory, expected a dataset or recording file": a directory is what an export is
            assertTrue(r.err().startsWith("schedlab: " + export.resolve("tasks.csv") + ": not found; a CSV export is"
                    + " read as the tables of one directory"), command + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        Path other = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(other.resolve("readme.txt"), "not an export\n");
        CliRun plain = CliRun.of("info", other.toString());
        assertEquals(2, plain.exitCode());
        assertTrue(plain.err().contains("is a directory"), "a directory of other files is still just a directory: "
                + plain.err());
    }
}
