package org.schedlab.io;

/**
 * A file that is not a readable SchedLab dataset: not JSON, truncated, binary, another format,
 * an unsupported version, a missing or malformed field, or data the model rejects. The message
 * is one line, {@code FILE:LINE:COLUMN: what was expected}, ready for the CLI or a dialog.
 */
public class DatasetFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long column;
    private final String detail;

    public DatasetFormatException(String file, long line, long column, String detail) {
        super(file + ":" + line + ":" + column + ": " + oneLine(detail));
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = oneLine(detail);
    }

    public DatasetFormatException(String file, long line, long column, String detail, Throwable cause) {
        this(file, line, column, detail);
        initCause(cause);
    }

    /** The name the file was read under (its path, or the name given to a stream). */
    public String file() {
        return file;
    }

    /** 1-based line of the problem. */
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
