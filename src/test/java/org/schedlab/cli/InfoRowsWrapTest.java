package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.TaskState;

/** {@code info}'s rows that count parts (marks by kind) stay within 72 columns, wrapped under the value column. */
class InfoRowsWrapTest {
    @TempDir
    Path dir;

    /** A run's marks of four kinds ran to 88 columns on one line: wrapped under the value column, each kind whole. */
    @Test
    void manyMarkKindsWrapUnderTheValueColumn() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("marks", "test"));
        int t = b.addTask(100, 100, "conn1");
        b.taskState(t, 0, 100_000, TaskState.RUNNING);
        b.slice(0, 0, 100_000, t, org.schedlab.model.SliceState.USER);
        // in time order: a wakeup every 10 ns, a preemption 1 ns after each of the first 380
        b.mark(org.schedlab.model.MarkKind.LOCK_HOLDER_PREEMPTION, 0, 0, t, "");
        b.mark(org.schedlab.model.MarkKind.LOCK_HANDOFF, 0, 0, t, "mmap_lock handoff");
        for (int i = 0; i < 1200; i++) {
            b.mark(org.schedlab.model.MarkKind.WAKEUP, i * 10L, 0, t, "");
            if (i < 380) {
                b.mark(org.schedlab.model.MarkKind.PREEMPTION, i * 10L + 1, 0, t, "");
            }
        }
        Path p = dir.resolve("marks.json");
        DatasetJson.write(b.build(), p);
        CliRun r = CliRun.of("info", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\nmarks       1,582 (preemption 380, lock-holder-preemption 1,\n"
                + "            wakeup 1,200, lock-handoff 1)\n"), r.out());
        for (String line : r.out().split("\n")) {
            assertTrue(line.length() <= 72, "72 columns: " + line);
        }
    }

}
