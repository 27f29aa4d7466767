package org.schedlab.render;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a frame shows on top of the data, all cheap to change: the color mode, the counter
 * style, the selected range and item, bookmarks, the time under the pointer, whether the
 * lanes are a stale picture still being recomputed, and whether their fold failed
 * ({@code foldFailed}: the picture is a stand-in that will not be refined, and says nothing of
 * the data in view).
 */
public record PaintOptions(ColorMode colorMode, CounterStyle counterStyle, Optional<TimeRange> range,
                           Optional<Selected> selected, List<Bookmark> bookmarks, OptionalLong cursorNs,
                           boolean stale, boolean foldFailed) {
    public static final PaintOptions DEFAULT = new PaintOptions(ColorMode.BY_TASK, CounterStyle.STEP,
            Optional.empty(), Optional.empty(), List.of(), OptionalLong.empty(), false);

    /** Options of a frame whose fold did not fail. */
    public PaintOptions(ColorMode colorMode, CounterStyle counterStyle, Optional<TimeRange> range,
                        Optional<Selected> selected, List<Bookmark> bookmarks, OptionalLong cursorNs, boolean stale) {
        this(colorMode, counterStyle, range, selected, bookmarks, cursorNs, stale, false);
    }

    public PaintOptions {
        Objects.requireNonNull(colorMode);
        Objects.requireNonNull(counterStyle);
        Objects.requireNonNull(range);
        Objects.requireNonNull(selected);
        Objects.requireNonNull(cursorNs);
        bookmarks = List.copyOf(bookmarks);
    }

    public PaintOptions withColorMode(ColorMode m) {
        return new PaintOptions(m, counterStyle, range, selected, bookmarks, cursorNs, stale, foldFailed);
    }

    public PaintOptions withCounterStyle(CounterStyle c) {
        return new PaintOptions(colorMode, c, range, selected, bookmarks, cursorNs, stale, foldFailed);
    }

    public PaintOptions withRange(Optional<TimeRange> r) {
        return new PaintOptions(colorMode, counterStyle, r, selected, bookmarks, cursorNs, stale, foldFailed);
    }

    public PaintOptions withSelected(Optional<Selected> s) {
        return new PaintOptions(colorMode, counterStyle, range, s, bookmarks, cursorNs, stale, foldFailed);
    }

    public PaintOptions withBookmarks(List<Bookmark> b) {
        return new PaintOptions(colorMode, counterStyle, range, selected, b, cursorNs, stale, foldFailed);
    }

    public PaintOptions withCursor(OptionalLong c) {
        return new PaintOptions(colorMode, counterStyle, range, selected, bookmarks, c, stale, foldFailed);
    }

    public PaintOptions withStale(boolean s) {
        return new PaintOptions(colorMode, counterStyle, range, selected, bookmarks, cursorNs, s, foldFailed);
    }

    /** The same options for a frame whose fold failed ({@code f}) or did not. */
    public PaintOptions withFoldFailed(boolean f) {
        return new PaintOptions(colorMode, counterStyle, range, selected, bookmarks, cursorNs, stale, f);
    }
}
