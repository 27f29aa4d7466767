package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.SliceHit;

/**
 * The task search over a tab's timelines: one query for A and B, a summary that says where the
 * sides differ, "next" on the side last worked in, and a query that stays through a lab run's
 * rerun but not through another dataset on the Dataset tab. Background work runs on the calling
 * thread.
 */
class TaskSearchTest {
    private static final long T0 = LockHolderPreemption.T0;

    /** B's run: the kworker and two of A's backends, which ran at other times. */
    private static Dataset fewer() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("b", "test"));
        int kworker = b.addTask(90, 90, "kworker/0:1");
        int p1 = b.addTask(5001, 5001, "postgres");
        int p2 = b.addTask(5002, 5002, "postgres");
        b.slice(0, T0, T0 + 100_000, p1, SliceState.USER)
                .slice(0, T0 + 100_000, T0 + 300_000, kworker, SliceState.KERNEL)
                .slice(1, T0, T0 + 500_000, p2, SliceState.USER);
        return b.build();
    }

    private static TimelineViewModel timeline(Dataset d) {
        TimelineViewModel t = new TimelineViewModel();
        t.setDataset(d);
        return t;
    }

    @Test
    void oneQueryFindsOnBothSidesAndTheSummarySaysWhereTheyDiffer() throws Exception {
        TimelineViewModel a = timeline(LockHolderPreemption.dataset());
        TimelineViewModel b = timeline(fewer());
        TaskSearch ab = TaskSearch.keptAcrossRuns(List.of(a, b));
        ab.queryProperty().set("kworker");
        assertEquals("kworker", b.search().queryProperty().get());
        assertTrue(a.search().highlightProperty().get().isActive());
        assertTrue(b.search().highlightProperty().get().isActive());
        assertEquals("1 task: kworker/0:1[90]", ab.summaryText().get(), "the same on both: said once");
        ab.queryProperty().set("postgres");
        assertEquals("A: 10 tasks, B: 2 tasks: postgres[5000], postgres[5001], postgres[5002], \u2026",
                ab.summaryText().get());
        ab.queryProperty().set("5100");
        assertEquals("A: 1 task, B: no match: postgres[5100]", ab.summaryText().get());
        assertTrue(ab.anyMatch().get());
        assertEquals(List.of("postgres", "kworker/0:1"), ab.suggestions().subList(0, 2));
    }

    @Test
    void nextGoesOnTheSideLastWorkedInAndElsewhereOnlyWhereItHasNone() throws Exception {
        TimelineViewModel a = timeline(LockHolderPreemption.dataset());
        TimelineViewModel b = timeline(fewer());
        TaskSearch ab = TaskSearch.keptAcrossRuns(List.of(a, b));
        ab.queryProperty().set("kworker");
        assertTrue(ab.next(Optional.of(b)));
        assertTrue(b.selection().item().isPresent(), "B's run of the kworker selected");
        assertFalse(a.selection().item().isPresent());
        assertTrue(ab.next(Optional.empty()));
        assertEquals(LockHolderPreemption.KWORKER, ((SliceHit) a.selection().item().orElseThrow()).task(), "A first");
        ab.queryProperty().set("5100"); // only A has it
        b.selection().select(Optional.empty());
        assertTrue(ab.next(Optional.of(b)), "B has none: A's");
        assertFalse(b.selection().item().isPresent());
    }

    @Test
    void enterGoesOnTheSideLastWorkedInAndElsewhereOnlyWhereItHasNone() throws Exception {
        TimelineViewModel a = timeline(LockHolderPreemption.dataset());
        TimelineViewModel b = timeline(fewer());
        TaskSearch ab = TaskSearch.keptAcrossRuns(List.of(a, b));
        ab.queryProperty().set("kworker");
        ab.go(Optional.of(b));
        assertTrue(b.selection().item().isPresent(), "Enter after working in B: B's run of the kworker");
        assertFalse(a.selection().item().isPresent(), "A stays where it was");
        ab.queryProperty().set("5100"); // only A has it
        b.selection().select(Optional.empty());
        ab.go(Optional.of(b));
        assertEquals(5100, a.dataset().task(((SliceHit) a.selection().item().orElseThrow()).task()).tid(),
                "B has none: A's");
        assertFalse(b.selection().item().isPresent());
    }

    @Test
    void aLabRunKeepsTheQueryThroughARerunAndTheDatasetTabClearsItWithAnotherDataset() throws Exception {
        TimelineViewModel live = timeline(LockHolderPreemption.dataset());
        TaskSearch kept = TaskSearch.keptAcrossRuns(List.of(live));
        kept.queryProperty().set("postgres[5002]");
        live.setDataset(fewer());
        assertEquals("postgres[5002]", kept.queryProperty().get());
        assertEquals(List.of(2), live.search().matchesProperty().get(), "the new run's task");
        assertEquals(java.util.Set.of(2), live.search().highlightProperty().get().tasks());

        TimelineViewModel dataset = timeline(LockHolderPreemption.dataset());
        TaskSearch own = TaskSearch.of(dataset);
        own.queryProperty().set("postgres[5002]");
        dataset.setDataset(fewer());
        assertEquals("", own.queryProperty().get(), "another file: the search starts over");
        assertEquals("", own.summaryText().get());
    }
}
