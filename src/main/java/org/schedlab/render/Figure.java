package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

import org.schedlab.model.Version;

/**
 * An exported view: one timeline (the Dataset tab) or several stacked on one time axis (A over
 * B), each with its legend, optionally a table under them (the A/B deltas) and the TCP table
 * under that (the s390 mail's Wireshark table, where both sides counted TCP), or a sweep's plot
 * (the Sweep tab), and the caption strip at the bottom. The UI and the CLI build the same figure and paint it through any
 * {@link DrawSurface}, so a PNG from the menu and one from {@code schedlab render} match.
 */
public final class Figure {
    static final double PANEL_HEADER_PX = 24;
    static final double CAPTION_FONT_PX = 12;
    static final double SUBJECT_FONT_PX = 13;
    static final double CAPTION_LINE_PX = 17;
    static final double TABLE_FONT_PX = 12;
    static final double TABLE_ROW_PX = 18;
    static final double PAD_PX = 8;

    private final Caption caption;
    private final List<TimelinePanel> panels;
    private final Optional<TextTable> table;
    private final Optional<TextTable> tcpTable;
    private final Optional<SweepPlotPanel> plot;
    private final TimelineStyle style;

    public Figure(Caption caption, List<TimelinePanel> panels, Optional<TextTable> table) {
        this(caption, panels, table, Optional.empty(), Optional.empty());
        if (this.panels.isEmpty()) {
            throw new IllegalArgumentException("a figure needs at least one timeline");
        }
    }

    private Figure(Caption caption, List<TimelinePanel> panels, Optional<TextTable> table,
                   Optional<SweepPlotPanel> plot, Optional<TextTable> tcpTable) {
        this.caption = Objects.requireNonNull(caption, "caption");
        this.panels = List.copyOf(panels);
        this.table = Objects.requireNonNull(table, "table");
        this.tcpTable = Objects.requireNonNull(tcpTable, "tcpTable");
        this.plot = plot;
        this.style = TimelineStyle.PICTURE;
    }

    /** A sweep's plot with its caption (which has no time window: each point is whole runs). */
    public static Figure sweep(Caption caption, SweepPlotPanel plot) {
        return new Figure(caption, List.of(), Optional.empty(), Optional.of(plot), Optional.empty());
    }

    /** A lone timeline with its caption. */
    public static Figure single(Caption caption, TimelinePanel panel) {
        return new Figure(caption, List.of(panel), Optional.empty());
    }

    /** The caption with the running SchedLab's version. */
    public static Caption caption(String subject, List<String> parameterLines, List<String> notes, long fromNs,
                                  long toNs) {
        return new Caption(subject, parameterLines, notes, fromNs, toNs, Version.current());
    }

    public Caption caption() {
        return caption;
    }

    public List<TimelinePanel> panels() {
        return panels;
    }

    public Optional<TextTable> table() {
        return table;
    }

    /**
     * The TCP table drawn under {@link #table()}: the s390 mail's Wireshark table of an A/B
     * picture whose sides both counted TCP ({@link Figures#tcpTable}); empty otherwise.
     */
    public Optional<TextTable> tcpTable() {
        return tcpTable;
    }

    /** This figure with {@code tcp} as its {@link #tcpTable()} (none: without one). */
    public Figure withTcpTable(Optional<TextTable> tcp) {
        return new Figure(caption, panels, table, plot, tcp);
    }

    /** The tables under the timelines, top to bottom, as drawn: the delta table, then the TCP table. */
    public List<TextTable> tables() {
        List<TextTable> out = new ArrayList<>();
        table.ifPresent(out::add);
        tcpTable.ifPresent(out::add);
        return out;
    }

    /** The sweep plot, for a figure of the Sweep tab; empty for timelines. */
    public Optional<SweepPlotPanel> plot() {
        return plot;
    }

    /** The width of the widest timeline (they share one axis, so normally all the same). */
    public int widthPx() {
        double w = 0;
        for (TimelinePanel p : panels) {
            w = Math.max(w, p.viewport().widthPx());
        }
        if (plot.isPresent()) {
            w = Math.max(w, plot.get().widthPx());
        }
        return (int) Math.ceil(w);
    }

