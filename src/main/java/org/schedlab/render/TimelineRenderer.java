package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskInfo;

/**
 * Draws a dataset's CPU timeline for one viewport through any {@link DrawSurface}: the time axis
 * with grid, one lane per CPU with slices colored per task (idle left blank, stolen time grey and
 * hatched), preemption marks, the lane labels and the legend. The cost of a frame follows the
 * slices inside the window and the pixel width, not the size of the dataset.
 *
 * <p>Keeps per-dataset color tables between frames; use one instance per thread.
 */
public final class TimelineRenderer {
    private final TimelineStyle style;
    private Dataset cachedFor;
    private int[] taskColors = new int[0];
    private String[] taskComms = new String[0];
    private String[] taskLabels = new String[0];

    public TimelineRenderer() {
        this(TimelineStyle.LIGHT);
    }

    public TimelineRenderer(TimelineStyle style) {
        this.style = style;
    }

    public TimelineStyle style() {
        return style;
    }

    /** The layout this renderer uses for {@code dataset} in {@code viewport} (hit-testing uses the same). */
    public static TimelineLayout layout(Dataset dataset, Viewport viewport) {
        return TimelineLayout.of(viewport, dataset.cpuCount());
    }

    public FrameSummary render(Dataset dataset, Viewport viewport, DrawSurface s) {
        prepareColors(dataset);
        TimelineLayout layout = layout(dataset, viewport);
        double width = viewport.widthPx();
        double lanesTop = layout.lanesTopPx();
        double lanesHeight = layout.lanesBottomPx() - lanesTop;
        double font = style.axisFontPx();
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(layout, dataset.startNs(), t -> s.textWidthPx(t, font));

        s.setColor(style.backgroundArgb());
        s.fillRect(0, 0, width, viewport.heightPx());
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, 0, layout.plotLeftPx(), viewport.heightPx());

        s.pushClip(0, lanesTop, width, lanesHeight);
        List<LaneRow> rows = layout.visibleLanes();
        for (LaneRow row : rows) {
            s.setColor(row.index() % 2 == 0 ? style.laneArgb() : style.laneAltArgb());
            s.fillRect(layout.plotLeftPx(), row.topPx(), layout.plotWidthPx(), row.heightPx());
        }
        s.setColor(style.gridArgb());
        for (TimeAxis.Tick t : ticks) {
            double x = Math.floor(t.xPx()) + 0.5;
            s.strokeLine(x, lanesTop, x, layout.lanesBottomPx());
        }
        CpuLanePainter painter = new CpuLanePainter(s, layout, style, taskColors, taskComms, taskLabels);
        s.pushClip(layout.plotLeftPx(), lanesTop, layout.plotWidthPx(), lanesHeight);
        for (CpuLane cpu : dataset.cpus()) {
            LaneRow row = layout.lane(cpu.cpu());
            boolean visible = row.bottomPx() > lanesTop && row.topPx() < layout.lanesBottomPx();
            painter.paint(cpu.slices(), row, visible);
        }
        List<LegendEntry> markEntries = new ArrayList<>();
        int marks = drawMarks(dataset.marks(), layout, s, markEntries);
        s.popClip();
        drawLaneLabels(layout, rows, s);
        if (dataset.cpuCount() == 0) {
            s.setColor(style.mutedTextArgb());
            s.fillText("This dataset has no CPU lanes", layout.plotLeftPx() + 12, lanesTop + 24, style.labelFontPx());
        }
        s.popClip();

        drawAxis(layout, ticks, s);
        s.setColor(style.separatorArgb());
        double sep = Math.floor(layout.plotLeftPx()) - 0.5;
        s.strokeLine(sep, 0, sep, layout.lanesBottomPx());

