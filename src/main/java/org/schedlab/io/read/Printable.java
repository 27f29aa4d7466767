package org.schedlab.io.read;

/**
 * Makes text taken from a file safe to show in a one-line message: a damaged or binary file
 * yields control characters, terminal escapes and undecodable bytes (U+FFFD), which would garble
 * a terminal or a dialog if echoed as they are. Each becomes '?', tabs and line breaks a space.
 */
public final class Printable {
    private Printable() {
    }

    /** {@code s} with every character that cannot be shown replaced; the same string if all can. */
    public static String of(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && shown(s.charAt(i))) {
            i++;
        }
        if (i == n) {
            return s;
        }
        StringBuilder sb = new StringBuilder(n).append(s, 0, i);
        for (; i < n; i++) {
            char c = s.charAt(i);
            sb.append(shown(c) ? c : c == '\t' || c == '\n' || c == '\r' ? ' ' : '?');
        }
        return sb.toString();
    }

    /**
     * A multi-line text for a terminal (a summary table) with each line made printable: line
     * breaks stay, everything else {@link #of} would replace is replaced. Task names and metric
     * names come from the file, and a hostile or damaged one must not drive the terminal.
     */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        int from = 0;
        int nl;
        while ((nl = s.indexOf('\n', from)) >= 0) {
            sb.append(of(s.substring(from, nl))).append('\n');
            from = nl + 1;
        }
        return sb.append(of(s.substring(from))).toString();
    }

    /** {@link #of} cut to at most {@code max} characters, "..." marking the cut. */
    public static String clip(String s, int max) {
        String p = of(s);
        return p.length() <= max ? p : p.substring(0, Math.max(0, max - 3)) + "...";
    }

    /**
     * {@link #clip}, but cut after the last whole word that fits (a space before the cut), so a
     * quoted start of a line reads as its words, not as a word cut in two; a single word longer
     * than {@code max} is cut as {@link #clip} cuts it.
     */
    public static String clipAtWord(String s, int max) {
        String p = of(s);
        if (p.length() <= max) {
            return p;
        }
        int space = p.lastIndexOf(' ', Math.max(0, max - 3));
        return space > 0 ? p.substring(0, space).stripTrailing() + " ..." : clip(p, max);
    }

    private static boolean shown(char c) {
        return c >= 0x20 && c != 0x7f && !(c >= 0x80 && c < 0xa0) && c != '\uFFFD';
    }
}
