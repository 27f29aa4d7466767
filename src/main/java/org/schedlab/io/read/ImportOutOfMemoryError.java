package org.schedlab.io.read;

import java.util.Locale;

/**
 * An import that ran out of Java heap, naming what it was reading. Still an
 * {@link OutOfMemoryError}, so whatever handles running out of memory handles it; its message is
 * the one line to show a user: the file, that the heap ran out and how large it is, and how to
 * start SchedLab with more. Thrown once the import's partial data is let go, so there is room
 * to say so and what was open before stays usable.
 */
public final class ImportOutOfMemoryError extends OutOfMemoryError {
    private static final long serialVersionUID = 1L;
    private static final long GIB = 1L << 30;

    private final String file;
    private final long heapLimitBytes;

    /**
     * @param file what was being read (a path as the user gave it; several joined by " + ")
     * @param heapLimitBytes the heap's limit, {@link Runtime#maxMemory()}
     */
    public ImportOutOfMemoryError(String file, long heapLimitBytes) {
        super(message(file, heapLimitBytes));
        this.file = file;
        this.heapLimitBytes = heapLimitBytes;
    }

    public String file() {
        return file;
    }

    public long heapLimitBytes() {
        return heapLimitBytes;
    }

    /** The -Xmx to suggest: twice the heap it ran out in, in whole GiB (at least 2g). */
    public static String largerHeapOption(long heapLimitBytes) {
        long gib = Math.max(2, (2 * heapLimitBytes + GIB - 1) / GIB);
        return "-Xmx" + gib + "g";
    }

    static String message(String file, long heapLimitBytes) {
        return message(file, "the recording", heapLimitBytes);
    }

    /**
     * The one line for {@code file} not fitting a heap limited to {@code heapLimitBytes}, {@code what}
     * naming it in the sentence ("the recording", "it"), with the option to start SchedLab with more.
     */
    public static String message(String file, String what, long heapLimitBytes) {
        String xmx = largerHeapOption(heapLimitBytes);
        return String.format(Locale.ROOT, "%s: out of memory: %s does not fit in the Java heap (limited to"
                + " %d MiB); start SchedLab with more, e.g. java %s -jar schedlab.jar, or JAVA_TOOL_OPTIONS=%s for"
                + " the installed SchedLab", file, what, heapLimitBytes >> 20, xmx, xmx);
    }
}
