package org.schedlab.ui;

/** A load that did not work: which source, and the one-line message to show the user. */
public record LoadFailure(String sourceName, String message) {
}
