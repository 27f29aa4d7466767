package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;

/**
 * A lock tool's contention table, stored by its importer as metadata, read back as a table: the
 * import text, the summary report (72 columns, for a mail) and the Locks tab show it instead of
 * hundreds of key=value pairs.
 */
class LockTableTest {

    @Test
    void rowsAndColumnsComeBackInTheFilesOrderWithDottedCallersWhole() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("perf-lock-contention.rows", "2");
        p.put("lockContention.__page_cache_release.part.0+0x58.type", "spinlock");
        p.put("lockContention.__page_cache_release.part.0+0x58.contended", "1");
        p.put("lockContention.__page_cache_release.part.0+0x58.totalWaitUs", "862.19");
        p.put("lockContention.1950 nv_queue.contended", "3");
        p.put("lockStat.vmap_area_lock.contentions", "20"); // a second tool's table: not mixed in
        LockTable t = LockTable.of(p).orElseThrow();
        assertEquals("perf lock contention", t.tool());
        // the columns a reader looks at first, then the tool's own order
        assertEquals(List.of("contended", "totalWaitUs", "type"), t.fields());
        assertEquals("__page_cache_release.part.0+0x58", t.rows().get(0).name());
        assertEquals(List.of("1", "862.19", "spinlock"), t.rows().get(0).values());
        assertEquals(List.of("3", "", ""), t.rows().get(1).values(), "a field the row lacks is blank");
        assertFalse(LockTable.isTableKey("perf-lock-contention.rows"));
        assertFalse(LockTable.isTableKey("lockContention.x"), "no field after the caller");
        assertTrue(LockTable.of(Map.of("throughput", "100 tps")).isEmpty());
        assertEquals("total wait us", LockTable.heading("totalWaitUs"));
        assertEquals("spin avg ns", LockTable.heading("SpinAvgNs"));
    }

    @Test
    void aColumnIsAsWideAsItsGroupedFigures() {
        // the width went by the file's digits: 12345678 (8) under "contended" (9) printed 12,345,678
        // (10), its row a column past the heading and every column after it
        Map<String, String> p = new LinkedHashMap<>();
        p.put("perf-lock-contention.rows", "2");
        p.put("lockContention.wake_up_q+0x33.contended", "12345678");
        p.put("lockContention.wake_up_q+0x33.totalWaitUs", "8580.00");
        p.put("lockContention.pollwake+0x73.contended", "73");
        p.put("lockContention.pollwake+0x73.totalWaitUs", "4270.00");
        List<String> lines = LockTable.of(p).orElseThrow().text(10, 16, PlainText.WIDTH).lines().toList();
        assertEquals(List.of("perf lock contention",
                "caller           contended  total wait us",
                "wake_up_q+0x33  12,345,678       8,580.00",
                "pollwake+0x73           73       4,270.00"), lines);
    }

    @Test
    void perfLockContentionOfTheRealRunReadsAsPerfPrintedIt() throws Exception {
        Dataset d = Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt").dataset();
        LockTable t = LockTable.of(d.metadata().parameters()).orElseThrow();
        assertEquals(135, t.rows().size(), "perf printed 135 rows");
        assertEquals("wake_up_q+0x33", t.rows().get(0).name());
        assertEquals(List.of("207", "8580.00", "6900.00", "41.43", "spinlock"), t.rows().get(0).values());
        assertEquals("exit_to_user_mode_loop+0x51#2", t.rows().get(10).name(), "a caller seen again is numbered");

        String all = t.text(Integer.MAX_VALUE, 40, Integer.MAX_VALUE);
        assertEquals(137, all.lines().count(), "the tool, a heading and every row, nothing left out");
        assertTrue(all.lines().skip(2).findFirst().orElseThrow()
                .matches("wake_up_q\\+0x33 +207 +8,580\\.00 +6,900\\.00 +41\\.43 +spinlock"),
                "the file's figures with their thousands grouped, as in every text table: " + all);

        String mail = t.text(15, 32, PlainText.WIDTH);
        assertTrue(mail.lines().allMatch(l -> l.length() <= PlainText.WIDTH), mail);
        assertTrue(mail.contains("ep_autoremove_wake_function+0x15"), "a 32-character caller is not cut: " + mail);
        assertTrue(mail.contains("not shown: 120 more rows; columns avg wait us, type"), mail);
    }

    @Test
    void theNamesColumnIsTitledAsTheToolsHeaderNamesItAndADatasetSavedWithoutItStillReads() throws Exception {
        // perf lock contention -t keys its rows by task ("pid comm"): titled "caller" whatever the
        // grouping, "1950 nv_queue" read as a function
        Map<String, String> byTask = Fixtures.importAll("public/lock/lkml_namhyung_perf_lock_con_-abt_per_thread.txt")
                .dataset().metadata().parameters();
        assertEquals("pid comm", byTask.get("perf-lock-contention.keyColumn"), "the dataset keeps it");
        LockTable t = LockTable.of(byTask).orElseThrow();
        assertEquals("pid comm", t.key());
        assertTrue(t.tasks());
        assertEquals("2725038 EventManager_De", t.rows().get(2).name());
        assertTrue(LockTable.isTableKey("perf-lock-contention.keyColumn"), "shown as the heading, not a parameter");
        String text = t.text(Integer.MAX_VALUE, 40, Integer.MAX_VALUE);
        assertTrue(text.startsWith("perf lock contention\npid comm  "), text);

        Map<String, String> byCaller = Fixtures.importAll(
                "public/lock/lkml_acme_perf_lock_contention_use-bpf_aarch64.txt").dataset().metadata().parameters();
        assertEquals("caller", LockTable.of(byCaller).orElseThrow().key());
        assertFalse(LockTable.of(byCaller).orElseThrow().tasks());
        Map<String, String> byLock = Fixtures.importAll("handmade/lock/perf_lock_contention_csv_by_lock.txt")
                .dataset().metadata().parameters();
        assertEquals("symbol", LockTable.of(byLock).orElseThrow().key(), "-l: the lock's symbol, its address beside");
        assertEquals("caller", LockTable.of(Fixtures.importAll("public/lock/bcc_klockstat_example.txt").dataset()
                .metadata().parameters()).orElseThrow().key());
        assertEquals("class name", LockTable.of(Fixtures.importAll("public/lock/lkml_urezki_proc_lock_stat_vmap.txt")
                .dataset().metadata().parameters()).orElseThrow().key());

        // a dataset saved before the key was kept: perf's groupings tell it from the cells
        Map<String, String> older = new LinkedHashMap<>(byTask);
        older.remove("perf-lock-contention.keyColumn");
        assertEquals("pid comm", LockTable.of(older).orElseThrow().key(), "no lock type, \"PID COMM\" names");
        Map<String, String> olderLocks = new LinkedHashMap<>(byLock);
        olderLocks.remove("perf-lock-contention.keyColumn");
        assertEquals("symbol", LockTable.of(olderLocks).orElseThrow().key());
        Map<String, String> olderCallers = new LinkedHashMap<>(byCaller);
        olderCallers.remove("perf-lock-contention.keyColumn");
        assertEquals("caller", LockTable.of(olderCallers).orElseThrow().key());
    }

    @Test
    void aTableOnlyDatasetsReportShowsTheTableAndSaysTheCpusWereNotRecorded() throws Exception {
        ObjectNode s = DatasetSummary.of(
                Fixtures.importAll("real/pgbench-local/runC_lock_contention.txt").dataset());
        assertEquals(0.0, s.path("cpuSpanMs").asDouble(), "no CPU slices: the CPU lanes cover nothing");
        String r = SummaryReport.render(s);
        assertTrue(r.lines().allMatch(l -> l.length() <= PlainText.WIDTH), r);
        assertFalse(r.contains("lockContention."), "the table's cells are not dumped as params: " + r);
        assertTrue(r.contains("params    perf-lock-contention.rows=135\n"), r);
        assertTrue(r.contains("cpu         not recorded: no CPU slices in this dataset\n"), r);
        assertFalse(r.contains("idle 0.0 %"), r);
        assertFalse(r.contains("runqlat"), "no scheduling recorded, so nothing to say about wake-ups: " + r);
        assertTrue(r.contains("perf lock contention\ncaller                            contended  total wait us  max wait us\n"
                + "wake_up_q+0x33                          207       8,580.00     6,900.00\n"), r);

        ObjectNode k = DatasetSummary.of(Fixtures.importAll("public/lock/lkml_urezki_proc_lock_stat_vmap.txt").dataset());
        assertTrue(SummaryReport.render(k).contains(
                "/proc/lock_stat\nclass name            contentions  waittime total us  waittime max us\n"
                + "vmap_area_lock          2,554,276      11,719,647.67           213.61\n"), SummaryReport.render(k));
    }
}