    /** Total height; the caption wraps, so it depends on how {@code s} measures text. */
    public int heightPx(DrawSurface s) {
        double h = 0;
        for (TimelinePanel p : labelled(panels, style, s)) {
            h += headerPx(p) + panelHeightPx(p, s);
        }
        h += plot.map(SweepPlotPanel::heightPx).orElse(0.0);
        for (TextTable t : tables()) {
            h += tableHeightPx(s, t);
        }
        h += captionHeightPx(s);
        return (int) Math.ceil(h);
    }

    /** Paints everything from the top-left corner; the surface should be {@link #widthPx()} x {@link #heightPx}. */
    public void paint(DrawSurface s) {
        double width = widthPx();
        double total = heightPx(s);
        s.setColor(style.backgroundArgb());
        s.fillRect(0, 0, width, total);
        double y = 0;
        TimelineRenderer renderer = new TimelineRenderer(style);
        for (TimelinePanel p : labelled(panels, style, s)) {
            if (!p.label().isEmpty()) {
                s.setColor(style.labelColumnArgb());
                s.fillRect(0, y, width, PANEL_HEADER_PX);
                s.setColor(style.separatorArgb());
                s.strokeLine(0, y + PANEL_HEADER_PX - 0.5, width, y + PANEL_HEADER_PX - 0.5);
                s.setColor(style.textArgb());
                s.fillText(p.label(), PAD_PX, y + PANEL_HEADER_PX / 2 + SUBJECT_FONT_PX * 0.36, SUBJECT_FONT_PX);
                y += PANEL_HEADER_PX;
            }
            OffsetSurface at = new OffsetSurface(s, y);
            TimelineLayout layout = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
            double legendTop = layout.legendTopPx();
            // the lanes without the renderer's own legend (two rows cut to "+N more"): the picture's
            // whole one is drawn below; clipped out, the cut one stayed in an SVG's text
            at.pushClip(0, 0, p.viewport().widthPx(), legendTop);
            // the range is not shaded as on screen (a picture after F would be blue all over):
            // a part of the window is marked by its edges, and the caption names it
            // the columns the legend was counted from: aggregated once per panel, not per use
            PanelLegend legend = legend(p);
            renderer.paintWithoutLegend(p.data(), legend.cols(), p.viewport(), p.spec(),
                    p.options().withRange(Optional.empty()), at);
            paintRangeEdges(at, p);
            at.popClip();
            int lines = legend.lines(s, layout, style);
            at.pushClip(0, legendTop, p.viewport().widthPx(), legendHeightPx(lines));
            Legend.drawPicture(at, layout, style, legendTop, lines, legend.colors(), legend.keys(),
                    legend.approximate(), legend.cpus(), PICTURE_COLOR_LINES);
            at.popClip();
            y += panelHeightPx(p, s);
            s.setColor(style.separatorArgb());
            s.strokeLine(0, y - 0.5, width, y - 0.5);
        }
        if (plot.isPresent()) {
            SweepPlotPanel p = plot.get();
            OffsetSurface at = new OffsetSurface(s, y);
            at.pushClip(0, 0, p.widthPx(), p.heightPx());
            new SweepPlotRenderer(style).render(p.data(), p.widthPx(), p.heightPx(), at);
            at.popClip();
            y += p.heightPx();
        }
        List<TextTable> tables = tables();
        for (int i = 0; i < tables.size(); i++) {
            TextTable t = tables.get(i);
            if (i > 0) {
                // a table under another (the TCP table under the deltas) starts at a rule, as a panel does
                s.setColor(style.separatorArgb());
                s.strokeLine(0, y + 0.5, width, y + 0.5);
            }
            paintTable(s, t, y, width);
            y += tableHeightPx(s, t);
        }
        paintCaption(s, y, width);
    }

