package org.schedlab.io;

/**
 * A file SchedLab cannot read as the kind of file it was given for. The message is one line,
 * {@code FILE:LINE:COLUMN: what was expected}, ready for the CLI or a dialog; the parts are
 * kept for callers that point at the place (an editor, a test).
 */
public abstract class FileFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long column;
    private final String detail;

    protected FileFormatException(String file, long line, long column, String detail) {
        super(file + ":" + line + ":" + column + ": " + oneLine(detail));
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = oneLine(detail);
    }

    /** A problem with the file as a whole (it is missing, or one of a set is): {@code FILE: detail}, line and column 0. */
    protected FileFormatException(String file, String detail) {
        super(file + ": " + oneLine(detail));
        this.file = file;
        this.line = 0;
        this.column = 0;
        this.detail = oneLine(detail);
    }

    /** The name the file was read under (its path, or the name given to a stream). */
    public String file() {
        return file;
    }

    /** 1-based line of the problem; 0 when it is the file as a whole. */
    public long line() {
        return line;
    }

    /** 1-based column (bytes into the line for byte input) of the problem. */
    public long column() {
        return column;
    }

    /** What was expected, without the location prefix. */
    public String detail() {
        return detail;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
