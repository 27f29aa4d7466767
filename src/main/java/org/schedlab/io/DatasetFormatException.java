package org.schedlab.io;

/**
 * A file that is not a readable SchedLab dataset: not JSON, truncated, binary, another format,
 * an unsupported version, a missing or malformed field, or data the model rejects.
 */
public class DatasetFormatException extends FileFormatException {
    private static final long serialVersionUID = 1L;

    public DatasetFormatException(String file, long line, long column, String detail) {
        super(file, line, column, detail);
    }

    /** The file as a whole: {@code FILE: detail}. */
    public DatasetFormatException(String file, String detail) {
        super(file, detail);
    }

    public DatasetFormatException(String file, long line, long column, String detail, Throwable cause) {
        this(file, line, column, detail);
        initCause(cause);
    }
}
