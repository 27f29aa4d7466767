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
        assertTrue(Files.isRegularFile(store), "written under a directory created on demand");
        assertEquals(r.entries(), RecentFiles.storedIn(store).entries(), "read back after a restart");
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
        assertTrue(r.entries().isEmpty());
        Path a = touch("a.txt");
        r.add(List.of(a));
        assertEquals(List.of(List.of(a)), RecentFiles.storedIn(store).entries());
    }

    @Test
    void aStoreThatCannotBeWrittenKeepsTheListInMemory() throws Exception {
        Path blocker = touch("not-a-directory");
        RecentFiles r = RecentFiles.storedIn(blocker.resolve("recent.json"));
        Path a = touch("a.txt");
        r.add(List.of(a));
        assertEquals(List.of(List.of(a)), r.entries());
    }

    @Test
    void clearEmptiesTheStoredList() throws Exception {
        Path store = dir.resolve("recent.json");
        RecentFiles r = RecentFiles.storedIn(store);
        r.add(List.of(touch("a.txt")));
        r.clear();
        assertTrue(RecentFiles.storedIn(store).entries().isEmpty());
    }
}
