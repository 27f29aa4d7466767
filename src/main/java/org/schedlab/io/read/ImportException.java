package org.schedlab.io.read;

/**
 * A recording SchedLab cannot read, said in one line a user can act on:
 * {@code trace.txt:1042: expected "prev_comm=" after "sched_switch:"}. {@link #file()} and
 * {@link #line()} (0 when the problem is the file as a whole) are kept apart for the UI.
 */
public class ImportException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final String problem;

    public ImportException(String file, long line, String problem) {
        super(format(file, line, problem));
        this.file = file;
        this.line = line;
        this.problem = Printable.of(problem);
    }

    public ImportException(String file, long line, String problem, Throwable cause) {
        super(format(file, line, problem), cause);
        this.file = file;
        this.line = line;
        this.problem = Printable.of(problem);
    }

    private static String format(String file, long line, String problem) {
        String oneLine = Printable.of(problem); // file content in the problem may hold line breaks or garbage
        return line > 0 ? file + ":" + line + ": " + oneLine : file + ": " + oneLine;
    }

    public String file() {
        return file;
    }

    /** 1-based line number, or 0 when the problem is not on one line. */
    public long line() {
        return line;
    }

    /** The message without the file and line prefix. */
    public String problem() {
        return problem;
    }
}
