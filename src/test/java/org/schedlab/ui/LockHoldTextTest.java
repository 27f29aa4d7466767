package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.render.TrackHit;

/** What the hover and the side panel say about a lock hold, alone or among readers. */
class LockHoldTextTest {
    private final Dataset d = readers();

    private static Dataset readers() {
        try {
            DatasetBuilder b = Dataset.builder(Metadata.of("readers", "test"));
            int a = b.addTask(4001, 4000, "conn1");
            int c = b.addTask(4002, 4000, "conn2");
            b.lock("mmap_lock", "rwsem", true).hold(0, 300_000, a).hold(100_000, 200_000, c);
            return b.build();
        } catch (org.schedlab.model.InvalidDatasetException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aReaderAmongOthersSaysHowManyHoldIt() {
        TrackHit.LockHoldHit hit = new TrackHit.LockHoldHit(0, 0, 0, 0, 300_000, 0, 2);
        String hover = HoverText.of(d, hit);
        assertTrue(hover.startsWith("mmap_lock held by conn1[4001] and 1 more"), hover);
        String panel = SelectionViewModel.describe(d, hit);
        assertTrue(panel.contains("longest-standing of 2 holders"), panel);
    }

    @Test
    void aLoneHolderIsJustTheHolder() {
        TrackHit.LockHoldHit hit = new TrackHit.LockHoldHit(0, 0, 0, 0, 300_000, 0);
        assertFalse(HoverText.of(d, hit).contains("more"), HoverText.of(d, hit));
        assertFalse(SelectionViewModel.describe(d, hit).contains("holders"));
    }

    @Test
    void aTaskWhoseProcessWasNotRecordedIsNamedWithoutAPid() {
        assertTrue(SelectionViewModel.who(new org.schedlab.model.TaskInfo(0, 4001, 4000, "conn1"))
                .equals("conn1[4001]  (pid 4000)"));
        // perf sched script without -F pid: the recording never said, so "(pid -1)" would be made up
        assertFalse(SelectionViewModel.who(new org.schedlab.model.TaskInfo(0, 4001, -1, "conn1")).contains("pid"));
    }
}
