package org.schedlab.render;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;

/**
 * What the user adds on top of the data: the selected range (shaded over the lanes, with its
 * duration on the axis), the selected item's outline, bookmarks (a dashed line and a flag with
 * the note), the pointer's time line, and a note while the picture is a stale one being
 * refined.
 */
final class OverlayPainter {
    private final TimelineLayout layout;
    private final TimelineStyle style;
    private final PaintOptions options;
    private final long originNs;

    /** {@code originNs}: where the axis counts from (the dataset start); the pointer's time label does too. */
    OverlayPainter(TimelineLayout layout, TimelineStyle style, PaintOptions options, long originNs) {
        this.layout = layout;
        this.style = style;
        this.options = options;
        this.originNs = originNs;
    }

    private double clampX(double x) {
        return Math.max(layout.plotLeftPx(), Math.min(layout.plotLeftPx() + layout.plotWidthPx(), x));
    }

    /** Over the lanes (drawn inside the plot clip). */
    void lanes(DrawSurface s) {
        double top = layout.lanesTopPx();
        double bottom = layout.lanesBottomPx();
        options.range().ifPresent(r -> {
            double x0 = clampX(layout.xOf(r.startNs()));
            double x1 = clampX(layout.xOf(r.endNs()));
            s.setColor(StateColors.SELECTION_FILL);
            s.fillRect(x0, top, Math.max(1, x1 - x0), bottom - top);
            s.setColor(StateColors.SELECTION_EDGE);
            s.strokeLine(x0 + 0.5, top, x0 + 0.5, bottom);
            s.strokeLine(x1 - 0.5, top, x1 - 0.5, bottom);
        });
        BitSet drawn = new BitSet(); // pixel columns with a bookmark line already
        for (Bookmark b : options.bookmarks()) {
            double x = Math.floor(layout.xOf(b.tNs())) + 0.5;
            if (x < layout.plotLeftPx() || x > layout.plotLeftPx() + layout.plotWidthPx()) {
                continue;
            }
            int column = (int) (x - layout.plotLeftPx());
            if (drawn.get(column)) {
                continue; // thousands of bookmarks zoomed out: one line per column, not one per bookmark
            }
            drawn.set(column);
            s.setColor(StateColors.BOOKMARK);
            for (double y = top; y < bottom; y += 8) {
                s.strokeLine(x, y, x, Math.min(bottom, y + 4));
            }
        }
        bookmarkNotes(s, top);
        selectedOutline(s);
        options.cursorNs().ifPresent(t -> {
            double x = Math.floor(layout.xOf(t)) + 0.5;
            s.setColor(style.cursorArgb());
            s.strokeLine(x, top, x, bottom);
        });
    }

    private void selectedOutline(DrawSurface s) {
        Optional<Selected> sel = options.selected();
        if (sel.isEmpty()) {
            return;
        }
        Selected it = sel.get();
        Optional<TrackRow> row = layout.find(it.kind(), it.ref());
        if (row.isEmpty()) {
            return;
        }
        TrackRow r = row.get();
        double x0 = layout.xOf(it.startNs());
        double x1 = layout.xOf(it.endNs());
        if (x1 - x0 < 3) {
            double mid = (x0 + x1) / 2;
            x0 = mid - 1.5;
            x1 = mid + 1.5;
        }
        double y0 = r.topPx() - 1;
        double y1 = r.bottomPx() + 1;
        s.setColor(style.textArgb());
        s.fillRect(x0 - 1, y0 - 1, x1 - x0 + 2, 2);
        s.fillRect(x0 - 1, y1 - 1, x1 - x0 + 2, 2);
        s.fillRect(x0 - 1, y0 - 1, 2, y1 - y0 + 2);
        s.fillRect(x1 - 1, y0 - 1, 2, y1 - y0 + 2);
    }

    /** How far a bookmark's mark reaches into the axis from its top: above the tick labels. */
    static final double FLAG_MARK_PX = 7;

