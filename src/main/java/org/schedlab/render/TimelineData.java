package org.schedlab.render;

import java.util.Optional;
import java.util.function.BooleanSupplier;

import org.schedlab.analysis.CpuModes;
import org.schedlab.analysis.LockIndex;
import org.schedlab.analysis.SharedHolds;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.TaskInfo;

/**
 * A dataset with what drawing it needs beyond the dataset: task colors and labels, the lock
 * index (holder off-CPU stretches, waiter counts), the level-of-detail pyramid and whether the
 * CPU lanes record modes ({@link CpuModes}, which the hover and panels say). The last three
 * take a pass over the data, so a view may start drawing with {@link #of} and swap in
 * {@link #prepare}'s result when a background thread has built it.
 */
public final class TimelineData {
    private final Dataset dataset;
    private final int[] taskColors;
    private final String[] taskLabels;
    private final String[] taskComms;
    private final Optional<LockIndex> locks;
    private final Optional<LodPyramid> lod;
    private final double[][] counterScales;
    private final String[][] counterLabels;
    private final Intervals[] laneHolds;
    private final Optional<CpuModes> cpuModes;
    private final long[][] operationScales;
    private final OperationLod operationLod;

    private TimelineData(Dataset dataset, int[] taskColors, String[] taskLabels, String[] taskComms,
                         Optional<LockIndex> locks, Optional<LodPyramid> lod, double[][] counterScales,
                         String[][] counterLabels, Intervals[] laneHolds, Optional<CpuModes> cpuModes,
                         long[][] operationScales, OperationLod operationLod) {
        this.dataset = dataset;
        this.taskColors = taskColors;
        this.taskLabels = taskLabels;
        this.taskComms = taskComms;
        this.locks = locks;
        this.lod = lod;
        this.counterScales = counterScales;
        this.counterLabels = counterLabels;
        this.laneHolds = laneHolds;
        this.cpuModes = cpuModes;
        this.operationScales = operationScales;
        this.operationLod = operationLod;
    }

    /** Colors and labels only: cheap, enough to draw everything but lock details and fast zoom-outs. */
    public static TimelineData of(Dataset d) {
        int n = d.tasks().size();
        int[] colors = new int[n];
        String[] labels = new String[n];
        String[] comms = new String[n];
        for (TaskInfo t : d.tasks()) {
            colors[t.id()] = Palette.taskColor(t);
            labels[t.id()] = t.label();
            comms[t.id()] = t.comm();
        }
        double[][] scales = new double[d.counters().size()][];
        String[][] rangeLabels = new String[scales.length][];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = CounterRowPainter.scale(d.counters().get(i));
            rangeLabels[i] = CounterRowPainter.rangeLabels(d.counters().get(i));
        }
        Intervals[] holds = new Intervals[d.locks().size()];
        for (int i = 0; i < holds.length; i++) {
            holds[i] = d.locks().get(i).holds(); // a shared lock's own view comes with prepare()
        }
        long[][] opScales = new long[d.operations().size()][];
        for (int i = 0; i < opScales.length; i++) {
            opScales[i] = OperationRowPainter.scale(d.operations().get(i));
        }
        return new TimelineData(d, colors, labels, comms, Optional.empty(), Optional.empty(), scales, rangeLabels,
                holds, Optional.empty(), opScales, OperationLod.NONE);
    }

    /** Everything, including the lock index and the pyramid (a pass over all slices; run it off the UI thread). */
    public static TimelineData prepare(Dataset d, BooleanSupplier cancelled) {
        TimelineData base = of(d);
        LockIndex locks = LockIndex.of(d);
        LodPyramid lod = LodPyramid.build(d, cancelled);
        Intervals[] holds = new Intervals[d.locks().size()];
        for (int i = 0; i < holds.length; i++) {
            holds[i] = SharedHolds.laneView(d.locks().get(i));
        }
        return new TimelineData(d, base.taskColors, base.taskLabels, base.taskComms, Optional.of(locks),
                Optional.of(lod), base.counterScales, base.counterLabels, holds, Optional.of(CpuModes.of(d)),
                base.operationScales, OperationLod.build(d, cancelled));
    }

    /**
     * The same data with counter {@code i} drawn to {@code scales[i]} ({lowest, highest}) instead
     * of its own: an A over B picture puts a counter both sides have on one scale. The labels keep
     * each counter's own max.
     */
    TimelineData withCounterScales(double[][] scales) {
        if (scales.length != counterScales.length) {
            throw new IllegalArgumentException("one scale per counter: " + scales.length + " for " + counterScales.length);
        }
        return new TimelineData(dataset, taskColors, taskLabels, taskComms, locks, lod, scales.clone(), counterLabels,
                laneHolds, cpuModes, operationScales, operationLod);
    }

    public Dataset dataset() {
        return dataset;
    }

    public Optional<LockIndex> locks() {
        return locks;
    }

    public Optional<LodPyramid> lod() {
        return lod;
    }

    /** Whether the CPU lanes record modes or only which task ran ({@link CpuModes}); there once prepared. */
    public Optional<CpuModes> cpuModes() {
        return cpuModes;
    }

    /** Whether the lock index and pyramid are there (a prepared dataset). */
    public boolean isPrepared() {
        return locks.isPresent() && lod.isPresent();
    }

    /** {lowest, highest} of counter {@code i}'s chart scale (computed once: a frame must not walk every sample). */
    double[] counterScale(int i) {
        return counterScales[i];
    }

    /**
     * {lowest, highest} latency (ns, at least 1) of operation kind {@code i}: its row's log scale,
     * the same however the window moves (computed once).
     */
    long[] operationScale(int i) {
        return operationScales[i];
    }

    /** The operation kinds' coarse levels (none until prepared). */
    OperationLod operationLod() {
        return operationLod;
    }

    /**
     * Lock {@code i}'s holds as its lane draws them: the holds themselves, or for a shared lock
     * (readers holding together) one longest-standing holder at a time ({@link SharedHolds}) once
     * prepared; until then its raw, overlapping holds (see {@link #laneHoldsApart}).
     */
    Intervals laneHolds(int i) {
        return laneHolds[i];
    }

    /** Whether {@link #laneHolds} of lock {@code i} never overlap, so that names can go on them. */
    boolean laneHoldsApart(int i) {
        return !dataset.locks().get(i).shared() || isPrepared();
    }

    /** The label under counter {@code i}'s name ({@link CounterRowPainter#rangeLabel}), computed once too. */
    String counterRangeLabel(int i) {
        return counterLabels[i][0];
    }

    /** {@link #counterRangeLabel} and its shorter forms, longest first ({@link CounterRowPainter#rangeLabels}). */
    java.util.List<String> counterRangeForms(int i) {
        return java.util.List.of(counterLabels[i]);
    }

    public int taskColor(int task) {
        return taskColors[task];
    }

    public String taskLabel(int task) {
        return taskLabels[task];
    }

    public String taskComm(int task) {
        return taskComms[task];
    }
}
