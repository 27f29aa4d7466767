package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;

/**
 * The mail tables pad and cut by terminal columns, not UTF-16 units: a CJK comm ({@code 数据库写入},
 * two columns a character) pushed every later column out of line, an accent typed as its own code
 * point counted a column, and a cut could split an emoji's surrogate pair (U+FFFD in the mail).
 */
class PlainTextColumnsTest {
    /** A comm of five CJK characters: 15 bytes of UTF-8, as long as a Linux comm can be. */
    private static final String CJK = "数据库写入";

    @Test
    void aCharacterTakesTheColumnsATerminalGivesIt() {
        assertEquals(3, PlainText.columns("abc"));
        assertEquals(10, PlainText.columns(CJK), "wide: two columns each");
        assertEquals(6, PlainText.columns("ＡＢＣ"), "fullwidth Latin");
        assertEquals(2, PlainText.columns("한"), "a Hangul syllable");
        assertEquals(2, PlainText.columns("\u1100\u1161"), "a leading jamo with the vowel joining it");
        assertEquals(2, PlainText.columns("😀"), "an emoji shown as a picture, one code point, two chars");
        assertEquals(2, PlainText.columns("\uD840\uDC00"), "a supplementary CJK ideograph (U+20000)");
        assertEquals(4, PlainText.columns("cafe\u0301"), "e + combining acute is one column");
        assertEquals(0, PlainText.columns("\u200B\u200D\uFE0F"), "zero-width space, joiner, variation selector");
        assertEquals(1, PlainText.columns("\u00AD"), "the soft hyphen, drawn by terminals");
        assertEquals(2, PlainText.columns("a\u001b"), "a control character shows as ? (printable)");
        assertEquals(1, PlainText.columns("é"), "precomposed");
    }

    @Test
    void aCutGoesByColumnsAndKeepsTheColumnWhenAWideCharacterDoesNotFit() {
        assertEquals(CJK, PlainText.cut(CJK, 10), "ten columns fit ten");
        assertEquals("数据~", PlainText.cut(CJK, 5));
        // the third character would straddle the ~: left out, a space keeps the cut four columns
        assertEquals("数~ ", PlainText.cut(CJK, 4));
        assertEquals("ＡＢ~", PlainText.cut("ＡＢＣＤ", 5));
        assertEquals("postgres-12~", PlainText.cut("postgres-1234567", 12), "ASCII as before");
    }

    @Test
    void aCutKeepsTheMarksOfWhatItKeepsAndNeverSplitsACodePoint() {
        String cafe = "cafe\u0301-bar"; // 9 chars, 8 columns
        assertEquals(cafe, PlainText.cut(cafe, 8), "fits: the mark takes no column");
        assertEquals("e\u0301e\u0301~", PlainText.cut("e\u0301e\u0301e\u0301e\u0301", 3));
        assertEquals("cafe\u0301\u0301~", PlainText.cut("cafe\u0301\u0301s-bar", 5), "both marks stay on their e");
        // an emoji is two chars: cut at 3 the old substring kept its high surrogate alone
        String emoji = PlainText.cut("a😀😀", 3);
        assertEquals("a~ ", emoji);
        assertEquals("a😀~", PlainText.cut("a😀😀", 4));
        assertEquals("𠀀~", PlainText.cut("𠀀𠀀𠀀", 3), "a supplementary ideograph is kept whole");
        for (int w = 1; w <= 8; w++) {
            String c = PlainText.cut("x😀y𠀀z😀", w);
            assertFalse(hasLoneSurrogate(c), w + ": " + c);
            assertEquals(Math.min(w, 9), PlainText.columns(c), w + ": " + c);
        }
    }

    @Test
    void aLoneSurrogateInANameIsPrintedAsAQuestionMark() {
        // no encoder can write half a code point: UTF-8 wrote "?" or U+FFFD for it
        assertEquals("a?b", PlainText.printable("a\uD800b"));
        assertEquals("a?", PlainText.printable("a\uDC00"));
        assertEquals("a😀", PlainText.printable("a😀"));
    }

