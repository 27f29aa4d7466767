package org.schedlab.io.read;

import java.util.List;

/**
 * What the first bytes of a file look like: whether it is gzip (by magic bytes, whatever its
 * name), whether the content is binary, and its first lines decoded as UTF-8. Readers probe
 * this, never the file name, so a renamed or compressed file is still recognised.
 */
public record Sniff(String name, boolean gzip, boolean binary, String binaryKind, List<String> headLines,
                    String gzipDamage, String cut, long nulBytesBefore) {
    public Sniff {
        headLines = List.copyOf(headLines);
    }

    /**
     * A sniff whose head is where the file starts: {@code nulBytesBefore} counts the NUL bytes
     * passed over where a plain file's whole head was NUL bytes (the head then starts after them;
     * empty for a file of NUL bytes only).
     */
    public Sniff(String name, boolean gzip, boolean binary, String binaryKind, List<String> headLines,
                 String gzipDamage, String cut) {
        this(name, gzip, binary, binaryKind, headLines, gzipDamage, cut, 0);
    }

    /**
     * A sniff without {@code cut}: {@code cut} is "" or, where the head is the whole file and its
     * last line ends inside a character with no other byte that is not UTF-8 before it, the note
     * saying so ({@link LineReader#cutText}) for a refusal of the file to add.
     */
    public Sniff(String name, boolean gzip, boolean binary, String binaryKind, List<String> headLines,
                 String gzipDamage) {
        this(name, gzip, binary, binaryKind, headLines, gzipDamage, "");
    }

    /** A sniff of a file whose head decompressed cleanly (or was not compressed). */
    public Sniff(String name, boolean gzip, boolean binary, String binaryKind, List<String> headLines) {
        this(name, gzip, binary, binaryKind, headLines, "");
    }

    /** How many head lines are {@code #} comments (blank lines not counted). */
    public int commentLineCount() {
        int n = 0;
        for (String l : headLines) {
            if (l.strip().startsWith("#")) {
                n++;
            }
        }
        return n;
    }

    /** The first line that is neither blank nor a {@code #} comment, or "" if none. */
    public String firstContentLine() {
        for (String l : headLines) {
            String t = l.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return t;
            }
        }
        return "";
    }

    /** How many of the head lines contain {@code needle}. */
    public int countContaining(String needle) {
        int n = 0;
        for (String l : headLines) {
            if (l.contains(needle)) {
                n++;
            }
        }
        return n;
    }

    public boolean anyLineStartsWith(String prefix) {
        for (String l : headLines) {
            if (l.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this is SchedLab's own dataset JSON (docs/FORMATS.md), which opens as it is rather
     * than through a reader: an object whose header names the format "schedlab-dataset".
     */
    public boolean isSchedLabDataset() {
        String first = firstContentLine();
        if (!first.startsWith("{")) {
            return false;
        }
        int shown = 0;
        for (String l : headLines) {
            if (l.contains("\"format\"") && l.contains("\"schedlab-dataset\"")) {
                return true;
            }
            if (++shown == 8) {
                break;
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern SCENARIO_NAME = java.util.regex.Pattern.compile("\"name\"\\s*:\\s*\"");
    private static final java.util.regex.Pattern SCENARIO_WORKLOAD =
            java.util.regex.Pattern.compile("\"workload\"\\s*:\\s*\"");

    /**
     * Whether this looks like a simulator scenario file (an object naming its "name" and its
     * "workload", as the scenario loader requires): given where a recording is expected, it is
     * told where scenarios open rather than taken for a damaged trace.
     */
    public boolean isSchedLabScenario() {
        if (!firstContentLine().startsWith("{")) {
            return false;
        }
        String head = headText();
        return SCENARIO_NAME.matcher(head).find() && SCENARIO_WORKLOAD.matcher(head).find();
    }

    /** The head as one string (for probes that look for a phrase anywhere). */
    public String headText() {
        return String.join("\n", headLines);
    }
}
