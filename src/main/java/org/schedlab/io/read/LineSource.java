package org.schedlab.io.read;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.ZipException;

/**
 * Streams the lines of a file, plain or gzip, in constant memory: a 64 KiB buffer and one
 * line at a time, never the whole file; as Strings, or as bytes in the buffer for readers
 * that parse bytes. Lines longer than {@link #MAX_LINE_BYTES} are skipped
 * (reported by {@link #lastLineTooLong()}) rather than grown without bound. Every
 * {@link #CHECK_EVERY} lines it reports progress (compressed bytes read against the file size)
 * and honours a cancel request. A gzip stream that is cut short or damaged ends the lines
 * early and is noted in {@link #damage()}: everything before the damage is still read.
 */
public final class LineSource implements Closeable {
    public static final int MAX_LINE_BYTES = 1 << 20;
    static final int CHECK_EVERY = 4096;

    private final String name;
    private final long sizeBytes;
    private final ImportMonitor monitor;
    private final CountingInput counted;
    private final InputStream in;
    /** Inflates a gzip file on a second thread; null for plain text, which is read here. */
    private final BackgroundInflater inflater;
    /** The bytes being split into lines: the read buffer, or the inflater's current chunk. */
    private byte[] buf = new byte[64 * 1024];
    private long rawBytesRead;
    private int pos;
    private int limit;
    private boolean eof;
    private byte[] line = new byte[256];
    private byte[] lineBytes = line;
    private int lineFrom;
    private int lineTo;
    private long lineNumber;
    private boolean tooLong;
    private boolean unterminated;
    /** The bytes of the current line before {@link #lineFrom}: a byte order mark, a hole's NULs. */
    private int skippedAtStart;
    private String damage = "";
    /** NUL bytes lines began with, and the first such line (0: none). */
    private long holeBytes;
    private long firstHoleLine;

    private LineSource(RecordingSource source, boolean gzip, ImportMonitor monitor) throws IOException {
        this.name = source.name();
        this.sizeBytes = source.sizeBytes();
        this.monitor = monitor;
        this.counted = new CountingInput(source.open());
        if (gzip) {
            InputStream gz;
            try {
                gz = new GzipInput(counted, 64 * 1024);
            } catch (IOException e) {
                counted.close();
                throw e;
            }
            this.in = gz;
            this.inflater = new BackgroundInflater(gz, counted, source.shortName());
            this.buf = new byte[0];
        } else {
            this.in = counted;
            this.inflater = null;
        }
    }

