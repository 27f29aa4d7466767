package org.schedlab.analysis;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacterCategory;
import com.ibm.icu.lang.UProperty;
import java.util.Locale;

/**
 * The conventions of SchedLab's plain-text tables, taken from the seed mails so a table pasted
 * into a mailing-list thread reads like the ones already there: monospace, at most
 * {@value #WIDTH} columns, ratios of test to base as {@code x1.94} from 1 up, {@code 0.51x} below 1
 * and {@code 1/180x} below 0.1, numbers from 1000 up with their thousands grouped ({@code 32,074},
 * {@code 1/2,800x}). Every text table (summary, A/B deltas, TCP counters) formats through here.
 *
 * <p>A column is a terminal's: a comm such as {@code 数据库写入} takes two per character, an
 * accent typed as its own code point (e + U+0301) none. Widths, cuts and padding go by
 * {@link #columns(String)}, not by UTF-16 units as {@code String.length()} and
 * {@code String.format("%-10s")} do, which pushed every column after a CJK name out of line.
 */
public final class PlainText {
    /** Widest line of any table: what mail clients and list archives show without wrapping. */
    public static final int WIDTH = 72;

    private PlainText() {
    }

    /**
     * {@code x1.94} (at least 1) or {@code 0.51x} (below 1), two decimals; {@code 1/18x} below 0.1
     * and {@code to 0} for a drop to nothing (see {@link #ratio(double, int)}).
     */
    public static String ratio(double testOverBase) {
        return ratio(testOverBase, 2);
    }

    /** Below this a ratio reads as the fraction it is, {@code 1/Nx}: two decimals of 0.0055 read "0.01x", 1/100. */
    static final double FRACTION_BELOW = 0.1;

    /**
     * A ratio with {@code decimals} decimals, in the same two forms as {@link #ratio(double)}. A
     * positive ratio below {@value #FRACTION_BELOW} (or too small for the decimals) reads as the
     * fraction it is, its divisor to two significant digits ({@code 1/3,500x}: a wait that went from
     * 6,994 us to 2 us; {@code 1/180x}, not the {@code 0.01x} that a reader took for 1/100): so every
     * ratio printed is within 5 % of the true one, where two decimals of 0.0055 were 80 % off. From
     * 1000 up a ratio is whole and its thousands grouped, as a divisor's are ({@code x2,834}). A
     * ratio of 0 reads {@code to 0}, as a mean of 0 on A reads {@code from 0}: "0.00x" read as a
     * rounded small ratio, not as B having none. A ratio that rounds to 1 reads {@code x1.00} (as
     * one of exactly 1 does) whichever side of 1 it is on.
     */
    public static String ratio(double testOverBase, int decimals) {
        String digits = "%." + decimals + "f";
        if (testOverBase == 0) {
            return "to 0";
        }
        if (testOverBase > 0 && testOverBase < Math.max(FRACTION_BELOW, 0.5 * Math.pow(10, -decimals))) {
            // divided as decimals: 1 over a tiny double is past a long's range, or a double's
            java.math.BigDecimal divisor = java.math.BigDecimal.ONE.divide(new java.math.BigDecimal(testOverBase),
                    new java.math.MathContext(2));
            // from a million on in three digits: 1/9,900,000x did not fit an A/B table's ratio column
            return divisor.compareTo(java.math.BigDecimal.valueOf(1_000_000)) < 0
                    ? String.format(Locale.ROOT, "1/%,dx", divisor.toBigInteger())
                    : String.format(Locale.ROOT, "1/%.1ex", divisor);
        }
        // the form is decided on the ratio as printed, not as computed: 0.996 and 1.004 both print
        // 1.00, and read "1.00x" and "x1.00" side by side in one table, as if one fell and one rose
        if (Double.parseDouble(String.format(Locale.ROOT, digits, testOverBase)) < 1) {
            return String.format(Locale.ROOT, digits + "x", testOverBase);
        }
        if (testOverBase >= 999_999.5) {
            return String.format(Locale.ROOT, "x%.1e", testOverBase); // within a cell, as 1/1.6e+19x
        }
        if (Double.parseDouble(String.format(Locale.ROOT, digits, testOverBase)) >= 1000) {
            return String.format(Locale.ROOT, "x%,.0f", testOverBase);
        }
        return String.format(Locale.ROOT, "x" + digits, testOverBase);
    }

