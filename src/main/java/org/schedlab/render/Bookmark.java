package org.schedlab.render;

import java.util.Objects;

/** A user's marker at one moment, with a note saying why it matters. */
public record Bookmark(long tNs, String note) {
    public Bookmark {
        Objects.requireNonNull(note, "note");
    }
}
