package org.schedlab.io.read;

/** The user cancelled an import; nothing was produced and nothing already open is touched. */
public final class ImportCancelledException extends ImportException {
    private static final long serialVersionUID = 1L;

    public ImportCancelledException(String file, long line) {
        super(file, line, "import cancelled");
    }
}