    /**
     * The terminal columns {@code cp} takes, as wcwidth counts them from Unicode's data (ICU's):
     * 2 for an East Asian Wide or Fullwidth character (CJK, kana, Hangul syllables, fullwidth
     * {@code ＡＢＣ}, emoji shown as pictures), 0 for one drawn on the character before it or not
     * at all (a combining or enclosing mark, a format character such as a zero-width space or
     * joiner, a Hangul vowel or final consonant joining a syllable), 1 otherwise. A control
     * character counts 1: {@link #printable} shows it as {@code ?} or a space. The soft hyphen,
     * though a format character, is 1 as terminals draw it.
     */
    public static int columns(int cp) {
        if (cp >= 0x20 && cp < 0x7f || Character.isISOControl(cp) || cp == 0xad) {
            return 1;
        }
        int type = UCharacter.getType(cp);
        if (type == UCharacterCategory.NON_SPACING_MARK || type == UCharacterCategory.ENCLOSING_MARK
                || type == UCharacterCategory.FORMAT) {
            return 0;
        }
        int jamo = UCharacter.getIntPropertyValue(cp, UProperty.HANGUL_SYLLABLE_TYPE);
        if (jamo == UCharacter.HangulSyllableType.VOWEL_JAMO || jamo == UCharacter.HangulSyllableType.TRAILING_JAMO) {
            return 0;
        }
        int eaw = UCharacter.getIntPropertyValue(cp, UProperty.EAST_ASIAN_WIDTH);
        return eaw == UCharacter.EastAsianWidth.WIDE || eaw == UCharacter.EastAsianWidth.FULLWIDTH ? 2 : 1;
    }

