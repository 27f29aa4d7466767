package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.DatasetJson;

/**
 * Marks come from many places and are sorted by time when the dataset is built; a wake-up's waker
 * is sorted with its mark, so each wake-up still names the task that woke it (and a crop and the
 * dataset's save and load keep that). A waker that is no task of the dataset is refused.
 */
class MarksWakerOrderTest {
    private static Dataset outOfOrder() throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("marks out of order", "test"));
        int a = b.addTask(10, 10, "a");
        int bb = b.addTask(20, 20, "b");
        int c = b.addTask(30, 30, "c");
        b.slice(0, 0, 1_000, a, SliceState.USER);
        // added as a second source would add them: later ones first
        b.mark(MarkKind.WAKEUP, 300, 0, a, "", 0, bb);
        b.mark(MarkKind.WAKEUP, 100, 0, bb, "", 0, Marks.IDLE_WAKER);
        b.mark(MarkKind.BOOKMARK, 200, -1, Intervals.NO_TASK, "here");
        b.mark(MarkKind.WAKEUP, 50, 0, c, "", 0, a);
        b.mark(MarkKind.WAKEUP, 400, 0, c, "");
        return b.build();
    }

    /** Each mark as "t kind task by waker" in the dataset's order. */
    private static List<String> marks(Dataset d) {
        Marks m = d.marks();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            int w = m.waker(i);
            String by = w == Marks.IDLE_WAKER ? "<idle>" : w == Marks.NO_WAKER ? "-" : d.task(w).comm();
            String who = m.task(i) == Intervals.NO_TASK ? "-" : d.task(m.task(i)).comm();
            out.add(m.tNs(i) + " " + m.kind(i).label() + " " + who + " by " + by);
        }
        return out;
    }

    @Test
    void aWakerStaysWithItsMarkWhenMarksAddedOutOfOrderAreSorted() throws Exception {
        Dataset d = outOfOrder();
        List<String> want = List.of("50 wakeup c by a", "100 wakeup b by <idle>", "200 bookmark - by -",
                "300 wakeup a by b", "400 wakeup c by -");
        assertEquals(want, marks(d));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        Dataset back = DatasetJson.read(new ByteArrayInputStream(out.toByteArray()), "saved.json");
        assertEquals(want, marks(back));
        assertEquals(List.of("100 wakeup b by <idle>", "200 bookmark - by -", "300 wakeup a by b"),
                marks(d.crop(100, 350)));
    }

    @Test
    void aWakerThatIsNoTaskOfTheDatasetIsRefusedSayingWhichMark() {
        for (int waker : new int[] {3, 99, -5}) {
            DatasetBuilder b = Dataset.builder(Metadata.of("bad waker", "test"));
            int a = b.addTask(10, 10, "a");
            b.addTask(20, 20, "b");
            b.addTask(30, 30, "c");
            b.slice(0, 0, 1_000, a, SliceState.USER);
            b.mark(MarkKind.WAKEUP, 100, 0, a, "", 0, Marks.IDLE_WAKER);
            b.mark(MarkKind.WAKEUP, 200, 0, a, "", 0, waker);
            InvalidDatasetException e = assertThrows(InvalidDatasetException.class, b::build, "waker " + waker);
            assertTrue(e.getMessage().contains("mark 1's waker: unknown task id " + waker + " (dataset has 3 tasks)"),
                    e.getMessage());
        }
    }
}
