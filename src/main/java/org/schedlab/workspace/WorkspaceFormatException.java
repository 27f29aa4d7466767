package org.schedlab.workspace;

import org.schedlab.io.FileFormatException;

/**
 * A file that is not a workspace SchedLab can open: not JSON, another kind of file, a format
 * version from a newer SchedLab, an unknown or malformed field.
 */
public final class WorkspaceFormatException extends FileFormatException {
    private static final long serialVersionUID = 1L;

    public WorkspaceFormatException(String file, long line, long column, String detail) {
        super(file, line, column, detail);
    }
}
