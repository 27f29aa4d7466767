package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.schedlab.io.SampleDatasets;

/** The text tables for mails: at most 72 columns, ratios as the seed mails write them. */
class PlainTextTablesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void fitsInAMail(String text) {
        text.lines().forEach(l -> assertTrue(l.length() <= PlainText.WIDTH,
                "wider than 72 columns (" + l.length() + "): " + l));
    }

    /**
     * A runqlat histogram per pid (bcc's {@code runqlat -P}) gives figures whose keys hold a space,
     * {@code runqlat.pid 0.count}: the params lines split such a key at its space, so the next line
     * began with "0.meanUs=18.4" as if that were a figure of its own.
     */
    @Test
    void aFigureWhoseKeyHoldsASpaceIsNeverSplitAcrossLines() throws Exception {
        java.util.LinkedHashMap<String, String> params = new java.util.LinkedHashMap<>();
        for (String pid : List.of("0", "12929", "12930", "12931")) {
            params.put("runqlat.pid " + pid + ".count", "923");
            params.put("runqlat.pid " + pid + ".meanUs", "18.4");
            params.put("runqlat.pid " + pid + ".p99Us", "127.0");
        }
        org.schedlab.model.Metadata m = new org.schedlab.model.Metadata("bcc_runqlat_example.txt", "runqlat", params,
                java.util.OptionalLong.empty(), "test");
        String text = SummaryReport.render(DatasetSummary.of(
                org.schedlab.model.Dataset.builder(m).build()));
        fitsInAMail(text);
        List<String> lines = text.lines().dropWhile(l -> !l.startsWith("params")).takeWhile(
                l -> l.startsWith("params") || l.startsWith("          ")).toList();
        assertTrue(lines.size() > 1, "several lines of figures: " + lines);
        for (String line : lines) {
            for (String item : line.substring(10).split(" (?=runqlat)")) {
                assertTrue(item.matches("runqlat\\.pid \\d+\\.\\w+=[0-9.]+"), "a whole figure, not a part: [" + item
                        + "] in\n" + String.join("\n", lines));
            }
        }
    }

    /**
     * A ratio that rounds to 1.00 reads one way, whichever side of 1 it is on: by the ratio as
     * computed, 0.996 read "1.00x" (the form of a fall) and 1.004 "x1.00", so one compare table (case
     * C's runqlatUs.KVM.mean and tcp rows, case B's stddev) said "1.00x" in one row and "x1.00" in
     * the next for ratios it printed alike.
     */
    @Test
    void aRatioThatRoundsToOneReadsAsOneWhicheverSideItIsOn() {
        assertEquals("x1.00", PlainText.ratio(0.996));
        assertEquals("x1.00", PlainText.ratio(0.9951));
        assertEquals("x1.00", PlainText.ratio(1.004));
        assertEquals("x1.00", PlainText.ratio(3886.0 / 3901));
        assertEquals("0.99x", PlainText.ratio(0.9949), "a fall that shows stays a fall");
        // the A/B row's cell (compare, Copy table, the A/B tab, render) as the ratio it prints
        SummaryComparison.Row row = new SummaryComparison.Row("latencyUs.transaction.stddev", 3901, 3886,
                OptionalDouble.of(3886.0 / 3901), 3901, 3901, 3886, 3886);
        assertEquals("x1.00", ComparisonTable.ratio(row));
    }

    @Test
    void ratiosReadLikeTheSeedMails() {
        assertEquals("x1.94", PlainText.ratio(98565.86 / 50751.96));
        assertEquals("0.51x", PlainText.ratio(50751.96 / 98565.86));
        assertEquals("x1.00", PlainText.ratio(1.0));
        assertEquals("x8.4", PlainText.ratio(2603.0 / 309, 1));
        assertEquals("0.99x", PlainText.ratio(0.994));
        // a mail's reader counted the zeros of "0.00029x" and read "0.00x" as a rounded ratio
        assertEquals("1/3,500x", PlainText.ratio(2.0 / 6994), "the fraction, when 0.00 would hide it");
        assertEquals("1/250x", PlainText.ratio(0.004));
        assertEquals("1/2,800x", PlainText.ratio(0.00036));
        assertEquals("1/5,000x", PlainText.ratio(0.0002));
        assertEquals("to 0", PlainText.ratio(0.0), "a drop to nothing says so");
        assertEquals("to 0", PlainText.ratio(0.0, 1));
        // a count of 1.6e16 on A and a thousandth on B: a divisor past a long's range (or past a
        // double's, 1 over the smallest double) is still the fraction, in three digits from 10^6 up
        // (to fit the A/B table's ratio column), not a wrapped negative number or an exception
        assertEquals("1/1.6e+19x", PlainText.ratio(0.001 / 1.6e16));
        assertEquals("1/2.0e+323x", PlainText.ratio(Double.MIN_VALUE), "the smallest double");
        assertEquals("1/990,000x", PlainText.ratio(1 / 9.9e5));
        assertEquals("1/9.9e+06x", PlainText.ratio(1 / 9.9e6));
    }

    @Test
    void everyPrintedRatioIsWithinAFewPerCentOfTheTrueOne() {
        // cpu.spin from 6.57 % to 0.04 % printed "0.01x", which a reader took for 1/100
        assertEquals("1/180x", PlainText.ratio(0.0055));
        assertEquals("1/200x", PlainText.ratio(0.0051));
        assertEquals("1/15x", PlainText.ratio(0.03 / 0.45), "cpu.idle 0.45% to 0.03%, not 0.07x");
        assertEquals("1/10x", PlainText.ratio(0.0999));
        assertEquals("0.10x", PlainText.ratio(0.1), "two decimals from 0.1 up: 5 % at most off");
        assertEquals("0.13x", PlainText.ratio(0.13));
        // from 1000 up whole, its thousands grouped as a divisor's are
        assertEquals("x2,834", PlainText.ratio(2834.12));
        assertEquals("x999.50", PlainText.ratio(999.5));
        assertEquals("x1,000", PlainText.ratio(999.996), "the form follows the rounded figure");
        assertEquals("x1,234", PlainText.ratio(1234.4, 0), "as the Wireshark table asks for it");
        assertEquals("x999,999", PlainText.ratio(999999.4));
        assertEquals("x1.6e+19", PlainText.ratio(1.6e19), "within a cell, as 1/1.6e+19x");
        for (double r = 1e-6; r < 1e6; r *= 1.0137) {
            String s = PlainText.ratio(r);
            double shown = s.startsWith("1/") ? 1 / Double.parseDouble(s.substring(2, s.length() - 1).replace(",", ""))
                    : Double.parseDouble(s.replace("x", "").replace(",", ""));
            assertTrue(Math.abs(shown / r - 1) <= 0.05 + 1e-9, r + " printed " + s);
        }
    }

    @Test
    void aDropToNothingAndATinyRatioReadTheSameInTheTableAndThePicturesCells() {
        // mongodb-ycsb-a readerSpinning on/off: a count that went to 0 printed "0.00x"
        SummaryComparison.Row gone = new SummaryComparison.Row("tcp.dsack", 120, 0, OptionalDouble.of(0), 120, 120,
                0, 0, "");
        SummaryComparison.Row tiny = new SummaryComparison.Row("runqlatUs.kworker.mean", 6994, 2,
                OptionalDouble.of(2.0 / 6994), 6994, 6994, 2, 2, "us");
        String table = ComparisonTable.render("compare", List.of(gone, tiny), false);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("tcp.dsack") && l.endsWith("to 0")), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("runqlatUs.kworker.mean") && l.endsWith("1/3,500x")),
                table);
        assertEquals(List.of("to 0", "1/3,500x"),
                ComparisonTable.cells(List.of(gone, tiny)).stream().map(c -> c.get(3)).toList(),
                "the exported picture's cells as the copied text");
    }

    @Test
    void aFigureThatRoundsUpToAThousandIsWrittenAsOne() {
        // the form follows the rounded value: 999.95 is 1,000, not "1000.0" beside "1,234"
        assertEquals("1,000", PlainText.num(999.95));
        assertEquals("-1,000", PlainText.num(-999.96));
        assertEquals("999.9", PlainText.num(999.94));
        assertEquals("1,234", PlainText.num(1234.4));
        assertEquals("12.3", PlainText.num(12.34));
    }

    @Test
    void aMeasuredMeanOfZeroIsNotCalledNew() {
        // a saved run's kworker waits under full all took 0 us: they were there, so not "new"
        SummaryComparison.Row mean = new SummaryComparison.Row("runqlatUs.kworker.mean", 0, 30.886,
                OptionalDouble.empty(), 0, 0, 30.886, 30.886);
        SummaryComparison.Row count = new SummaryComparison.Row("tcp.dsack", 0, 47, OptionalDouble.empty(), 0, 0, 47, 47);
        assertEquals("from 0", ComparisonTable.ratio(mean));
        assertEquals("new", ComparisonTable.ratio(count));
    }

    @Test
    void deltaTableShowsBaseTestAndRatioWithinSeventyTwoColumns() {
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("throughput (tps)", 98565.86, 50751.96, OptionalDouble.of(50751.96 / 98565.86),
                        98565.86, 98565.86, 50751.96, 50751.96),
                new SummaryComparison.Row("profile: s_lock in StrategyGetBuffer (spinning, user)", 0.02, 0.55,
                        OptionalDouble.of(27.5), 0.02, 0.02, 0.55, 0.55),
                new SummaryComparison.Row("cpu.steal", 0, 0, OptionalDouble.empty(), 0, 0, 0, 0));
        String t = ComparisonTable.render("compare pgbench-graviton4 " + "x".repeat(80)
                + "\n  base  preemption=none\n  test  preemption=lazy", rows, true);
        fitsInAMail(t);
        String tp = t.lines().filter(l -> l.startsWith("throughput")).findFirst().orElseThrow();
        // seeds that all gave one figure: it as one run prints it, over "seeds agree"
        assertTrue(tp.matches("throughput \\(tps\\)\\s+98,565\\.9\\s+50,752\\.0\\s+0\\.51x"), tp);
        // a metric wider than its column keeps its whole name on a line of its own, the numbers under it
        List<String> lines = t.lines().toList();
        int name = lines.indexOf("profile: s_lock in StrategyGetBuffer (spinning, user)");
        assertTrue(name > 0, "the long metric whole: " + t);
        // a share of CPU time in percent, as the summaries print it (the JSON rows keep the fraction)
        assertTrue(lines.get(name + 1).matches("\\s+2\\.00%\\s+55\\.00%\\s+x27\\.50"), lines.get(name + 1));
        assertTrue(lines.get(name + 2).matches("\\s+seeds agree\\s+seeds agree"), "under the numbers: " + t);
        assertTrue(t.lines().anyMatch(l -> l.matches("cpu\\.steal\\s+0\\s+0\\s+=")), t);
    }

    @Test
    void aWholeShareEverySeedGaveReadsAsAShare() {
        // a comm that had every CPU's time on every seed (a one-task case): 100.00%, not the "1" of a
        // count every seed gave alike
        List<SummaryComparison.Row> rows = List.of(new SummaryComparison.Row("profile: A (kernel)", 1.0, 0.5,
                OptionalDouble.of(0.5), 1.0, 1.0, 0.4, 0.6));
        assertEquals("100.00%", ComparisonTable.cells(rows, true).get(0).get(1));
        assertEquals("seeds agree", ComparisonTable.rangeCells(rows).get(0).get(1));
    }

    @Test
    void aTinyShareSpreadDoesNotReadAsZeroUnderItsMean() {
        // compare --seeds 2 printed "spinWhile.writer  0.0033%" over "0.00..0.00%"
        List<SummaryComparison.Row> rows = List.of(new SummaryComparison.Row("mmap_lock spinWhile.writer",
                0.000033, 0.000036, OptionalDouble.of(36 / 33.0), 0.000029, 0.000037, 0.000035, 0.000037));
        assertEquals(List.of(List.of("", "<0.01%", "<0.01%", "")), ComparisonTable.rangeCells(rows));
        List<SummaryComparison.Row> wider = List.of(new SummaryComparison.Row("mmap_lock spinWhile.handoff",
                0.004, 0.0000015, OptionalDouble.of(0.0004), 0.0007, 0.0072, 0.000001, 0.000002));
        assertEquals(List.of(List.of("", "0.07..0.72%", "<0.01%", "")), ComparisonTable.rangeCells(wider));
    }

    @Test
    void countsReadGroupedInEveryTextTableAndStayInTheirColumns() throws Exception {
        // table --kind tcp printed "TcpExtTCPDSACKRecv  0  2568  +2568", compare "rwsem_sleep_reader
        // 32074" and a one-seed throughput "39154.0" where --seeds printed "40850"
        String tcp = TcpCountersText.render("TCP counters", List.of(
                new TcpCounters.Row("TcpExtTCPDSACKRecv", "count", "TcpExtTCPDSACKRecv", "", 0, 2568, 2568, 2568),
                new TcpCounters.Row("TcpOutSegs", "count", "TcpOutSegs", "", 1_000, 123_456_789, 123_455_789,
                        123_456_789)));
        fitsInAMail(tcp);
        assertTrue(tcp.lines().anyMatch(l -> l.matches("TcpExtTCPDSACKRecv\\s+0\\s+2,568\\s+\\+2,568")), tcp);
        assertTrue(tcp.lines().anyMatch(l -> l.matches("TcpOutSegs\\s+1,000\\s+123,456,789\\s+\\+123,455,789")),
                "nine digits whole and grouped, their column widened: " + tcp);
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 39154, 42534, OptionalDouble.of(42534 / 39154.0),
                        39154, 39154, 42534, 42534, "ops/s"),
                new SummaryComparison.Row("mmap_lock rwsem_sleep_reader", 32074, 4178,
                        OptionalDouble.of(4178 / 32074.0), 32074, 32074, 4178, 4178),
                new SummaryComparison.Row("tcp.bytesSent", 99_999_999_999d, 1e11, OptionalDouble.of(1), 99_999_999_999d,
                        99_999_999_999d, 1e11, 1e11));
        String t = ComparisonTable.render("compare", rows, false);
        fitsInAMail(t);
        assertTrue(t.lines().anyMatch(l -> l.matches("throughput \\(ops/s\\)\\s+39,154\\s+42,534\\s+x1\\.09")), t);
        assertTrue(t.lines().anyMatch(l -> l.matches("mmap_lock rwsem_sleep_reader\\s+32,074\\s+4,178\\s+0\\.13x")), t);
        // eleven digits grouped fill the side's 14 columns; a row with a longer one is in four digits on both sides
        assertTrue(t.lines().anyMatch(l -> l.matches("tcp\\.bytesSent\\s+1\\.000e\\+11\\s+1\\.000e\\+11\\s+x1\\.00")), t);
        assertEquals("99,999,999,999", ComparisonTable.num(99_999_999_999d));
        JsonNode s = JSON.readTree("""
                {"scenario":"x","seed":1,"durationMs":200,"events":109937,"wallMs":484,
                 "throughput":{"value":38415,"unit":"ops/s"},
                 "latencyUs":{"READ":{"count":5000000,"mean":6409,"p50":3432,"p99":28606,"max":51446}},
                 "locks":[{"name":"mmap_lock","kind":"rwsem","acquisitions":9400,"contended":8608,
                   "holdUs":{"mean":815.2},"waitUs":{"mean":3688},"holderPreemptions":20,
                   "events":{"rwsem_sleep_reader":32074,"rwsem_opt_rlock2":3}}],
                 "runqlatUs":{"_all":{"count":16073,"mean":1009,"p50":738.8,"p99":4964,"max":12272}},
                 "comms":{"conn":{"tasks":256,"runMs":3152,"cpuShare":0.985,"switches":16073}},
                 "preemptions":{"involuntary":1435,"inKernel":20,"lockHolder":20},
                 "tcp":{"dsack":2568}}
                """);
        String r = SummaryReport.render(s);
        fitsInAMail(r);
        for (String line : List.of("run       200 ms simulated, 109,937 events, 484 ms wall",
                "throughput  38,415 ops/s", "latency us            count     mean      p50      p99      max",
                "  READ            5,000,000    6,409    3,432   28,606   51,446",
                "  mmap_lock          9,400      8,608    815.2    3,688       20",
                "  lock events  sleep_reader 32,074  opt_rlock2 3",
                "  _all          16,073     1,009     738.8     4,964    12,272",
                "  conn           256      3,152       98.5%     16,073",
                "preemptions  involuntary 1,435  in kernel 20  lock holder 20", "tcp          dsack 2,568")) {
            assertTrue(r.lines().anyMatch(line::equals), "[" + line + "] in:\n" + r);
        }
    }

    @Test
    void aCountTooLongForItsSummaryColumnStaysUnderItsHeader() throws Exception {
        // a task count from a million up printed 1.23e+06 in the 7 columns of "tasks": its row a
        // column past its header and every column after it
        JsonNode s = JSON.readTree("""
                {"scenario":"x","seed":1,"durationMs":200,"events":109937,"wallMs":484,
                 "latencyUs":{"READ":{"count":1234567890,"mean":6409,"p50":3432,"p99":28606,"max":51446}},
                 "locks":[{"name":"mmap_lock","kind":"rwsem","acquisitions":1234567890,"contended":987654321,
                   "holdUs":{"mean":815.2},"waitUs":{"mean":3688},"holderPreemptions":123456789}],
                 "runqlatUs":{"_all":{"count":1234567890,"mean":1009,"p50":738.8,"p99":4964,"max":12272}},
                 "comms":{"conn":{"tasks":1234567,"runMs":3152,"cpuShare":0.985,"switches":12345678901}}}
                """);
        String r = SummaryReport.render(s);
        fitsInAMail(r);
        List<String> lines = r.lines().toList();
        for (String[] headAndRow : new String[][] {
                {"latency us            count     mean      p50      p99      max",
                        "  READ             1.23e+09    6,409    3,432   28,606   51,446"},
                {"                                          mean     mean  preempt",
                        "  mmap_lock       1.23e+09   9.88e+08    815.2    3,688 1.23e+08"},
                {"runqlat us       count      mean       p50       p99       max",
                        "  _all        1.23e+09     1,009     738.8     4,964    12,272"},
                {"comms          tasks     run ms   cpu share   switches",
                        "  conn       1.2e+06      3,152       98.5%   1.23e+10"}}) {
            int at = lines.indexOf(headAndRow[0]);
            assertTrue(at >= 0, "[" + headAndRow[0] + "] in:\n" + r);
            assertEquals(headAndRow[1], lines.get(at + 1), "each figure ends under its heading");
            assertEquals(headAndRow[0].length(), headAndRow[1].length(), headAndRow[1]);
        }
        assertEquals("1.2e+06", PlainText.count(1_234_567, 7));
        assertEquals("1e+06", PlainText.count(1_234_567, 5), "as few digits as the column has room for");
    }

    @Test
    void aGivenNumberKeepsItsSignAndDecimalsWithItsThousandsGrouped() {
        assertEquals("8,580.00", PlainText.countText("8580.00"));
        assertEquals("-2,568", PlainText.countText("-2568"), "a negative count stays negative");
        assertEquals("-0.50", PlainText.countText("-0.50"));
        assertEquals("n/a", PlainText.countText("n/a"));
        assertEquals("1234567890123456789", PlainText.countText("1234567890123456789"), "past a long: as given");
    }

    @Test
    void aTinyShareMeanReadsInTheFormOfItsRangeSoItNeverLooksOutsideIt() {
        // compare mongodb-ycsb-a readerSpinning on/off --seeds 2 printed spinWhile.writer's mean as
        // "0.0090%" over "0.01..0.01%", and cpu.runnableWait's "0.0051%" over "0.00..0.01%"
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("mmap_lock spinWhile.writer", 0.000090, 0.000064, OptionalDouble.of(0.71),
                        0.000085, 0.000095, 0.000061, 0.000067),
                new SummaryComparison.Row("cpu.runnableWait", 0.0004, 0.000051, OptionalDouble.of(0.13), 0.00039,
                        0.00041, 0.000035, 0.000067));
        // (seeds that differ read apart, so the ends that read alike at two decimals, 0.01..0.01%,
        // take a third, and the mean with them)
        assertEquals(List.of(List.of("mmap_lock spinWhile.writer", "0.009%", "0.006%", "0.71x"),
                List.of("cpu.runnableWait", "0.040%", "0.01%", "0.13x")), ComparisonTable.cells(rows, true));
        assertEquals(List.of(List.of("", "0.009..0.010%", "0.006..0.007%", ""),
                List.of("", "0.039..0.041%", "0.00..0.01%", "")), ComparisonTable.rangeCells(rows));
        // below 0.01 % on every seed the mean keeps the four decimals it needs: "<0.01%" holds it
        List<SummaryComparison.Row> below = List.of(new SummaryComparison.Row("mmap_lock spinWhile.handoff", 0.01,
                0.000017, OptionalDouble.of(0.0017), 0.008, 0.012, 0.000015, 0.000019));
        assertEquals(List.of("mmap_lock spinWhile.handoff", "1.00%", "0.0017%", "1/590x"),
                ComparisonTable.cells(below, true).get(0));
        assertEquals(List.of("", "0.80..1.20%", "<0.01%", ""), ComparisonTable.rangeCells(below).get(0));
    }

    @Test
    void everyRwsemLockEventRowKeepsItsNumbersOnItsOwnLine() {
        // "mmap_lock rwsem_wlock_handoff" (29 characters) broke onto a line of its own in
        // compare's table and the A/B tab's Copy table, its numbers on the next: the one row of
        // the handoff mechanism a reviewer looks for read as two rows in the mail
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("mmap_lock rwsem_wlock_handoff", 125, 293, OptionalDouble.of(293 / 125.0),
                        125, 125, 293, 293),
                new SummaryComparison.Row("mmap_lock rwsem_rlock_handoff", 0, 0, OptionalDouble.empty(), 0, 0, 0, 0));
        String t = ComparisonTable.render("compare mongodb-ycsb-a", rows, false);
        fitsInAMail(t);
        assertTrue(t.lines().anyMatch(l -> l.matches("mmap_lock rwsem_wlock_handoff\\s+125\\s+293\\s+x2\\.34")), t);
        assertTrue(t.lines().anyMatch(l -> l.matches("mmap_lock rwsem_rlock_handoff\\s+0\\s+0\\s+=")), t);
        assertTrue(t.lines().allMatch(l -> l.length() <= 72), t);
    }

    @Test
    void controlCharactersInNamesCannotReachTheTerminalOrTheMail() {
        // a comm or a file name may hold any byte: an escape sequence recoloured the terminal the
        // table was printed in, a tab broke its columns, a line break split a row
        String comm = "evil\u001b[31mred\tx\u0007";
        assertEquals("evil?[31mred x?", PlainText.cut(comm, 40));
        assertEquals("evil?[31m~", PlainText.cut(comm, 10));
        assertEquals("title ?[0m\nsecond", PlainText.clip("title \u001b[0m\nsecond"));
        assertEquals("a?b c", PlainText.wrap("a\rb c", 2));
        List<SummaryComparison.Row> rows = List.of(new SummaryComparison.Row("runqlatUs." + comm + ".mean", 1, 2,
                OptionalDouble.of(2), 1, 1, 2, 2));
        String t = ComparisonTable.render("compare x\n  base  a\n  test  b", rows, false);
        assertTrue(t.chars().noneMatch(c -> Character.isISOControl(c) && c != '\n'), t);
        fitsInAMail(t);
    }

    @Test
    void tcpCountersWrapBetweenPairsNeverBetweenANameAndItsCount() throws Exception {
        // the s390 run's twenty counters: "dsackOfoSent" ended one line and its "0" began the next
        String[] names = {"dsack", "partialAcks", "karnAcks", "spuriousRetrans", "fastRetrans", "dupAcks",
            "lostSegments", "outOfOrder", "retransSegs", "slowStartRetrans", "timeouts", "spuriousRtos", "dsackUndo",
            "dsackOldSent", "dsackOfoSent", "ofoQueue", "segsOut", "tapDrops", "bytesSent", "bytesAcked"};
        ObjectNode s = JSON.createObjectNode();
        ObjectNode tcp = s.putObject("tcp");
        for (int i = 0; i < names.length; i++) {
            tcp.put(names[i], i == names.length - 1 ? 339_548_760L : 86L * i);
        }
        // counts grouped as in every text table: "bytesAcked 339,548,760", "dsackUndo 1,032"
        java.util.function.LongFunction<String> grouped = n -> String.format(java.util.Locale.ROOT, "%,d", n);
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        List<String> tcpLines = t.lines().dropWhile(l -> !l.startsWith("tcp ")).toList();
        for (int i = 0; i < names.length; i++) {
            String pair = names[i] + " " + grouped.apply(i == names.length - 1 ? 339_548_760L : 86L * i);
            assertTrue(tcpLines.stream().anyMatch(l -> l.contains(pair)), pair + " on one line:\n" + t);
        }
        tcpLines.forEach(l -> assertEquals(l.stripTrailing(), l, "no trailing blank: '" + l + "'"));
    }

    @Test
    void summaryReportOfARecordingFitsAndNamesWhatItHas() {
        ObjectNode s = DatasetSummary.of(SampleDatasets.small());
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        assertTrue(t.startsWith("scenario  "), "a saved run names its scenario: " + t);
        assertTrue(t.contains("cpu         user "), t);
        assertTrue(t.contains("runqlat us"), t);
    }

    @Test
    void anImportedRecordingIsCalledARecordingNotAScenario() throws Exception {
        ObjectNode s = DatasetSummary.of(org.schedlab.io.read.Fixtures.importAll("real/pgbench-local/runA_pgbench.txt")
                .dataset());
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        assertTrue(t.startsWith("recording ") && t.lines().findFirst().orElseThrow().endsWith("runA_pgbench.txt"), t);
    }

    @Test
    void threeRecordingsTooLongForALineAreNamedWholeOnTwo() {
        ObjectNode s = DatasetSummary.of(SampleDatasets.small());
        s.put("scenario", "/work/shared/data/real/pgbench-local/runC_perf_lock_script.txt, "
                + "/work/shared/data/real/pgbench-local/runC_lock_contention.txt, runC_pgbench.txt");
        s.remove("seed");
        s.remove("events");
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        assertTrue(t.startsWith("recording runC_perf_lock_script.txt, runC_lock_contention.txt,\n"
                + "          runC_pgbench.txt\n"), t);
    }

    @Test
    void aLongRecordingPathKeepsItsFileNames() {
        String path = "/work/shared/data/real/pgbench-local/runA_perf_sched_script.txt.gz + runA_pgbench.txt";
        String line = SummaryReport.keepEnd(path, 62);
        assertEquals(62, line.length());
        assertTrue(line.startsWith("~") && line.endsWith("runA_perf_sched_script.txt.gz + runA_pgbench.txt"), line);
        assertEquals("short.txt", SummaryReport.keepEnd("short.txt", 62));
    }

    @Test
    void summaryReportOfASimulatedRunListsEverySection() throws Exception {
        JsonNode s = JSON.readTree("""
                {"scenario":"pgbench-graviton4","params":{"preemption":"lazy","cpus":"96","hugePages":"off",
                 "note":"%s"},
                 "seed":7,"durationMs":300,"events":123456,"wallMs":900,
                 "throughput":{"value":50751.96,"unit":"tps"},
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "profile":[{"site":"s_lock in StrategyGetBuffer (spinning, user) and a very long tail","share":0.55}],
                 "locks":[{"name":"buffer_strategy_lock","kind":"spinlock","acquisitions":100000,"contended":5000,
                   "holdUs":{"mean":1.5},"waitUs":{"mean":30.25},"holderPreemptions":42,
                   "holderOffCpuUs":{"count":42,"mean":13.251,"p50":11.0,"p99":54.207,"max":94.463}}],
                 "runqlatUs":{"postgres":{"count":10,"mean":4.0,"p50":3.0,"p99":18.0,"max":60.0}},
                 "comms":{"postgres":{"tasks":1024,"runMs":28000.0,"cpuShare":0.97,"switches":99999}},
                 "preemptions":{"involuntary":5,"inKernel":1,"lockHolder":2},
                 "tcp":{"dsack":309,"fastRetrans":54}}
                """.formatted("y".repeat(90)));
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        assertTrue(t.startsWith("scenario  pgbench-graviton4  (seed 7)\n"), t);
        assertTrue(t.contains("throughput  50,752 tps"), t);
        assertTrue(t.contains("spin 55.0%"), t);
        // the lock's whole name and its numbers on one line: "buffer_strate~" named no lock
        assertTrue(t.lines().anyMatch(l -> l.matches("  buffer_strategy_lock\\s+100,000\\s+5,000\\s+1\\.5\\s+30\\.3\\s+42")), t);
        // how long the preempted holders stayed off CPU, under the lock's numbers (only the JSON had it)
        assertTrue(t.contains(" 42\n    holder off CPU: mean 13.3, p99 54.2, max 94.5 us\n"), t);
        assertTrue(t.contains("preemptions  involuntary 5  in kernel 1  lock holder 2"), t);
        assertTrue(t.contains("tcp          dsack 309  fastRetrans 54"), t);
        assertTrue(t.contains("note=yyyyy"), "an overlong parameter is cut, not dropped: " + t);
    }

    /**
     * The locks table's headings end where their numbers end, as the latency, runqlat and comms
     * tables' do: "acquired" and "contended" ended a column short of theirs, "holder"/"preempt"
     * two, and "preempt" began under "wait us" - in a mail the figures sat under the wrong words.
     */
    @Test
    void theLocksTablesHeadingsEndWhereTheirNumbersEnd() throws Exception {
        JsonNode s = JSON.readTree("""
                {"scenario":"x","durationMs":300,
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "locks":[{"name":"lk","kind":"spinlock","acquisitions":333419,"contended":315628,
                   "holdUs":{"mean":2.6},"waitUs":{"mean":2297.2},"holderPreemptions":6606}]}
                """);
        List<String> lines = SummaryReport.render(s).lines().toList();
        int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("locks ")).findFirst().orElseThrow());
        String words = lines.get(head);
        String under = lines.get(head + 1);
        String row = lines.get(head + 2);
        assertTrue(row.startsWith("  lk "), row);
        int[] ends = java.util.regex.Pattern.compile("\\S+").matcher(row).results().mapToInt(m -> m.end())
                .skip(1).toArray();
        assertEquals(5, ends.length, row);
        for (String w : List.of("acquired", "contended", "hold us", "wait us", "holder")) {
            int end = words.indexOf(w) + w.length();
            assertTrue(java.util.Arrays.stream(ends).anyMatch(e -> e == end),
                    "'" + w + "' ends at a number's end:\n" + words + "\n" + under + "\n" + row);
        }
        for (int i = 0, at = 0; i < 3; i++) {
            String w = List.of("mean", "mean", "preempt").get(i);
            at = under.indexOf(w, at) + w.length();
            int end = at;
            assertTrue(java.util.Arrays.stream(ends).skip(2).anyMatch(e -> e == end),
                    "'" + w + "' ends at a number's end:\n" + words + "\n" + under + "\n" + row);
        }
    }

    /**
     * A perf lock script names its locks by address, 18 characters: each sat on a line of its own
     * with its numbers under it, twice the lines in a mail. The name column now widens to the
     * longest name the 72 columns have room for, and only a longer name takes a line of its own.
     */
    @Test
    void lockNamesUpToTwentyTwoColumnsShareTheirNumbersLine() throws Exception {
        JsonNode s = JSON.readTree("""
                {"scenario":"x","durationMs":300,
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "locks":[{"name":"0xffff888627c2ba40","kind":"spinlock","holdsRecorded":false,"contended":997,
                   "waitUs":{"mean":27.4}},
                  {"name":"lk","kind":"spinlock","acquisitions":10,"contended":5,"holdUs":{"mean":2.6},
                   "waitUs":{"mean":9.0},"holderPreemptions":1},
                  {"name":"a_lock_name_of_23_chars","kind":"spinlock","acquisitions":7,"contended":3,
                   "holdUs":{"mean":1.0},"waitUs":{"mean":2.0},"holderPreemptions":0}]}
                """);
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        List<String> lines = t.lines().toList();
        String address = lines.stream().filter(l -> l.contains("0xffff888627c2ba40")).findFirst().orElseThrow();
        assertTrue(address.matches("  0xffff888627c2ba40\\s+-\\s+997\\s+-\\s+27\\.4\\s+-"), t);
        String lk = lines.stream().filter(l -> l.startsWith("  lk ")).findFirst().orElseThrow();
        assertEquals(address.length(), lk.length(), "one column for every name:\n" + t);
        // the heading's numbers end where the rows' do
        String head = lines.stream().filter(l -> l.startsWith("locks ")).findFirst().orElseThrow();
        assertEquals(lk.indexOf(" 10 ") + 3, head.indexOf("acquired") + "acquired".length(), t);
        // 23 columns do not fit beside the numbers: the name has its own line, its numbers under it
        int own = lines.indexOf("  a_lock_name_of_23_chars");
        assertTrue(own > 0, t);
        assertTrue(lines.get(own + 1).matches("\\s+7\\s+3\\s+1\\.0\\s+2\\.0\\s+0"), t);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 72), t);
    }

    /**
     * The name column's limit is counted in columns, not characters: a 22-column name (the most
     * beside the numbers) shares its numbers' line, ASCII or eleven wide characters, and a name of
     * twelve wide characters (24 columns, 12 characters) takes a line of its own.
     */
    @Test
    void lockNamesOfTwentyTwoColumnsShareTheirLineCountedInColumns() throws Exception {
        String wide22 = "\u9501".repeat(11);
        String wide24 = "\u9501".repeat(12);
        String two = """
                {"scenario":"x","durationMs":300,
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "locks":[{"name":"NAME","kind":"spinlock","acquisitions":7,"contended":3,
                   "holdUs":{"mean":1.0},"waitUs":{"mean":2.0},"holderPreemptions":0},
                  {"name":"lk","kind":"spinlock","acquisitions":10,"contended":5,"holdUs":{"mean":2.6},
                   "waitUs":{"mean":9.0},"holderPreemptions":1}]}
                """;
        for (String name : new String[] {"a_lock_name_of_22_char", wide22}) {
            String t = SummaryReport.render(JSON.readTree(two.replace("NAME", name)));
            fitsInAMail(t);
            List<String> lines = t.lines().toList();
            assertTrue(lines.stream().anyMatch(l -> l.matches("  " + name + " +7 +3 +1\\.0 +2\\.0 +0")), name + ":\n" + t);
            String lk = lines.stream().filter(l -> l.startsWith("  lk ")).findFirst().orElseThrow();
            assertEquals(72, PlainText.columns(lk), t);
        }
        String t = SummaryReport.render(JSON.readTree(two.replace("NAME", wide24)));
        List<String> lines = t.lines().toList();
        int own = lines.indexOf("  " + wide24);
        assertTrue(own > 0, t);
        assertTrue(lines.get(own + 1).matches("\\s+7\\s+3\\s+1\\.0\\s+2\\.0\\s+0"), t);
    }

    @Test
    void hugeValuesFitTheirColumnsInsteadOfWideningTheLine() throws Exception {
        // a recording with a task runnable for 2^61 ns printed runqlat as 2305843009213694 (90
        // columns) and the A/B row as 2305843009213694.0 (82 columns)
        double big = Math.pow(2, 61) / 1000;
        JsonNode s = JSON.readTree("""
                {"scenario":"x","durationMs":300,
                 "cpu":{"user":0.2,"kernel":0.1,"fault":0.05,"spin":0.55,"runnableWait":0.0,"idle":0.1,"steal":0.0},
                 "locks":[{"name":"l","kind":"spinlock","acquisitions":1,"contended":1,
                   "holdUs":{"mean":%1$f},"waitUs":{"mean":%1$f},"holderPreemptions":1,
                   "holderOffCpuUs":{"count":1,"mean":%1$f,"p99":%1$f,"max":%1$f}}],
                 "runqlatUs":{"_all":{"count":1,"mean":%1$f,"p50":%1$f,"p99":%1$f,"max":%1$f}},
                 "comms":{"postgres":{"tasks":1,"runMs":%1$f,"cpuShare":0.5,"switches":1}}}
                """.formatted(big));
        String t = SummaryReport.render(s);
        fitsInAMail(t);
        assertTrue(t.lines().anyMatch(l -> l.matches("  _all\\s+1\\s+2\\.31e\\+15\\s+2\\.31e\\+15\\s+2\\.31e\\+15\\s+2\\.31e\\+15")),
                t);
        String c = ComparisonTable.render("compare", List.of(new SummaryComparison.Row("runqlatUs._all.mean", big, -big,
                OptionalDouble.of(-1), big, big, -big, -big)), true);
        fitsInAMail(c);
        // seeds that all gave the figure print it as one run does
        assertTrue(c.lines().anyMatch(l -> l.matches("runqlatUs\\._all\\.mean\\s+2\\.31e\\+15\\s+-2\\.31e\\+15\\s+.*")),
                c);
        String wide = ComparisonTable.render("compare", List.of(new SummaryComparison.Row("runqlatUs._all.mean", big,
                -big, OptionalDouble.of(-1), big * 0.999, big * 1.001, -big * 1.001, -big * 0.999)), true);
        fitsInAMail(wide);
        // with seeds that differ the mean is in the unit of the min..max under it (2.31P..2.31P),
        // which the cell fits where 2.31e+15..2.31e+15 does not
        assertTrue(wide.lines().anyMatch(l -> l.matches("runqlatUs\\._all\\.mean\\s+2\\.31P\\s+-2\\.31P\\s+.*")),
                wide);
        assertTrue(ComparisonTable.render("compare", List.of(new SummaryComparison.Row("runqlatUs._all.mean", big, -big,
                OptionalDouble.of(-1), big, big, -big, -big)), false).lines()
                .anyMatch(l -> l.matches("runqlatUs\\._all\\.mean\\s+2\\.31e\\+15\\s+-2\\.31e\\+15\\s+.*")),
                "one seed: as the runqlat table above prints the same mean");
        assertEquals("999,999", PlainText.cell(999999), "grouped digits that fit the 8 columns stay");
        assertEquals("1.00e+06", PlainText.cell(999999.97), "from seven digits grouped past 8 columns");
        assertEquals("999,999,999.9", ComparisonTable.num(999999999.9), "the A/B table's 14-column cell");
        assertEquals("1.000e+10", ComparisonTable.num(9999999999.99), "and past it");
    }

    @Test
    void wiresharkTableUsesTheSameRatioForm() {
        String t = WiresharkTable.render("full", Map.of("dupAcks", 504L, "outOfOrder", 436L), "lazy",
                Map.of("dupAcks", 3446L, "outOfOrder", 303L));
        fitsInAMail(t);
        assertTrue(t.contains("x6.8"), t);
        assertTrue(t.contains("-31%"), t);
    }

    @Test
    void countsPrintAsWholeNumbersAndARowWithAFractionKeepsDecimalsOnBothSides() {
        assertEquals("48", ComparisonTable.num(48), "a count is a whole number, not 48.000");
        assertEquals("15,710,000,000", ComparisonTable.num(1.571e10), "eleven grouped digits fit the cell");
        assertEquals("48.500", ComparisonTable.num(48.5), "a mean over seeds keeps its decimals");
        assertEquals("1.571e+11", ComparisonTable.num(1.571e11));
        String t = ComparisonTable.render("c", List.of(
                new SummaryComparison.Row("tcp.dsack", 48, 2273, OptionalDouble.of(2273 / 48.0), 48, 48, 2273, 2273),
                new SummaryComparison.Row("lock holderPreemptions", 2, 31.97, OptionalDouble.of(15.99), 2, 2, 31.97,
                        31.97)), false);
        assertTrue(t.lines().anyMatch(l -> l.matches("tcp\\.dsack\\s+48\\s+2,273\\s+x47\\.35")), t);
        assertTrue(t.lines().anyMatch(l -> l.matches("lock holderPreemptions\\s+2\\.000\\s+31\\.970\\s+x15\\.99")),
                "a row with a fraction keeps decimals on both sides: " + t);
    }

    @Test
    void aPictureOfTheDeltaTableHasTheRowsOfTheCopiedText() {
        // the exported A/B figure left out cpu.steal (0 on both sides), which "Copy table" has;
        // then it drew cpu.user "n/a n/a n/a", which the text names under the table instead
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("throughput (tps)", 100, 50, OptionalDouble.of(0.5), 100, 100, 50, 50),
                new SummaryComparison.Row("cpu.steal", 0, 0, OptionalDouble.empty(), 0, 0, 0, 0),
                new SummaryComparison.Row("cpu.user", Double.NaN, Double.NaN, OptionalDouble.empty(), Double.NaN,
                        Double.NaN, Double.NaN, Double.NaN),
                new SummaryComparison.Row("throughput (tps)", Double.NaN, 3, OptionalDouble.empty(), Double.NaN,
                        Double.NaN, 3, 3));
        List<List<String>> cells = ComparisonTable.cells(rows);
        assertEquals(List.of(List.of("throughput (tps)", "100", "50", "0.50x"), List.of("cpu.steal", "0", "0", "="),
                List.of("throughput (tps)", "n/a", "3", "n/a")), cells);
        assertEquals(cells.size(), ComparisonTable.rangeCells(rows).size(), "a spread line per row drawn");
        String text = ComparisonTable.render("c", rows, false);
        assertTrue(text.endsWith("\n\nnot in either input: cpu.user\n"), text);
        for (List<String> row : cells) {
            assertTrue(text.lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(row.get(0)) + "\\s+"
                    + java.util.regex.Pattern.quote(row.get(1)) + "\\s+" + java.util.regex.Pattern.quote(row.get(2))
                    + "\\s+" + java.util.regex.Pattern.quote(row.get(3)))), "the text has " + row + ": " + text);
        }
    }

    @Test
    void seedsThatDifferDoNotReadAlikeInTheirMinMaxLine() {
        // case A at 2 seeds: holder preemptions 5734 and 5748, wait means 2618.8 and 2637.0 read
        // "5.7k..5.7k" and "2.6k..2.6k" under means of 5741.0 and 2627.9
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("buffer_strategy_lock holderPreemptions", 5741, 6396.5,
                        OptionalDouble.of(1.11), 5734, 5748, 6361, 6432),
                new SummaryComparison.Row("buffer_strategy_lock waitUs.mean", 2627.9, 2723.5,
                        OptionalDouble.of(1.04), 2618.8, 2637.0, 2710.1, 2736.9),
                new SummaryComparison.Row("runqlatUs._all.mean", 13.397, 13.309, OptionalDouble.of(0.99), 13.31,
                        13.34, 13.3, 13.3),
                new SummaryComparison.Row("throughput (tps)", 164905, 160361, OptionalDouble.of(0.97), 164465,
                        165345, 160105, 160617));
        assertEquals(List.of(List.of("", "5,734..5,748", "6,361..6,432", ""),
                List.of("", "2,619..2,637", "2,710..2,737", ""), List.of("", "13.31..13.34", "seeds agree", ""),
                List.of("", "164.5k..165.3k", "160.1k..160.6k", "")),
                ComparisonTable.rangeCells(rows));
    }

    @Test
    void tcpCountsOfEightDigitsAndMorePrintWholeInAWiderColumn() {
        // table --kind tcp printed a capture's 12,345,678 segments as 1.23e+07
        String tcp = TcpCountersText.render("TCP counters", List.of(
                new TcpCounters.Row("tcp.analysis.spurious_retransmission", "count", "", "", 0, 585, 585, 585),
                new TcpCounters.Row("TcpOutSegs", "count", "TcpOutSegs", "", 1_000, 12_345_678, 12_344_678,
                        12_345_678),
                new TcpCounters.Row("tcp.bytesSent", "bytes", "", "", 0, 19_656_834_080d, 19_656_834_080d,
                        19_656_834_080d)));
        fitsInAMail(tcp);
        List<String> lines = tcp.lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("TcpOutSegs\\s+1,000\\s+12,345,678\\s+\\+12,344,678")),
                tcp);
        assertTrue(lines.stream().anyMatch(l -> l.matches("tcp\\.bytesSent\\s+0\\s+19,656,834,080\\s+\\+19,656,834,080")),
                tcp);
        // a name the narrower column would cut has a line of its own, its figures under it
        int at = lines.indexOf("tcp.analysis.spurious_retransmission");
        assertTrue(at > 0 && lines.get(at + 1).matches("\\s+0\\s+585\\s+\\+585"), tcp);
        // each figure right-aligned under its head
        String head = lines.stream().filter(l -> l.startsWith("counter")).findFirst().orElseThrow();
        for (String l : lines.subList(lines.indexOf(head) + 1, lines.size())) {
            if (l.matches(".*\\d$")) {
                assertEquals(head.length(), l.length(), tcp);
            }
        }
        // a snapshot's one column widens the same way
        String one = TcpCountersText.render("TCP counters", List.of(new TcpCounters.Row("TcpInSegs", "count",
                "TcpInSegs", "", Double.NaN, 123_456_789_012d, 123_456_789_012d, 123_456_789_012d)), true);
        fitsInAMail(one);
        assertTrue(one.lines().anyMatch(l -> l.matches("TcpInSegs\\s+123,456,789,012")), one);
    }

    @Test
    void aMeanAndItsRangeReadInOneFormDecidedFromTheRange() {
        // compare --seeds 2 mongodb-ycsb-a readerSpinning on vs off: runqlatUs._all.mean read 980.4
        // over 952.0..1,009, a decimal end and a whole one in one cell
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("runqlatUs._all.mean", 980.413, 850.623, OptionalDouble.of(0.87), 952.04,
                        1008.79, 837.01, 864.26),
                // a mean below 1000 over a range that rounds up to it is whole too
                new SummaryComparison.Row("mmap_lock waitUs.mean", 990.0, 2000.0, OptionalDouble.of(2.02), 980.2,
                        999.96, 1990.0, 2010.0));
        assertEquals(List.of(List.of("runqlatUs._all.mean", "980", "850.6", "0.87x"),
                List.of("mmap_lock waitUs.mean", "990", "2,000", "x2.02")), ComparisonTable.cells(rows, true));
        assertEquals(List.of(List.of("", "952..1,009", "837.0..864.3", ""), List.of("", "980..1,000", "1,990..2,010", "")),
                ComparisonTable.rangeCells(rows));
    }

    @Test
    void seedsThatDifferReadApartOrAsARangeThatHoldsThem() {
        // figures of 10 and up whose seeds differ only in later digits printed 13.33..13.33 in the
        // 14-column side: more decimals where they fit, else the ends rounded outward
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("runqlatUs.a.mean", 13.333, 133.333, OptionalDouble.of(10), 13.3312, 13.3348,
                        133.3312, 133.3348),
                new SummaryComparison.Row("runqlatUs.b.mean", 40850.3, 0.5, OptionalDouble.of(0.1), 40850.2, 40850.4,
                        0.5, 0.5),
                new SummaryComparison.Row("tcp.bytesAcked", 9_594_000_000d, 5, OptionalDouble.of(0.1), 9_593_100_000d,
                        9_594_800_000d, 5, 5));
        assertEquals(List.of(List.of("", "13.331..13.335", "133.33..133.34", ""),
                List.of("", "40,850..40,851", "seeds agree", ""), List.of("", "9.59G..9.60G", "seeds agree", "")),
                ComparisonTable.rangeCells(rows));
        assertEquals(List.of("runqlatUs.a.mean", "13.333", "133.33", "x10.00"), ComparisonTable.cells(rows, true).get(0));
        assertEquals(List.of("runqlatUs.b.mean", "40,850", "0.5", "0.10x"), ComparisonTable.cells(rows, true).get(1));
        // outward, not to the nearest: 133.3362 and 133.3368 both round to 133.34, the low end down
        // holds them apart (133.3312 and 133.3318 both to 133.33, the high end up)
        assertEquals(List.of("", "133.33..133.34", "133.33..133.34", ""), ComparisonTable.rangeCells(List.of(
                new SummaryComparison.Row("runqlatUs.e.mean", 133.3365, 133.3315, OptionalDouble.of(1), 133.3362,
                        133.3368, 133.3312, 133.3318))).get(0));
        // so do shares: 24.81 and 24.84 % read 24.8..24.8% under a mean of 24.8%
        // (99.9912 and 99.9918 %: a third decimal does not fit, the ends rounded outward do)
        List<SummaryComparison.Row> shares = List.of(new SummaryComparison.Row("cpu.user", 0.248250, 0.999915,
                OptionalDouble.of(4), 0.2481, 0.2484, 0.999912, 0.999918));
        assertEquals(List.of("", "24.81..24.84%", "99.99..100.00%", ""), ComparisonTable.rangeCells(shares).get(0));
        assertEquals(List.of("cpu.user", "24.83%", "99.99%", "x4.00"), ComparisonTable.cells(shares, true).get(0));
        // rounded down from the seed's figure as written, not from its binary value: 0.3 is not
        // 0.2999 (0.3 is 0.2999999999999999889 as a double)
        assertEquals(List.of("", "0.3000..0.3001", "seeds agree", ""), ComparisonTable.rangeCells(List.of(
                new SummaryComparison.Row("runqlatUs.f.mean", 0.300000005, 5, OptionalDouble.of(1), 0.3, 0.30000001,
                        5, 5))).get(0));
        // a side past a double's range still prints, its decimals not rounded
        assertEquals(2, ComparisonTable.rangeCells(List.of(new SummaryComparison.Row("runqlatUs.d.mean",
                Double.POSITIVE_INFINITY, 1, OptionalDouble.empty(), 1e300, Double.POSITIVE_INFINITY, 1, 1)))
                .get(0).stream().filter(c -> !c.isEmpty()).count());
        // seeds that are the same say so (they read as one figure twice, 13.3..13.3)
        assertEquals(List.of("", "seeds agree", "n/a", ""), ComparisonTable.rangeCells(List.of(new SummaryComparison.Row(
                "runqlatUs.c.mean", 13.3, Double.NaN, OptionalDouble.empty(), 13.3, 13.3, Double.NaN,
                Double.NaN))).get(0));
    }

    @Test
    void aMeanThatHappensToBeWholeOnBothSidesKeepsItsDecimals() {
        // teach-kernel-section: runqlatUs.A.mean was 54 on both sides and printed "54", a count,
        // between rows of means printed "3524.0" and "28.000"
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("runqlatUs.A.mean", 54, 54, OptionalDouble.of(1), 54, 54, 54, 54),
                new SummaryComparison.Row("mmap_lock readersPerPhase", 4, 2, OptionalDouble.of(0.5), 4, 4, 2, 2),
                new SummaryComparison.Row("tcp.dsack", 10, 382, OptionalDouble.of(38.2), 10, 10, 382, 382));
        assertEquals(List.of(List.of("runqlatUs.A.mean", "54.0", "54.0", "x1.00"),
                List.of("mmap_lock readersPerPhase", "4.0", "2.0", "0.50x"),
                List.of("tcp.dsack", "10", "382", "x38.20")), ComparisonTable.cells(rows));
    }

    @Test
    void aThroughputKeepsADecimalOnlyWhereASideHasAFraction() {
        // one seed of mongodb-ycsb-a printed 39154.0 / 42534.0 where --seeds 2 printed 40850: a
        // simulated run's operations over its whole measured seconds have no tenth to show; a
        // pgbench file's 176542.3 tps has, and the run beside it keeps one too, so the row reads alike
        SummaryComparison.Row sims = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542,
                OptionalDouble.of(0.95), 184_962, 184_962, 176_542, 176_542, "tps");
        SummaryComparison.Row withFile = new SummaryComparison.Row(SummaryComparison.THROUGHPUT, 184_962, 176_542.3,
                OptionalDouble.of(0.95), 184_962, 184_962, 176_542.3, 176_542.3, "tps");
        assertFalse(sims.counts());
        assertEquals(List.of(List.of("throughput (tps)", "184,962", "176,542", "0.95x"),
                List.of("throughput (tps)", "184,962.0", "176,542.3", "0.95x")),
                ComparisonTable.cells(List.of(sims, withFile)));
    }

    @Test
    void theSeedsSpreadOfCountsIsWholeNumbers() {
        // mongodb-ycsb-a at 2 seeds: 9 and 19 holder preemptions read "9.000..19.0", 1 and 3
        // rwsem_opt_rlock2 events "1.000..3.000", 55 and 69 rwsem_opt_nospin "55.0..69.0"
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("mmap_lock holderPreemptions", 19.5, 14, OptionalDouble.of(0.72), 19, 20, 9,
                        19),
                new SummaryComparison.Row("mmap_lock rwsem_opt_rlock2", 2, Double.NaN, OptionalDouble.empty(), 1, 3,
                        Double.NaN, Double.NaN),
                new SummaryComparison.Row("mmap_lock rwsem_opt_nospin", 527, 62, OptionalDouble.of(0.12), 526, 528,
                        55, 69),
                new SummaryComparison.Row("mmap_lock rwsem_sleep_reader", 6474, 4043.5, OptionalDouble.of(0.62), 6431,
                        6517, 3889, 4198),
                // a mean of measurements keeps its decimals
                new SummaryComparison.Row("runqlatUs.conn.mean", 980.413, 850.623, OptionalDouble.of(0.87), 952.4,
                        1008.3, 837.1, 864.2));
        assertEquals(List.of(List.of("", "19..20", "9..19", ""), List.of("", "1..3", "n/a", ""),
                List.of("", "526..528", "55..69", ""), List.of("", "6,431..6,517", "3,889..4,198", ""),
                List.of("", "952..1,008", "837.1..864.2", "")), ComparisonTable.rangeCells(rows));
        String text = ComparisonTable.render("c", rows, true);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s+19\\.\\.20\\s+9\\.\\.19")), text);
    }

    @Test
    void aSpreadOfBillionsOrOfAlmostAllTheCpuIsNotCutToTheCell() {
        // compare s390-uperf --seeds 2 printed tcp.bytesSent's seeds as "15714.5M..19" and
        // "8958.2M..958" (two 8-character ends cut to the 12 columns), and teach-fair-share's
        // cpu.user of 99.95% as "100.0..100.0" without its unit
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("tcp.bytesSent", 17_685_662_040d, 9_272_952_180d, OptionalDouble.of(0.52),
                        15_714_490_000d, 19_656_834_080d, 8_958_196_800d, 9_587_707_560d),
                new SummaryComparison.Row("tcp.segsOut", 271_464.5, 144_479, OptionalDouble.of(0.53), 241_300, 301_629,
                        139_350, 149_608),
                new SummaryComparison.Row("tcp.bytesAcked", 250e6, 2.306e15, OptionalDouble.of(9.2e6), 123.4e6, 376.6e6,
                        2.3e15, 2.312e15),
                new SummaryComparison.Row("cpu.user", 0.9995, 0.9995, OptionalDouble.of(1), 0.9995, 0.9995, 0.9994,
                        0.9996));
        // (the side's column is 14 wide: 241,300..301,629 does not fit it, 241.3k..301.6k does)
        assertEquals(List.of(List.of("", "15.71G..19.66G", "8.96G..9.59G", ""),
                List.of("", "241.3k..301.6k", "139.4k..149.6k", ""), List.of("", "123.4M..376.6M", "2.30P..2.31P", ""),
                List.of("", "seeds agree", "99.9..100.0%", "")),
                ComparisonTable.rangeCells(rows));
        fitsInAMail(ComparisonTable.render("c", rows, true));
    }

    @Test
    void aShareThatIsZeroInEverySeedReadsAsOneRunsZeroOverSeedsAgree() {
        // cpu.steal without steal: the mean printed "0", the line under it "0.00..0.00%", then "0..0"
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("cpu.steal", 0, 0.001, OptionalDouble.empty(), 0, 0, 0.0008, 0.0012));
        assertEquals(List.of(List.of("", "seeds agree", "0.08..0.12%", "")), ComparisonTable.rangeCells(rows));
        assertEquals(List.of("cpu.steal", "0", "0.10%", "new"), ComparisonTable.cells(rows, true).get(0));
    }

    /**
     * Seeds that all gave one figure print it once, in the form one run's table prints it, over
     * "seeds agree": a mean wait of 0 in every seed read {@code 0.0} over {@code 0.0..0.0}, a
     * count of 0 beside a side with a fraction {@code 0.0} over {@code 0..0}, a share of 21.34 %
     * in every seed {@code 21.3%} over {@code 21.3..21.3%} - ranges of one value.
     */
    @Test
    void seedsThatAllAgreePrintTheFigureOnceAsOneRunDoesAndSaySo() {
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("runqlatUs.kworker.mean", 0, 31.2, OptionalDouble.empty(), 0, 0, 30.3, 32.7),
                new SummaryComparison.Row("tcp.tapDrops", 0, 12.3, OptionalDouble.empty(), 0, 0, 0, 37),
                new SummaryComparison.Row("tcp.dsack", 2568, 2568, OptionalDouble.of(1), 2568, 2568, 2568, 2568),
                new SummaryComparison.Row("cpu.user", 0.2134, 0.125, OptionalDouble.of(0.125 / 0.2134), 0.2134,
                        0.2134, 0.121, 0.132));
        String seeds = ComparisonTable.render("compare", rows, true);
        String one = ComparisonTable.render("compare", rows, false);
        fitsInAMail(seeds);
        List<String> lines = seeds.lines().toList();
        int kw = lines.indexOf(lines.stream().filter(l -> l.startsWith("runqlatUs.kworker.mean")).findFirst()
                .orElseThrow());
        assertEquals("runqlatUs.kworker.mean                    0.0           31.2      from 0", lines.get(kw));
        assertEquals("                                  seeds agree     30.3..32.7", lines.get(kw + 1));
        assertEquals("tcp.tapDrops                                0           12.3         new", lines.get(kw + 2));
        assertEquals("                                  seeds agree          0..37", lines.get(kw + 3));
        assertEquals("tcp.dsack                               2,568          2,568       x1.00", lines.get(kw + 4));
        assertEquals("                                  seeds agree    seeds agree", lines.get(kw + 5));
        assertEquals("cpu.user                               21.34%          12.5%       0.59x", lines.get(kw + 6));
        assertEquals("                                  seeds agree    12.1..13.2%", lines.get(kw + 7));
        // the agreeing side's figure is one run's: the same text as the table without seeds
        for (String m : List.of("runqlatUs.kworker.mean", "tcp.dsack", "cpu.user")) {
            String withSeeds = lines.stream().filter(l -> l.startsWith(m)).findFirst().orElseThrow();
            String single = one.lines().filter(l -> l.startsWith(m)).findFirst().orElseThrow();
            assertEquals(single.substring(0, 45), withSeeds.substring(0, 45), m);
        }
    }

    @Test
    void aPictureOfTheDeltaTableHasTheSeedsSpreadOfTheCopiedText() {
        // with several seeds the copied text has min..max under each mean; the picture had the means alone
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("throughput (tps)", 98565.9, 50751.9, OptionalDouble.of(0.51), 97100, 99800,
                        49900, 51600),
                new SummaryComparison.Row("cpu.spin", 0.3469, 0.0196, OptionalDouble.of(0.0565), 0.346, 0.348, 0.0192,
                        0.0204));
        List<List<String>> ranges = ComparisonTable.rangeCells(rows);
        assertEquals(List.of(List.of("", "97,100..99,800", "49,900..51,600", ""),
                        List.of("", "34.6..34.8%", "1.92..2.04%", "")),
                ranges);
        String text = ComparisonTable.render("c", rows, true);
        for (List<String> under : ranges) {
            assertTrue(text.lines().anyMatch(l -> l.matches("\\s+" + java.util.regex.Pattern.quote(under.get(1))
                    + "\\s+" + java.util.regex.Pattern.quote(under.get(2)))), "the text has " + under + ": " + text);
        }
    }

    @Test
    void aRunqlatMeanReadsInTheDeltaTableAsTableCommandsRunqlatTablePrintsIt() throws Exception {
        // pgbench-local's runA against case A: the delta table printed 363.087, 11.000 and 1365.3
        // where 'table' of the same recording printed 363.1, 11.0 and 1365
        JsonNode s = JSON.readTree("""
                {"scenario":"x","durationMs":300,
                 "runqlatUs":{"_all":{"count":37050,"mean":363.087,"p50":83,"p99":4645,"max":32296},
                   "kcompactd":{"count":3,"mean":11.0,"p50":10,"p99":15,"max":15},
                   "C1 CompilerThre":{"count":507,"mean":1365.3,"p50":90,"p99":17318,"max":27199}}}
                """);
        String table = SummaryReport.render(s);
        assertTrue(table.lines().anyMatch(l -> l.matches("  _all\\s+37,050\\s+363\\.1\\s.*")), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("  kcompactd\\s+3\\s+11\\.0\\s.*")), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("  C1 Compil~\\s+507\\s+1,365\\s.*")), table);
        List<SummaryComparison.Row> rows = SummaryComparison.rows(List.of(s), List.of(s));
        java.util.Map<String, String> base = new java.util.HashMap<>();
        ComparisonTable.cells(rows).forEach(c -> base.put(c.get(0), c.get(1)));
        assertEquals("363.1", base.get("runqlatUs._all.mean"));
        assertEquals("11.0", base.get("runqlatUs.kcompactd.mean"));
        assertEquals("1,365", base.get("runqlatUs.C1 CompilerThre.mean"));
        String text = ComparisonTable.render("c", rows, false);
        assertTrue(text.lines().anyMatch(l -> l.matches("runqlatUs\\._all\\.mean\\s+363\\.1\\s+363\\.1\\s+x1\\.00")), text);
        SummaryComparison.Row none = new SummaryComparison.Row("runqlatUs.java.mean", 1076.6, Double.NaN,
                OptionalDouble.empty(), 1076.6, 1076.6, Double.NaN, Double.NaN);
        assertEquals(List.of(List.of("runqlatUs.java.mean", "1,077", "n/a", "n/a")), ComparisonTable.cells(List.of(none)));
    }

    /**
     * With seeds, a mean and the min..max under it read in one form: a count's mean had printed
     * 11.500 over 9..14 and 3222.5 over 3.1k..3.3k, a throughput 40850.0 over 40.7k..41.0k, a
     * share 90.00% over 89.9..90.1%.
     */
    @Test
    void aMeanOverSeedsReadsInTheFormOfItsMinMaxLine() {
        List<SummaryComparison.Row> rows = List.of(
                new SummaryComparison.Row("throughput (ops/s)", 40850, 42545, OptionalDouble.of(1.04), 40670, 41030,
                        42340, 42750),
                new SummaryComparison.Row("mmap_lock holderPreemptions", 11.5, 5.5, OptionalDouble.of(0.48), 9, 14, 2, 9),
                new SummaryComparison.Row("mmap_lock rwsem_sleep_reader", 3222.5, 2084.5, OptionalDouble.of(0.65), 3118,
                        3327, 1987, 2182),
                new SummaryComparison.Row("mmap_lock rwsem_sleep_writer", 297, 240.5, OptionalDouble.of(0.81), 267, 327,
                        226, 255),
                new SummaryComparison.Row("cpu.user", 0.9, 0.9372, OptionalDouble.of(1.04), 0.8993, 0.9007, 0.9365,
                        0.9379),
                new SummaryComparison.Row("mmap_lock readersPerPhase", 3.526, 1.724, OptionalDouble.of(0.49), 3.25,
                        3.801, 1.673, 1.774));
        assertEquals(List.of(
                List.of("throughput (ops/s)", "40,850", "42,545", "x1.04"),
                List.of("mmap_lock holderPreemptions", "11.5", "5.5", "0.48x"),
                List.of("mmap_lock rwsem_sleep_reader", "3,222.5", "2,084.5", "0.65x"),
                List.of("mmap_lock rwsem_sleep_writer", "297.0", "240.5", "0.81x"),
                List.of("cpu.user", "90.0%", "93.7%", "x1.04"),
                List.of("mmap_lock readersPerPhase", "3.5", "1.7", "0.49x")), ComparisonTable.cells(rows, true));
        assertEquals(List.of(List.of("", "40,670..41,030", "42,340..42,750", ""), List.of("", "9..14", "2..9", ""),
                List.of("", "3,118..3,327", "1,987..2,182", ""), List.of("", "267..327", "226..255", ""),
                List.of("", "89.9..90.1%", "93.7..93.8%", ""), List.of("", "3.3..3.8", "1.7..1.8", "")),
                ComparisonTable.rangeCells(rows));
        String t = ComparisonTable.render("compare", rows, true);
        fitsInAMail(t);
        assertTrue(t.lines().anyMatch(l -> l.matches("mmap_lock holderPreemptions\\s+11\\.5\\s+5\\.5\\s+0\\.48x")), t);
        assertTrue(t.lines().anyMatch(l -> l.matches("\\s+9\\.\\.14\\s+2\\.\\.9")), t);
        // seeds that differ never read alike: as many decimals (up to 3) as tell them apart, the mean's too
        SummaryComparison.Row close = new SummaryComparison.Row("latency.read.mean", 3.3331, 3.326, OptionalDouble.of(1.0),
                3.3312, 3.3348, 3.31, 3.34);
        assertEquals(List.of("latency.read.mean", "3.333", "3.33", "x1.00"),
                ComparisonTable.cells(List.of(close), true).get(0));
        assertEquals(List.of("", "3.331..3.335", "3.31..3.34", ""), ComparisonTable.rangeCells(List.of(close)).get(0));
        // one seed keeps its forms
        assertEquals(List.of("mmap_lock rwsem_sleep_writer", "267", "226", "0.85x"), ComparisonTable.cells(List.of(
                new SummaryComparison.Row("mmap_lock rwsem_sleep_writer", 267, 226, OptionalDouble.of(0.85), 267, 267,
                        226, 226))).get(0));
    }
}
