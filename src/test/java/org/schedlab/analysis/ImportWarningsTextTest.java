package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The lines under a mail table saying the recording's import warned: how many, the first quoted. */
class ImportWarningsTextTest {
    private static final String LONG = "/home/me/runs/runA.txt: 343 events ran under a task the last sched_switch"
            + " had not switched in (sched_switch events missing); such a run counts from the CPU's previous switch";

    @Test
    void nothingUnderATableWithoutWarnings() {
        assertEquals("", ImportWarningsText.under("", List.of()));
        assertEquals("", ImportWarningsText.under(List.of(), List.of()));
    }

    @Test
    void theCountAndTheFirstWarningByItsFileNameWrappedAt72Columns() {
        String text = ImportWarningsText.under("", List.of(LONG, "runA.txt: 2 of 250 lines not understood"));
        assertTrue(text.startsWith("\n2 import warnings; the first: runA.txt: 343 events ran under"), text);
        assertTrue(!text.contains("/home/me"), "the sender's path is not the reader's: " + text);
        assertTrue(text.endsWith("previous switch\n"), "the first quoted whole: " + text);
        for (String line : text.split("\n")) {
            assertTrue(PlainText.columns(line) <= PlainText.WIDTH, line);
        }
        assertTrue(text.lines().skip(2).allMatch(l -> l.startsWith("  ")), "continuations indented: " + text);
        assertEquals("\n1 import warning: runA.txt: 2 lost\n", ImportWarningsText.under("", List.of("runA.txt: 2 lost")));
    }

    @Test
    void anABTableNamesEachSideThatWarnedUnderOneBlankLine() {
        assertEquals("\nB: 1 import warning: runC.txt: 1 lost\n",
                ImportWarningsText.under(List.of(), List.of("/x/runC.txt: 1 lost")));
        assertEquals("\nA: 2 import warnings (1 distinct): a: x\nB: 2 import warnings; the first: b: y\n",
                ImportWarningsText.under(List.of("a: x", "a: x"), List.of("b: y", "b: z")));
    }

    /**
     * The status bar counted every warning and the lines under a pasted table the distinct ones:
     * "12 warnings" beside "3 import warnings" for one recording. Both count every one now, and
     * say how many differ when some repeat.
     */
    @Test
    void aTableCountsEveryWarningAsTheStatusBarAndExportsDo() {
        List<String> twelve = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            twelve.add("/x/runA.txt: warning " + (i % 3));
        }
        assertEquals("12 import warnings (3 distinct)", ImportWarningsText.count(twelve));
        assertEquals("\n12 import warnings (3 distinct); the first: runA.txt: warning 0\n",
                ImportWarningsText.under("", twelve));
        assertEquals("3 import warnings", ImportWarningsText.count(twelve.subList(0, 3)));
        assertEquals("1 import warning", ImportWarningsText.count(twelve.subList(0, 1)));
    }
}
