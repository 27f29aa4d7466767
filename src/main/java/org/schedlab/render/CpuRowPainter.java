package org.schedlab.render;

import org.schedlab.model.SliceState;

/**
 * Paints CPU lanes from their columns. By task: the task's color, fainter the less of the column
 * was busy, stolen time grey and hatched, and a thin strip along the bottom in the state color
 * where the CPU was in the kernel, in a page fault or spinning - so a spinning backend shows
 * red under its own color. By state: the state color. With a search, columns without a match
 * fade. Marks and slice labels are drawn on top in a second pass.
 */
final class CpuRowPainter {
    /**
     * Lanes at least this tall get the state strip (by-task mode): every lane. 3 px tall, 2 px in
     * lanes under 16 px; a lane "Fit CPU lanes" made 1 or 2 px thin is all strip where it has one,
     * so a machine of spinning CPUs reads red at a glance.
     */
    static final double STRIP_MIN_LANE_PX = 1;
    static final double STRIP_PX = 3;
    /** How far columns without a search match fade toward the lane color. */
    static final double FADE = 0.8;

    private final TimelineData data;
    private final TimelineStyle style;
    private final PaintOptions options;
    private final ColumnMap map;
    private final FrameColumns cols;
    private final boolean highlight;
    private final int[] main;
    private final int[] strip;
    private final int[] hatch;
    /** Opaque colors by (task or state, busy level, lane shade, faded), filled as met: the color math once per frame. */
    private final int[] lut;
    private final int lutSlots;
    private final int stolenSlot;
    /** The strip color of each slice state code. */
    private final int[] stripColors = new int[8];
    /** The dataset says which task ran, not in which mode ({@link Legend#noModes}): user and kernel look alike. */
    private final boolean noModes;
    private int marksDrawn;

    CpuRowPainter(TimelineData data, TimelineStyle style, PaintOptions options, ColumnMap map, FrameColumns cols) {
        this.data = data;
        this.style = style;
        this.options = options;
        this.map = map;
        this.cols = cols;
        this.highlight = cols.request.highlight().isActive();
        this.main = new int[map.width()];
        this.strip = new int[map.width()];
        this.hatch = new int[map.width()];
        int slots = Math.max(data.dataset().tasks().size() + 1, SliceState.values().length);
        this.stolenSlot = data.dataset().tasks().size();
        this.lutSlots = slots;
        this.lut = slots <= LUT_MAX_SLOTS ? new int[slots * 20] : null;
        this.noModes = Legend.noModes(data);
        for (SliceState st : SliceState.values()) {
            // a switch trace's kernel is its reader's guess (kernel threads): no strip says it
            stripColors[st.code()] = noModes && st == SliceState.KERNEL ? 0 : StateColors.slice(st);
        }
    }

    private static final int LUT_MAX_SLOTS = 1 << 16;

    /** {@link #busyLevel} of every busy byte (0..255): the level without floating point per column. */
    private static final int[] LEVEL_OF_BUSY = new int[256];

    static {
        for (int b = 0; b < 256; b++) {
            LEVEL_OF_BUSY[b] = busyLevel(b / 255.0);
        }
    }

    /** A painter of the same frame with its own scratch space, for painting other lanes on another thread. */
    CpuRowPainter twin() {
        return new CpuRowPainter(data, style, options, map, cols);
    }

    int marksDrawn() {
        return marksDrawn;
    }

    static int laneBackground(TimelineStyle style, int cpu) {
        return cpu % 2 == 0 ? style.laneArgb() : style.laneAltArgb();
    }

    /**
     * Quantized opacity for a column's busy share, so neighbouring columns of a steady load merge.
     * Busy shares arrive rounded to 1/255, hence the tolerance before rounding up to a quarter.
     */
    static int alphaForBusy(double busyFraction) {
        return alphaForLevel(busyLevel(busyFraction));
    }

    /** 0..4: the quarter of the column that was busy, rounded up. */
    static int busyLevel(double busyFraction) {
        return (int) Math.max(0, Math.ceil(Math.min(1, busyFraction) * 4 - 0.02));
    }

    static int alphaForLevel(int level) {
        return (int) Math.round(255 * Math.max(0.4, level / 4.0));
    }

