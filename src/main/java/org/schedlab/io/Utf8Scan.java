package org.schedlab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a file stops being UTF-8: the line, column and value of its first byte that is not. A
 * reader that decodes ahead of the rows it parses (the CSV parser fills a 1 MiB buffer first)
 * learns of a bad byte before it knows the line, and said line 1 of a table whose bad byte was
 * thousands of rows down; this reads the file once more, in small steps, to name the place.
 */
public final class Utf8Scan {
    /** The first byte that is not UTF-8: its 1-based line and column (in bytes) and its value. */
    record Bad(long line, long column, int value, String cut) {
        /** "byte 0xe9 is not UTF-8 text" */
        String what() {
            return Utf8Scan.what(value);
        }

        /** The file ends inside the character this byte begins (it is the last bad byte, of a cut file). */
        boolean endsInside() {
            return !cut.isEmpty();
        }
    }

    /**
     * "0xe2 0x86, the first 2 bytes of a 3-byte UTF-8 character": the bytes {@code b[at, to)} of a
     * character cut short ({@link #cutAt}).
     */
    public static String cutText(byte[] b, int at, int to) {
        StringBuilder bytes = new StringBuilder();
        for (int i = at; i < to; i++) {
            bytes.append(String.format(java.util.Locale.ROOT, i == at ? "0x%02x" : " 0x%02x", b[i] & 0xff));
        }
        return bytes + (to - at == 1 ? ", the first byte" : ", the first " + (to - at) + " bytes") + " of a "
                + length(b[at]) + "-byte UTF-8 character";
    }

    /** "byte 0xe9 is not UTF-8 text": how a byte that is not UTF-8 is named, in a table or a recording. */
    public static String what(int value) {
        return String.format(java.util.Locale.ROOT, "byte 0x%02x is not UTF-8 text", value & 0xff);
    }

    /**
     * The index of the first byte of {@code b[from, to)} that does not begin a whole UTF-8
     * character (a stray continuation byte, a lead byte without its continuations, an overlong
     * form, a surrogate, past U+10FFFF), or -1 when all of it is UTF-8: where the JDK's decoder
     * would report the line malformed, without its allocations for a line of plain ASCII.
     */
    public static int firstBad(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            // eight bytes of plain ASCII at a time: every line of a recording is checked, most of
            // them all ASCII, and a byte at a time cost ~5-10 % of an import
            if (i + Long.BYTES <= to && ((long) EIGHT.get(b, i) & HIGH_BITS) == 0) {
                i += Long.BYTES;
                continue;
            }
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int more;
            int lo = 0x80;
            int hi = 0xbf;
            if (c >= 0xc2 && c <= 0xdf) {
                more = 1;
            } else if (c >= 0xe0 && c <= 0xef) {
                more = 2;
                lo = c == 0xe0 ? 0xa0 : 0x80; // no overlong forms
                hi = c == 0xed ? 0x9f : 0xbf; // no surrogates
            } else if (c >= 0xf0 && c <= 0xf4) {
                more = 3;
                lo = c == 0xf0 ? 0x90 : 0x80;
                hi = c == 0xf4 ? 0x8f : 0xbf; // not past U+10FFFF
            } else {
                return i;
            }
            if (i + more >= to) {
                return i; // cut short by the line's end
            }
            int second = b[i + 1] & 0xff;
            if (second < lo || second > hi) {
                return i;
            }
            for (int k = 2; k <= more; k++) {
                if ((b[i + k] & 0xc0) != 0x80) {
                    return i;
                }
            }
            i += more + 1;
        }
        return -1;
    }

    /**
     * Where {@code b[from, to)} ends inside a character: the index of a lead byte near {@code to}
     * followed by only the continuation bytes that fit it, fewer than it needs (a file cut in the
     * middle of a multi-byte character); -1 when the bytes do not end so.
     */
    public static int cutAt(byte[] b, int from, int to) {
        for (int k = to - 1; k >= Math.max(from, to - 3); k--) {
            if ((b[k] & 0xc0) != 0x80) { // the last byte that is no continuation: the character's start
                int c = b[k] & 0xff;
                if (to - k >= Math.max(1, length(c))) {
                    return -1; // ASCII, not a lead byte, or the whole character is there
                }
                // its second byte, if there, within the lead byte's range (firstBad's rule)
                if (k + 1 < to) {
                    int second = b[k + 1] & 0xff;
                    int lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
                    int hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
                    if (second < lo || second > hi) {
                        return -1;
                    }
                }
                return k;
            }
        }
        return -1;
    }

    /** A byte's place in a text: its 1-based line, and the index that line begins at. */
    public record Place(long line, int lineStart) {
    }

    /**
     * Where byte {@code at} of {@code b} is: the line breaks before it counted, for a message that
     * names the line (and column) of a bad byte or of the character a text ends inside.
     */
    public static Place placeOf(byte[] b, int at) {
        long line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (b[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Place(line, lineStart);
    }

    /** How many bytes the UTF-8 character that {@code lead} begins has (1 for ASCII), 0 if none. */
    public static int length(int lead) {
        int c = lead & 0xff;
        return c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    }

    private Utf8Scan() {
    }

    /** Eight bytes of an array read as one long (the byte order does not matter for the test). */
    private static final java.lang.invoke.VarHandle EIGHT =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The high bit of each of eight bytes: none set, all eight are ASCII. */
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** The first byte of {@code file} that is not UTF-8, or empty when it all is. */
    static Optional<Bad> firstBad(Path file) throws IOException {
        try (InputStream s = Files.newInputStream(file)) {
            return firstBad(s);
        }
    }

    static Optional<Bad> firstBad(InputStream s) throws IOException {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long base = 0; // the file offset of in's index 0
        long line = 1;
        long lineStart = 0; // the file offset where that line begins
        boolean end = false;
        while (true) {
            if (!end) {
                int n = s.read(in.array(), in.arrayOffset() + in.position(), in.remaining());
                if (n < 0) {
                    end = true;
                } else {
                    in.position(in.position() + n);
                }
            }
            in.flip();
            CoderResult r = dec.decode(in, out, end);
            for (int i = 0; i < in.position(); i++) {
                if (in.get(i) == '\n') {
                    line++;
                    lineStart = base + i + 1;
                }
            }
            if (r.isError()) {
                long at = base + in.position();
                int p = in.arrayOffset() + in.position();
                int limit = in.arrayOffset() + in.limit();
                // the end of the file, inside a character: the first bad byte, so nothing before it
                // says another charset (a Latin-1 letter alone at the end would read the same)
                String cut = end && cutAt(in.array(), p, limit) == p ? cutText(in.array(), p, limit) : "";
                return Optional.of(new Bad(line, at - lineStart + 1, in.get(in.position()) & 0xff, cut));
            }
            out.clear();
            base += in.position();
            in.compact();
            if (end && !r.isOverflow() && in.position() == 0) {
                return Optional.empty();
            }
        }
    }
}
