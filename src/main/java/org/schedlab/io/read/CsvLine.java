package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Splits one CSV line (RFC 4180 quoting, "" for a quote inside a quoted field). */
final class CsvLine {
    private CsvLine() {
    }

    /** The fields of {@code line}; empty if a quoted field is not closed on this line. */
    static Optional<List<String>> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        f.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    f.append(c);
                }
            } else if (c == '"' && f.length() == 0 && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                out.add(f.toString());
                f.setLength(0);
                wasQuoted = false;
            } else {
                f.append(c);
            }
        }
        if (quoted) {
            return Optional.empty();
        }
        out.add(f.toString());
        return Optional.of(out);
    }
}
