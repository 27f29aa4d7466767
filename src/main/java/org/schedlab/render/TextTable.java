package org.schedlab.render;

import java.util.List;
import java.util.Objects;

/**
 * A small table drawn under the timelines of a figure (the A/B delta table): a title, a header
 * and rows of cells already formatted as text. Columns after the first are right-aligned, as
 * numbers read best. {@code underRows}, when given, has one line per row, drawn under it in
 * muted type on the same stripe: the A/B table's min..max over the seeds under each mean, as
 * the copied text has them. {@code note}, when given, is a line drawn under the rows and wrapped
 * to the picture's width, an item never split while it fits a line: the A/B table's "not in
 * either input: cpu shares, ..." naming the rows it leaves out, as the copied text ends.
 * {@code notes}, when given, are paragraphs drawn under that, each from a line of its own and
 * wrapped at its spaces to the picture's width: the A/B table's notes that the copied text ends
 * with (what an rwsem's spinWhile and rwsem_* rows count, where a run's waits end for runqlat).
 */
public record TextTable(String title, List<String> header, List<List<String>> rows, List<List<String>> underRows,
                        List<String> note, List<String> notes) {
    public TextTable {
        Objects.requireNonNull(title, "title");
        note = List.copyOf(note);
        notes = List.copyOf(notes);
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        underRows = underRows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("row has " + r.size() + " cells, header " + header.size() + ": " + r);
            }
        }
        if (!underRows.isEmpty() && underRows.size() != rows.size()) {
            throw new IllegalArgumentException(underRows.size() + " lines under " + rows.size() + " rows");
        }
        for (List<String> r : underRows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("line under a row has " + r.size() + " cells, header "
                        + header.size() + ": " + r);
            }
        }
    }

    /** Without paragraphs under the note. */
    public TextTable(String title, List<String> header, List<List<String>> rows, List<List<String>> underRows,
                     List<String> note) {
        this(title, header, rows, underRows, note, List.of());
    }

    /** Without a note under the rows. */
    public TextTable(String title, List<String> header, List<List<String>> rows, List<List<String>> underRows) {
        this(title, header, rows, underRows, List.of());
    }

    /** One line per row. */
    public TextTable(String title, List<String> header, List<List<String>> rows) {
        this(title, header, rows, List.of());
    }

    /** Lines per row: 2 with the lines under them, else 1. */
    public int linesPerRow() {
        return underRows.isEmpty() ? 1 : 2;
    }
}