        List<LegendEntry> legend = Legend.entries(dataset, painter.runNsByTask(), taskColors, painter.stolenNs(), markEntries);
        int drawn = Legend.draw(s, layout, style, legend);
        return new FrameSummary(ticks, legend, drawn, painter.slicesVisited(), painter.rectCount(), marks);
    }

    private void drawLaneLabels(TimelineLayout layout, List<LaneRow> rows, DrawSurface s) {
        double font = style.labelFontPx();
        s.setColor(style.textArgb());
        for (LaneRow row : rows) {
            s.fillText(row.label(), 10, row.topPx() + row.heightPx() / 2 + font * 0.36, font);
        }
    }

    private void drawAxis(TimelineLayout layout, List<TimeAxis.Tick> ticks, DrawSurface s) {
        double width = layout.viewport().widthPx();
        double h = layout.lanesTopPx();
        double font = style.axisFontPx();
        s.setColor(style.backgroundArgb());
        s.fillRect(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, 0, layout.plotLeftPx(), h);
        s.setColor(style.mutedTextArgb());
        s.fillText("since start", 10, h / 2 + font * 0.36, font);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, h - 0.5, width, h - 0.5);
        s.pushClip(layout.plotLeftPx(), 0, layout.plotWidthPx(), h);
        for (TimeAxis.Tick t : ticks) {
            double x = Math.floor(t.xPx()) + 0.5;
            s.setColor(style.separatorArgb());
            s.strokeLine(x, h - 7, x, h);
            if (x + 4 + s.textWidthPx(t.label(), font) <= width) {
                s.setColor(style.textArgb());
                s.fillText(t.label(), x + 4, h - 10, font);
            }
        }
        s.popClip();
    }

    /**
     * Preemption ticks at the top of their CPU's lane, at most one per pixel column per lane;
     * lock-holder preemptions run the full lane height in red because they are what users hunt.
     */
    private int drawMarks(Marks marks, TimelineLayout layout, DrawSurface s, List<LegendEntry> entries) {
        Viewport v = layout.viewport();
        int lanes = layout.laneCount();
        int[] lastCol = new int[lanes];
        java.util.Arrays.fill(lastCol, Integer.MIN_VALUE);
        int[] lastColLhp = lastCol.clone();
        boolean sawPreemption = false;
        boolean sawLhp = false;
        int drawn = 0;
        for (int i = marks.firstAtOrAfter(v.startNs()); i < marks.size() && marks.tNs(i) < v.endNs(); i++) {
            MarkKind kind = marks.kind(i);
            int cpu = marks.cpu(i);
            boolean lhp = kind == MarkKind.LOCK_HOLDER_PREEMPTION;
            if ((kind != MarkKind.PREEMPTION && !lhp) || cpu < 0 || cpu >= lanes) {
                continue;
            }
            LaneRow row = layout.lane(cpu);
            if (row.bottomPx() <= layout.lanesTopPx() || row.topPx() >= layout.lanesBottomPx()) {
                continue;
            }
            int col = (int) Math.floor(layout.xOf(marks.tNs(i)));
            int[] last = lhp ? lastColLhp : lastCol;
            if (last[cpu] == col) {
                continue;
            }
            last[cpu] = col;
            if (lhp) {
                s.setColor(style.lockHolderPreemptionArgb());
                s.fillRect(col, row.topPx(), 2, row.heightPx());
                sawLhp = true;
            } else {
                s.setColor(style.preemptionArgb());
                s.fillRect(col, row.topPx(), 2, Math.min(7, row.heightPx() / 3));
                sawPreemption = true;
            }
            drawn++;
        }
        if (sawPreemption) {
            entries.add(new LegendEntry(LegendEntry.Kind.MARK, "preemption", style.preemptionArgb(), 0));
        }
        if (sawLhp) {
            entries.add(new LegendEntry(LegendEntry.Kind.MARK, "lock-holder preemption",
                    style.lockHolderPreemptionArgb(), 0));
        }
        return drawn;
    }

    private void prepareColors(Dataset dataset) {
        if (dataset == cachedFor) {
            return;
        }
        int n = dataset.tasks().size();
        taskColors = new int[n];
        taskComms = new String[n];
        taskLabels = new String[n];
        for (TaskInfo t : dataset.tasks()) {
            taskColors[t.id()] = Palette.taskColor(t);
            taskComms[t.id()] = t.comm();
            taskLabels[t.id()] = t.label();
        }
        cachedFor = dataset;
    }
}
