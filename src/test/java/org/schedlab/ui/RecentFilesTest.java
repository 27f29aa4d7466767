package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recent-files list: order, limits, what survives a restart, and what a damaged store does. */
class RecentFilesTest {
    @TempDir
    Path dir;

    private Path touch(String name) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "x");
        return p;
    }

    @Test
    void mostRecentFirstReopeningMovesUpAndTheListSurvivesARestart() throws Exception {
        Path store = dir.resolve("config/schedlab/recent-files.json");
        Path a = touch("a.txt");
        Path b = touch("b.txt.gz");
        Path c = touch("c.txt");
        RecentFiles r = RecentFiles.storedIn(store);
        r.add(List.of(a));
        r.add(List.of(b, c));
        r.add(List.of(a));
        assertEquals(List.of(List.of(a), List.of(b, c)), r.entries());
        assertFalse(Files.exists(store), "changes stay in memory until written");
        r.write(r.snapshot());
        assertTrue(Files.isRegularFile(store), "written under a directory created on demand");
        assertEquals(r.entries(), RecentFiles.storedIn(store).readStore(), "read back after a restart");
    }

    @Test
    void aListKeptInADotfilesRepositoryStaysALinkToIt() throws Exception {
        // ~/.config/schedlab/recent-files.json linked into a dotfiles repository: the list was
        // written to a temporary beside the link and renamed over it, so the link became a file
        Path real = dir.resolve("dotfiles/recent-files.json");
        Files.createDirectories(real.getParent());
        Files.writeString(real, "{\"recent\":[]}");
        Path link = Files.createSymbolicLink(dir.resolve("recent-files.json"), real);
        RecentFiles r = RecentFiles.storedIn(link);
        r.add(List.of(touch("a.txt")));
        r.write(r.snapshot());
        assertTrue(Files.isSymbolicLink(link), "still a link");
        assertEquals(r.entries(), RecentFiles.storedIn(real).readStore(), "the list went to the link's target");
        try (var files = Files.list(dir)) {
            assertEquals(List.of("a.txt", "dotfiles", "recent-files.json"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(), "no temporary left");
        }
    }

    @Test
    void keepsAtMostTenEntries() throws Exception {
        RecentFiles r = RecentFiles.storedIn(dir.resolve("recent.json"));
        for (int i = 0; i < 13; i++) {
            r.add(List.of(touch("f" + i)));
        }
        assertEquals(RecentFiles.MAX_ENTRIES, r.entries().size());
        assertEquals(dir.resolve("f12"), r.entries().get(0).get(0));
        assertEquals(dir.resolve("f3"), r.entries().get(9).get(0));
    }

    @Test
    void anEntryWithAFileThatIsGoneIsNotAvailable() throws Exception {
        Path a = touch("a.txt");
        Path b = touch("b.txt");
        assertTrue(RecentFiles.available(List.of(a, b)));
        Files.delete(b);
        assertFalse(RecentFiles.available(List.of(a, b)));
    }

    @Test
    void aDamagedStoreStartsEmptyAndIsRewrittenOnTheNextOpen() throws Exception {
        Path store = dir.resolve("recent.json");
        Files.writeString(store, "{\"recent\": [[\"/tmp/x\"], [tru");
        RecentFiles r = RecentFiles.storedIn(store);
        assertTrue(r.readStore().isEmpty());
        r.mergeStored(r.readStore());
        Path a = touch("a.txt");
        r.add(List.of(a));
        r.write(r.snapshot());
        assertEquals(List.of(List.of(a)), RecentFiles.storedIn(store).readStore());
    }

    @Test
    void aStoreThatCannotBeWrittenKeepsTheListInMemory() throws Exception {
        Path blocker = touch("not-a-directory");
        RecentFiles r = RecentFiles.storedIn(blocker.resolve("recent.json"));
        Path a = touch("a.txt");
        r.add(List.of(a));
        r.write(r.snapshot());
        assertEquals(List.of(List.of(a)), r.entries());
    }

    @Test
    void clearEmptiesTheStoredList() throws Exception {
        Path store = dir.resolve("recent.json");
        RecentFiles r = RecentFiles.storedIn(store);
        r.add(List.of(touch("a.txt")));
        r.write(r.snapshot());
        r.clear();
        r.write(r.snapshot());
        assertTrue(RecentFiles.storedIn(store).readStore().isEmpty());
    }

    @Test
    void anOlderSnapshotWrittenLastDoesNotReplaceANewerOne() throws Exception {
        Path store = dir.resolve("recent.json");
        RecentFiles r = RecentFiles.storedIn(store);
        Path a = touch("a.txt");
        Path b = touch("b.txt");
        r.add(List.of(a));
        RecentFiles.Snapshot older = r.snapshot();
        r.add(List.of(b));
        r.write(r.snapshot());
        r.write(older); // two worker threads finishing out of order
        assertEquals(List.of(List.of(b), List.of(a)), RecentFiles.storedIn(store).readStore());
    }

    @Test
    void entriesOpenedBeforeTheStoreIsReadComeFirstAndAClearBeforeThatDropsTheStoredOnes() throws Exception {
        Path store = dir.resolve("recent.json");
        Path a = touch("a.txt");
        Path b = touch("b.txt");
        RecentFiles first = RecentFiles.storedIn(store);
        first.mergeStored(first.readStore());
        first.add(List.of(a));
        first.write(first.snapshot());

        RecentFiles next = RecentFiles.storedIn(store);
        assertFalse(next.storeRead());
        next.add(List.of(b));
        assertTrue(next.mergeStored(next.readStore()), "the merged list differs from the stored one");
        assertEquals(List.of(List.of(b), List.of(a)), next.entries());

        RecentFiles cleared = RecentFiles.storedIn(store);
        cleared.clear();
        assertTrue(cleared.mergeStored(cleared.readStore()));
        assertTrue(cleared.entries().isEmpty(), "a clear made while the store was being read wins");
    }

    /** The menu names each file's folder: one for a run's files side by side, each its own when they are apart. */
    @Test
    void theMenuLabelNamesTheFolderOfEveryFile() {
        Path runs = Path.of("/home/me/runs");
        assertEquals("perf.txt.gz + pgbench.txt  \u2014  " + runs,
                RecentMenu.label(List.of(runs.resolve("perf.txt.gz"), runs.resolve("pgbench.txt"))));
        // was "perf.txt.gz + pgbench.txt  -  /home/me/runs/a": pgbench.txt is not there
        assertEquals("perf.txt.gz (" + runs.resolve("a") + ") + pgbench.txt (" + runs.resolve("b") + ")",
                RecentMenu.label(List.of(runs.resolve("a/perf.txt.gz"), runs.resolve("b/pgbench.txt"))));
        assertEquals("run.json  \u2014  " + runs, RecentMenu.label(List.of(runs.resolve("run.json"))));
        assertEquals("run.json", RecentMenu.label(List.of(Path.of("run.json"))));
    }

    /** A disabled several-file entry names the files that are gone: "(missing)" did not say which to put back. */
    @Test
    void aSeveralFileEntryNamesItsMissingFiles() throws Exception {
        Path perf = touch("perf.txt.gz");
        Path pg = touch("pgbench.txt");
        List<Path> entry = List.of(perf, pg);
        assertEquals(List.of(), RecentFiles.missing(entry));
        Files.delete(pg);
        assertEquals(List.of(pg), RecentFiles.missing(entry));
        assertEquals("  (missing: pgbench.txt)", RecentMenu.missingNote(entry, RecentFiles.missing(entry)));
        Files.delete(perf);
        assertEquals("  (missing: both files)", RecentMenu.missingNote(entry, RecentFiles.missing(entry)));
        // one file: the label is its name already
        assertEquals("  (missing)", RecentMenu.missingNote(List.of(pg), List.of(pg)));
        // two of three gone, two sharing a name in different folders: those with their folder
        Path a = Path.of("/runs/a/perf.txt");
        Path b = Path.of("/runs/b/perf.txt");
        Path log = Path.of("/runs/a/pgbench_log.1");
        assertEquals("  (missing: " + b + ", pgbench_log.1)", RecentMenu.missingNote(List.of(a, b, log), List.of(b, log)));
        assertEquals("  (missing: all 3 files)", RecentMenu.missingNote(List.of(a, b, log), List.of(a, b, log)));
    }
}
