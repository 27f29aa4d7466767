package org.schedlab.io.read;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
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
            byte[] head;
            try (InputStream in = gzip ? new GZIPInputStream(source.open(), 64 * 1024) : source.open()) {
                head = readUpTo(in, HEAD_BYTES);
            }
            String binaryKind = binaryKind(head);
            List<String> lines = binaryKind.isEmpty() ? lines(head) : List.of();
            return new Sniff(source.name(), gzip, !binaryKind.isEmpty(), binaryKind, lines);
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "cannot read: " + describe(e), e);
        }
    }

    static String describe(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : " (" + m + ")");
    }

    /** Reads what is there, tolerating a truncated gzip stream (the bytes before the cut count). */
    private static byte[] readUpTo(InputStream in, int max) throws IOException {
        byte[] buf = new byte[max];
        int n = 0;
        try {
            while (n < max) {
                int r = in.read(buf, n, max - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (EOFException | ZipException truncated) {
            // a cut or damaged gzip: sniff what decompressed; the reader reports the damage
        }
        byte[] out = new byte[n];
        System.arraycopy(buf, 0, out, 0, n);
        return out;
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
            return "zip archive";
        }
        int control = 0;
        int scanned = Math.min(head.length, 8192);
        for (int i = 0; i < scanned; i++) {
            int b = head[i] & 0xff;
            if (b == 0) {
                return "binary data";
            }
            if (b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f') {
                control++;
            }
        }
        return scanned > 0 && control * 10 > scanned ? "binary data" : "";
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