    /**
     * The bookmarks' notes as flags just under the axis (over the first row, the CPUs header as
     * a rule): the notes where no earlier note is, so a dense row of bookmarks still reads - a
     * huge number of bookmarks costs at most a note per pixel column, and notes never overlap.
     */
    private void bookmarkNotes(DrawSurface s, double top) {
        double font = style.axisFontPx();
        double firstPx = layout.plotLeftPx() - 200;
        double lastPx = layout.plotLeftPx() + layout.plotWidthPx();
        BitSet underNotes = new BitSet();
        // each bookmark's line, in order: a note may run whole up to the next one's line
        double[] lines = options.bookmarks().stream().mapToDouble(b -> Math.floor(layout.xOf(b.tNs())))
                .filter(x -> x >= firstPx && x <= lastPx).sorted().toArray();
        for (Bookmark b : options.bookmarks()) {
            double x = Math.floor(layout.xOf(b.tNs()));
            if (x < firstPx || x > lastPx || underNotes.get((int) (x - firstPx) + 2)) {
                continue;
            }
            String note = noteText(s, b.note().isEmpty() ? "bookmark" : b.note(), font, nextLine(lines, x, lastPx) - x);
            double w = s.textWidthPx(note, font) + 8;
            int column = (int) (x - firstPx);
            underNotes.set(column + 2, column + 2 + (int) Math.ceil(w));
            s.setColor(StateColors.BOOKMARK);
            s.fillRect(x, top, 2, font + 5);
            s.fillRect(x + 2, top, w, font + 5);
            s.setColor(Argb.hex("#FFFFFF"));
            s.fillText(note, x + 6, top + font + 1, font);
        }
    }

    /** Notes longer than this many characters are cut there, unless the room before the next line has them. */
    static final int NOTE_CHARS = 40;