    void bands(TrackRow row, BandSink sink) {
        int cpu = row.ref();
        CpuColumns c = cpu < cols.cpus.length ? cols.cpus[cpu] : null;
        if (c == null) {
            return;
        }
        int bg = laneBackground(style, cpu);
        boolean byTask = options.colorMode() == ColorMode.BY_TASK;
        boolean withStrip = byTask && row.heightPx() >= STRIP_MIN_LANE_PX;
        boolean anyStrip = false;
        for (int x = 0; x < main.length; x++) {
            int j = map.src[x];
            main[x] = 0;
            strip[x] = 0;
            hatch[x] = 0;
            int drawn = fillAt(c, j, bg);
            if (drawn == 0) {
                continue;
            }
            int state = c.state[j];
            boolean stolen = byTask ? c.key[j] == CpuColumns.KEY_STOLEN : state == SliceState.STOLEN.code();
            int stripColor = drawn;
            if (withStrip && !stolen && state >= 0 && state != SliceState.USER.code()) {
                int sc = stripColors[state];
                if (sc != 0) {
                    boolean faded = highlight && (c.flags[j] & CpuColumns.FLAG_HIGHLIGHT) == 0;
                    stripColor = faded ? StateColors.fade(sc, bg, FADE) : sc;
                    anyStrip = true;
                }
            }
            main[x] = drawn;
            strip[x] = stripColor == drawn ? 0 : stripColor;
            hatch[x] = stolen ? Palette.STOLEN_HATCH : 0;
        }
        sink.firstBand(row.topPx(), row.heightPx(), main, hatch);
        if (anyStrip) {
            double px = stripPx(row);
            sink.band(row.bottomPx() - px, px, strip, null);
        }
    }

    static double stripPx(TrackRow row) {
        return Math.min(row.heightPx(), row.heightPx() < 16 ? 2 : STRIP_PX);
    }

    /** The opaque fill of column {@code j} as {@link #bands} draws it above the strip (0 when empty). */
    private int fillAt(CpuColumns c, int j, int bg) {
        if (j < 0 || j >= c.columns) {
            return 0;
        }
        int busy = c.busy[j] & 0xFF;
        if (busy == 0) {
            return 0;
        }
        boolean byTask = options.colorMode() == ColorMode.BY_TASK;
        int key = c.key[j];
        int state = c.state[j];
        int slot = byTask ? (key >= 0 ? key : key == CpuColumns.KEY_STOLEN ? stolenSlot : -1) : state;
        if (slot < 0) {
            return 0;
        }
        int level = LEVEL_OF_BUSY[busy];
        boolean faded = highlight && (c.flags[j] & CpuColumns.FLAG_HIGHLIGHT) == 0;
        // one block per (lane shade, faded): a lane's lookups stay within a few kilobytes
        int index = (((bg == style.laneArgb() ? 0 : 2) + (faded ? 1 : 0)) * lutSlots + slot) * 5 + level;
        if (lut != null && lut[index] != 0) {
            return lut[index];
        }
        int color = byTask ? (key >= 0 ? data.taskColor(key) : Palette.STOLEN)
                : StateColors.slice(noModes && state == SliceState.KERNEL.code() ? SliceState.USER
                        : SliceState.ofCode((byte) state));
        if (color == 0) {
            return 0;
        }
        int drawn = StateColors.over(Argb.withAlpha(color, alphaForLevel(level)), bg);
        if (faded) {
            drawn = StateColors.fade(drawn, bg, FADE);
        }
        if (lut != null) {
            lut[index] = drawn;
        }
        return drawn;
    }

