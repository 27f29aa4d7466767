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

    /**
     * The same for a line given as UTF-8 bytes {@code b[from, to)} (valid only during the call).
     * {@link LineReader} calls this one; it decodes and calls {@link #line(String, long)}, unless a
     * parser of big files overrides it to parse the bytes in place.
     */
    protected boolean line(byte[] b, int from, int to, long lineNumber) throws ImportException {
        return line(new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8), lineNumber);
    }

    /**
     * The file's last line, which ended without a line break: tools end every line, so it was most
     * likely cut where the file ends (a copy stopped, a full disk, a run killed). False (the default)
     * has it read as any other line, and the reader notes that its values may be incomplete; a parser
     * whose format would read a cut line as whole but wrong (a figure short of its last digits) leaves
     * it out with its own note naming the line, and returns true.
     */
    protected boolean cutLastLine(String text, long lineNumber) throws ImportException {
        return false;
    }

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
