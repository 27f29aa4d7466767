package org.schedlab.io.read;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;

/**
 * Looks at the start of a file: gzip or plain (by the 1f 8b magic), binary or text, and the
 * first lines. Reads at most {@link #HEAD_BYTES} decompressed bytes, so sniffing a 1 GB
 * recording costs nothing.
 */
public final class ContentSniffer {
    static final int HEAD_BYTES = 256 * 1024;
    static final int HEAD_LINES = 2000;

    private ContentSniffer() {
    }

    public static Sniff sniff(RecordingSource source) throws ImportException {
        try (InputStream raw = source.open()) {
            byte[] magic = raw.readNBytes(2);
            boolean gzip = magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
            Head head = gzip ? gzipHead(source) : plainHead(source);
            byte[] bytes = withoutByteOrderMark(head.bytes());
            String binaryKind = binaryKind(bytes);
            byte[] text = binaryKind.isEmpty() ? withoutHoles(bytes) : new byte[0];
            List<String> lines = binaryKind.isEmpty() ? lines(text) : List.of();
            // the whole file in the head (a gzip cut short ends inside a character for its own reason)
            boolean whole = head.bytes().length < HEAD_BYTES && head.damage().isEmpty();
            String cut = whole && binaryKind.isEmpty() ? cut(text) : "";
            return new Sniff(source.name(), gzip, !binaryKind.isEmpty(), binaryKind, lines, head.damage(), cut,
                    head.nulBytesBefore());
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "cannot read: " + describe(e), e);
        }
    }

    /**
     * The decompressed head of a file, "" or what was wrong with its compression, and how many NUL
     * bytes before it were passed over (a hole filling at least the whole head).
     */
    private record Head(byte[] bytes, String damage, long nulBytesBefore) {
        Head(byte[] bytes, String damage) {
            this(bytes, damage, 0);
        }
    }

    /**
     * The head of a plain file. One whose first {@link #HEAD_BYTES} are all NUL bytes (a log
     * preallocated, or written through a crash, with a hole at its start) is looked at from its first
     * byte that is not: its head held no line, and a recording after a hole of 256 KiB was refused
     * as "the file is empty", which the reader, skipping such holes, would have read. A file of NUL
     * bytes only has an empty head, and says how many it holds.
     */
    private static Head plainHead(RecordingSource source) throws IOException {
        try (InputStream in = source.open()) {
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            long nul = readHead(in, got);
            return new Head(got.toByteArray(), "", nul);
        }
    }

    /**
     * Reads the head of {@code in} into {@code got}: {@link #HEAD_BYTES}, or, where those it read are
     * all NUL bytes, the ones from the first byte that is not (none for NUL bytes only); returns how
     * many NUL bytes it passed over. The same for a plain file and a gzip's decompressed bytes: a
     * gzip with a hole of 256 KiB at its start was refused as "the file is empty" after the plain
     * file had been read. {@code got} holds what was read when {@code in} fails (a gzip cut short).
     */
    private static long readHead(InputStream in, java.io.ByteArrayOutputStream got) throws IOException {
        byte[] buf = new byte[64 * 1024];
        int r;
        while (got.size() < HEAD_BYTES && (r = in.read(buf, 0, Math.min(buf.length, HEAD_BYTES - got.size()))) >= 0) {
            got.write(buf, 0, r);
        }
        byte[] head = got.toByteArray();
        if (!allNul(head, head.length)) {
            return 0;
        }
        long nul = head.length;
        got.reset();
        while ((r = in.read(buf, 0, buf.length)) >= 0) {
            int i = 0;
            while (i < r && buf[i] == 0) {
                i++;
            }
            nul += i;
            if (i < r) {
                got.write(buf, i, r - i);
                break;
            }
        }
        while (got.size() < HEAD_BYTES && (r = in.read(buf, 0, Math.min(buf.length, HEAD_BYTES - got.size()))) >= 0) {
            got.write(buf, 0, r);
        }
        return nul;
    }

    private static boolean allNul(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return length > 0;
    }

    /** Inflates the head, keeping the bytes before a cut or damage and saying which it was. */
    private static Head gzipHead(RecordingSource source) throws IOException {
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        CountingInput counted = new CountingInput(source.open());
        GzipInput gz = null;
        long nul;
        try (InputStream in = gz = new GzipInput(counted, 64 * 1024)) {
            nul = readHead(in, got);
        } catch (EOFException | ZipException e) {
            // the reader reads up to the damage and notes it; detection needs it when nothing came out
            return new Head(got.toByteArray(), gzipDamage(e, counted, gz));
        }
        return new Head(got.toByteArray(), "", nul);
    }

    /**
     * What a gzip stream's failure means to the user: cut short (where: the compressed bytes
     * {@code counted} read, which a file still being written has more of later), or damaged,
     * saying how (with zlib's reason put in a user's words), at which compressed byte of the file
     * the inflater stopped when {@code gz} is a {@link GzipInput} (a file damaged in the middle
     * is found there, not at its end) and what was expected there.
     */
    public static String gzipDamage(IOException e, CountingInput counted, InputStream gz) {
        // zlib's own words ("invalid block type", "invalid distance too far back") name no problem a
        // user can act on: a failed checksum is worth telling apart (the bytes decode, but wrongly)
        String m = String.valueOf(e.getMessage());
        if (e instanceof EOFException) {
            return GZIP_CUT + " at byte " + counted.count();
        }
        String at = gz instanceof GzipInput g ? " at compressed byte " + g.reachedByte(counted.count()) : "";
        if (m.contains("trailer") || m.contains("check")) {
            return "the gzip data is damaged (its checksum does not match: the CRC-32" + at + " is not that of"
                    + " the data decompressed before it, so some of those bytes were changed)";
        }
        if (m.contains("Not in GZIP format") || m.contains("header")) {
            return "the gzip data is damaged (a bad header" + at + ", where a gzip header was expected)";
        }
        return "the gzip data is damaged (corrupt compressed data" + at + ", where deflate-compressed data"
                + " was expected)";
    }

    /** How a gzip stream cut short starts its message ({@link #gzipDamage}). */
    public static final String GZIP_CUT = "the gzip data ends early (cut or still being written)";

    /** Why a file could not be read, in the system's words: no Java exception names for the user. */
    static String describe(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "the system gave no reason" : m;
    }

    /** "" for text; otherwise a name for the kind of binary data, for the error message. */
    static String binaryKind(byte[] head) {
        if (startsWith(head, "PERFILE2") || startsWith(head, "PERFFILE")) {
            return "perf.data (binary perf recording)";
        }
        if (head.length >= 4 && ((head[0] & 0xff) == 0xd4 && (head[1] & 0xff) == 0xc3
                || (head[0] & 0xff) == 0xa1 && (head[1] & 0xff) == 0xb2)) {
            return "pcap capture";
        }
        if (head.length >= 4 && (head[0] & 0xff) == 0x0a && (head[1] & 0xff) == 0x0d
                && (head[2] & 0xff) == 0x0d && (head[3] & 0xff) == 0x0a) {
            return "pcapng capture";
        }
        if (startsWith(head, "\u0017\bD") && containsAt(head, 3, "tracing")) {
            return "trace-cmd trace.dat (binary)";
        }
        if (head.length >= 2 && ((head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xfe
                || (head[0] & 0xff) == 0xfe && (head[1] & 0xff) == 0xff)) {
            return "UTF-16 text (save it as UTF-8)";
        }
        if (startsWith(head, "PK\u0003\u0004")) {
            return "a zip archive (unzip it and open the files in it)";
        }
        // other compressors: say which and what to do, rather than "binary data"
        if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return "gzip inside gzip (gunzip it once; SchedLab reads one level of gzip)";
        }
        if (startsWith(head, "\u00fd7zXZ\u0000")) {
            return "xz-compressed data (unxz it, or compress it with gzip, which SchedLab reads)";
        }
        if (startsWith(head, "BZh") && head.length >= 4 && head[3] >= '1' && head[3] <= '9') {
            return "bzip2-compressed data (bunzip2 it, or compress it with gzip, which SchedLab reads)";
        }
        if (head.length >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5 && (head[2] & 0xff) == 0x2f
                && (head[3] & 0xff) == 0xfd) {
            return "zstd-compressed data (unzstd it, or compress it with gzip, which SchedLab reads)";
        }
        if (isUtf16WithoutBom(head)) {
            return "UTF-16 text (save it as UTF-8)";
        }
        // the text the readers see: LineSource skips the NUL runs lines begin with (a hole a crash
        // left in a log), so they make no file binary; a NUL at the start, or control bytes
        // throughout, do. A few damaged bytes after a text start are the readers' to report by line.
        byte[] text = withoutHoles(head);
        int control = 0;
        int scanned = Math.min(text.length, 8192);
        for (int i = 0; i < scanned; i++) {
            int b = text[i] & 0xff;
            if (b == 0 && i < TEXT_START_BYTES) {
                return "binary data";
            }
            if (b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f') {
                control++;
            }
        }
        return scanned > 0 && control * 10 > scanned ? "binary data" : "";
    }

    /** Bytes at the start of the text in which one NUL makes a file binary (every binary format has one there). */
    static final int TEXT_START_BYTES = 512;

    /** The head without the UTF-8 byte order mark Windows editors write first (LineSource skips it too). */
    static byte[] withoutByteOrderMark(byte[] head) {
        return head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb && (head[2] & 0xff) == 0xbf
                ? java.util.Arrays.copyOfRange(head, 3, head.length) : head;
    }

    /** The head without the runs of NUL bytes lines begin with, as {@link LineSource} reads it. */
    static byte[] withoutHoles(byte[] head) {
        byte[] out = null;
        int n = 0;
        boolean lineStart = true;
        for (int i = 0; i < head.length; i++) {
            byte b = head[i];
            if (b == 0 && lineStart) {
                if (out == null) {
                    out = java.util.Arrays.copyOf(head, head.length);
                    n = i;
                }
                continue;
            }
            lineStart = b == '\n';
            if (out != null) {
                out[n] = b;
            }
            n++;
        }
        return out == null ? head : java.util.Arrays.copyOf(out, n);
    }

    /**
     * UTF-16 text without a byte order mark (as some Windows and Java tools write it): nine in ten
     * byte pairs are an ASCII character and a 0, always on the same side - rather than "binary data".
     */
    private static boolean isUtf16WithoutBom(byte[] head) {
        int pairs = Math.min(head.length, 8192) / 2;
        int little = 0;
        int big = 0;
        for (int i = 0; i < pairs * 2; i += 2) {
            if (head[i + 1] == 0 && isTextByte(head[i])) {
                little++;
            } else if (head[i] == 0 && isTextByte(head[i + 1])) {
                big++;
            }
        }
        return pairs >= 16 && Math.max(little, big) * 10 >= pairs * 9;
    }

    private static boolean isTextByte(byte b) {
        return b >= 0x20 && b < 0x7f || b == '\n' || b == '\r' || b == '\t';
    }

    private static boolean startsWith(byte[] head, String ascii) {
        return containsAt(head, 0, ascii);
    }

    private static boolean containsAt(byte[] head, int at, String ascii) {
        if (head.length < at + ascii.length()) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (head[at + i] != (byte) ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where a whole file's last line ends inside a character, as a refusal of a later line says it
     * ({@link LineReader#cutText}): "line 1, byte 33: the text ends inside a character (0xe5 0xb9,
     * ...): the file was cut there, ..."; "" when it does not, or when an earlier byte is not UTF-8
     * either (then the file is more likely in another charset). A file cut in its first line was
     * refused as "not a recording format" quoting "2026?", with no word of the cut.
     */
    static String cut(byte[] text) {
        int to = text.length;
        if (to == 0 || text[to - 1] == '\n') {
            return "";
        }
        org.schedlab.io.Utf8Scan.Place last = org.schedlab.io.Utf8Scan.placeOf(text, to);
        int from = last.lineStart();
        int at = org.schedlab.io.Utf8Scan.cutAt(text, from, to);
        if (at < 0 || org.schedlab.io.Utf8Scan.firstBad(text, 0, to) != at) {
            return "";
        }
        return LineReader.cutText(text, from, to, at, last.line(), 0);
    }

    private static List<String> lines(byte[] head) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < head.length && out.size() < HEAD_LINES; i++) {
            if (head[i] == '\n') {
                out.add(decode(head, start, i));
                start = i + 1;
            }
        }
        if (start < head.length && out.size() < HEAD_LINES) {
            out.add(decode(head, start, head.length));
        }
        return out;
    }

    private static String decode(byte[] b, int from, int to) {
        int end = to > from && b[to - 1] == '\r' ? to - 1 : to;
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }
}