    /**
     * The panel's selected range as the caption names it: whole, as Copy summary of selection
     * copies it, also where it reaches past the window (clipped to the window, the caption named
     * a range nobody selected, and drew a blue line at the window's edge); empty without a
     * selection, and when the selection is the window (the view fitted to it with F).
     */
    public static Optional<TimeRange> markedRange(TimelinePanel p) {
        Viewport v = p.viewport();
        if (p.options().range().isEmpty()) {
            return Optional.empty();
        }
        TimeRange r = p.options().range().get();
        // within a pixel of both ends is the window itself
        double nsPerPx = TimelineLayout.of(v, p.data().dataset(), p.spec()).nsPerPx();
        if (Math.abs(r.startNs() - v.startNs()) < nsPerPx && Math.abs(v.endNs() - r.endNs()) < nsPerPx) {
            return Optional.empty();
        }
        return Optional.of(r);
    }

    /** The widest label column a picture gives its names: a quarter of its width (300 px of 1200). */
    static final double MAX_LABEL_SHARE = 0.25;

    /**
     * {@code panels} with the label column a picture draws: as on screen, or wider when a name
     * drawn in {@code style}'s fonts needs it ("buffer_strategy_l..." in a 1200 px picture that
     * had the room), up to {@link #MAX_LABEL_SHARE} of the width; one width for all, so that A
     * and B keep one time axis. The rows are as on screen: only the plot is narrower.
     */
    static List<TimelinePanel> labelled(List<TimelinePanel> panels, TimelineStyle style, DrawSurface s) {
        double px = TimelineLayout.LABEL_WIDTH_PX;
        for (TimelinePanel p : panels) {
            TimelineLayout l = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
            double needed = LabelColumnPainter.widthNeededPx(p.data(), l.visibleRows(), style, s);
            px = Math.max(px, Math.min(needed, Math.floor(p.viewport().widthPx() * MAX_LABEL_SHARE)));
        }
        List<TimelinePanel> out = new ArrayList<>();
        for (TimelinePanel p : panels) {
            out.add(p.viewport().labelWidthPx() == px ? p : new TimelinePanel(p.label(), p.data(),
                    p.viewport().withLabelWidth(px), p.spec(), p.options(), p.highlight()));
        }
        return out;
    }

    /** The ends of {@link #markedRange} drawn as blue lines: those in the window (none of a range outside it). */
    public static List<Long> drawnEnds(TimelinePanel p) {
        Viewport v = p.viewport();
        return markedRange(p).filter(r -> r.startNs() < v.endNs() && r.endNs() > v.startNs())
                .map(r -> java.util.stream.LongStream.of(r.startNs(), r.endNs())
                        .filter(t -> t >= v.startNs() && t <= v.endNs()).boxed().toList())
                .orElse(List.of());
    }

    private static void paintRangeEdges(DrawSurface s, TimelinePanel p) {
        TimelineLayout layout = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
        s.setColor(StateColors.SELECTION_EDGE);
        double left = layout.plotLeftPx() + 0.5;
        double right = layout.plotLeftPx() + layout.plotWidthPx() - 0.5;
        for (long t : drawnEnds(p)) {
            // an end on the window's edge is drawn just inside it
            double x = Math.max(left, Math.min(right, Math.floor(layout.xOf(t)) + 0.5));
            s.strokeLine(x, 0, x, layout.lanesBottomPx());
        }
    }

    /**
     * The lines of task colours a picture's legend has before it ends in "+N more": the three
     * tasks of a teaching run whole in a narrow live timeline, not a thousand backends.
     */
    static final int PICTURE_COLOR_LINES = 2;

    /**
     * What a panel's legend lists, as the renderer's frame of it would, and the frame's columns it
     * was counted from, which the lanes are painted from too.
     */
    private record PanelLegend(FrameColumns cols, List<LegendEntry> colors, List<LegendEntry> keys,
                               boolean approximate, Legend.Cpus cpus) {
        int lines(DrawSurface s, TimelineLayout layout, TimelineStyle style) {
            return Legend.pictureLines(s, layout, style, colors, keys, approximate, PICTURE_COLOR_LINES);
        }
    }

