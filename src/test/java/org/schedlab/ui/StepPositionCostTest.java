package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * Stepping through a big run: each step runs on the FX thread, so "N of M events" must not walk
 * every mark (a second of pgbench-graviton4 has 2.2 million). The bookmarks among the marks are
 * not events and are left out of both numbers.
 */
class StepPositionCostTest {
    private static final int MARKS = 1_500_000;

    /** One CPU, one task; a wake-up every microsecond and a bookmark after every 1_000th. */
    private static Dataset big() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("big.json", "simulation"));
        int t = b.addTask(1, 1, "postgres");
        b.slice(0, 0, MARKS * 1_000L + 1_000, t, SliceState.USER);
        for (int i = 0; i < MARKS; i++) {
            b.mark(MarkKind.WAKEUP, i * 1_000L, 0, t, "");
            if (i % 1_000 == 999) {
                b.mark(MarkKind.BOOKMARK, i * 1_000L + 1, -1, -1, "here");
            }
        }
        return b.build();
    }

    @Test
    void positionCountsEventsWithoutTheBookmarks() throws Exception {
        TimelineViewModel vm = new TimelineViewModel();
        vm.setDataset(big());
        int bookmarks = MARKS / 1_000;
        String total = String.format(java.util.Locale.ROOT, "%,d", MARKS); // 1,500,000
        assertEquals(total + " events", vm.steps().positionProperty().get());
        vm.steps().first();
        for (int i = 0; i < 1_001; i++) {
            vm.steps().next(); // over the first bookmark, at mark index 1_000
        }
        assertTrue(vm.steps().positionProperty().get().startsWith("1,002 of " + total + " events"),
                vm.steps().positionProperty().get());
        assertEquals(MARKS + bookmarks, vm.dataset().marks().size());
    }
}