    /**
     * A bookmark's note as its flag shows it: whole where it fits the {@code roomPx} up to the next
     * bookmark's line (or the plot's edge), else cut, with an ellipsis, to that room or to
     * {@value #NOTE_CHARS} characters, whichever keeps more. A 44-character note with the picture's
     * whole right half free lost its last words at 40 characters ("... 32 ms on the run …").
     */
    private static String noteText(DrawSurface s, String note, double font, double roomPx) {
        if (note.length() <= NOTE_CHARS || s.textWidthPx(note, font) + 8 <= roomPx) {
            return note;
        }
        int lo = NOTE_CHARS - 1; // today's cut, which always shows
        int hi = note.length() - 1;
        while (lo < hi) { // the longest cut whose ellipsis still ends in the room
            int mid = (lo + hi + 1) >>> 1;
            if (s.textWidthPx(note.substring(0, mid) + "\u2026", font) + 8 <= roomPx) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return note.substring(0, lo).stripTrailing() + "\u2026";
    }

    /** The first bookmark line right of {@code x} among the sorted {@code lines}, else {@code lastPx}. */
    private static double nextLine(double[] lines, double x, double lastPx) {
        int i = Arrays.binarySearch(lines, x + 0.5);
        i = i < 0 ? -i - 1 : i;
        return i < lines.length ? Math.min(lines[i], lastPx) : lastPx;
    }

    /** The range's duration badge's top edge on the axis. */
    private static final double RANGE_BADGE_TOP_PX = 3;

    /**
     * The bottom edge of the badges on an axis {@code axisHeightPx} tall (the range's duration,
     * the pointer's time): a pixel above the scheduler ticks' carets along the axis' bottom
     * ({@link SchedulerTicks}). Reaching lower, the range's badge covered the carets' heads under
     * it, leaving stubs that read as the axis' own ticks, and the pointer's hid them whole.
     */
    static double badgeBottomPx(double axisHeightPx) {
        return axisHeightPx - 1 - SchedulerTicks.NOTCH_PX - 1;
    }

    /**
     * Where the selected range's duration badge sits on the axis, {@code {left, right}} in pixels,
     * or null without a range: the tick labels it would half cover are left out ({@link
     * AxisPainter}), a "20 ms" under its edge read "0 ms".
     */
    double[] rangeBadgePx(DrawSurface s) {
        return options.range().map(r -> {
            double w = s.textWidthPx(TimeFormat.duration(r.durationNs()), style.axisFontPx()) + 10;
            double left = rangeBadgeLeftPx(r, w);
            return new double[] {left, left + w};
        }).orElse(null);
    }

    /** The badge's left edge: centred over the range, kept inside the plot. */
    private double rangeBadgeLeftPx(TimeRange r, double badgeWidthPx) {
        double x0 = clampX(layout.xOf(r.startNs()));
        double x1 = clampX(layout.xOf(r.endNs()));
        return Math.max(layout.plotLeftPx(), Math.min((x0 + x1) / 2 - badgeWidthPx / 2,
                layout.plotLeftPx() + layout.plotWidthPx() - badgeWidthPx));
    }

    /**
     * The pointer's time badge's left edge: right of its line, or left of it at the plot's end,
     * and never over the selected range's duration badge ({@code rangeBadge}, or null): there it
     * hid the range's "7.83 ms" while the pointer crossed the axis. Beside that badge, then, on the
     * side the line is nearer to.
     */
    private double cursorBadgeLeftPx(double x, double w, double[] rangeBadge) {
        double lo = layout.plotLeftPx();
        double hi = layout.plotLeftPx() + layout.plotWidthPx() - w;
        double right = Math.max(lo, Math.min(x + 2, hi));
        if (rangeBadge == null || right + w <= rangeBadge[0] || right >= rangeBadge[1]) {
            return right;
        }
        double left = x - 2 - w;
        if (left >= lo && left + w <= rangeBadge[0]) {
            return left;
        }
        double after = rangeBadge[1] + 2;
        double before = rangeBadge[0] - 2 - w;
        boolean nearerRight = x - rangeBadge[0] > rangeBadge[1] - x;
        if (nearerRight ? after <= hi : before < lo) {
            return after <= hi ? after : right;
        }
        return before >= lo ? before : right;
    }

    /**
     * The selected range's tint on the axis (drawn after it, before the scheduler ticks' carets:
     * a caret in the range keeps its teal).
     */
    void axisTint(DrawSurface s) {
        double h = layout.lanesTopPx();
        s.pushClip(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        options.range().ifPresent(r -> {
            double x0 = clampX(layout.xOf(r.startNs()));
            double x1 = clampX(layout.xOf(r.endNs()));
            s.setColor(Argb.withAlpha(StateColors.SELECTION_EDGE, 70));
            s.fillRect(x0, 0, Math.max(1, x1 - x0), h);
        });
        s.popClip();
    }

    /** On the axis (drawn after it, its tint and the scheduler ticks' carets). */
    void axis(DrawSurface s) {
        double h = layout.lanesTopPx();
        double font = style.axisFontPx();
        s.pushClip(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        options.range().ifPresent(r -> {
            String text = TimeFormat.duration(r.durationNs());
            double w = s.textWidthPx(text, font) + 10;
            double cx = rangeBadgeLeftPx(r, w);
            double bottom = badgeBottomPx(h);
            s.setColor(StateColors.SELECTION_EDGE);
            s.fillRect(cx, RANGE_BADGE_TOP_PX, w, bottom - RANGE_BADGE_TOP_PX);
            s.setColor(Argb.hex("#FFFFFF"));
            s.fillText(text, cx + 5, (RANGE_BADGE_TOP_PX + bottom) / 2 + font * 0.36, font);
        });
        // a flag's mark once per pixel column, above the tick labels (they start about 9 px down);
        // its note hangs under the axis (bookmarkNotes), where it covers no label such as "4.0 s"
        double firstPx = layout.plotLeftPx() - 200;
        double lastPx = layout.plotLeftPx() + layout.plotWidthPx();
        BitSet lines = new BitSet();
        s.setColor(StateColors.BOOKMARK);
        for (Bookmark b : options.bookmarks()) {
            double x = Math.floor(layout.xOf(b.tNs()));
            if (x >= firstPx && x <= lastPx && !lines.get((int) (x - firstPx))) {
                lines.set((int) (x - firstPx));
                s.fillRect(x, 0, 2, FLAG_MARK_PX);
            }
        }
        double[] rangeBadge = rangeBadgePx(s);
        options.cursorNs().ifPresent(t -> {
            String text = "+" + TimeFormat.offset(t - originNs);
            double x = layout.xOf(t);
            double w = s.textWidthPx(text, font) + 8;
            double bx = cursorBadgeLeftPx(x, w, rangeBadge);
            double bottom = badgeBottomPx(h);
            s.setColor(style.textArgb());
            s.fillRect(bx, bottom - font - 5, w, font + 5);
            s.setColor(style.backgroundArgb());
            s.fillText(text, bx + 4, bottom - 3, font);
        });
        if (options.stale()) {
            String text = "refining\u2026";
            double w = s.textWidthPx(text, font);
            s.setColor(style.mutedTextArgb());
            s.fillText(text, layout.plotLeftPx() + layout.plotWidthPx() - w - 8, 12, font);
        }
        s.popClip();
    }
}
