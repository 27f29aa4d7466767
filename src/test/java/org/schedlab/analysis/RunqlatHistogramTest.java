package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.TaskState;

class RunqlatHistogramTest {

    @Test
    void slotsArePowersOfTwoLikeRunqlat() {
        assertEquals(0, RunqlatHistogram.slot(0));
        assertEquals(0, RunqlatHistogram.slot(1));
        assertEquals(1, RunqlatHistogram.slot(2));
        assertEquals(1, RunqlatHistogram.slot(3));
        assertEquals(2, RunqlatHistogram.slot(4));
        assertEquals(9, RunqlatHistogram.slot(1023));
        assertEquals(10, RunqlatHistogram.slot(1024));
        assertEquals(8, RunqlatHistogram.slotLow(3));
        assertEquals(15, RunqlatHistogram.slotHigh(3));
    }

    @Test
    void waitsEndingInTheRangeFillTheirCommGroupsHistogram() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("rq", "test"));
        int w0 = b.addTask(10, 10, "kworker/0:1");
        int w1 = b.addTask(11, 11, "kworker/1:2");
        int pg = b.addTask(20, 20, "postgres");
        // kworkers wait 3 us and 40 us; postgres waits 1500 us, then 5 us after 10 ms
        b.taskState(w0, 0, 3_000, TaskState.RUNNABLE).taskState(w0, 3_000, 9_000, TaskState.RUNNING);
        b.taskState(w1, 0, 40_000, TaskState.RUNNABLE).taskState(w1, 40_000, 50_000, TaskState.RUNNING);
        b.taskState(pg, 0, 1_500_000, TaskState.RUNNABLE).taskState(pg, 1_500_000, 10_000_000, TaskState.SLEEPING)
                .taskState(pg, 10_000_000, 10_005_000, TaskState.RUNNABLE)
                .taskState(pg, 10_005_000, 10_010_000, TaskState.RUNNING);
        Dataset d = b.build();

        Map<String, RunqlatHistogram.Histogram> all = RunqlatHistogram.fromTaskLanes(d, 0, 20_000_000);
        assertEquals(3, all.get(RunQueueLatency.ALL).samples(), "the runnable->sleeping wait is no sample");
        RunqlatHistogram.Histogram kw = all.get("kworker");
        assertEquals(2, kw.samples());
        assertEquals(1, kw.count(1)); // 3 us in 2 -> 3
        assertEquals(1, kw.count(5)); // 40 us in 32 -> 63
        assertEquals(1, all.get("postgres").count(2)); // 5 us in 4 -> 7

        Map<String, RunqlatHistogram.Histogram> early = RunqlatHistogram.fromTaskLanes(d, 0, 1_000_000);
        assertEquals(2, early.get(RunQueueLatency.ALL).samples());
        assertTrue(!early.containsKey("postgres"), "groups with no sample in the range are left out");
    }

    @Test
    void textLooksLikeRunqlatOutput() {
        long[] counts = new long[64];
        counts[0] = 3;
        counts[2] = 12;
        String text = RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", counts, 15));
        String[] lines = text.split("\n");
        assertTrue(lines[0].contains("usecs") && lines[0].contains(": count") && lines[0].contains("distribution"));
        assertEquals(4, lines.length, "header and slots 0..2");
        assertTrue(lines[1].matches("\\s+0 -> 1\\s+: 3\\s+\\|\\*{8}\\s*\\|"), lines[1]);
        assertTrue(lines[2].matches("\\s+2 -> 3\\s+: 0\\s+\\|\\s+\\|"), lines[2]);
        assertTrue(lines[3].matches("\\s+4 -> 7\\s+: 12\\s+\\|\\*{34}\\|"), lines[3]);
        // bcc's columns: the arrow at 11, the colon at 26, the bar after the 8-wide count
        assertEquals("         4 -> 7          : 12       |" + "*".repeat(34) + "|", lines[3]);
        assertEquals(lines[3].indexOf(':'), lines[0].indexOf(':'), "the header's colon over the rows'");
    }

    @Test
    void aNarrowHistogramKeepsItsColumnsAlignedAndItsBarsInTheWidth() {
        // the runqlat tab at a laptop's 384 px has about 52 columns: the number columns narrow to
        // their numbers, the bars take the rest, and the header still heads its columns
        long[] counts = new long[64];
        counts[0] = 3;
        counts[14] = 4834;
        String text = RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", counts, 4837), 40);
        String[] lines = text.split("\n");
        for (String l : lines) {
            assertTrue(l.length() <= 40, l.length() + ": " + l);
        }
        assertTrue(lines[15].endsWith("|" + "*".repeat(lines[15].length() - lines[15].indexOf('|') - 2) + "|"), text);
        assertTrue(lines[15].indexOf('|') < 25, "the bar has the room: " + text);
        assertEquals(lines[1].indexOf(':'), lines[0].indexOf(':'), text);
        assertEquals(lines[1].indexOf('|'), lines[0].indexOf("distribution"), text);
        assertTrue(lines[0].startsWith("usecs") || lines[0].trim().startsWith("usecs"), text);
        // with a mail's room it is the copied text
        assertEquals(RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", counts, 4837)),
                RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", counts, 4837), PlainText.WIDTH));
    }

    /**
     * The runqlat tab's text at any panel width and its Copy's 72 columns are one histogram: the
     * same buckets with the same counts in every row, only the bars' length differs (README).
     */
    @Test
    void theScreensRowsAtAnyWidthHoldTheCopysBucketsAndCounts() {
        long[] counts = new long[64];
        counts[0] = 2;
        counts[3] = 2523;
        counts[5] = 6196;
        counts[13] = 92;
        counts[14] = 25;
        RunqlatHistogram.Histogram h = new RunqlatHistogram.Histogram("_all", "usecs", counts, 8838);
        java.util.function.Function<String, java.util.List<String>> figures = text -> text.lines().skip(1)
                .map(l -> l.substring(0, l.indexOf('|')).replaceAll("\\s+", " ").trim()).toList();
        java.util.List<String> copied = figures.apply(RunqlatHistogram.text(h));
        assertEquals(15, copied.size(), copied.toString());
        assertEquals("8 -> 15 : 2523", copied.get(3));
        for (int columns = 1; columns <= 120; columns++) {
            assertEquals(copied, figures.apply(RunqlatHistogram.text(h, columns)), columns + " columns");
        }
    }

    @Test
    void theCopiedHistogramFitsAMailsSeventyTwoColumns() {
        // bcc's 40-star bar made every row 78 columns: a mail client wrapped each one at 72
        long[] counts = new long[64];
        counts[0] = 3;
        counts[5] = 900;
        String usual = RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", counts, 903));
        usual.lines().forEach(l -> assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l.length() + ": " + l));
        assertTrue(usual.lines().anyMatch(l -> PlainText.columns(l) == PlainText.WIDTH), "the full bar uses the width: " + usual);

        // a count of a billion waits and a slot of hours in usecs widen their columns: the bar gives way
        long[] wide = new long[64];
        wide[1] = 1_234_567_890L;
        wide[40] = 7;
        String text = RunqlatHistogram.text(new RunqlatHistogram.Histogram("x", "usecs", wide, 1_234_567_897L));
        String[] lines = text.split("\n");
        for (String l : lines) {
            assertTrue(PlainText.columns(l) <= PlainText.WIDTH, l.length() + ": " + l);
        }
        assertTrue(lines[2].contains(": 1234567890 |*"), lines[2]);
        assertTrue(lines[41].contains("1099511627776 -> 2199023255551 : 7 "), lines[41]);
        assertEquals(lines[2].indexOf(':'), lines[41].indexOf(':'), text);
        assertEquals(lines[2].indexOf('|'), lines[41].indexOf('|'), text);
        assertEquals(lines[1].indexOf(':'), lines[0].indexOf(':'), text);
    }

    @Test
    void histogramsOfARunqlatImportAreReadBackFromTheMetadata() {
        Metadata m = new Metadata("runqlat.txt", "runqlat", Map.of(
                "runqlat.all.buckets", "0-1:233,2-3:40,4-7:0,8-15:7",
                "runqlat.all.unit", "us",
                "runqlat.pid 12.buckets", "0-1:2",
                "runqlat.pid 12.unit", "ms",
                "runqlat.histograms", "2"), OptionalLong.empty(), "test");
        Map<String, RunqlatHistogram.Histogram> h = RunqlatHistogram.fromMetadata(m);
        assertEquals(2, h.size());
        assertEquals(280, h.get("all").samples());
        assertEquals(7, h.get("all").count(3));
        assertEquals("msecs", h.get("pid 12").unit());
    }
}
