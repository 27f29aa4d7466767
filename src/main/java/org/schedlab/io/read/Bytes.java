package org.schedlab.io.read;

import java.nio.charset.StandardCharsets;

/**
 * Scanning and number parsing on a line's raw bytes {@code b[from, to)}, for the readers of
 * the big files (perf and ftrace text): no String per line, no UTF-8 decoding of text that is
 * only compared and skipped, and array accesses where String.charAt would cost a call chain
 * until the JIT warms up - which, for a one-second import, it never fully does. Every index is
 * absolute in {@code b}; every method stays inside the range it is given.
 */
final class Bytes {
    private Bytes() {
    }

    static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** The US-ASCII bytes of a literal (field names, event names). */
    static byte[] ascii(String literal) {
        return literal.getBytes(StandardCharsets.US_ASCII);
    }

    /** UTF-8 text of {@code b[from, to)}: comms and what messages quote. */
    static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }

    static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    static int indexOf(byte[] b, int from, int to, byte[] needle) {
        int last = to - needle.length;
        byte first = needle[0];
        outer:
        for (int i = from; i <= last; i++) {
            if (b[i] != first) {
                continue;
            }
            for (int k = 1; k < needle.length; k++) {
                if (b[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The last {@code c} at an index in {@code [lo, at]}, or -1 (String.lastIndexOf(c, at) within lo). */
    static int lastIndexOf(byte[] b, int lo, int at, byte c) {
        for (int i = at; i >= lo; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The last {@code needle} starting in {@code [lo, at]} and ending before {@code to}, or -1. */
    static int lastIndexOf(byte[] b, int lo, int at, int to, byte[] needle) {
        for (int i = Math.min(at, to - needle.length); i >= lo; i--) {
            if (startsWith(b, i, to, needle)) {
                return i;
            }
        }
        return -1;
    }

    static boolean startsWith(byte[] b, int at, int to, byte[] lit) {
        if (at < 0 || to - at < lit.length) {
            return false;
        }
        for (int k = 0; k < lit.length; k++) {
            if (b[at + k] != lit[k]) {
                return false;
            }
        }
        return true;
    }

    static int skipSpaces(byte[] b, int i, int to) {
        while (i < to && b[i] == ' ') {
            i++;
        }
        return i;
    }

    /** Index of the first space or tab (or {@code to}) at or after {@code i}. */
    static int tokenEnd(byte[] b, int i, int to) {
        while (i < to && b[i] != ' ' && b[i] != '\t') {
            i++;
        }
        return i;
    }

    /** Whether {@code b[from, to)} holds only ASCII white space (as String.isBlank sees it) or nothing. */
    static boolean isBlank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c != ' ' && (c < '\t' || c > '\r') && (c < 0x1c || c > 0x1f)) {
                return false;
            }
        }
        return true;
    }

    /** A non-negative decimal int; -1 if it is not one or overflows. */
    static int parseUint(byte[] b, int from, int to) {
        if (to - from > 10) {
            return -1;
        }
        long v = parseUlong(b, from, to);
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }

    /** A non-negative decimal long of at most 18 digits; -1 if it is not one. */
    static long parseUlong(byte[] b, int from, int to) {
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Seconds with a decimal fraction into ns, as {@link LineReader#parseSecondsToNs(String, int, int)}. */
    static long parseSecondsToNs(byte[] b, int from, int to) {
        int dot = indexOf(b, from, to, (byte) '.');
        int intEnd = dot < 0 ? to : dot;
        long secs = parseUlong(b, from, intEnd);
        if (secs < 0 || intEnd == from || secs > 9_000_000_000L) {
            return -1;
        }
        long frac = 0;
        int digits = 0;
        if (dot >= 0) {
            if (dot + 1 >= to) {
                return -1;
            }
            for (int i = dot + 1; i < to; i++) {
                byte c = b[i];
                if (c < '0' || c > '9') {
                    return -1;
                }
                if (digits < 9) {
                    frac = frac * 10 + (c - '0');
                    digits++;
                }
            }
        }
        for (int d = digits; d < 9; d++) {
            frac *= 10;
        }
        return secs * 1_000_000_000L + frac;
    }
}
