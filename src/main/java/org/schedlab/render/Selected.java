package org.schedlab.render;

/**
 * The item the user clicked, as the renderer outlines it: which row ({@code kind} and
 * {@code ref} as in {@link TrackRow}) and the stretch of time it covers.
 */
public record Selected(TrackKind kind, int ref, long startNs, long endNs) {
}
