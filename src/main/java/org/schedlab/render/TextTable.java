package org.schedlab.render;

import java.util.List;
import java.util.Objects;

/**
 * A small table drawn under the timelines of a figure (the A/B delta table): a title, a header
 * and rows of cells already formatted as text. Columns after the first are right-aligned, as
 * numbers read best.
 */
public record TextTable(String title, List<String> header, List<List<String>> rows) {
    public TextTable {
        Objects.requireNonNull(title, "title");
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("row has " + r.size() + " cells, header " + header.size() + ": " + r);
            }
        }
    }
}