    /**
     * Each panel's legend and columns, by panel: the height, the lanes and the legend ask for them,
     * and the window is aggregated once for all three (a frame at case A's full zoom-out is ~45 ms).
     */
    private final Map<TimelinePanel, PanelLegend> legends = new ConcurrentHashMap<>();

    private PanelLegend legend(TimelinePanel p) {
        return legends.computeIfAbsent(p, q -> {
            TimelineLayout layout = TimelineLayout.of(q.viewport(), q.data().dataset(), q.spec());
            FrameRequest request = FrameRequest.of(layout, q.spec(), q.highlight());
            FrameColumns cols = FrameAggregator.aggregate(q.data(), request, () -> false);
            // the legend's times and marks over the CPU lanes the picture draws: case C with 16
            // CPUs left out listed "vhost-3202[3242] 68.3 ms +26 more", tasks of lanes cropped out
            List<TrackRow> rows = layout.visibleRows();
            FrameColumns counted = cols.countingLanes(rows);
            return new PanelLegend(cols, Legend.colors(q.data(), counted, q.options().colorMode()),
                    Legend.keys(q.data(), counted, q.options().colorMode(), rows, style),
                    counted.approximate, Legend.cpus(q.data().dataset(), q.spec(), counted, rows));
        });
    }

    /**
     * A panel's height in the picture: its lanes as on screen, and under them its legend on as
     * many lines as it needs (the screen's two rows when it fits in them).
     */
    private double panelHeightPx(TimelinePanel p, DrawSurface s) {
        TimelineLayout layout = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
        return layout.legendTopPx() + legendHeightPx(legend(p).lines(s, layout, style));
    }

    private static double legendHeightPx(int lines) {
        return lines * TimelineLayout.LEGEND_ROW_PX + 2;
    }

    private static double headerPx(TimelinePanel p) {
        return p.label().isEmpty() ? 0 : PANEL_HEADER_PX;
    }

    private double tableHeightPx(DrawSurface s, TextTable t) {
        return PAD_PX * 2 + TABLE_ROW_PX * (titleLines(s, t, widthPx()).size() + 1 + t.rows().size() * t.linesPerRow()
                + noteLines(s, t, widthPx()).size()) + notesGapPx(t);
    }

    /** The table's title wrapped to the picture's width in its font, a line of the table's rows apart. */
    private static List<String> titleLines(DrawSurface s, TextTable t, double width) {
        return wrap(List.of(t.title().split(" ", -1)), width - 2 * PAD_PX, x -> s.textWidthPx(x, SUBJECT_FONT_PX));
    }

    /** The room between two columns of a table, at the table's own font size. */
    private static final double TABLE_GAP_PX = 24;

    /** The smallest font a table is shrunk to where its columns are wider than the picture. */
    static final double MIN_TABLE_FONT_PX = 7;

    /**
     * The font a table's header and rows are drawn in: {@link #TABLE_FONT_PX}, or smaller where its
     * columns at that size would run past the picture's right edge (the TCP table in a 250 px
     * picture), down to {@link #MIN_TABLE_FONT_PX}; the columns' gaps shrink with it.
     */
    static double tableFontPx(DrawSurface s, TextTable t, double width) {
        double room = width - 2 * PAD_PX;
        double font = TABLE_FONT_PX;
        for (int i = 0; i < 8 && font > MIN_TABLE_FONT_PX; i++) {
            double wide = tableWidthPx(s, t, font);
            if (wide <= room) {
                break;
            }
            // text widths scale with the font, nearly: measured again at the smaller size
            font = Math.max(MIN_TABLE_FONT_PX, Math.floor(font * room / wide * 4) / 4);
        }
        return font;
    }

    /** A table's header and rows across, at {@code font}: its columns and the gaps between them. */
    private static double tableWidthPx(DrawSurface s, TextTable t, double font) {
        double[] w = colWidths(s, t, font);
        return sum(w) + gapPx(font) * (w.length - 1);
    }

    private static double gapPx(double font) {
        return TABLE_GAP_PX * font / TABLE_FONT_PX;
    }