    public static LineSource open(RecordingSource source, Sniff sniff, ImportMonitor monitor) throws ImportException {
        try {
            return new LineSource(source, sniff.gzip(), monitor);
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "cannot open: " + ContentSniffer.describe(e), e);
        }
    }

    /** The next line without its line break, or null at the end of the file. */
    public String next() throws ImportException {
        if (!nextLine()) {
            return null;
        }
        return new String(lineBytes, lineFrom, lineTo - lineFrom, StandardCharsets.UTF_8);
    }

    /**
     * Moves to the next line without making a String of it: its bytes (line break and a
     * trailing CR removed) are {@link #bytes()}{@code [}{@link #from()}{@code , }{@link #to()}{@code )},
     * valid until the next call. False at the end of the file.
     */
    public boolean nextLine() throws ImportException {
        int len = 0;
        tooLong = false;
        while (true) {
            if (pos >= limit && !fill()) {
                if (len == 0 && !tooLong) {
                    return false;
                }
                unterminated = true;
                break;
            }
            int start = pos;
            int nl = -1;
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    nl = i;
                    break;
                }
            }
            int end = nl < 0 ? limit : nl;
            if (nl >= 0 && len == 0 && !tooLong && end - start <= MAX_LINE_BYTES) {
                // the whole line is in the buffer: no copy
                pos = nl + 1;
                countLine();
                lineBytes = buf;
                lineFrom = start;
                lineTo = end > start && buf[end - 1] == '\r' ? end - 1 : end;
                skipByteOrderMark();
                skipHole();
                return true;
            }
            int chunk = end - start;
            if (!tooLong) {
                if (len + chunk > MAX_LINE_BYTES) {
                    tooLong = true;
                } else {
                    if (len + chunk > line.length) {
                        line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, len + chunk));
                    }
                    System.arraycopy(buf, start, line, len, chunk);
                    len += chunk;
                }
            }
            if (nl >= 0) {
                pos = nl + 1;
                break;
            }
            pos = limit;
        }
        countLine();
        lineBytes = line;
        lineFrom = 0;
        if (tooLong) {
            lineTo = 0;
        } else {
            lineTo = len > 0 && line[len - 1] == '\r' ? len - 1 : len;
        }
        skipByteOrderMark();
        skipHole();
        return true;
    }

    /**
     * Drops the UTF-8 byte order mark (EF BB BF) that Windows editors (Notepad's "UTF-8 with BOM")
     * and PowerShell put before the first line: read as text it glued an invisible character to the
     * first field, and a reader that matches the first line (a table's header) refused the file.
     */
    private void skipByteOrderMark() {
        skippedAtStart = 0;
        if (lineNumber == 1 && lineTo - lineFrom >= 3 && (lineBytes[lineFrom] & 0xff) == 0xef
                && (lineBytes[lineFrom + 1] & 0xff) == 0xbb && (lineBytes[lineFrom + 2] & 0xff) == 0xbf) {
            lineFrom += 3;
            skippedAtStart = 3;
        }
    }

    /**
     * Drops the NUL bytes a line begins with: a log written through a crash, or preallocated and
     * written into, holds a run of zero bytes where the data never came, and the next line's text
     * follows it. Read as text they became part of the first field (a command name of 4,000 NULs).
     */
    private void skipHole() {
        if (lineFrom < lineTo && lineBytes[lineFrom] == 0) {
            int i = lineFrom;
            while (i < lineTo && lineBytes[i] == 0) {
                i++;
            }
            holeBytes += i - lineFrom;
            skippedAtStart += i - lineFrom;
            if (firstHoleLine == 0) {
                firstHoleLine = lineNumber;
            }
            lineFrom = i;
        }
    }

    /** "" when no line began with NUL bytes, else how many were skipped and where the first was. */
    public String holeNote() {
        return holeBytes == 0 ? "" : holeBytes + " NUL bytes at the start of lines (a hole in the file, as a crash"
                + " or a preallocated log leaves) were skipped, the first before line " + firstHoleLine;
    }

    private void countLine() throws ImportCancelledException {
        lineNumber++;
        if ((lineNumber & (CHECK_EVERY - 1)) == 0) {
            checkpoint();
        }
    }

    /** The array holding the current line (the read buffer itself when the line fits in it). */
    public byte[] bytes() {
        return lineBytes;
    }

    public int from() {
        return lineFrom;
    }

    public int to() {
        return lineTo;
    }

    /**
     * How many bytes of the current line in the file come before {@link #from()}: the byte order
     * mark of the first line, the NULs of a hole; a byte's place in the file's line is counted with them.
     */
    public int skippedAtStart() {
        return skippedAtStart;
    }

    private boolean fill() throws ImportException {
        if (eof) {
            return false;
        }
        if (inflater != null) {
            return takeChunk();
        }
        try {
            int r = in.read(buf, 0, buf.length);
            rawBytesRead = counted.count();
            if (r <= 0) {
                eof = true;
                damage = shrunk(sizeBytes, rawBytesRead);
                return false;
            }
            pos = 0;
            limit = r;
            return true;
        } catch (EOFException | ZipException e) {
            eof = true;
            damage = ContentSniffer.gzipDamage(e, counted, in);
            return false;
        } catch (IOException e) {
            throw new ImportException(name, lineNumber + 1, "cannot read: " + ContentSniffer.describe(e), e);
        }
    }

    /**
     * "" when a plain file ended where its size said, else what its end says: the file was cut (or
     * rewritten by another program) while it was read. Its lines up to there read cleanly, the last
     * one perhaps cut, so without this the import of a 300 MB trace truncated to 1 MB after the first
     * 70 MB were read passed as a whole recording (exit 0, a "no line break" warning at most).
     */
    static String shrunk(long sizeBytes, long bytesRead) {
        if (sizeBytes <= 0 || bytesRead >= sizeBytes) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "the file got shorter while it was read (cut, or rewritten by"
                + " another program): it ended at byte %,d of the %,d it had when the import began", bytesRead,
                sizeBytes);
    }

    /** The next inflated chunk as the buffer; the one before goes back to the inflater. */
    private boolean takeChunk() throws ImportException {
        BackgroundInflater.Chunk c;
        try {
            c = inflater.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImportCancelledException(name, lineNumber);
        } catch (IOException e) {
            eof = true;
            throw new ImportException(name, lineNumber + 1, "cannot read: " + ContentSniffer.describe(e), e);
        }
        rawBytesRead = c.rawBytes();
        if (c.length() < 0) {
            eof = true;
            damage = inflater.damage();
            return false;
        }
        inflater.recycle(buf);
        buf = c.data();
        pos = 0;
        limit = c.length();
        return true;
    }

    /** Reports progress and throws if the user cancelled. Also called by readers at the end. */
    public void checkpoint() throws ImportCancelledException {
        if (monitor.cancelRequested()) {
            throw new ImportCancelledException(name, lineNumber);
        }
        monitor.progress(name, rawBytesRead, sizeBytes);
    }

    /** 1-based number of the line {@link #next()} returned last. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Whether the last line was longer than {@link #MAX_LINE_BYTES} (then it was returned as ""). */
    public boolean lastLineTooLong() {
        return tooLong;
    }

    /**
     * Whether the last line returned ended at the end of the file without a line break: tools
     * end every line, so such a line is most likely cut short (a copy stopped, a full disk).
     */
    public boolean lastLineUnterminated() {
        return unterminated;
    }

    /** "" if the file read cleanly, else what went wrong with its compression. */
    public String damage() {
        return damage;
    }

    public long bytesRead() {
        return rawBytesRead;
    }

    @Override
    public void close() {
        if (inflater != null) {
            inflater.close();
            return;
        }
        try {
            in.close();
        } catch (IOException ignored) {
            // closing a read-only stream: nothing the user could do about it
        }
    }
}
