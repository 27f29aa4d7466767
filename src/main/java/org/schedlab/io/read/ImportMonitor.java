package org.schedlab.io.read;

/**
 * How a long import talks to whoever started it: progress out, cancellation in. Readers call
 * {@link #progress} every few thousand lines and poll {@link #cancelRequested()} as often, so a
 * Cancel button takes effect within milliseconds. Implementations must be thread-safe: the
 * import runs on a background thread.
 */
public interface ImportMonitor {
    /** No progress reporting, never cancelled: CLI and tests. */
    ImportMonitor NONE = new ImportMonitor() {
        @Override
        public void progress(String file, long bytesDone, long bytesTotal) {
        }

        @Override
        public boolean cancelRequested() {
            return false;
        }
    };

    /** {@code bytesTotal} is -1 when the size is unknown (a stream). */
    void progress(String file, long bytesDone, long bytesTotal);

    boolean cancelRequested();
}
