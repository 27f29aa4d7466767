package org.schedlab.io.read;

/**
 * Reads one kind of recording. {@link Importer} asks every reader to {@link #probe} a file's
 * {@link Sniff} and hands the file to the highest score; names and extensions are never
 * trusted. A reader streams the file into the shared {@link RecordingSink} and accounts for
 * every line in its {@link FileReport.Builder}.
 */
public interface RecordingReader {
    /** The format's name as shown to users and written to metadata ("perf-sched-script"). */
    String format();

    /**
     * What a file this reader takes is, as far as detection can tell before reading it: its
     * {@link #format()}, or for a reader of several dialects, which one is named only once read
     * ({@code trace-cmd-report} or {@code ftrace}), all of them.
     */
    default String kind() {
        return format();
    }

    /** A probe score that ends detection at once: the file cannot be read as anything else. */
    int CERTAIN = 100;

    /** 0 = not this format; {@link #CERTAIN} = certainly this format. Must be cheap and never throw. */
    int probe(Sniff sniff);

    /** Streams {@code source} into {@code ctx.sink()}, polling {@code ctx.monitor()}. */
    void read(RecordingSource source, Sniff sniff, ReadContext ctx) throws ImportException;

    /** What a reader gets for one file. */
    record ReadContext(RecordingSink sink, FileReport.Builder report, ImportMonitor monitor) {
    }
}
