package org.schedlab.io.read;

/**
 * The per-file state of a line-oriented reader. {@link LineReader} feeds it every line in
 * order; {@link #line} says whether it understood the line, and when it did not, may leave a
 * reason in {@link #problem} for the report ("expected \"next_pid=\" in sched_switch").
 */
public abstract class LineParser {
    /** Why the last line was not understood; reset before each line. */
    protected String problem = "";

    /** @return true if the line was understood (blank lines and comments count as understood) */
    protected abstract boolean line(String text, long lineNumber) throws ImportException;

    /** Called once after the last line; {@code lines} is how many there were. */
    protected abstract void end(long lines) throws ImportException;

    final String takeProblem() {
        String p = problem;
        problem = "";
        return p;
    }

    /** Marks the current line as not understood, with a reason; returns false for brevity. */
    protected final boolean reject(String reason) {
        problem = reason;
        return false;
    }
}