    /** The terminal columns {@code s} takes: the sum of {@link #columns(int)} over its code points. */
    public static int columns(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            n += columns(cp);
            i += Character.charCount(cp);
        }
        return n;
    }

    /**
     * {@code s} made {@link #printable} and cut to {@code width} columns, a {@code ~} marking the
     * cut. A cut keeps whole code points with the marks drawn on them; a wide character that would
     * straddle the {@code ~} is left out with the rest and a space after the {@code ~} takes its
     * column, so a cut name is always {@code width} columns and the next column still lines up.
     */
    public static String cut(String s, int width) {
        return cut(s, width, true);
    }

    /**
     * {@link #cut}; without {@code keepWidth} a wide character straddling the {@code ~} leaves the
     * cut one column short (for a right-aligned cell, padded on its left instead).
     */
    private static String cut(String s, int width, boolean keepWidth) {
        String p = printable(s);
        if (width <= 0) {
            return "";
        }
        if (columns(p) <= width) {
            return p;
        }
        String kept = head(p, width - 1);
        return kept + "~" + (keepWidth ? " ".repeat(width - 1 - columns(kept)) : "");
    }

    /**
     * The names of one column, each {@link #cut} to {@code width} columns, but two different names
     * never cut alike where a cut can tell them apart: those whose ends-cut would read the same are
     * cut in the middle instead, keeping as much of their ends as tells them apart (at least, where
     * it fits, half the width): a trace's comms {@code smem_native_dsp} and {@code smem_native_rpm}
     * both read {@code smem_nati~} at 10 columns, now {@code smem_~_dsp} and {@code smem_~_rpm}.
     * Names that neither cut tells apart (alike at both ends for more than the width) keep the
     * plain cut. Each result is at most {@code width} columns; equal names cut equally.
     */
    public static java.util.List<String> cutApart(java.util.List<String> names, int width) {
        java.util.List<String> out = new java.util.ArrayList<>(names.size());
        java.util.Map<String, java.util.Set<String>> wholeByCut = new java.util.HashMap<>();
        for (String n : names) {
            String c = cut(n, width);
            out.add(c);
            wholeByCut.computeIfAbsent(c, k -> new java.util.LinkedHashSet<>()).add(printable(n));
        }
        java.util.Map<String, String> recut = new java.util.HashMap<>();
        for (var e : wholeByCut.entrySet()) {
            if (e.getValue().size() > 1 && width >= 3) {
                recut.putAll(middleCuts(e.getValue(), width, wholeByCut.keySet()));
            }
        }
        if (recut.isEmpty()) {
            return out;
        }
        for (int i = 0; i < names.size(); i++) {
            String r = recut.get(printable(names.get(i)));
            if (r != null) {
                out.set(i, r);
            }
        }
        return out;
    }

    /**
     * {@code alike} (printable names whose ends-cut is the same) cut in the middle with the shortest
     * end that tells every one apart, lengthened to half the width where it fits; none where no end
     * up to the width does, or where a cut would read as another name's.
     */
    private static java.util.Map<String, String> middleCuts(java.util.Set<String> alike, int width,
                                                          java.util.Set<String> others) {
        for (int end = 1; end <= width - 2; end++) {
            java.util.Map<String, String> cuts = middleCuts(alike, width, end);
            java.util.Set<String> read = new java.util.HashSet<>(cuts.values());
            if (read.size() == alike.size() && java.util.Collections.disjoint(read, others)) {
                for (int longer = end + 1; longer <= (width - 1) / 2; longer++) {
                    java.util.Map<String, String> l = middleCuts(alike, width, longer);
                    if (new java.util.HashSet<>(l.values()).size() == alike.size()
                            && java.util.Collections.disjoint(l.values(), others)) {
                        cuts = l;
                    }
                }
                return cuts;
            }
        }
        return java.util.Map.of();
    }

    private static java.util.Map<String, String> middleCuts(java.util.Set<String> alike, int width, int end) {
        java.util.Map<String, String> cuts = new java.util.HashMap<>();
        for (String p : alike) {
            cuts.put(p, columns(p) <= width ? p : head(p, width - 1 - end) + "~" + tail(p, end));
        }
        return cuts;
    }

    /**
     * {@code s} {@link #cut} to {@code width} columns and padded with spaces on the right to them:
     * a left-aligned cell, what {@code %-10s} was for names but by columns, not UTF-16 units.
     */
    public static String padRight(String s, int width) {
        String c = cut(s, width);
        return c + " ".repeat(Math.max(0, width - columns(c)));
    }

    /**
     * {@code s} {@link #cut} to {@code width} columns and padded with spaces on the left to them: a
     * right-aligned cell, its {@code ~} against the next column when a wide character did not fit.
     */
    public static String padLeft(String s, int width) {
        String c = cut(s, width, false);
        return " ".repeat(Math.max(0, width - columns(c))) + c;
    }

    /**
     * The longest start of {@code p} within {@code width} columns that ends between two code points
     * and keeps every mark of its last character (a mark of the first one left out goes with it).
     */
    static String head(String p, int width) {
        int used = 0;
        int i = 0;
        while (i < p.length()) {
            int cp = p.codePointAt(i);
            int w = columns(cp);
            if (used + w > width) {
                break;
            }
            used += w;
            i += Character.charCount(cp);
        }
        return p.substring(0, i);
    }

    /**
     * The longest end of {@code p} within {@code width} columns that starts on a character with
     * its marks (marks whose character is left out go with it), for a cut at the start.
     */
    static String tail(String p, int width) {
        int used = 0;
        int start = p.length();
        for (int i = p.length(); i > 0; ) {
            int cp = p.codePointBefore(i);
            i -= Character.charCount(cp);
            int w = columns(cp);
            if (w == 0) {
                continue; // belongs to the character before it: kept only if that one is
            }
            if (used + w > width) {
                break;
            }
            used += w;
            start = i;
        }
        return p.substring(start);
    }

    /**
     * {@code s} with a tab as a space and every other control character as {@code ?}: names come
     * from recordings and files (a comm can hold any byte), and an escape sequence pasted into a
     * terminal or a mail would recolour or move the text, a tab would break the columns. A lone
     * surrogate (half a code point, which no encoder can write) is a {@code ?} as well.
     */
    public static String printable(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (Character.isISOControl(c) || Character.isSurrogate(c) && !pair) {
                if (b == null) {
                    b = new StringBuilder(s.length()).append(s, 0, i);
                }
                b.append(c == '\t' ? ' ' : '?');
            } else if (pair) {
                if (b != null) {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /** Words of {@code text} wrapped at {@value #WIDTH} columns, continuation lines indented by {@code indent};
     * a word longer than a line is cut. */
    public static String wrap(String text, int indent) {
        return wrapWords(java.util.Arrays.asList(text.split(" ")), indent);
    }

    /**
     * {@code items} one space apart, as {@link #wrap} puts words, but an item that fits on a line
     * is never split at an inner space: a runqlat figure's key, {@code runqlat.pid 0.count=923},
     * was cut after "pid" with the rest on the next line, where it read as another figure. An
     * item longer than a line still wraps at its spaces.
     */
    public static String wrapWhole(java.util.List<String> items, int indent) {
        java.util.List<String> words = new java.util.ArrayList<>();
        for (String item : items) {
            if (columns(item) <= WIDTH - indent) {
                words.add(item);
            } else {
                words.addAll(java.util.Arrays.asList(item.split(" ")));
            }
        }
        return wrapWords(words, indent);
    }

    /**
     * {@code items} one space apart, wrapped at {@value #WIDTH} columns between items, never inside
     * one and never cut: an item longer than a line has a line of its own, past the width. For
     * values a reader must get whole (a dataset's parameters in {@code info}: a path, a workload's
     * command line) where {@link #wrapWhole} would cut a long one.
     */
    public static String wrapUncut(java.util.List<String> items, int indent) {
        return wrapWords(items, indent, false, " ");
    }

    /**
     * {@code items} as a {@code K=V,K=V} list, wrapped after a comma at {@value #WIDTH} columns,
     * never inside an item and never cut, as {@link #wrapUncut} wraps words.
     */
    public static String wrapCommaList(java.util.List<String> items, int indent) {
        java.util.List<String> withCommas = new java.util.ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            withCommas.add(items.get(i) + (i < items.size() - 1 ? "," : ""));
        }
        return wrapWords(withCommas, indent, false, "");
    }

    private static String wrapWords(java.util.List<String> words, int indent) {
        return wrapWords(words, indent, true, " ");
    }

    private static String wrapWords(java.util.List<String> words, int indent, boolean cutLong, String gap) {
        StringBuilder out = new StringBuilder();
        int col = indent;
        for (String w : words) {
            // one word longer than a line is cut, not let through, unless the caller needs it whole
            String word = cutLong ? cut(w, WIDTH - indent) : w;
            if (col > indent && col + gap.length() + columns(word) > WIDTH) {
                out.append('\n').append(" ".repeat(indent));
                col = indent;
            } else if (col > indent) {
                out.append(gap);
                col += gap.length();
            }
            out.append(word);
            col += columns(word);
        }
        return out.toString();
    }

    /**
     * {@code items} two spaces apart, wrapped at {@value #WIDTH} columns with continuation lines
     * indented by {@code indent}; an item ("dsackOfoSent 0") never splits across lines, as
     * {@link #wrap} split it at its inner space.
     */
    public static String wrapItems(java.util.List<String> items, int indent) {
        StringBuilder out = new StringBuilder();
        int col = indent;
        boolean first = true;
        for (String item : items) {
            String it = cut(item, WIDTH - indent);
            if (!first && col + 2 + columns(it) > WIDTH) {
                out.append('\n').append(" ".repeat(indent));
                col = indent;
            } else if (!first) {
                out.append("  ");
                col += 2;
            }
            out.append(it);
            col += columns(it);
            first = false;
        }
        return out.toString();
    }

    /**
     * Every line of {@code text} cut to {@value #WIDTH} columns (titles made of user input), between
     * two code points and keeping the marks of the last character kept.
     */
    public static String clip(String text) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (b.length() > 0) {
                b.append('\n');
            }
            String p = printable(line);
            b.append(head(p, WIDTH));
        }
        return b.toString();
    }

    /** A share of 1 as a percentage with one decimal: {@code 55.0%}. */
    public static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /**
     * {@link #num} for a table column of 8 or 9: where its grouped digits do not fit 8 columns
     * (from a million up) in three digits, {@code 2.31e+15}, as {@code 2,305,843,009,213,694} would
     * push the line past {@value #WIDTH} columns.
     */
    public static String cell(double v) {
        String n = num(v);
        return n.length() <= 8 ? n : String.format(Locale.ROOT, "%.3g", v);
    }

    /**
     * A measurement with one decimal, none from 1000 up and its thousands grouped as a divisor's
     * ({@code 1/2,800x}) are: {@code 18.4}, {@code 50,752}.
     */
    public static String num(double v) {
        String tenths = String.format(Locale.ROOT, "%.1f", v);
        // the form follows the rounded figure: 999.95 prints as 1,000, not 1000.0 beside 1,234
        if (Math.abs(Double.parseDouble(tenths)) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return tenths;
    }

    /**
     * A formatted figure without the sign of one that reads as zero: {@code String.format} writes
     * a tiny negative mean ({@code -0.001}) at two decimals as {@code -0.00}, and {@code -0.0} as
     * {@code -0}, a sign on a figure that shows nothing. Others are as given.
     */
    public static String unsignedZero(String formatted) {
        return formatted.startsWith("-") && showsZero(formatted) ? formatted.substring(1) : formatted;
    }

    /** Whether a formatted figure has no digit but 0 ({@code 0.00}, {@code -0}, {@code +0.0}). */
    public static boolean showsZero(String formatted) {
        return formatted.chars().noneMatch(c -> c >= '1' && c <= '9');
    }

    /** A count in grouped digits, as every text table writes one: {@code 32,074}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /**
     * A count for a column of {@code width}: {@link #count(long)}, or where its grouped digits do
     * not fit, three digits ({@code 1.23e+07}) as {@link #cell} writes a measurement too long for it,
     * fewer where those do not fit either: the summary's 7-column task count reads {@code 1.2e+06}
     * (three digits' {@code 1.23e+06} pushed its row a column past its header).
     */
    public static String count(long n, int width) {
        String c = count(n);
        for (int digits = 3; digits >= 1 && c.length() > width; digits--) {
            c = String.format(Locale.ROOT, "%." + digits + "g", (double) n);
        }
        return c;
    }

    /**
     * A value as a file or summary gave it, as text ({@code tcp dsack 2568}, a lock event's count,
     * perf lock contention's {@code 8580.00} us): a number with its whole part's thousands grouped
     * and its decimals as given ({@code 2,568}, {@code 8,580.00}), anything else as it is.
     */
    public static String countText(String v) {
        java.util.regex.Matcher m = GIVEN_NUMBER.matcher(v);
        if (!m.matches()) {
            return v;
        }
        return m.group(1) + count(Long.parseLong(m.group(2))) + (m.group(3) == null ? "" : m.group(3));
    }

    /** A plain decimal number as a tool prints one: sign, whole part (up to 18 digits), decimals. */
    private static final java.util.regex.Pattern GIVEN_NUMBER = java.util.regex.Pattern.compile(
            "(-?)([0-9]{1,18})(\\.[0-9]+)?");

    /**
     * The widest id a {@link #grid} shows whole: a thread as perf stat --per-thread names it, its
     * comm (at most 15 characters) and tid (at most 7 digits). Cut at 12, every thread of one
     * longer comm read the same ({@code postgres-12~}).
     */
    private static final int GRID_ID_WIDTH = 15 + 1 + 7;

    /**
     * A grid for a mail: a row per id (at most {@code maxRows}, then how many more), a column per
     * name, in blocks of as many columns of {@code colWidth} as fit {@value #WIDTH} columns beside
     * the ids; each block starts with a blank line and its column heads, {@code corner} above the ids.
     */
    public static String grid(String corner, java.util.List<String> rows, java.util.List<String> heads, int colWidth,
                              int maxRows, java.util.function.BiFunction<Integer, Integer, String> cell) {
        int idWidth = Math.max(6, Math.min(GRID_ID_WIDTH, columns(printable(corner))));
        for (String id : rows) {
            idWidth = Math.max(idWidth, Math.min(GRID_ID_WIDTH, columns(printable(id))));
        }
        int perBlock = Math.max(1, (WIDTH - 2 - idWidth) / (colWidth + 1));
        StringBuilder b = new StringBuilder();
        for (int from = 0; from < heads.size(); from += perBlock) {
            int to = Math.min(heads.size(), from + perBlock);
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%n  ")).append(padRight(corner, idWidth));
            for (int c = from; c < to; c++) {
                head.append(' ').append(padLeft(heads.get(c), colWidth));
            }
            b.append(head.toString().stripTrailing()).append('\n');
            java.util.List<String> ids = cutApart(rows.subList(0, Math.min(rows.size(), maxRows)), idWidth);
            for (int r = 0; r < rows.size(); r++) {
                if (r == maxRows) {
                    b.append("  ... ").append(rows.size() - maxRows).append(" more (info --json lists every one)\n");
                    break;
                }
                StringBuilder row = new StringBuilder("  ").append(padRight(ids.get(r), idWidth));
                for (int c = from; c < to; c++) {
                    row.append(' ').append(padLeft(cell.apply(r, c), colWidth));
                }
                b.append(row.toString().stripTrailing()).append('\n');
            }
        }
        return b.toString();
    }
}