    @Test
    void paddingFillsColumnsNotChars() {
        assertEquals(CJK + "  ", PlainText.padRight(CJK, 12));
        assertEquals("  " + CJK, PlainText.padLeft(CJK, 12));
        assertEquals("数据~", PlainText.padRight(CJK, 5), "too long: cut");
        assertEquals("数~ ", PlainText.padRight(CJK, 4), "the ~ after what is kept");
        assertEquals(" 数~", PlainText.padLeft(CJK, 4), "the ~ against the next column");
        assertEquals("cafe\u0301  ", PlainText.padRight("cafe\u0301", 6));
    }

    @Test
    void titlesAreClippedAndWordsWrappedByColumns() {
        assertEquals("数".repeat(36), PlainText.clip("数".repeat(40)), "72 columns of 36 wide characters");
        assertEquals("x" + "数".repeat(35), PlainText.clip("x" + "数".repeat(40)), "the 36th would straddle column 72");
        String text = String.join(" ", java.util.Collections.nCopies(10, CJK));
        List<String> lines = PlainText.wrap(text, 0).lines().toList();
        assertEquals(String.join(" ", java.util.Collections.nCopies(6, CJK)), lines.get(0), "six words of 10 in 72");
        lines.forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
        List<String> items = PlainText.wrapItems(java.util.Collections.nCopies(8, CJK + " 1"), 2).lines().toList();
        assertEquals(String.join("  ", java.util.Collections.nCopies(5, CJK + " 1")), items.get(0));
    }

    @Test
    void summaryTablesWithACjkCommLineUpByColumns() throws Exception {
        // a simulated run's summary (SIMULATOR.md) whose workload named its threads in Chinese
        String t = SummaryReport.render(new ObjectMapper().readTree("""
                {"scenario":"pgbench-graviton4","params":{"preemption":"lazy"},
                 "seed":7,"durationMs":300,"events":123456,"wallMs":900,
                 "throughput":{"value":50751.96,"unit":"tps"},
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "locks":[{"name":"缓冲区锁","kind":"spinlock","acquisitions":100000,"contended":5000,
                   "holdUs":{"mean":1.5},"waitUs":{"mean":30.25},"holderPreemptions":42},
                  {"name":"buf_lock","kind":"spinlock","acquisitions":100,"contended":50,
                   "holdUs":{"mean":1.5},"waitUs":{"mean":30.25},"holderPreemptions":4}],
                 "runqlatUs":{"%1$s":{"count":10,"mean":4.0,"p50":3.0,"p99":18.0,"max":60.0},
                   "café":{"count":12,"mean":4.0,"p50":3.0,"p99":18.0,"max":60.0},
                   "postgres":{"count":10,"mean":4.0,"p50":3.0,"p99":18.0,"max":60.0}},
                 "comms":{"%1$s":{"tasks":1024,"runMs":28000.0,"cpuShare":0.97,"switches":99999},
                   "ＡＢＣ":{"tasks":2,"runMs":20.0,"cpuShare":0.01,"switches":99},
                   "postgres":{"tasks":1024,"runMs":28000.0,"cpuShare":0.97,"switches":99999}}}
                """.formatted(CJK).replace("café", "cafe\u0301")));
        assertColumnsLineUp(rows(section(t, "comms ")), t);
        assertColumnsLineUp(rows(section(t, "runqlat us ")), t);
        assertColumnsLineUp(section(t, "locks ").subList(2, 4), t);
        assertTrue(t.contains("\n  " + CJK + " "), "the comm whole, ten columns in a column of 10: " + t);
        t.lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
    }

    /** A heading ends where the figures under it end: "tasks" over the tasks, not a column left of them. */
    @Test
    void summaryHeadingsEndOverTheirFigures() throws Exception {
        String t = SummaryReport.render(new ObjectMapper().readTree("""
                {"scenario":"s","params":{},"seed":1,"durationMs":300,"events":1,"wallMs":1,
                 "runqlatUs":{"postgres":{"count":10,"mean":4.0,"p50":3.0,"p99":18.0,"max":60.0}},
                 "comms":{"postgres":{"tasks":1024,"runMs":28000.0,"cpuShare":0.97,"switches":99999}}}
                """));
        for (String head : List.of("comms ", "runqlat us ")) {
            List<String> section = section(t, head);
            List<Integer> figures = ends(section.get(1));
            List<Integer> headings = ends(section.get(0));
            assertTrue(headings.containsAll(figures.subList(1, figures.size())),
                    "each figure's heading ends over it:\n" + section.get(0) + "\n" + section.get(1));
        }
    }

