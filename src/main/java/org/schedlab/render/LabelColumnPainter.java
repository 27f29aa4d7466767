package org.schedlab.render;

import java.util.List;

/**
 * The label column left of the plot: each row's name (CPU, task, lock, operation kind, counter)
 * and, where the row is tall enough, its scale (a lock's most waiters, an operation kind's highest
 * and lowest latency, a counter's highest value, or the one it always has); group headers across the whole width with their
 * open/closed triangle.
 */
final class LabelColumnPainter {
    /** The label column's width less the room a row's text has: 10 px before it, 4 px after. */
    static final double MARGINS_PX = 14;

    private LabelColumnPainter() {
    }

    static void paint(TimelineData data, TimelineLayout layout, List<TrackRow> rows, TrackSpec spec,
                      TimelineStyle style, DrawSurface s) {
        double labelWidth = layout.plotLeftPx() - MARGINS_PX;
        double secondLine = style.secondLineFontPx();
        for (TrackRow row : rows) {
            double font = fontOf(row, style);
            double mid = row.topPx() + row.heightPx() / 2 + font * 0.36;
            switch (row.kind()) {
                case HEADER: {
                    String arrow = spec.isCollapsed(row.group()) ? "\u25B8 " : "\u25BE ";
                    s.setColor(style.textArgb());
                    s.fillText(arrow + row.label(), 6, mid, font);
                    break;
                }
                case LOCK: {
                    s.setColor(style.textArgb());
                    double y1 = row.topPx() + LockRowPainter.HOLDER_PX / 2 + font * 0.36;
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, y1, font);
                    s.setColor(style.mutedTextArgb());
                    int[] most = LockRowPainter.scale(data, row.ref());
                    String second = waiterScaleLabel(most[0], most[1]);
                    s.fillText(fit(s, second, secondLine, labelWidth), 10, LockRowPainter.waiterTopPx(row)
                            + LockRowPainter.waiterHeightPx(row) / 2 + secondLine * 0.36, secondLine);
                    break;
                }
                case OPERATION: {
                    s.setColor(style.textArgb());
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, row.topPx() + 15, font);
                    s.setColor(style.mutedTextArgb());
                    String[] scale = OperationRowPainter.scaleLabels(data.operationScale(row.ref()));
                    s.fillText(fit(s, scale[0], secondLine, labelWidth), 10, row.topPx() + 29, secondLine);
                    s.fillText(fit(s, scale[1], secondLine, labelWidth), 10, row.bottomPx() - 6, secondLine);
                    break;
                }
                case COUNTER: {
                    s.setColor(style.textArgb());
                    List<String> name = counterNameLines(s, row.label(), font, labelWidth);
                    double rangeY = row.topPx() + 30;
                    if (name.size() == 1) {
                        // a name without a break that fits one line only a pixel smaller (nstat's
                        // TcpExtTCPDSACKRecv in a picture's 13 px) is drawn at that size, not cut by the plot
                        String line = name.get(0);
                        s.fillText(line, 10, row.topPx() + 15, s.textWidthPx(line, font) <= labelWidth ? font : font - 1);
                    } else {
                        s.fillText(name.get(0), 10, row.topPx() + 13, font - 1);
                        s.fillText(name.get(1), 10, row.topPx() + 25.5, font - 1);
                        rangeY = row.topPx() + 38.5;
                    }
                    s.setColor(style.mutedTextArgb());
                    s.fillText(firstThatFits(s, data.counterRangeForms(row.ref()), secondLine, labelWidth), 10, rangeY,
                            secondLine);
                    break;
                }
                case TASK:
                    s.setColor(style.textArgb());
                    s.fillText(keepingTid(s, row.label(), font, labelWidth), 10, mid, font);
                    break;
                case CPU:
                    if (layout.cpuLabelEvery(font) > 1) {
                        // fitted lanes thinner than a name: every k-th CPU's, its top at its lane's
                        if (layout.cpuLabelShown(row.ref(), font)) {
                            s.setColor(style.textArgb());
                            s.fillText(fit(s, row.label(), font, labelWidth), 10, row.topPx() + font * 0.86, font);
                        }
                        break;
                    }
                    s.setColor(style.textArgb());
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, mid, font);
                    break;
                default:
                    s.setColor(style.textArgb());
                    s.fillText(fit(s, row.label(), font, labelWidth), 10, mid, font);
                    break;
            }
        }
    }

    /** The size of a row's name: a CPU lane or group header too short for the label font has the small one. */
    static double fontOf(TrackRow row, TimelineStyle style) {
        boolean dense = (row.kind() == TrackKind.CPU || row.kind() == TrackKind.HEADER) && row.heightPx() < 15;
        return dense ? style.smallFontPx() : style.labelFontPx();
    }

    /**
     * How wide the label column must be for every line {@link #paint} draws of {@code rows} to be
     * whole: a lock's name and its waiters, an operation kind's name and latency range, a task's
     * {@code comm[tid]}, a CPU's, a counter's highest value. Of a counter's name only its widest
     * word counts, at the size of two lines: it takes two lines when one is too narrow (see
     * {@link #counterNameLines}), not an ellipsis, but a line broken inside a word is not read.
     */
    static double widthNeededPx(TimelineData data, List<TrackRow> rows, TimelineStyle style, DrawSurface s) {
        double secondLine = style.secondLineFontPx();
        double widest = 0;
        for (TrackRow row : rows) {
            double font = fontOf(row, style);
            switch (row.kind()) {
                case HEADER:
                    // drawn across the whole width, over the lanes' band
                    break;
                case COUNTER:
                    widest = Math.max(widest, s.textWidthPx(data.counterRangeLabel(row.ref()), secondLine));
                    // the name may take two lines, but none broken inside a word: nstat's
                    // TcpExtTCPDSACKOldSent came out as "TcpExtTCPDSACKOldS" over "ent"
                    for (String word : counterNameWords(row.label())) {
                        widest = Math.max(widest, s.textWidthPx(word, font - 1));
                    }
                    break;
                case LOCK: {
                    int[] most = LockRowPainter.scale(data, row.ref());
                    widest = Math.max(widest, Math.max(s.textWidthPx(row.label(), font),
                            s.textWidthPx(waiterScaleLabel(most[0], most[1]), secondLine)));
                    break;
                }
                case OPERATION: {
                    String[] scale = OperationRowPainter.scaleLabels(data.operationScale(row.ref()));
                    widest = Math.max(widest, Math.max(s.textWidthPx(row.label(), font),
                            Math.max(s.textWidthPx(scale[0], secondLine), s.textWidthPx(scale[1], secondLine))));
                    break;
                }
                default:
                    widest = Math.max(widest, s.textWidthPx(row.label(), font));
                    break;
            }
        }
        return Math.ceil(widest + MARGINS_PX);
    }

    /**
     * The pieces of a counter's name that {@link #counterNameLines} never breaks, each with the
     * space, {@code .}, {@code _} or {@code /} it may break after (not the {@code /} of a unit's
     * {@code (/s)}), trailing blanks stripped.
     */
    static List<String> counterNameWords(String name) {
        List<String> words = new java.util.ArrayList<>();
        int from = 0;
        for (int i = 1; i <= name.length(); i++) {
            char c = name.charAt(i - 1);
            boolean breakAfter = c == ' ' || c == '.' || c == '_' || c == '/' && (i < 2 || name.charAt(i - 2) != '(');
            if (breakAfter || i == name.length()) {
                String w = name.substring(from, i).strip();
                if (!w.isEmpty()) {
                    words.add(w);
                }
                from = i;
            }
        }
        return words;
    }

    /** The waiter band's scale: the most spinning and sleeping waiters, leaving out a kind that never waits. */
    static String waiterScaleLabel(int maxSpinning, int maxSleeping) {
        if (maxSpinning == 0 && maxSleeping == 0) {
            return "no waiters";
        }
        String spin = maxSpinning > 0 ? "spin \u2264" + maxSpinning : "";
        String sleep = maxSleeping > 0 ? "sleep \u2264" + maxSleeping : "";
        return spin.isEmpty() || sleep.isEmpty() ? spin + sleep : spin + "  " + sleep;
    }

    /** Header rows get a band across the whole width, under everything else in the row. */
    static void headerBands(TimelineLayout layout, List<TrackRow> rows, TimelineStyle style, DrawSurface s) {
        for (TrackRow row : rows) {
            if (row.kind() == TrackKind.HEADER) {
                s.setColor(style.groupHeaderArgb());
                s.fillRect(0, row.topPx(), layout.viewport().widthPx(), row.heightPx());
            }
        }
    }

    /**
     * A counter's name as the label column draws it: one line at {@code font} when it fits
     * {@code widthPx}; else, a name without a break that fits a pixel smaller, that one line at
     * that size; else two lines a pixel smaller, broken after the last space (or {@code .},
     * {@code _}, {@code /} - not the one of a unit such as {@code (/s)}) that lets the first fit, or
     * where there is none between two words of a camel-case name ({@link #camelBreak}); the second, when still too long, keeps its end
     * - the unit, as in {@code READ (server) mean latency (us, 10 ms)} - after an ellipsis. The
     * hover over the track has the whole name.
     */
    static List<String> counterNameLines(DrawSurface s, String name, double font, double widthPx) {
        if (s.textWidthPx(name, font) <= widthPx) {
            return List.of(name);
        }
        double small = font - 1;
        int cut = -1;
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i - 1);
            // never inside a unit: "(/s)" broken after its "/" left "(/" at the end of the first line
            boolean breakAfter = c == ' ' || c == '.' || c == '_' || c == '/' && (i < 2 || name.charAt(i - 2) != '(');
            if (breakAfter && s.textWidthPx(name.substring(0, i).stripTrailing(), small) <= widthPx) {
                cut = i;
            }
        }
        if (cut < 0 && s.textWidthPx(name, small) <= widthPx) {
            cut = name.length(); // one line a pixel smaller (nstat's TcpExtTCPSACKReorder)
        }
        for (int i = name.length() - 1; cut < 0 && i > 1; i--) {
            // no separator that fits: between the words of a camel-case name, the last that lets the
            // first line fit (nstat's "TcpExtTCPDSACKOld" / "Sent", not "TcpExtTCPDSACKOldSen" / "t")
            if (camelBreak(name, i) && s.textWidthPx(name.substring(0, i), small) <= widthPx) {
                cut = i;
            }
        }
        if (cut < 0) {
            // no break that fits: as many characters as fit, then the rest
            cut = 1;
            while (cut < name.length() && s.textWidthPx(name.substring(0, cut + 1), small) <= widthPx) {
                cut++;
            }
        }
        String first = name.substring(0, cut).stripTrailing();
        String rest = name.substring(cut).strip();
        return rest.isEmpty() ? List.of(fit(s, first, small, widthPx)) : List.of(first, keepingUnit(s, rest, small, widthPx));
    }

    /**
     * Whether a camel-case name has a word start at {@code i}: a capital after a small letter or a
     * digit ({@code Tcp|Ext}, {@code Ip6|Out}), or the last capital of a run before a small letter
     * ({@code TCP|Backlog}).
     */
    static boolean camelBreak(String name, int i) {
        if (i <= 0 || i >= name.length() || !Character.isUpperCase(name.charAt(i))) {
            return false;
        }
        char before = name.charAt(i - 1);
        return Character.isLowerCase(before) || Character.isDigit(before)
                || Character.isUpperCase(before) && i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
    }

    /**
     * The first of {@code forms} (longest first) that fits {@code widthPx} at {@code font}; the
     * last cut at its end when none does. A counter's scale drops what it is, then its unit, before
     * a digit of its number is lost.
     */
    static String firstThatFits(DrawSurface s, List<String> forms, double font, double widthPx) {
        for (String f : forms) {
            if (s.textWidthPx(f, font) <= widthPx) {
                return f;
            }
        }
        return fit(s, forms.get(forms.size() - 1), font, widthPx);
    }

    /**
     * {@code text} within {@code widthPx}: a last parenthesised part ({@code (us, 10 ms)}, the unit)
     * stays whole when it takes at most 70 % of the width, the rest cut before it; else as much of
     * the start and the end as fit around an ellipsis.
     */
    private static String keepingUnit(DrawSurface s, String text, double font, double widthPx) {
        if (s.textWidthPx(text, font) <= widthPx) {
            return text;
        }
        int open = text.lastIndexOf(" (");
        if (open > 0 && text.endsWith(")")) {
            String unit = text.substring(open);
            double unitPx = s.textWidthPx(unit, font);
            if (unitPx <= widthPx * 0.7) {
                return fit(s, text.substring(0, open), font, widthPx - unitPx) + unit;
            }
        }
        return Figure.elide(text, widthPx, t -> s.textWidthPx(t, font));
    }

    /** A task lane's {@code comm[tid]} within {@code widthPx}: {@link LabelFit#keepingTid}, at {@code font}. */
    static String keepingTid(DrawSurface s, String label, double font, double widthPx) {
        return LabelFit.keepingTid(label, widthPx, t -> s.textWidthPx(t, font));
    }

    /** {@code text}, shortened with an ellipsis until it fits {@code widthPx}. */
    static String fit(DrawSurface s, String text, double font, double widthPx) {
        return LabelFit.cutAtEnd(text, widthPx, t -> s.textWidthPx(t, font));
    }
}
