package org.schedlab.render;

import org.schedlab.model.TaskState;

/**
 * Paints a task's own state lane (a thread-state track): running green, runnable amber,
 * sleeping light grey, blocked brown; a column shows the state the task spent most of it in,
 * fainter when the lane has no data for part of it.
 */
final class TaskRowPainter {
    private final TimelineStyle style;
    private final ColumnMap map;
    private final FrameColumns cols;
    private final int[] argb;

    TaskRowPainter(TimelineStyle style, ColumnMap map, FrameColumns cols) {
        this.style = style;
        this.map = map;
        this.cols = cols;
        this.argb = new int[map.width()];
    }

    void bands(TrackRow row, BandSink sink) {
        CpuColumns c = cols.tasks.get(row.ref());
        if (c == null) {
            return;
        }
        int bg = style.laneArgb();
        for (int x = 0; x < argb.length; x++) {
            int j = map.src[x];
            argb[x] = 0;
            if (j < 0 || c.busy(j) == 0 || c.state[j] < 0 || c.state[j] >= TaskState.values().length) {
                continue;
            }
            int color = style.taskStateArgb(TaskState.ofCode(c.state[j]));
            argb[x] = StateColors.over(Argb.withAlpha(color, CpuRowPainter.alphaForBusy(c.busy(j) / 255.0)), bg);
        }
        sink.band(row.topPx() + 1, row.heightPx() - 2, argb, null);
    }
}
