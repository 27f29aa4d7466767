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
