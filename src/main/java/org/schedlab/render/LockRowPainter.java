package org.schedlab.render;

import java.util.Optional;

import org.schedlab.analysis.LockIndex;

/**
 * Paints a lock lane: on top, who holds the lock (a segment per holder in the holder's task
 * color), with an ink cap along its top wherever a hold was taken for write (an rwsem's writer;
 * a pixel column with readers and a writer is capped: write wins), hatched in crimson with a
 * crimson bar along its bottom wherever the holder is off its CPU while holding. A lock whose
 * holds carry no mode (a spin lock, a futex) or only reads has no cap. Below, the waiter band in two halves - how many tasks spin (red, upper half)
 * and how many sleep (blue, lower half) at the column's peak, each scaled to the most spinners
 * or sleepers the lock ever had, so a handful of spinners stays visible next to hundreds of
 * sleepers.
 */
final class LockRowPainter {
    static final double HOLDER_PX = 22;
    static final double OFF_BAR_PX = 3;
    static final double GAP_PX = 3;
    /**
     * Height of the cap over a write hold: ink, then a one-pixel rule in the background color
     * along its lower edge, so the cap stands out on dark task colors as well as light ones.
     */
    static final double WRITE_CAP_PX = 5;

    private final TimelineData data;
    private final TimelineStyle style;
    private final ColumnMap map;
    private final FrameColumns cols;
    private final int[] holder;
    private final int[] bar;
    private final int[] hatch;
    private final int[] cap;
    private final int[] capRule;
    private final int[] spinPx;
    private final int[] sleepPx;
    private final int[] zero;

    LockRowPainter(TimelineData data, TimelineStyle style, ColumnMap map, FrameColumns cols) {
        this.data = data;
        this.style = style;
        this.map = map;
        this.cols = cols;
        int w = map.width();
        holder = new int[w];
        bar = new int[w];
        hatch = new int[w];
        cap = new int[w];
        capRule = new int[w];
        spinPx = new int[w];
        sleepPx = new int[w];
        zero = new int[w];
    }

    /** Top of the waiter band within a lock row. */
    static double waiterTopPx(TrackRow row) {
        return row.topPx() + HOLDER_PX + GAP_PX;
    }

    static double waiterHeightPx(TrackRow row) {
        return row.heightPx() - HOLDER_PX - GAP_PX;
    }

    /** {most spinning, most sleeping} waiters lock {@code l} ever had (0 when unknown). */
    static int[] scale(TimelineData data, int l) {
        Optional<LockIndex> index = data.locks();
        if (index.isEmpty() || l >= index.get().lockCount()) {
            return new int[] {0, 0};
        }
        return new int[] {index.get().waiters(l).maxSpinning(), index.get().waiters(l).maxSleeping()};
    }

    void bands(TrackRow row, BandSink sink) {
        int l = row.ref();
        if (l >= cols.lockHolders.length) {
            return;
        }
        CpuColumns h = cols.lockHolders[l];
        CpuColumns off = cols.lockOffCpu[l];
        int bg = style.laneArgb();
        boolean anyOff = false;
        boolean anyWrite = false;
        for (int x = 0; x < holder.length; x++) {
            int j = map.src[x];
            holder[x] = 0;
            bar[x] = 0;
            hatch[x] = 0;
            cap[x] = 0;
            capRule[x] = 0;
            if (j < 0) {
                continue;
            }
            if ((h.flags[j] & CpuColumns.FLAG_WRITE_HOLD) != 0) {
                cap[x] = style.inkArgb();
                capRule[x] = style.backgroundArgb();
                anyWrite = true;
            }
            if (h.busy(j) > 0 && h.key[j] >= 0) {
                holder[x] = StateColors.over(Argb.withAlpha(data.taskColor(h.key[j]),
                        CpuRowPainter.alphaForBusy(h.busy(j) / 255.0)), bg);
                bar[x] = holder[x];
            }
            if (off.busy(j) > 0) {
                hatch[x] = StateColors.HOLDER_OFF_CPU;
                bar[x] = StateColors.HOLDER_OFF_CPU;
                anyOff = true;
            }
        }
        if (anyOff) {
            sink.band(row.topPx(), HOLDER_PX - OFF_BAR_PX, holder, hatch);
            sink.band(row.topPx() + HOLDER_PX - OFF_BAR_PX, OFF_BAR_PX, bar, null);
        } else {
            sink.band(row.topPx(), HOLDER_PX, holder, null);
        }
        if (anyWrite) {
            sink.band(row.topPx(), WRITE_CAP_PX - 1, cap, null);
            sink.band(row.topPx() + WRITE_CAP_PX - 1, 1, capRule, null);
        }
        double halfPx = Math.floor(waiterHeightPx(row) / 2);
        int[] scale = scale(data, l);
        int[] spin = cols.lockSpin[l];
        int[] sleep = cols.lockSleep[l];
        for (int x = 0; x < spinPx.length; x++) {
            int j = map.src[x];
            spinPx[x] = j < 0 || scale[0] == 0 ? 0 : (int) Math.ceil((double) spin[j] / scale[0] * (halfPx - 1));
            sleepPx[x] = j < 0 || scale[1] == 0 ? 0 : (int) Math.ceil((double) sleep[j] / scale[1] * halfPx);
        }
        sink.bars(waiterTopPx(row), halfPx - 1, spinPx, StateColors.SPIN_WAITERS, zero, 0);
        sink.bars(waiterTopPx(row) + halfPx, halfPx, sleepPx, StateColors.SLEEP_WAITERS, zero, 0);
    }

    /** Holder names on segments wide enough for them (below the cap on a write hold). */
    void overlay(TrackRow row, TimelineLayout layout, DrawSurface s) {
        if (!map.identity) {
            return;
        }
        double font = style.sliceFontPx();
        for (CpuFolder.LabelRun r : cols.holderLabels) {
            if (r.cpu() != row.ref()) {
                continue;
            }
            String text = data.taskLabel(r.task());
            if (s.textWidthPx(text, font) + 8 > r.toCol() - r.fromCol()) {
                text = data.taskComm(r.task());
                if (s.textWidthPx(text, font) + 8 > r.toCol() - r.fromCol()) {
                    continue;
                }
            }
            CpuColumns h = cols.lockHolders[row.ref()];
            double top = r.fromCol() < h.columns && (h.flags[r.fromCol()] & CpuColumns.FLAG_WRITE_HOLD) != 0
                    ? WRITE_CAP_PX : 0;
            s.setColor(Palette.textOn(data.taskColor(r.task())));
            s.fillText(text, layout.plotLeftPx() + r.fromCol() + 4, row.topPx() + (top + HOLDER_PX - OFF_BAR_PX) / 2
                    + font * 0.36, font);
        }
    }
}