    /** Each column's widest cell (header, rows and the lines under them) at {@code font}. */
    private static double[] colWidths(DrawSurface s, TextTable t, double font) {
        int cols = t.header().size();
        double[] colWidth = new double[cols];
        for (int c = 0; c < cols; c++) {
            colWidth[c] = s.textWidthPx(t.header().get(c), font);
            for (List<String> r : t.rows()) {
                colWidth[c] = Math.max(colWidth[c], s.textWidthPx(r.get(c), font));
            }
            for (List<String> r : t.underRows()) {
                colWidth[c] = Math.max(colWidth[c], s.textWidthPx(r.get(c), font));
            }
        }
        return colWidth;
    }

    /** Half a row between the rows (and their note) and the paragraphs under them, which read as one block otherwise. */
    private static double notesGapPx(TextTable t) {
        return t.notes().isEmpty() ? 0 : TABLE_ROW_PX / 2;
    }

    /**
     * The table's note, then each of its paragraphs from a line of its own, wrapped to the
     * picture's width in the table's font; none without either.
     */
    private static List<String> noteLines(DrawSurface s, TextTable t, double width) {
        List<String> out = new ArrayList<>(itemLines(s, t, width));
        for (String paragraph : t.notes()) {
            out.addAll(wrap(List.of(paragraph.split(" ", -1)), width - 2 * PAD_PX, x -> s.textWidthPx(x, TABLE_FONT_PX)));
        }
        return out;
    }

    /** The table's note alone, wrapped as {@link #noteLines} wraps it; none without one. */
    private static List<String> itemLines(DrawSurface s, TextTable t, double width) {
        return t.note().isEmpty() ? List.of()
                : wrap(t.note(), width - 2 * PAD_PX, x -> s.textWidthPx(x, TABLE_FONT_PX));
    }

    private double captionHeightPx(DrawSurface s) {
        int lines = wrapped(s, widthPx() - 2 * PAD_PX).size();
        return PAD_PX * 2 + CAPTION_LINE_PX * lines;
    }

    /** One line of the caption as drawn: the subject's lines are larger and darker than the rest. */
    record CaptionLine(String text, boolean subject) {
        double fontPx() {
            return subject ? SUBJECT_FONT_PX : CAPTION_FONT_PX;
        }
    }

    /**
     * The caption's lines wrapped at word boundaries to {@code maxPx}, each measured in the font
     * it is drawn in; a word wider than a whole line (a long file name) keeps its start and end
     * around an ellipsis, so nothing runs past the picture's edge.
     */
    List<CaptionLine> wrapped(DrawSurface s, double maxPx) {
        List<CaptionLine> out = new ArrayList<>();
        List<String> lines = caption.lines();
        for (int i = 0; i < lines.size(); i++) {
            boolean subject = i == 0;
            double font = subject ? SUBJECT_FONT_PX : CAPTION_FONT_PX;
            for (String l : wrap(List.of(lines.get(i).split(" ", -1)), maxPx, t -> s.textWidthPx(t, font))) {
                out.add(new CaptionLine(l, subject));
            }
        }
        return out;
    }

