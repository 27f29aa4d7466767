package org.schedlab.analysis;

import java.util.Locale;

/**
 * The conventions of SchedLab's plain-text tables, taken from the seed mails so a table pasted
 * into a mailing-list thread reads like the ones already there: monospace, at most
 * {@value #WIDTH} columns, ratios of test to base as {@code x1.94} from 1 up and {@code 0.51x}
 * below 1. Every text table (summary, A/B deltas, TCP counters) formats through here.
 */
public final class PlainText {
    /** Widest line of any table: what mail clients and list archives show without wrapping. */
    public static final int WIDTH = 72;

    private PlainText() {
    }

    /** {@code x1.94} (at least 1) or {@code 0.51x} (below 1), two decimals. */
    public static String ratio(double testOverBase) {
        return ratio(testOverBase, 2);
    }

    /**
     * A ratio with {@code decimals} decimals, in the same two forms as {@link #ratio(double)}; a
     * positive ratio too small for them keeps two significant digits ({@code 0.00029x}: a wait
     * that went from 6,994 us to 2 us is not "0.00x").
     */
    public static String ratio(double testOverBase, int decimals) {
        String digits = "%." + decimals + "f";
        if (testOverBase > 0 && testOverBase < 0.5 * Math.pow(10, -decimals)) {
            return new java.math.BigDecimal(testOverBase).round(new java.math.MathContext(2)).toPlainString() + "x";
        }
        if (testOverBase < 1) {
            return String.format(Locale.ROOT, digits + "x", testOverBase);
        }
        return String.format(Locale.ROOT, "x" + digits, testOverBase);
    }

    /** {@code s} made {@link #printable} and cut to {@code width} characters, a {@code ~} marking the cut. */
    public static String cut(String s, int width) {
        String p = printable(s);
        return p.length() <= width ? p : p.substring(0, width - 1) + "~";
    }

    /**
     * {@code s} with a tab as a space and every other control character as {@code ?}: names come
     * from recordings and files (a comm can hold any byte), and an escape sequence pasted into a
     * terminal or a mail would recolour or move the text, a tab would break the columns.
     */
    public static String printable(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                if (b == null) {
                    b = new StringBuilder(s.length()).append(s, 0, i);
                }
                b.append(c == '\t' ? ' ' : '?');
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /** Words of {@code text} wrapped at {@value #WIDTH} columns, continuation lines indented by {@code indent};
     * a word longer than a line is cut. */
    public static String wrap(String text, int indent) {
        StringBuilder out = new StringBuilder();
        int col = indent;
        for (String w : text.split(" ")) {
            String word = cut(w, WIDTH - indent); // one word longer than a line is cut, not let through
            if (col > indent && col + 1 + word.length() > WIDTH) {
                out.append('\n').append(" ".repeat(indent));
                col = indent;
            } else if (col > indent) {
                out.append(' ');
                col++;
            }
            out.append(word);
            col += word.length();
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
            if (!first && col + 2 + it.length() > WIDTH) {
                out.append('\n').append(" ".repeat(indent));
                col = indent;
            } else if (!first) {
                out.append("  ");
                col += 2;
            }
            out.append(it);
            col += it.length();
            first = false;
        }
        return out.toString();
    }

    /** Every line of {@code text} cut to {@value #WIDTH} columns (titles made of user input). */
    public static String clip(String text) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (b.length() > 0) {
                b.append('\n');
            }
            String p = printable(line);
            b.append(p.length() > WIDTH ? p.substring(0, WIDTH) : p);
        }
        return b.toString();
    }

    /** A share of 1 as a percentage with one decimal: {@code 55.0%}. */
    public static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /**
     * {@link #num} for a table column of 8 or 9: from 10^7 up in three digits, {@code 2.31e+15},
     * as {@code 2305843009213694} would push the line past {@value #WIDTH} columns.
     */
    public static String cell(double v) {
        return Math.abs(v) >= 1e7 ? String.format(Locale.ROOT, "%.3g", v) : num(v);
    }

    /** A measurement with one decimal, none from 1000 up: {@code 18.4}, {@code 50752}. */
    public static String num(double v) {
        String tenths = String.format(Locale.ROOT, "%.1f", v);
        // the form follows the rounded figure: 999.95 prints as 1000, not 1000.0 beside 1234
        if (Math.abs(Double.parseDouble(tenths)) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return tenths;
    }

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
        int idWidth = Math.max(6, Math.min(GRID_ID_WIDTH, corner.length()));
        for (String id : rows) {
            idWidth = Math.max(idWidth, Math.min(GRID_ID_WIDTH, id.length()));
        }
        int perBlock = Math.max(1, (WIDTH - 2 - idWidth) / (colWidth + 1));
        StringBuilder b = new StringBuilder();
        for (int from = 0; from < heads.size(); from += perBlock) {
            int to = Math.min(heads.size(), from + perBlock);
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%n  %-" + idWidth + "s",
                    cut(corner, idWidth)));
            for (int c = from; c < to; c++) {
                head.append(String.format(Locale.ROOT, " %" + colWidth + "s", cut(heads.get(c), colWidth)));
            }
            b.append(head.toString().stripTrailing()).append('\n');
            for (int r = 0; r < rows.size(); r++) {
                if (r == maxRows) {
                    b.append("  ... ").append(rows.size() - maxRows).append(" more (info --json lists every one)\n");
                    break;
                }
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-" + idWidth + "s",
                        cut(rows.get(r), idWidth)));
                for (int c = from; c < to; c++) {
                    row.append(String.format(Locale.ROOT, " %" + colWidth + "s", cut(cell.apply(r, c), colWidth)));
                }
                b.append(row.toString().stripTrailing()).append('\n');
            }
        }
        return b.toString();
    }
}
