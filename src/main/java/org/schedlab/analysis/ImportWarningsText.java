package org.schedlab.analysis;

import java.util.List;

/**
 * The lines under a plain-text table for a mail that say the recording it counts had import
 * warnings (lines not understood, events the recording lost), as the status bar's "2 import
 * warnings" and a picture's caption say it: "2 import warnings; the first: runA.txt: 343 events ran under a
 * task ...". A table pasted into a thread without the terminal that printed the warnings does
 * not pass for a whole recording's. Nothing for a dataset without warnings (a simulated run, a
 * clean recording), whose table is as it always was.
 */
public final class ImportWarningsText {
    private ImportWarningsText() {
    }

    /**
     * {@code "\n2 import warnings; the first: runA.txt: ...\n"}, wrapped at {@value PlainText#WIDTH}
     * columns with continuation lines indented by two, after a blank line; {@code side} before it
     * when not empty ({@code "A: "}, for one side of an A/B table). "" without warnings.
     */
    public static String under(String side, List<String> warnings) {
        if (warnings.isEmpty()) {
            return "";
        }
        int distinct = distinct(warnings);
        String text = side + count(warnings) + (distinct == 1 ? ": " : "; the first: ")
                + withoutDirectory(warnings.get(0));
        return "\n" + PlainText.wrap(PlainText.printable(text), 2) + "\n";
    }

    /**
     * "1 import warning", "12 import warnings", or "12 import warnings (3 distinct)" when some are
     * the same text given again: how the status bar, exports and the lines under a table count an
     * import's warnings, every one of them (as the warnings dialog and an export list them), so a
     * status bar's count and a pasted table's never disagree.
     */
    public static String count(List<String> warnings) {
        int n = warnings.size();
        int distinct = distinct(warnings);
        return n + " import warning" + (n == 1 ? "" : "s") + (distinct < n ? " (" + distinct + " distinct)" : "");
    }

    private static int distinct(List<String> warnings) {
        return new java.util.HashSet<>(warnings).size();
    }

    /** As {@link #under}, for the two sides of an A/B table: A's lines, then B's, "" when neither has any. */
    public static String under(List<String> a, List<String> b) {
        String sa = under("A: ", a);
        String sb = under("B: ", b);
        // one blank line above both, none between them
        return sa.isEmpty() || sb.isEmpty() ? sa + sb : sa + sb.substring(1);
    }

    /**
     * {@code "/tmp/x/runA.txt: text"} as {@code "runA.txt: text"}; a warning without a path as it
     * is. A caption or a mail names files, as their paths are the sender's.
     */
    public static String withoutDirectory(String warning) {
        int colon = warning.indexOf(": ");
        if (colon < 0) {
            return warning;
        }
        String head = warning.substring(0, colon);
        int slash = Math.max(head.lastIndexOf('/'), head.lastIndexOf('\\'));
        return slash < 0 ? warning : warning.substring(slash + 1);
    }
}