    /**
     * {@code words} one space apart, wrapped to {@code maxPx} as {@code w} measures them,
     * continuation lines indented by two spaces; a word with spaces in it (an item of a table's
     * note, "holder preemptions,") is split at them only when it is wider than a line, and a
     * word wider than a line even then keeps its start and end around an ellipsis.
     */
    static List<String> wrap(List<String> words, double maxPx, ToDoubleFunction<String> w) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String item : words) {
            boolean whole = !item.contains(" ") || w.applyAsDouble("  " + item) <= maxPx;
            for (String word : whole ? new String[] {item} : item.split(" ", -1)) {
                String next = cur.length() == 0 ? word : cur + " " + word;
                if (!cur.toString().isBlank() && w.applyAsDouble(next.stripTrailing()) > maxPx) {
                    out.add(cur.toString().stripTrailing());
                    next = "  " + word;
                }
                if (w.applyAsDouble(next.stripTrailing()) > maxPx) {
                    // the word alone is wider than a line
                    String lead = next.substring(0, next.length() - word.length());
                    next = lead + elide(word, maxPx - w.applyAsDouble(lead), w);
                }
                cur = new StringBuilder(next);
            }
        }
        out.add(cur.toString().stripTrailing());
        return out;
    }

    /** {@code word} within {@code maxPx}: as much of its start and end as fit around an ellipsis. */
    static String elide(String word, double maxPx, ToDoubleFunction<String> w) {
        if (w.applyAsDouble(word) <= maxPx) {
            return word;
        }
        for (int keep = word.length() - 1; keep > 0; keep--) {
            int tail = keep / 2;
            String t = word.substring(0, keep - tail) + "\u2026" + word.substring(word.length() - tail);
            if (w.applyAsDouble(t) <= maxPx) {
                return t;
            }
        }
        return "\u2026";
    }

    private void paintCaption(DrawSurface s, double top, double width) {
        List<CaptionLine> lines = wrapped(s, width - 2 * PAD_PX);
        double h = PAD_PX * 2 + CAPTION_LINE_PX * lines.size();
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, top, width, h);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, top + 0.5, width, top + 0.5);
        double baseline = top + PAD_PX + CAPTION_LINE_PX * 0.75;
        for (CaptionLine line : lines) {
            s.setColor(line.subject() ? style.textArgb() : style.mutedTextArgb());
            s.fillText(line.text(), PAD_PX, baseline, line.fontPx());
            baseline += CAPTION_LINE_PX;
        }
    }

    private void paintTable(DrawSurface s, TextTable t, double top, double width) {
        int cols = t.header().size();
        double font = tableFontPx(s, t, width);
        double[] colWidth = colWidths(s, t, font);
        double gap = gapPx(font);
        double y = top + PAD_PX + TABLE_ROW_PX * 0.75;
        s.pushClip(0, top, width, tableHeightPx(s, t));
        s.setColor(style.textArgb());
        for (String line : titleLines(s, t, width)) {
            s.fillText(line, PAD_PX, y, SUBJECT_FONT_PX);
            y += TABLE_ROW_PX;
        }
        row(s, t.header(), colWidth, gap, y, style.mutedTextArgb(), font);
        s.setColor(style.separatorArgb());
        double rule = Math.floor(y + 5) + 0.5;
        s.strokeLine(PAD_PX, rule, Math.min(width - PAD_PX, PAD_PX + sum(colWidth) + gap * (cols - 1)), rule);
        int lines = t.linesPerRow();
        for (int i = 0; i < t.rows().size(); i++) {
            y += TABLE_ROW_PX;
            if (i % 2 == 1) {
                // a row's stripe takes in the line under it: the spread belongs to the mean above
                s.setColor(style.laneArgb());
                s.fillRect(0, y - TABLE_ROW_PX * 0.75, width, TABLE_ROW_PX * lines);
            }
            row(s, t.rows().get(i), colWidth, gap, y, style.textArgb(), font);
            if (lines == 2) {
                y += TABLE_ROW_PX;
                row(s, t.underRows().get(i), colWidth, gap, y, style.mutedTextArgb(), font);
            }
        }
        // the rows left out, named under the ones drawn, then the notes, as the copied text ends
        s.setColor(style.mutedTextArgb());
        List<String> notes = noteLines(s, t, width);
        int items = itemLines(s, t, width).size();
        for (int i = 0; i < notes.size(); i++) {
            y += TABLE_ROW_PX + (i == items ? notesGapPx(t) : 0);
            s.fillText(notes.get(i), PAD_PX, y, TABLE_FONT_PX);
        }
        s.popClip();
    }

    private static void row(DrawSurface s, List<String> cells, double[] colWidth, double gap, double baseline,
                            int argb, double font) {
        s.setColor(argb);
        double x = PAD_PX;
        for (int c = 0; c < cells.size(); c++) {
            String text = cells.get(c);
            if (text.isEmpty()) {
                x += colWidth[c] + gap;
                continue;
            }
            double tx = c == 0 ? x : x + colWidth[c] - s.textWidthPx(text, font);
            s.fillText(text, tx, baseline, font);
            x += colWidth[c] + gap;
        }
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}
