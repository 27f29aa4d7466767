package org.schedlab.workspace;

/**
 * A file that is not a workspace SchedLab can open: not JSON, another kind of file, a format
 * version from a newer SchedLab, an unknown or malformed field. The message is one line,
 * {@code FILE:LINE:COLUMN: what was expected}, ready for a dialog or the command line.
 */
public final class WorkspaceFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long column;
    private final String detail;

    public WorkspaceFormatException(String file, long line, long column, String detail) {
        super(file + ":" + line + ":" + column + ": " + detail);
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    public String file() {
        return file;
    }

    /** 1-based line of the problem. */
    public long line() {
        return line;
    }

    /** 1-based column of the problem. */
    public long column() {
        return column;
    }

    /** What was expected, without the location. */
    public String detail() {
        return detail;
    }
}
