package org.schedlab.io.read;

/**
 * Tells a second recording put after the first in one file (cat run1.txt run2.txt, the same
 * recording saved twice, another boot's after this one's) from one damaged or misplaced line.
 * Both go back in time; a second recording goes back to the file's first time or before and then
 * goes on in its own order, so three of its lines in a row name it, where a damaged line is
 * refused alone. The sched trace readers and perf sched timehist's reader share the rule.
 */
final class SecondRecordingWatch {

    /** The end of each reader's message: what the lines look like and what to do. */
    static final String ADVICE = "this looks like a second recording starting here, put after the first in one file;"
            + " expected one recording a file: split it at this line and open each part (or compare them as A and B)";

    /** Lines in a row, in their own order, that tell a second recording from a damaged line. */
    private static final int LINES = 3;

    private long fromLine;
    private long fromNs;
    private long lastNs;
    private int lines;

    /**
     * Line {@code line}'s time {@code tNs} went back. {@code mayStart}: it is at the file's first
     * time or before, after enough lines, so a second recording may start here. True when it is
     * the third line in a row of one: the reader refuses the file at {@link #fromLine()}.
     */
    boolean wentBack(long line, long tNs, boolean mayStart) {
        if (mayStart && fromLine == 0) {
            fromLine = line;
            fromNs = tNs;
            lastNs = tNs;
            lines = 1;
            return false;
        }
        if (fromLine > 0 && tNs >= lastNs) {
            lastNs = tNs;
            return ++lines == LINES;
        }
        fromLine = 0;
        return false;
    }

    /** A line in time order: what went back before was a damaged line, not a second recording. */
    void inOrder() {
        fromLine = 0;
    }

    /** The second recording's first line. */
    long fromLine() {
        return fromLine;
    }

    /** Its first time. */
    long fromNs() {
        return fromNs;
    }
}
