package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.SchedLabCli;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;

/**
 * The Figures tab's figures without a window (work on the calling thread): Copy's text is the
 * text {@code schedlab table FILE} prints, character for character, also where a file's own words
 * hold a character the terminal text replaces.
 */
class FiguresViewModelTest {
    @TempDir
    Path dir;

    /** What {@code schedlab table FILE [options]} prints on stdout. */
    static String table(Path file, String... options) {
        StringWriter out = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("table", file.toString()));
        args.addAll(java.util.List.of(options));
        assertEquals(0, cl.execute(args.toArray(String[]::new)));
        return out.toString();
    }

    private static FiguresViewModel figuresOf(Dataset d, TimelineViewModel timeline) {
        FiguresViewModel vm = new FiguresViewModel(timeline, () -> "f.txt");
        timeline.setDataset(d);
        vm.activeProperty().set(true);
        return vm;
    }

    @Test
    void copyGivesTheTablesTextAlsoWhereTheFileHasAnUndecodableByte() throws Exception {
        // a pgbench output whose transaction type held a byte that is not UTF-8: read as U+FFFD,
        // which the table command prints as '?'
        String text = Files.readString(Fixtures.path("real/pgbench-local/runA_pgbench.txt"))
                .replace("<builtin: simple update>", "<builtin: simple \uFFFDupdate>");
        Path file = dir.resolve("runA_pgbench.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Dataset d = Fixtures.importText(file.getFileName().toString(), text).dataset();
        FiguresViewModel vm = figuresOf(d, new TimelineViewModel());
        String printed = table(file);
        assertTrue(printed.contains("simple ?update"), printed);
        assertEquals(printed, vm.figures().orElseThrow().text());
    }

    @Test
    void anotherFileOpenedWhileTheTabIsBehindLetsGoOfTheFirstFilesFigures() throws Exception {
        Dataset first = Fixtures.importAll("real/pgbench-local/runA_pgbench.txt").dataset();
        TimelineViewModel timeline = new TimelineViewModel();
        FiguresViewModel vm = figuresOf(first, timeline);
        assertTrue(vm.figures().isPresent());
        vm.activeProperty().set(false); // another side tab in front
        Dataset second = Fixtures.importAll("real/perf-stat/default.txt").dataset();
        timeline.setDataset(second);
        // the figures held the first dataset: kept, a second big recording had the first beside it in memory
        assertEquals(java.util.Optional.empty(), vm.figures().map(FiguresViewModel.Figures::dataset)
                .filter(d -> d != second), "no figures of the first file are kept");
        vm.activeProperty().set(true);
        assertTrue(vm.figures().orElseThrow().dataset() == second, "the second file's, once the tab is in front");
    }
}
