package org.schedlab.render;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One timeline of a figure exactly as a view shows it: its drawing data, the window and canvas
 * size (with the lane scroll), which rows are open, how they are colored and what a search
 * highlights. {@code label}
 * heads the panel ("A  preemption=none"); empty for a lone timeline. What only says where the
 * user's mouse has been is left out - the pointer's line, the clicked item's outline, the
 * "refining" note - and the selected range is kept to be marked by its edges and named in the
 * caption (see {@link Figure#markedRange}): a picture for a review thread shows the data, not
 * the state of the session that made it.
 */
public record TimelinePanel(String label, TimelineData data, Viewport viewport, TrackSpec spec,
                            PaintOptions options, HighlightIndex highlight) {
    public TimelinePanel {
        Objects.requireNonNull(highlight, "highlight");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(viewport, "viewport");
        Objects.requireNonNull(spec, "spec");
        options = options.withCursor(OptionalLong.empty()).withSelected(Optional.empty()).withStale(false);
    }

    /** Without a search highlight. */
    public TimelinePanel(String label, TimelineData data, Viewport viewport, TrackSpec spec, PaintOptions options) {
        this(label, data, viewport, spec, options, HighlightIndex.NONE);
    }

    /** A dataset's default rows in its default colors. */
    public static TimelinePanel of(String label, TimelineData data, Viewport viewport) {
        return new TimelinePanel(label, data, viewport, TrackSpec.DEFAULT, PaintOptions.DEFAULT);
    }
}
