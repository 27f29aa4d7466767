package org.schedlab.render;

import java.util.function.ToDoubleFunction;

/**
 * A name within a width, on whatever measures text: the timeline's label column on its surface, the
 * workbench's table cells with their font. One rule for a task's {@code comm[tid]} wherever it is
 * cut, so that the lane and the table row of one task read alike.
 */
public final class LabelFit {
    private LabelFit() {
    }

    /**
     * A task's {@code comm[tid]} within {@code widthPx}: the comm cut, the {@code [tid]} whole -
     * "C2 CompilerThre[73..." or "jav...29]" named no task one could look up. The tid stays whole
     * while an ellipsis fits beside it, the comm cut to what fits ("...[7329]" in a laptop's side
     * panel, the whole label in its tooltip); a label that is not of that form, or whose tid leaves
     * no room for that, is cut at its end as any other.
     */
    public static String keepingTid(String label, double widthPx, ToDoubleFunction<String> widthOf) {
        int open = label.lastIndexOf('[');
        if (widthOf.applyAsDouble(label) <= widthPx || open <= 0 || !label.endsWith("]")) {
            return cutAtEnd(label, widthPx, widthOf);
        }
        String tid = label.substring(open);
        double tidPx = widthOf.applyAsDouble(tid);
        if (widthOf.applyAsDouble("\u2026" + tid) > widthPx) {
            return cutAtEnd(label, widthPx, widthOf);
        }
        String comm = label.substring(0, open);
        String cut = cutAtEnd(comm, widthPx - tidPx, widthOf);
        // one character and the ellipsis may not fit beside the tid: then the ellipsis alone
        return (widthOf.applyAsDouble(cut) <= widthPx - tidPx ? cut : "\u2026") + tid;
    }

    /**
     * A kernel symbol with its offset ({@code ep_autoremove_wake_function+0x15}, klockstat's
     * {@code pipe_read+0x3f#4}) within {@code widthPx}, on one line: the offset whole and the
     * symbol cut in its middle, its start and end kept ({@code ep_autor\u2026_function+0x15}). Cut
     * at its end, two callers of one function read alike; wrapped, a lock table's caller took five
     * lines. A name without an offset, or one whose offset leaves no room, is cut in its middle.
     */
    public static String keepingOffset(String symbol, double widthPx, ToDoubleFunction<String> widthOf) {
        if (widthOf.applyAsDouble(symbol) <= widthPx) {
            return symbol;
        }
        int plus = symbol.lastIndexOf('+');
        String offset = plus > 0 ? symbol.substring(plus) : "";
        double offsetPx = widthOf.applyAsDouble(offset);
        String name = plus > 0 ? symbol.substring(0, plus) : symbol;
        if (plus <= 0 || widthOf.applyAsDouble(name.substring(0, 1) + "\u2026" + offset) > widthPx) {
            return cutInMiddle(symbol, widthPx, widthOf);
        }
        return cutInMiddle(name, widthPx - offsetPx, widthOf) + offset;
    }

    /**
     * {@code text} within {@code widthPx}: as much of its start and its end as fit around an
     * ellipsis, the start a character longer where they differ; the ellipsis alone at the least.
     */
    public static String cutInMiddle(String text, double widthPx, ToDoubleFunction<String> widthOf) {
        if (widthOf.applyAsDouble(text) <= widthPx) {
            return text;
        }
        String best = "\u2026";
        for (int keep = 1; keep < text.length(); keep++) {
            int head = (keep + 1) / 2;
            String t = text.substring(0, head) + "\u2026" + text.substring(text.length() - (keep - head));
            if (widthOf.applyAsDouble(t) > widthPx) {
                break;
            }
            best = t;
        }
        return best;
    }

    /** {@code text}, shortened at its end with an ellipsis until it fits {@code widthPx}. */
    public static String cutAtEnd(String text, double widthPx, ToDoubleFunction<String> widthOf) {
        if (widthOf.applyAsDouble(text) <= widthPx) {
            return text;
        }
        String t = text;
        while (t.length() > 1 && widthOf.applyAsDouble(t + "\u2026") > widthPx) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "\u2026";
    }

    /**
     * {@code text} on as many lines as it takes within {@code widthPx}, none cut: a line breaks
     * after the last separator that fits ({@code . _ - + / : = ,} or a space, or before a {@code (};
     * never after a decimal point or a digit group's comma between digits), else between the words
     * of a camel-case name, else where it stops fitting. For a figure's name too long for its column
     * ({@code ycsb.CLEANUP.95thPercentileLatency(us)}): cut in the middle, CLEANUP's Average, 95th
     * and 99th latency all read "ycsb.CLEANUP....eLatency(us)". Each line holds a character at least.
     */
    public static java.util.List<String> lines(String text, double widthPx, ToDoubleFunction<String> widthOf) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        int start = 0;
        while (start < text.length() && widthOf.applyAsDouble(text.substring(start)) > widthPx) {
            // the longest prefix that fits (a character at least), found by halving: a prefix is
            // never narrower than a shorter one, and a divider drag asks again at every pixel
            int cps = text.codePointCount(start, text.length());
            int lo = 1;
            int hi = cps - 1; // the whole rest does not fit (the loop's condition)
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (widthOf.applyAsDouble(text.substring(start, text.offsetByCodePoints(start, mid))) > widthPx) {
                    hi = mid - 1;
                } else {
                    lo = mid;
                }
            }
            int fits = text.offsetByCodePoints(start, lo);
            int breakAt = -1;
            for (int i = fits; i > start; i = text.offsetByCodePoints(i, -1)) {
                char before = text.charAt(i - 1);
                if (i < text.length() && (" ._-+/:=,".indexOf(before) >= 0 && !insideNumber(text, i)
                        || text.charAt(i) == '(' && i - 1 > start)) {
                    breakAt = i;
                    break;
                }
            }
            // no separator: between the words of a camel-case name ("95thPercentile" / "Latency(us)"),
            // not "95thPercentileLatenc" / "y(us)"
            for (int i = fits; breakAt < 0 && i > start + 1; i--) {
                if (Character.isUpperCase(text.charAt(i)) && Character.isLowerCase(text.charAt(i - 1))) {
                    breakAt = i;
                }
            }
            int end = breakAt > start ? breakAt : fits;
            lines.add(text.substring(start, end));
            start = end;
        }
        if (start < text.length() || lines.isEmpty()) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    /**
     * Whether a break at {@code i} would split a number at its decimal point or digit group
     * ({@code 330.} / {@code 000000 s}, {@code 1,} / {@code 020}): a number is read whole or misread.
     */
    private static boolean insideNumber(String text, int i) {
        char before = text.charAt(i - 1);
        return (before == '.' || before == ',') && i >= 2 && Character.isDigit(text.charAt(i - 2))
                && Character.isDigit(text.charAt(i));
    }
}
