package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;

/**
 * Bookmarks on the timeline: a line and a flag with the note each, drawn at most once per pixel
 * column. A workspace (or dataset) with 200,000 bookmarks drew 200,000 flags and dashed lines
 * each frame, and the window stopped answering while the canvas grew by gigabytes.
 */
class BookmarkOverlayTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    private final TimelineRenderer renderer = new TimelineRenderer();

    private RecordingSurface paint(Dataset d, Viewport vp, List<Bookmark> marks) {
        RecordingSurface s = new RecordingSurface();
        renderer.render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT.withBookmarks(marks), s);
        return s;
    }

    private static List<String> notes(RecordingSurface s) {
        return s.texts().stream().map(RecordingSurface.Text::text).filter(t -> t.startsWith("note"))
                .collect(Collectors.toList());
    }

    @Test
    void bookmarksFarApartEachGetTheirFlagAndNote() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300); // 10 ns per pixel
        RecordingSurface s = paint(d, vp, List.of(new Bookmark(500, "note a"), new Bookmark(2500, "note b")));
        assertEquals(List.of("note a", "note b"), notes(s));
    }

    /**
     * runA's window exported for a review thread: the note "C2 CompilerThre waits 32 ms on the run
     * queue" read "C2 CompilerThre waits 32 ms on the run …" with half the picture free after it.
     * A note is whole where the room up to the next bookmark has it; cut, it still keeps as much.
     */
    @Test
    void aLongNoteIsWholeWhereItHasTheRoomAndCutOnlyAtTheNextBookmark() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 10_000, PLOT + 1000, 300); // 10 ns per pixel
        String note = "note C2 CompilerThre waits 32 ms on the run queue, behind java";
        RecordingSurface alone = paint(d, vp, List.of(new Bookmark(500, note)));
        assertEquals(List.of(note), notes(alone), "600 px to the plot's edge: the note whole");

        // a second bookmark 400 px on: the first note is cut at its line, the second note drawn
        RecordingSurface two = paint(d, vp, List.of(new Bookmark(500, note), new Bookmark(4500, "note b")));
        List<String> shown = notes(two);
        assertEquals(2, shown.size(), shown.toString());
        String cut = shown.get(0);
        assertTrue(cut.endsWith("\u2026") && note.startsWith(cut.substring(0, cut.length() - 1))
                && cut.length() > 40, "cut at the next line, longer than 40 characters: " + cut);
        RecordingSurface.Text first = two.texts().stream().filter(t -> t.text().equals(cut)).findFirst().orElseThrow();
        assertTrue(first.rightPx() <= PLOT + 450, "the cut note ends before the next line: " + first);
        assertEquals("note b", shown.get(1));

        // a bookmark close behind: the note is cut as before, at 40 characters, and covers the next
        RecordingSurface close = paint(d, vp, List.of(new Bookmark(500, note), new Bookmark(700, "note b")));
        assertEquals(List.of(note.substring(0, 39) + "\u2026"), notes(close));
    }

    /** The room a note may take ends at the plot's right edge too: near it, a long note is cut as before. */
    @Test
    void aLongNoteNearThePlotsRightEdgeIsCutAtFortyCharacters() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 10_000, PLOT + 1000, 300); // 10 ns per pixel
        String note = "note C2 CompilerThre waits 32 ms on the run queue, behind java";
        RecordingSurface s = paint(d, vp, List.of(new Bookmark(9_500, note))); // 50 px from the edge
        assertEquals(List.of(note.substring(0, 39) + "\u2026"), notes(s));
    }

    @Test
    void aHugeNumberOfBookmarksCostsAtMostAFewOperationsPerPixelColumn() {
        Dataset d = RenderFixtures.twoCpus();
        int widthPx = 400;
        Viewport vp = new Viewport(0, 4000, PLOT + widthPx, 300);
        List<Bookmark> marks = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            marks.add(new Bookmark(i % 4000, "note " + i));
        }
        RecordingSurface none = paint(d, vp, List.of());
        RecordingSurface s = paint(d, vp, marks);
        int extra = s.ops().size() - none.ops().size();
        assertTrue(extra <= 40 * widthPx, extra + " drawing operations for the bookmarks of a 400 px wide plot");
        assertEquals("note 0", notes(s).get(0), "the first in view keeps its note");
        assertTrue(notes(s).size() < widthPx / 8, "notes do not overlap: " + notes(s).size());
        int noteAt = -1;
        for (int i = 0; i < s.ops().size(); i++) {
            if (s.ops().get(i) instanceof RecordingSurface.Text t && t.text().equals("note 0")) {
                noteAt = i;
            }
        }
        RecordingSurface.Text note = (RecordingSurface.Text) s.ops().get(noteAt);
        // the notes hang under the axis: each flag's line there is at the top of the notes' row
        double notesTop = s.ops().subList(0, noteAt).stream().filter(o -> o instanceof RecordingSurface.Rect r
                && r.argb() == StateColors.BOOKMARK && r.widthPx() == 2).map(o -> ((RecordingSurface.Rect) o).yPx())
                .reduce((a, b) -> b).orElseThrow();
        int linesAfter = 0;
        for (RecordingSurface.Op op : s.ops().subList(noteAt + 1, s.ops().size())) {
            if (op instanceof RecordingSurface.Rect r && r.widthPx() == 2 && r.yPx() == notesTop
                    && r.argb() == StateColors.BOOKMARK) {
                linesAfter++;
                assertTrue(r.xPx() >= note.rightPx() || r.rightPx() <= note.xPx(),
                        "a later flag's line crosses the note: " + r);
            }
        }
        assertTrue(linesAfter > 0, "later notes' lines were checked");
    }
    /** An exported picture with a bookmark at 4.0 s: its flag covered the axis label "4.0 s". */
    @Test
    void aFlagCoversNoAxisLabel() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, PLOT + 400, 300);
        RecordingSurface plain = paint(d, vp, List.of());
        List<RecordingSurface.Text> labels = plain.texts().stream()
                .filter(t -> t.baselineYPx() < TimelineLayout.AXIS_HEIGHT_PX && t.xPx() >= PLOT).toList();
        assertTrue(labels.size() >= 3, "axis labels: " + labels);
        List<Bookmark> marks = new ArrayList<>();
        for (RecordingSurface.Text t : labels) { // a bookmark just before each label, as at a tick
            marks.add(new Bookmark(Math.round((t.xPx() - 4 - PLOT) * 10), "bookmark"));
        }
        RecordingSurface s = paint(d, vp, marks);
        for (RecordingSurface.Op op : s.ops()) {
            if (op instanceof RecordingSurface.Rect r && r.argb() == StateColors.BOOKMARK) {
                for (RecordingSurface.Text t : labels) {
                    boolean acrossX = r.xPx() < t.rightPx() && r.rightPx() > t.xPx();
                    boolean acrossY = r.yPx() < t.baselineYPx() && r.yPx() + r.heightPx() > t.baselineYPx() - t.fontSizePx();
                    assertTrue(!(acrossX && acrossY), "a flag " + r + " over the axis label " + t);
                }
            }
        }
    }
}