    /**
     * Preemption ticks, lock-holder preemption bars (capped on top) and lock handoff stall bars
     * (capped below), both edged in white or ink against the slice under them, at most one of
     * each per column, then slice labels.
     */
    void overlay(TrackRow row, TimelineLayout layout, DrawSurface s) {
        int cpu = row.ref();
        CpuColumns c = cpu < cols.cpus.length ? cols.cpus[cpu] : null;
        if (c == null) {
            return;
        }
        double left = layout.plotLeftPx();
        boolean ticks = cols.preemptionTicksShown();
        markHalos(row, c, left, s, CpuColumns.FLAG_HANDOFF, false);
        markHalos(row, c, left, s, CpuColumns.FLAG_LHP, true);
        int lastSrc = -1;
        for (int x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0 || j == lastSrc) {
                continue;
            }
            lastSrc = j;
            byte f = c.flags[j];
            if ((f & CpuColumns.FLAG_WAKEUP) != 0) {
                // from the lane's foot, as a task's runnable span would start: when a wake-up was
                double h = Math.min(row.heightPx(), Math.max(4, row.heightPx() / 2));
                s.setColor(StateColors.WAKEUP_MARK);
                s.fillRect(left + x, row.topPx() + row.heightPx() - h, 2, h);
                marksDrawn++;
            }
            if (ticks && (f & CpuColumns.FLAG_PREEMPTION) != 0) {
                s.setColor(style.preemptionArgb());
                s.fillRect(left + x, row.topPx(), 2, Math.min(row.heightPx(), Math.max(3, Math.min(7, row.heightPx() / 3))));
                marksDrawn++;
            }
            // a handoff stall first: where both fall in one column the red bar stays whole
            // and the amber cap below still shows
            if ((f & CpuColumns.FLAG_HANDOFF) != 0) {
                s.setColor(style.lockHandoffArgb());
                s.fillRect(left + x, markTop(row), 2, markHeight(row));
                if (!thin(row)) {
                    s.fillRect(left + x - 2, row.topPx() + row.heightPx() - 2, 6, 2);
                }
                marksDrawn++;
            }
            if ((f & CpuColumns.FLAG_LHP) != 0) {
                s.setColor(style.lockHolderPreemptionArgb());
                s.fillRect(left + x, markTop(row), 2, markHeight(row));
                if (!thin(row)) {
                    s.fillRect(left + x - 2, row.topPx(), 6, 2);
                }
                marksDrawn++;
            }
        }
        if (map.identity) {
            labels(row, c, left, s);
        }
    }

    /**
     * A one-pixel edge around each bar of {@code flag} (handoff stall: cap below; lock-holder
     * preemption: cap on top) and its cap, in white or ink, whichever contrasts more with the
     * slice under the mark: amber on an amber or brown task color, or red on a red one (by task),
     * would all but vanish. Drawn before any bar, so a neighbouring mark's edge never covers a
     * bar; the slices show on either side. None over an idle column, where the mark's own color
     * stands out on the lane color.
     */
    private void markHalos(TrackRow row, CpuColumns c, double left, DrawSurface s, byte flag, boolean capOnTop) {
        int bg = laneBackground(style, row.ref());
        double top = row.topPx();
        double bottom = top + row.heightPx();
        double capTop = capOnTop ? top : bottom - 2 - HALO_PX;
        int lastSrc = -1;
        for (int x = 0; x < map.width(); x++) {
            int j = map.src[x];
            if (j < 0 || j == lastSrc) {
                continue;
            }
            lastSrc = j;
            if ((c.flags[j] & flag) == 0) {
                continue;
            }
            int fill = fillAt(c, j, bg);
            if (fill == 0) {
                continue;
            }
            s.setColor(StateColors.contrasting(fill, style.backgroundArgb(), style.textArgb()));
            if (thin(row)) {
                s.fillRect(left + x - HALO_PX, markTop(row), 2 + 2 * HALO_PX, markHeight(row));
                continue;
            }
            s.fillRect(left + x - HALO_PX, top, 2 + 2 * HALO_PX, row.heightPx());
            s.fillRect(left + x - 2 - HALO_PX, capTop, 6 + 2 * HALO_PX, 2 + HALO_PX);
        }
    }

    /**
     * Lanes "Fit CPU lanes" made thinner than this draw a lock mark as a bar a pixel taller than
     * the lane each way, edged left and right, without its cap: capped, a 1 px lane's 8 x 4 px
     * marks buried the lanes around them, and the spinning under them.
     */
    static final double THIN_MARK_LANE_PX = 6;

    private static boolean thin(TrackRow row) {
        return row.heightPx() < THIN_MARK_LANE_PX;
    }

    private static double markTop(TrackRow row) {
        return thin(row) ? row.topPx() - 1 : row.topPx();
    }

    private static double markHeight(TrackRow row) {
        return thin(row) ? row.heightPx() + 2 : row.heightPx();
    }

    /** Width of the contrasting edge on each side of a handoff stall bar. */
    static final double HALO_PX = 1;

    private void labels(TrackRow row, CpuColumns c, double left, DrawSurface s) {
        double font = style.sliceFontPx();
        if (row.heightPx() < font + 4) {
            return;
        }
        boolean byTask = options.colorMode() == ColorMode.BY_TASK;
        double textHeight = row.heightPx() - (byTask && row.heightPx() >= STRIP_MIN_LANE_PX ? stripPx(row) : 0);
        for (CpuFolder.LabelRun r : cols.labels) {
            if (r.cpu() != row.ref()) {
                continue;
            }
            double widthPx = r.toCol() - r.fromCol();
            String text = data.taskLabel(r.task());
            if (s.textWidthPx(text, font) + 8 > widthPx) {
                text = data.taskComm(r.task());
                if (s.textWidthPx(text, font) + 8 > widthPx) {
                    continue;
                }
            }
            int fill = fillAt(c, r.fromCol(), laneBackground(style, row.ref()));
            s.setColor(fill == 0 ? style.textArgb() : Palette.textOn(fill));
            s.fillText(text, left + r.fromCol() + 4, row.topPx() + textHeight / 2 + font * 0.36, font);
        }
    }
}
