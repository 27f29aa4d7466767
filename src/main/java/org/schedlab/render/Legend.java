package org.schedlab.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.schedlab.analysis.CpuModes;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * The legend strip under the lanes, two rows. The first says what the CPU lane colors mean in
 * the current mode: the tasks that ran longest in the window (by task), or every state with its
 * time (by state), on the CPU lanes drawn ({@link FrameColumns#countingLanes}). The second explains
 * every other color on screen: the state strip, marks (each only where a CPU lane drawn has one),
 * task states, the lock lane's parts (each only where a lock lane in view draws it: the
 * write-hold cap, the off-CPU hatching, the spinning and sleeping waiters), the operation rows'
 * dots, start..end lines and column marks (each only where a row in view draws it), a simulated run's scheduler ticks while their
 * notches are drawn ({@link SchedulerTicks}) and a search: only what the view can draw, no CPU
 * strips where no CPU lane has a slice in view, nor of a state no slice in view is in, nor task
 * states no task lane shows. Items are laid left to right while they fit, the marks first
 * ({@link #foldOrder}); what is left over is summarized as "+N more".
 */
final class Legend {
    private static final double SWATCH_PX = LegendEntry.SWATCH_PX;
    private static final double ITEM_GAP_PX = 12;
    /** The stand-in holder color of the write-hold swatch: a grey, since any task may write. */
    private static final int HOLDER_SWATCH = Argb.hex("#8C959F");

    private Legend() {
    }

    static List<LegendEntry> colors(TimelineData data, FrameColumns cols, ColorMode mode) {
        List<LegendEntry> out = new ArrayList<>();
        long[] stateNs = cols.nsByState;
        if (mode == ColorMode.BY_STATE && noModes(data)) {
            // one color and one entry for a switch trace's user and kernel, the reader's guess
            long running = stateNs[SliceState.USER.code()] + stateNs[SliceState.KERNEL.code()];
            out.add(new LegendEntry(LegendEntry.Kind.STATE, CpuModes.RUNNING, StateColors.slice(SliceState.USER), running));
            out.add(new LegendEntry(LegendEntry.Kind.STATE, SliceState.IDLE.label(), StateColors.slice(SliceState.IDLE),
                    stateNs[SliceState.IDLE.code()]));
            return out;
        }
        if (mode == ColorMode.BY_STATE) {
            for (SliceState s : SliceState.values()) {
                if (stateNs[s.code()] > 0 || s != SliceState.STOLEN) {
                    LegendEntry.Kind k = s == SliceState.STOLEN ? LegendEntry.Kind.STOLEN : LegendEntry.Kind.STATE;
                    out.add(new LegendEntry(k, s.label(), StateColors.slice(s), stateNs[s.code()]));
                }
            }
            return out;
        }
        if (stateNs[SliceState.STOLEN.code()] > 0) {
            out.add(new LegendEntry(LegendEntry.Kind.STOLEN, "stolen", Palette.STOLEN, stateNs[SliceState.STOLEN.code()]));
        }
        long[] run = cols.runNsByTask;
        List<Integer> ran = new ArrayList<>();
        for (int t = 0; t < run.length; t++) {
            if (run[t] > 0) {
                ran.add(t);
            }
        }
        ran.sort(Comparator.<Integer>comparingLong(t -> -run[t]).thenComparingInt(t -> t));
        for (int t : ran) {
            out.add(new LegendEntry(LegendEntry.Kind.TASK, data.taskLabel(t), data.taskColor(t), run[t]));
        }
        return out;
    }

    static List<LegendEntry> keys(TimelineData data, FrameColumns cols, ColorMode mode, List<TrackRow> rows,
                                  TimelineStyle style) {
        List<LegendEntry> out = new ArrayList<>();
        // the strips are drawn over slices: CPU lanes with none in view (perf lock's waits beside
        // no scheduling, a view past a recording's end) have none to explain
        boolean cpus = rows.stream().anyMatch(r -> r.kind() == TrackKind.CPU) && cpuDataInView(cols);
        if (mode == ColorMode.BY_TASK && cpus && !noModes(data)) {
            boolean[] strips = stripsShown(cols, rows);
            for (SliceState s : new SliceState[] {SliceState.KERNEL, SliceState.FAULT, SliceState.SPINNING}) {
                // a strip a lane in view draws: a teaching run keyed faults and spinning it never had,
                // and teach-fair-share's few microseconds of kernel at each switch, which no column
                // shows, a "kernel strip" over lanes without one (coarse columns estimate each state
                // from the columns it leads, so there all are keyed)
                if (cols.approximate || cols.nsByState == null || strips[s.code()]) {
                    out.add(new LegendEntry(LegendEntry.Kind.SWATCH, s.label() + " strip", StateColors.slice(s), 0));
                }
            }
        }
        // each mark where a CPU lane in view has one in the window: a picture of CPUs 0-6 of 96
        // keyed "lock-holder preemption" for a bar on CPU 52 it left out
        byte marks = marksShown(cols, rows);
        if (cols.preemptionTicksShown() && (marks & CpuColumns.FLAG_PREEMPTION) != 0) {
            out.add(new LegendEntry(LegendEntry.Kind.MARK, "preemption", style.preemptionArgb(), 0));
        } else if (cols.preemptionMarks > 0 && (marks & CpuColumns.FLAG_PREEMPTION) != 0) {
            out.add(new LegendEntry(LegendEntry.Kind.NOTE, "preemptions: zoom in to see", 0, 0));
        }
        if (cols.sawLockHolderPreemption && (marks & CpuColumns.FLAG_LHP) != 0) {
            out.add(new LegendEntry(LegendEntry.Kind.MARK, "lock-holder preemption", style.lockHolderPreemptionArgb(), 0));
        }
        if (cols.sawLockHandoff && (marks & CpuColumns.FLAG_HANDOFF) != 0) {
            out.add(new LegendEntry(LegendEntry.Kind.MARK, "lock handoff stall", style.lockHandoffArgb(), 0));
        }
        if ((marks & CpuColumns.FLAG_WAKEUP) != 0) {
            out.add(new LegendEntry(LegendEntry.Kind.MARK, "wake-up", StateColors.WAKEUP_MARK, 0));
        }
        if (rows.stream().anyMatch(r -> r.kind() == TrackKind.TASK)) {
            boolean[] shown = taskStatesShown(cols, rows);
            for (TaskState s : TaskState.values()) {
                if (shown[s.code()]) {
                    out.add(new LegendEntry(LegendEntry.Kind.SWATCH, s.label(), style.taskStateArgb(s), 0));
                }
            }
        }
        if (rows.stream().anyMatch(r -> r.kind() == TrackKind.LOCK)) {
            // each part where a lock lane in view draws it: a window of pgbench-graviton4 without a
            // spinner keyed "spinning waiters" beside the blue of the sleepers alone
            boolean[] parts = lockPartsShown(data, cols, rows);
            if (parts[LOCK_WRITE_HOLD]) {
                out.add(new LegendEntry(LegendEntry.Kind.CAPPED, "write hold", style.inkArgb(), 0));
            }
            // hatched over a holder's bar: lanes of waits only (perf lock's contention events) have none
            if (parts[LOCK_HOLDER_OFF_CPU]) {
                out.add(new LegendEntry(LegendEntry.Kind.HATCHED, "holder off CPU", StateColors.HOLDER_OFF_CPU, 0));
            }
            if (parts[LOCK_SPINNING]) {
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, "spinning waiters", StateColors.SPIN_WAITERS, 0));
            }
            if (parts[LOCK_SLEEPING]) {
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, "sleeping waiters", StateColors.SLEEP_WAITERS, 0));
            }
        }
        List<TrackRow> opRows = rows.stream().filter(r -> r.kind() == TrackKind.OPERATION).toList();
        if (!opRows.isEmpty()) {
            // each part where an operation row in view draws it: a 40 us window of case A, no
            // transaction ending in it, keyed "operation (end, latency)" over rows without a dot
            boolean[] parts = operationPartsShown(data, cols.request, opRows);
            if (parts[OPERATION_DOT]) {
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, "operation (end, latency)", style.counterLineArgb(), 0));
            }
            if (parts[OPERATION_EXTENT]) {
                // under the dot's entry it reads as the dot's operation's; alone, as an operation's
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, parts[OPERATION_DOT] ? "its start..end"
                        : "operation start..end",
                        Argb.withAlpha(style.counterLineArgb(), Argb.alpha(OperationRowPainter.EXTENT)), 0));
            }
            if (parts[OPERATION_COLUMNS]) {
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, "slowest operation of a column",
                        style.counterLineArgb(), 0));
                out.add(new LegendEntry(LegendEntry.Kind.MARK, "median", style.inkArgb(), 0));
                out.add(new LegendEntry(LegendEntry.Kind.SWATCH, "min..max", style.counterFillArgb(), 0));
            }
        }
        // listed after the colours of whole lanes; a row too short for all keeps it with the other
        // marks first (foldOrder)
        SchedulerTicks.of(data.dataset()).flatMap(t -> t.key(cols.request, style)).ifPresent(out::add);
        HighlightIndex h = cols.request.highlight();
        if (h.isActive()) {
            out.add(new LegendEntry(LegendEntry.Kind.NOTE, "search \u201C" + h.query() + "\u201D: " + h.tasks().size()
                    + (h.tasks().size() == 1 ? " task" : " tasks") + " highlighted", 0, 0));
        }
        return out;
    }

    /**
     * The task states ({@link TaskState#code}) some task lane in {@code rows} draws in the view: a
     * column shows the state its task spent most of it in ({@link TaskRowPainter}). All four were
     * keyed, and a Live run tab's key (about 350 px on a laptop) read "kernel strip, preemption,
     * running, +3 more" over teach-fair-share's green and amber lanes: the amber of a task waiting
     * for the CPU unexplained, sleeping and blocked keyed though no lane had them.
     */
    static boolean[] taskStatesShown(FrameColumns cols, List<TrackRow> rows) {
        boolean[] shown = new boolean[TaskState.values().length];
        for (TrackRow r : rows) {
            CpuColumns c = r.kind() == TrackKind.TASK ? cols.tasks.get(r.ref()) : null;
            if (c == null) {
                continue;
            }
            for (int j = 0; j < c.columns; j++) {
                if (c.busy(j) > 0 && c.state[j] >= 0 && c.state[j] < shown.length) {
                    shown[c.state[j]] = true;
                }
            }
        }
        return shown;
    }

    /**
     * The slice states ({@link SliceState#code}) whose strip some CPU lane in {@code rows} draws in
     * the view: a column's strip is its leading state's ({@link CpuRowPainter#bands}), on lanes tall
     * enough for one. A state whose time in the window is too short to lead a column has none.
     */
    static boolean[] stripsShown(FrameColumns cols, List<TrackRow> rows) {
        boolean[] shown = new boolean[SliceState.values().length];
        for (TrackRow r : rows) {
            if (r.kind() != TrackKind.CPU || r.heightPx() < CpuRowPainter.STRIP_MIN_LANE_PX
                    || r.ref() >= cols.cpus.length || cols.cpus[r.ref()] == null) {
                continue;
            }
            CpuColumns c = cols.cpus[r.ref()];
            for (int j = 0; j < c.columns; j++) {
                if (c.busy(j) > 0 && c.state[j] >= 0 && c.state[j] < shown.length) {
                    shown[c.state[j]] = true;
                }
            }
        }
        return shown;
    }

    /**
     * The mark flags ({@link CpuColumns#FLAG_PREEMPTION}, {@link CpuColumns#FLAG_LHP},
     * {@link CpuColumns#FLAG_HANDOFF}) some CPU lane in {@code rows} has in a column of the
     * window, or'ed: the marks the lanes drawn can show ({@link CpuRowPainter#overlay}). The
     * frame's counts are of every CPU's marks, lanes out of sight or out of a picture included.
     */
    static byte marksShown(FrameColumns cols, List<TrackRow> rows) {
        byte wanted = CpuColumns.FLAG_PREEMPTION | CpuColumns.FLAG_LHP | CpuColumns.FLAG_HANDOFF
                | CpuColumns.FLAG_WAKEUP;
        byte shown = 0;
        for (TrackRow r : rows) {
            if (r.kind() != TrackKind.CPU || r.ref() >= cols.cpus.length || cols.cpus[r.ref()] == null) {
                continue;
            }
            byte[] flags = cols.cpus[r.ref()].flags;
            for (int j = 0; j < flags.length && shown != wanted; j++) {
                shown |= (byte) (flags[j] & wanted);
            }
            if (shown == wanted) {
                break;
            }
        }
        return shown;
    }

    /** Indices into {@link #lockPartsShown}. */
    static final int LOCK_WRITE_HOLD = 0;
    static final int LOCK_HOLDER_OFF_CPU = 1;
    static final int LOCK_SPINNING = 2;
    static final int LOCK_SLEEPING = 3;

    /**
     * The parts of a lock lane ({@link #LOCK_WRITE_HOLD}, {@link #LOCK_HOLDER_OFF_CPU},
     * {@link #LOCK_SPINNING}, {@link #LOCK_SLEEPING}) some lock lane in {@code rows} draws in the
     * view, read from the frame's columns as {@link LockRowPainter#bands} reads them: a write cap
     * where a column has a write hold, hatching where the holder is off its CPU, a waiter bar where
     * a column's peak has a spinner or a sleeper (and the lock's scale and the lane's half leave it
     * a pixel). Every lock-lane part was keyed whenever a lock lane was shown, however little of
     * it the window had.
     */
    static boolean[] lockPartsShown(TimelineData data, FrameColumns cols, List<TrackRow> rows) {
        boolean[] shown = new boolean[4];
        for (TrackRow r : rows) {
            int l = r.ref();
            if (r.kind() != TrackKind.LOCK || l >= cols.lockHolders.length) {
                continue;
            }
            CpuColumns h = cols.lockHolders[l];
            CpuColumns off = cols.lockOffCpu[l];
            double halfPx = Math.floor(LockRowPainter.waiterHeightPx(r) / 2);
            int[] scale = LockRowPainter.scale(data, l);
            boolean spins = scale[0] > 0 && halfPx - 1 > 0;
            boolean sleeps = scale[1] > 0 && halfPx > 0;
            int[] spin = cols.lockSpin[l];
            int[] sleep = cols.lockSleep[l];
            for (int j = 0; j < h.columns; j++) {
                shown[LOCK_WRITE_HOLD] |= (h.flags[j] & CpuColumns.FLAG_WRITE_HOLD) != 0;
                shown[LOCK_HOLDER_OFF_CPU] |= off.busy(j) > 0;
                shown[LOCK_SPINNING] |= spins && spin[j] > 0;
                shown[LOCK_SLEEPING] |= sleeps && sleep[j] > 0;
            }
        }
        return shown;
    }

    /** Indices into {@link #operationPartsShown}. */
    static final int OPERATION_DOT = 0;
    static final int OPERATION_EXTENT = 1;
    static final int OPERATION_COLUMNS = 2;

    /**
     * What the operation rows {@code opRows} draw in the window {@code req} asks for, as {@link
     * OperationRowPainter#paint} decides it: one by one, a dot ({@link #OPERATION_DOT}) where an
     * operation ends in the window and its start..end line ({@link #OPERATION_EXTENT}) where
     * {@link OperationRowPainter#extentsShown} says so; else the columns' slowest, median and
     * range ({@link #OPERATION_COLUMNS}), which a window of more operations than columns always
     * has. Each row costs two binary searches, and the lines' check reads at most the window's
     * operations and a plot width more.
     */
    static boolean[] operationPartsShown(TimelineData data, FrameRequest req, List<TrackRow> opRows) {
        boolean[] shown = new boolean[3];
        TimelineLayout window = null;
        for (TrackRow r : opRows) {
            org.schedlab.model.OperationSamples ops = data.dataset().operations().get(r.ref());
            if (!OperationRowPainter.oneByOne(ops, req.startNs(), req.endNs(), req.columns())) {
                shown[OPERATION_COLUMNS] = true;
                continue;
            }
            shown[OPERATION_DOT] |= OperationRowPainter.dotsShown(ops, req.startNs(), req.endNs());
            if (!shown[OPERATION_EXTENT]) {
                if (window == null) {
                    window = TimelineLayout.of(new Viewport(req.startNs(), req.endNs(),
                            TimelineLayout.LABEL_WIDTH_PX + req.columns(), TimelineLayout.OPERATION_HEIGHT_PX), 0);
                }
                shown[OPERATION_EXTENT] = OperationRowPainter.extentsShown(ops, data.operationScale(r.ref())[1],
                        window, r.heightPx());
            }
        }
        return shown;
    }

    /**
     * Whether the dataset's CPU lanes say which task ran, not in which mode ({@link CpuModes#BY_TASK_KIND},
     * known once the data is prepared): its user and kernel are drawn alike, as running, with no
     * kernel strip.
     */
    static boolean noModes(TimelineData data) {
        return data.cpuModes().map(m -> !m.recorded()).orElse(false);
    }

    /**
     * Whether any CPU lane has a slice (busy or idle) in the view: a recording that covers only
     * part of the dataset's span (perf sched for 1.5 s beside 7 s of pgbench progress) or none of
     * it (perf lock alone) leaves the CPU lanes empty, which is not the same as idle.
     */
    static boolean cpuDataInView(FrameColumns cols) {
        if (cols.nsByState == null || cols.approximate) {
            return true; // coarse columns estimate busy time only: slices were there
        }
        for (long ns : cols.nsByState) {
            if (ns > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * What {@code d} has of CPU lanes in the window {@code cols} were aggregated for, among the
     * rows drawn ({@code rows}).
     */
    static Cpus cpus(Dataset d, TrackSpec spec, FrameColumns cols, List<TrackRow> rows) {
        return cpus(d, spec, cols, rows, false);
    }

    /**
     * As {@link #cpus(Dataset, TrackSpec, FrameColumns, List)}, for columns that are a stand-in
     * while the frame's are computed when {@code stale}: CPU lanes without data in them are then
     * still being drawn ({@link Cpus#PENDING}), not found empty. A teaching run's first frame said
     * "No CPU data in view" under "refining..." before its CPU lane came in.
     */
    static Cpus cpus(Dataset d, TrackSpec spec, FrameColumns cols, List<TrackRow> rows, boolean stale) {
        return cpus(d, spec, cols, rows, stale, false);
    }

    /**
     * As {@link #cpus(Dataset, TrackSpec, FrameColumns, List, boolean)}, for stand-in columns whose
     * frame could not be folded when {@code failed}: CPU lanes without data in them then were not
     * drawn ({@link Cpus#NOT_DRAWN}). Beside the failure's line over the plot the row said "No CPU
     * data in view" of a view whose data nobody had looked at.
     */
    static Cpus cpus(Dataset d, TrackSpec spec, FrameColumns cols, List<TrackRow> rows, boolean stale,
                     boolean failed) {
        return d.spanNs() <= 0 ? Cpus.NO_TIMES : d.cpuCount() == 0 ? Cpus.NO_LANES
                : spec.isCollapsed(TrackGroup.CPUS) ? Cpus.COLLAPSED
                : rows.stream().noneMatch(r -> r.kind() == TrackKind.CPU) ? Cpus.SCROLLED_OUT
                : cpuDataInView(cols) ? Cpus.IN_VIEW : failed ? Cpus.NOT_DRAWN : stale ? Cpus.PENDING
                : Cpus.NOT_IN_VIEW;
    }

    /** What the dataset has of CPU lanes where the view is: what the first row says when it lists no colours. */
    enum Cpus {
        /** Slices in view: the colours are listed, or the CPUs idled throughout ("Idle in view"). */
        IN_VIEW,
        /** CPU lanes, but their recording does not reach the view ("No CPU data in view"). */
        NOT_IN_VIEW,
        /**
         * CPU lanes whose columns are still being computed: the picture on screen is a stand-in
         * ("refining...") without them ("CPU lanes being drawn\u2026"), not a view without data.
         */
        PENDING,
        /**
         * CPU lanes whose fold failed: the picture is a stand-in without them and the line over the
         * plot says why ("CPU lanes not drawn"), not a view without data.
         */
        NOT_DRAWN,
        /** CPU lanes folded away by their group's header ("CPUs collapsed"): hidden, not missing. */
        COLLAPSED,
        /**
         * CPU lanes, none of them drawn: scrolled out of sight, or left out of a picture ("No CPU
         * lanes in view"). Counting only the lanes in view, the row would say "No CPU data in view"
         * of a recording that has it a scroll away.
         */
        SCROLLED_OUT,
        /** A file of counters only (vmstat, perf stat -I): "No CPU lanes", not a view to move away from. */
        NO_LANES,
        /** A file without times (a contention table, perf stat totals): the rows' labels stay blank. */
        NO_TIMES
    }

    /** What {@link #draw} put on the strip: how many of the colours, and which keys (in their order). */
    record Drawn(int colors, List<LegendEntry> keys, String heading) {
        static final Drawn NONE = new Drawn(0, List.of(), "");
    }

    /** Draws both rows; returns what of each it drew. */
    static Drawn draw(DrawSurface s, TimelineLayout layout, TimelineStyle style, List<LegendEntry> colors,
                    List<LegendEntry> keys, boolean approximate, Cpus cpus) {
        double top = layout.legendTopPx();
        double width = layout.viewport().widthPx();
        double height = layout.viewport().heightPx() - top;
        if (height <= 0) {
            return Drawn.NONE;
        }
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, top, width, height);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, top + 0.5, width, top + 0.5);
        double font = style.axisFontPx();
        double row1 = top + 1 + TimelineLayout.LEGEND_ROW_PX / 2 + font * 0.36;
        double row2 = row1 + TimelineLayout.LEGEND_ROW_PX;
        if (cpus == Cpus.NO_TIMES && colors.isEmpty() && keys.isEmpty()) {
            // nothing is in any view of it: "No CPU data in view" under "No timeline: ..." read as a fault
            return Drawn.NONE;
        }
        s.setColor(style.mutedTextArgb());
        String heading = firstName(colors, approximate, cpus);
        s.fillText(heading, 8, row1, font);
        if (!keys.isEmpty()) {
            s.fillText("Key", 8, row2, font); // a "Key" over nothing read as an entry gone missing
        }
        int drawn = row(s, layout, style, colors, row1, !approximate).size();
        return new Drawn(drawn, row(s, layout, style, keys, row2, false), heading);
    }

    /** What the first row is headed with: "In view", or why it lists no colours. */
    private static String firstName(List<LegendEntry> colors, boolean approximate, Cpus cpus) {
        return !colors.isEmpty() ? (approximate ? "In view (coarse)" : "In view")
                : switch (cpus) {
                    case IN_VIEW -> "Idle in view";
                    case NOT_IN_VIEW -> "No CPU data in view";
                    case PENDING -> "CPU lanes being drawn\u2026";
                    case NOT_DRAWN -> "CPU lanes not drawn";
                    case COLLAPSED -> "CPUs collapsed";
                    case SCROLLED_OUT -> "No CPU lanes in view";
                    case NO_LANES -> "No CPU lanes";
                    case NO_TIMES -> "";
                };
    }

    /**
     * The lines a picture's legend takes: the first row's colours on up to {@code maxColorLines}
     * lines, the keys on as many as they need, each at least one line (so that a legend that
     * fits is the screen's two rows, {@link TimelineLayout#LEGEND_HEIGHT_PX}).
     */
    static int pictureLines(DrawSurface s, TimelineLayout layout, TimelineStyle style, List<LegendEntry> colors,
                            List<LegendEntry> keys, boolean approximate, int maxColorLines) {
        return flow(s, layout, style, colors, !approximate, maxColorLines).lines().size()
                + flow(s, layout, style, keys, false, Integer.MAX_VALUE).lines().size();
    }

    /**
     * A picture's legend from {@code top}, in {@code lines} lines ({@link #pictureLines}): as
     * {@link #draw}'s two rows, but wrapped rather than cut to "+N more". A picture cannot show
     * the rest on hover as the screen does: a slide whose legend ended in "+3 more" left the
     * runnable, sleeping and blocked colours of its task lanes without a key. The colours end in
     * "+N more" after {@code maxColorLines} lines still (a thousand backends' colours would fill
     * the picture); the keys never do.
     */
    static void drawPicture(DrawSurface s, TimelineLayout layout, TimelineStyle style, double top, int lines,
                            List<LegendEntry> colors, List<LegendEntry> keys, boolean approximate, Cpus cpus,
                            int maxColorLines) {
        double width = layout.viewport().widthPx();
        s.setColor(style.labelColumnArgb());
        s.fillRect(0, top, width, lines * TimelineLayout.LEGEND_ROW_PX + 2);
        s.setColor(style.separatorArgb());
        s.strokeLine(0, top + 0.5, width, top + 0.5);
        if (cpus == Cpus.NO_TIMES && colors.isEmpty() && keys.isEmpty()) {
            return;
        }
        double font = style.axisFontPx();
        double row1 = top + 1 + TimelineLayout.LEGEND_ROW_PX / 2 + font * 0.36;
        Flow first = flow(s, layout, style, colors, !approximate, maxColorLines);
        // the keys get what the height has left: all of them, unless the height was measured otherwise
        Flow second = flow(s, layout, style, keys, false, Math.max(1, lines - first.lines().size()));
        double row2 = row1 + first.lines().size() * TimelineLayout.LEGEND_ROW_PX;
        s.setColor(style.mutedTextArgb());
        String heading = firstName(colors, approximate, cpus);
        s.fillText(heading, 8, row1, font);
        if (!keys.isEmpty()) {
            s.fillText("Key", 8, row2, font);
        }
        paintFlow(s, layout, style, colors, first, row1, !approximate);
        paintFlow(s, layout, style, keys, second, row2, false);
    }

    /**
     * Entries laid out left to right from the plot's left edge on at most {@code maxLines}
     * lines: the indices on each line, and the "+N more" that ends the last line when not all
     * fit (empty when they do). Always at least one line, empty when there are no entries.
     */
    private record Flow(List<List<Integer>> lines, String more) {
    }

    private static Flow flow(DrawSurface s, TimelineLayout layout, TimelineStyle style, List<LegendEntry> entries,
                             boolean withTimes, int maxLines) {
        if (maxLines == 1) {
            return row(s, layout, style, entries, withTimes);
        }
        double font = style.axisFontPx();
        double left = layout.plotLeftPx() + 6;
        double right = layout.viewport().widthPx() - 6;
        List<List<Integer>> lines = new ArrayList<>();
        lines.add(new ArrayList<>());
        double x = left;
        for (int i = 0; i < entries.size(); i++) {
            double w = widthPx(s, entries.get(i), withTimes, font);
            if (x + w > right && !lines.get(lines.size() - 1).isEmpty() && lines.size() < maxLines) {
                lines.add(new ArrayList<>());
                x = left;
            }
            if (lines.size() >= maxLines) {
                int rest = entries.size() - i;
                String more = "+" + rest + " more";
                boolean roomForMore = rest == 1 || x + w + ITEM_GAP_PX + s.textWidthPx(more, font) <= right;
                if (x + w > right || !roomForMore) {
                    return new Flow(lines, x + s.textWidthPx(more, font) <= right ? more : "");
                }
            }
            lines.get(lines.size() - 1).add(i);
            x += w + ITEM_GAP_PX;
        }
        return new Flow(lines, "");
    }

    /**
     * One line, cut to what fits and "+N more": the entries are taken in {@link #foldOrder} while
     * they fit, and drawn in their own order. The first to miss the line ends it, as a longer task
     * name does not give way to a shorter one after it in the colours.
     */
    private static Flow row(DrawSurface s, TimelineLayout layout, TimelineStyle style, List<LegendEntry> entries,
                            boolean withTimes) {
        double font = style.axisFontPx();
        double right = layout.viewport().widthPx() - 6;
        double x = layout.plotLeftPx() + 6;
        List<Integer> kept = new ArrayList<>();
        String more = "";
        List<Integer> order = foldOrder(entries);
        for (int n = 0; n < order.size(); n++) {
            int i = order.get(n);
            double w = widthPx(s, entries.get(i), withTimes, font);
            int rest = order.size() - n;
            String restMore = "+" + rest + " more";
            boolean roomForMore = rest == 1 || x + w + ITEM_GAP_PX + s.textWidthPx(restMore, font) <= right;
            if (x + w > right || !roomForMore) {
                more = x + s.textWidthPx(restMore, font) <= right ? restMore : "";
                break;
            }
            kept.add(i);
            x += w + ITEM_GAP_PX;
        }
        kept.sort(null);
        return new Flow(List.of(kept), more);
    }

    /**
     * The order a row gives its entries room in when not all fit: the marks the window draws
     * (preemptions, lock marks, a run's scheduler-tick carets: each keyed only while drawn) first,
     * then the rest as listed. A mark is a few pixels wide and its colour alone says nothing, where
     * a colour filling a lane is named by the lane's hover readout; on a laptop's Live run tab
     * teach-kernel-section's key was "kernel strip, preemption, running, +3 more", the carets the
     * lesson is about unexplained.
     */
    static List<Integer> foldOrder(List<LegendEntry> entries) {
        List<Integer> order = new ArrayList<>(entries.size());
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < entries.size(); i++) {
                if (isMark(entries.get(i)) == (pass == 0)) {
                    order.add(i);
                }
            }
        }
        return order;
    }

    private static boolean isMark(LegendEntry e) {
        return e.kind() == LegendEntry.Kind.MARK || e.kind() == LegendEntry.Kind.TICK;
    }

    private static void paintFlow(DrawSurface s, TimelineLayout layout, TimelineStyle style,
                                  List<LegendEntry> entries, Flow flow, double baseline, boolean withTimes) {
        double font = style.axisFontPx();
        double x = layout.plotLeftPx() + 6;
        for (List<Integer> line : flow.lines()) {
            x = layout.plotLeftPx() + 6;
            for (int i : line) {
                LegendEntry e = entries.get(i);
                double swatch = e.kind() == LegendEntry.Kind.NOTE ? 0 : SWATCH_PX + 5;
                if (swatch > 0) {
                    swatch(s, e, x, baseline - font * 0.36 - SWATCH_PX / 2, style);
                }
                x += swatch;
                String text = text(e, withTimes);
                s.setColor(e.kind() == LegendEntry.Kind.NOTE ? style.mutedTextArgb() : style.textArgb());
                s.fillText(text, x, baseline, font);
                x += s.textWidthPx(text, font) + ITEM_GAP_PX;
            }
            baseline += TimelineLayout.LEGEND_ROW_PX;
        }
        if (!flow.more().isEmpty()) {
            s.setColor(style.mutedTextArgb());
            s.fillText(flow.more(), x, baseline - TimelineLayout.LEGEND_ROW_PX, font);
        }
    }

    /** An entry's text as drawn: its label, and its time in the window where it has one. */
    private static String text(LegendEntry e, boolean withTimes) {
        boolean timed = withTimes && e.kind() != LegendEntry.Kind.MARK && e.kind() != LegendEntry.Kind.TICK
                && e.kind() != LegendEntry.Kind.NOTE;
        return timed ? e.label() + "  " + TimeFormat.duration(e.runNs()) : e.label();
    }

    /** An entry's width as drawn: its swatch (none for a note) and its text. */
    private static double widthPx(DrawSurface s, LegendEntry e, boolean withTimes, double font) {
        double swatch = e.kind() == LegendEntry.Kind.NOTE ? 0 : SWATCH_PX + 5;
        return swatch + s.textWidthPx(text(e, withTimes), font);
    }

    /** One row, cut to what fits and "+N more"; returns the entries it drew, in their order. */
    private static List<LegendEntry> row(DrawSurface s, TimelineLayout layout, TimelineStyle style,
                                         List<LegendEntry> entries, double baseline, boolean withTimes) {
        Flow f = row(s, layout, style, entries, withTimes);
        paintFlow(s, layout, style, entries, f, baseline, withTimes);
        return f.lines().get(0).stream().map(entries::get).toList();
    }

    static void swatch(DrawSurface s, LegendEntry e, double x, double y, TimelineStyle style) {
        switch (e.kind()) {
            case MARK:
                s.setColor(e.argb());
                s.fillRect(x + SWATCH_PX / 2 - 1, y, 2, SWATCH_PX);
                break;
            case TICK:
                s.setColor(e.argb());
                SchedulerTicks.caret(s, x + SWATCH_PX / 2 - 1, y + (SWATCH_PX - SchedulerTicks.NOTCH_PX) / 2);
                break;
            case STOLEN:
            case HATCHED:
                s.setColor(e.kind() == LegendEntry.Kind.STOLEN ? e.argb() : Argb.hex("#C9A0A8"));
                s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                s.setColor(e.kind() == LegendEntry.Kind.STOLEN ? Palette.STOLEN_HATCH : e.argb());
                s.strokeLine(x, y + SWATCH_PX, x + SWATCH_PX, y);
                s.strokeLine(x, y + SWATCH_PX / 2, x + SWATCH_PX / 2, y);
                break;
            case CAPPED: // a neutral holder color under the cap, in the lane's proportions
                s.setColor(HOLDER_SWATCH);
                s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                s.setColor(e.argb());
                s.fillRect(x, y, SWATCH_PX, 2);
                s.setColor(style.backgroundArgb());
                s.fillRect(x, y + 2, SWATCH_PX, 1);
                break;
            default:
                if (Argb.alpha(e.argb()) == 0) { // idle: the lane color, outlined
                    s.setColor(style.laneArgb());
                    s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                    s.setColor(style.separatorArgb());
                    s.strokeLine(x, y + 0.5, x + SWATCH_PX, y + 0.5);
                    s.strokeLine(x, y + SWATCH_PX - 0.5, x + SWATCH_PX, y + SWATCH_PX - 0.5);
                    s.strokeLine(x + 0.5, y, x + 0.5, y + SWATCH_PX);
                    s.strokeLine(x + SWATCH_PX - 0.5, y, x + SWATCH_PX - 0.5, y + SWATCH_PX);
                } else {
                    s.setColor(e.argb());
                    s.fillRect(x, y, SWATCH_PX, SWATCH_PX);
                }
                break;
        }
    }
}