    @Test
    void aPerThreadGridWithCjkThreadsLinesUpByColumns() throws Exception {
        // perf stat --per-thread -x, names a thread comm-tid; two CJK comms and a Latin one
        String csv = CJK + "-4242,296.80,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + CJK + "-4242,940,,context-switches,296802400,100.00,3.167,K/sec\n"
                + "ＡＢＣ-17,300.80,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + "ＡＢＣ-17,12345,,context-switches,296802400,100.00,3.167,K/sec\n"
                + "postgres-1234568,1.50,msec,task-clock,296802400,100.00,0.591,CPUs utilized\n"
                + "postgres-1234568,7,,context-switches,296802400,100.00,3.167,K/sec\n";
        String t = SummaryReport.render(DatasetSummary.of(Fixtures.importText("threads.csv", csv).dataset()));
        List<String> grid = null;
        List<String> lines = t.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("  " + CJK + "-4242 ")) {
                grid = lines.subList(i, i + 3);
                break;
            }
        }
        assertTrue(grid != null, "the thread named whole: " + t);
        assertColumnsLineUp(grid, t);
        t.lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l));
    }

    /** The lines from the one starting with {@code head} to the next blank one. */
    private static List<String> section(String text, String head) {
        List<String> lines = text.lines().toList();
        int from = 0;
        while (from < lines.size() && !lines.get(from).startsWith(head)) {
            from++;
        }
        assertTrue(from < lines.size(), head + " in\n" + text);
        int to = from;
        while (to < lines.size() && !lines.get(to).isBlank()) {
            to++;
        }
        return lines.subList(from, to);
    }

    /** The rows of a table {@link #section}: its lines after the head. */
    private static List<String> rows(List<String> section) {
        return section.subList(1, section.size());
    }

    /**
     * Every line of {@code rows} ends its last two right-aligned figures at the same terminal
     * columns (counted by {@link PlainText#columns(String)}) as the first line does.
     */
    private static void assertColumnsLineUp(List<String> rows, String text) {
        List<Integer> ends = ends(rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            List<Integer> e = ends(row);
            assertEquals(ends.subList(ends.size() - 2, ends.size()), e.subList(e.size() - 2, e.size()),
                    "the last two figures end where the first row's do:\n" + rows.get(0) + "\n" + row + "\nin\n" + text);
        }
    }

    /** The terminal column after each run of non-blank characters of {@code line}. */
    private static List<Integer> ends(String line) {
        List<Integer> out = new java.util.ArrayList<>();
        int col = 0;
        boolean in = false;
        for (int i = 0; i < line.length(); ) {
            int cp = line.codePointAt(i);
            if (cp == ' ' && in) {
                out.add(col);
            }
            in = cp != ' ';
            col += PlainText.columns(cp);
            i += Character.charCount(cp);
        }
        if (in) {
            out.add(col);
        }
        return out;
    }

    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))) {
                return true;
            }
            if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
                return true;
            }
            if (Character.isHighSurrogate(c)) {
                i++;
            }
        }
        return false;
    }

    /** A --base list wraps after a comma, continuation lines under the first, an item never split or cut. */
    @Test
    void aCommaListWrapsBetweenItemsOnly() {
        List<String> items = List.of("preemption=none", "pageSize=4k", "hz=250", "baseSliceUs=3000",
                "spinDelay=auto", "stealPct=0");
        String w = PlainText.wrapCommaList(items, 8);
        assertEquals("preemption=none,pageSize=4k,hz=250,baseSliceUs=3000,\n        spinDelay=auto,stealPct=0", w);
        String longOne = "scenarioFile=/" + "x".repeat(80);
        assertEquals("a=1,\n  " + longOne + ",\n  b=2", PlainText.wrapCommaList(List.of("a=1", longOne, "b=2"), 2),
                "a value longer than a line keeps a line of its own, whole");
    }
}
