package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** A line's first byte that is not UTF-8, as the JDK's decoder finds it: what a recording's warning names. */
class Utf8ScanLineTest {
    /** Where the JDK's strict decoder stops, or -1 when all of {@code b} decodes. */
    private static int jdk(byte[] b) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        CoderResult r = dec.decode(in, CharBuffer.allocate(b.length * 2 + 2), true);
        return r.isError() ? in.position() : -1;
    }

    @Test
    void namesTheLeadByteOfWhatIsNotUtf8() {
        byte[][] cases = {
            "pg\u00e9bench".getBytes(StandardCharsets.UTF_8), // whole: -1
            {'p', 'g', (byte) 0xe9, 'b'}, // Latin-1 é: a lead without its continuations
            {'a', (byte) 0x80}, // a stray continuation
            {(byte) 0xc0, (byte) 0xaf}, // overlong '/'
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, // a surrogate
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
            {'x', (byte) 0xe4, (byte) 0xb8}, // cut by the line's end
            "\u6570\u636e\ud83d\ude00".getBytes(StandardCharsets.UTF_8), // CJK and an emoji: -1
        };
        for (byte[] c : cases) {
            assertEquals(jdk(c), Utf8Scan.firstBad(c, 0, c.length), java.util.Arrays.toString(c));
        }
        byte[] framed = {(byte) 0xff, 'o', 'k', (byte) 0xff};
        assertEquals(-1, Utf8Scan.firstBad(framed, 1, 3), "only the range is read");
    }

    @Property(tries = 300)
    void agreesWithTheJdksDecoder(@ForAll @Size(max = 12) byte[] b) {
        assertEquals(jdk(b), Utf8Scan.firstBad(b, 0, b.length));
    }

    /**
     * A recording's line: plain ASCII, then a few bytes of anything, then ASCII again, read as a
     * range of a larger buffer framed by bytes that are not UTF-8. The scan reads plain ASCII eight
     * bytes at a time; whatever the lengths, it names the same byte as the JDK and never reads past
     * the range's end.
     */
    @Property(tries = 500)
    void agreesWithTheJdksDecoderOnMostlyAsciiLinesInsideABuffer(@ForAll @IntRange(max = 40) int head,
            @ForAll @Size(max = 6) byte[] middle, @ForAll @IntRange(max = 40) int tail) {
        byte[] line = new byte[head + middle.length + tail];
        java.util.Arrays.fill(line, (byte) 'a');
        System.arraycopy(middle, 0, line, head, middle.length);
        byte[] buffer = new byte[line.length + 16];
        java.util.Arrays.fill(buffer, (byte) 0xff);
        System.arraycopy(line, 0, buffer, 3, line.length);
        int expected = jdk(line);
        assertEquals(expected < 0 ? -1 : expected + 3, Utf8Scan.firstBad(buffer, 3, 3 + line.length));
    }
    /**
     * Text cut inside its last character: cutAt names where that character starts, for every cut
     * of a 2-, 3- and 4-byte character (then a recording says it was cut, not another charset);
     * whole text, a stray byte or a lead byte followed by what cannot continue it is no cut.
     */
    @Test
    void cutAtNamesACharacterCutShortAtTheEnd() {
        for (String last : new String[] {"\u00e9", "\u2192", "\u6570", "\ud83d\ude00"}) {
            byte[] whole = ("ab" + last).getBytes(StandardCharsets.UTF_8);
            assertEquals(-1, Utf8Scan.cutAt(whole, 0, whole.length), last + " whole");
            for (int to = 3; to < whole.length; to++) {
                assertEquals(2, Utf8Scan.cutAt(whole, 0, to), last + " cut to " + to + " bytes");
                assertEquals(2, Utf8Scan.firstBad(whole, 0, to), "which firstBad names");
            }
        }
        // Latin-1's \u00e9 is a 3-byte lead in UTF-8: the bytes alone cannot tell (LineReader calls it a cut
        // only in a file with no other byte that is not UTF-8)
        assertEquals(1, Utf8Scan.cutAt(new byte[] {'a', (byte) 0xe9}, 0, 2));
        assertEquals(-1, Utf8Scan.cutAt(new byte[] {'a', (byte) 0xff}, 0, 2), "no lead byte");
        assertEquals(-1, Utf8Scan.cutAt(new byte[] {'a', (byte) 0x80}, 0, 2), "a stray continuation");
        assertEquals(-1, Utf8Scan.cutAt(new byte[] {(byte) 0xe0, (byte) 0x80}, 0, 2), "an overlong form's start");
        assertEquals(-1, Utf8Scan.cutAt(new byte[] {(byte) 0xe2, (byte) 0x86}, 1, 2), "only the range is read");
    }
}
