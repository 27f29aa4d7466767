package org.schedlab.model;

/**
 * A dataset that breaks the model's rules (unsorted or overlapping slices, end before start,
 * unknown task ids). The message says what and where, e.g.
 * {@code cpu 3 slice 17: starts at 1200 before the previous slice ends at 1500}.
 */
public class InvalidDatasetException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidDatasetException(String message) {
        super(message);
    }
}
