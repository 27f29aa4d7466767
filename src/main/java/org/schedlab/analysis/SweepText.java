package org.schedlab.analysis;

import java.util.Locale;
import java.util.function.IntFunction;

/**
 * A sweep's per-point table as plain text (72 columns): what the metric column holds, the
 * values' units, then one line per point with its mean throughput and metric, numbers in
 * {@link PlainText}'s forms ({@code 1,000}, {@code 18.4}). The one
 * implementation behind what {@code schedlab sweep} prints and what the Sweep tab copies for a
 * mail, so the two read the same.
 */
public final class SweepText {
    /** The point column: its label and the two numbers fit 72 columns (40 + 2 + 14 + 2 + 12 + 2 spare). */
    private static final int POINT = 40;

    private SweepText() {
    }

    /**
     * The table for {@code stats}; {@code topSite}: the metric is the sweep's top site's share as
     * nothing else was asked for (the CLI without {@code --metric}, the tab's plot without a pick).
     * {@code label} names a point by its index in the plan ({@code slice_ms=3, preemption=lazy}),
     * {@code seeds} is the seeds per point.
     */
    public static String render(SweepStats.Result stats, boolean topSite, int seeds, IntFunction<String> label) {
        StringBuilder w = new StringBuilder();
        SweepMetric m = stats.metric();
        String what;
        String column;
        if (topSite) {
            // a site's name may be long (a symbol with its caller): wrapped, never past column 72
            w.append("top site  ").append(stats.site().isEmpty() ? "(no profile)" : PlainText.wrap(stats.site(), 10))
                    .append('\n');
            what = "top site as a share of all CPU time";
            column = "top site";
        } else {
            w.append("metric    ").append(PlainText.wrap(m.label() + " (" + m.id() + ")", 10)).append('\n');
            what = switch (m.unit()) {
                case SHARE -> (m.kind() == SweepMetric.Kind.CPU_MODE ? m.id() : m.name()) + " as a share of all CPU time";
                case MICROS -> m.label() + " in us";
                case COUNT -> m.label() + " per run";
            };
            column = switch (m.kind()) {
                case SHARE, CPU_MODE -> "share";
                case LATENCY_MEAN, RUNQLAT_MEAN -> "mean us";
                case RUNQLAT_P50 -> "p50 us";
                case LATENCY_P99, RUNQLAT_P99 -> "p99 us";
                case RUNQLAT_MAX -> "max us";
                case LOCK_WAIT_MEAN -> "wait us";
                case LOCK_HOLDER_PREEMPTIONS -> "preemptions";
            };
        }
        // the columns' units and what a row is: "100.0" alone did not say sections/s, nor that it
        // is a mean over the point's seeds
        String unit = stats.throughputUnit().isEmpty() ? "" : "throughput in " + stats.throughputUnit() + "; ";
        boolean partial = stats.points().stream().anyMatch(p -> p.metric().map(st -> st.n() < p.runs()).orElse(true));
        w.append("values    ").append(PlainText.wrap(unit + what + seedsNote(stats, seeds)
                + (partial ? "; - where none of the point's runs reports it; where only some do, the mean"
                        + " of those" : ""), 10)).append("\n\n");
        w.append(String.format(Locale.ROOT, "%-" + POINT + "s  %14s  %12s\n", "point", "throughput", column));
        for (SweepStats.PointStats p : stats.points()) {
            String point = PlainText.printable(label.apply(p.pointIndex()));
            if (PlainText.columns(point) > POINT) {
                // the whole point on a line of its own, the numbers under it, as the A/B table does
                // with a long metric: cut to the column, points that differ only past the cut read
                // alike ("preemption=none, bClass=fair, condResch~" four times)
                w.append(wrapPoint(point)).append('\n');
                point = "";
            }
            w.append(PlainText.padRight(point, POINT))
                    .append(String.format(Locale.ROOT, "  %14s  %12s\n", PlainText.num(p.throughput().mean()),
                            p.metric().map(st -> cell(st.mean(), m.unit())).orElse("-")));
        }
        return w.toString();
    }

    /**
     * How a row's figures are made of its seeds: the mean over the point's {@code seeds}; over
     * fewer where a cancelled sweep (the Sweep tab's) left a point some of them - "5 seeds" was
     * said of points that had one or two. Empty with one seed per point.
     */
    private static String seedsNote(SweepStats.Result stats, int seeds) {
        if (seeds <= 1) {
            return "";
        }
        return stats.seedsShort(seeds).map(part -> "; each the mean over the seeds that finished: " + part + " per point")
                .orElse("; each the mean over the point's " + seeds + " seeds");
    }

    /**
     * A point's label ({@code k=v, k=v, ...}) wrapped at {@value PlainText#WIDTH} columns between
     * its values, never inside one, continuation lines indented by two.
     */
    private static String wrapPoint(String point) {
        String[] values = point.split(", ");
        java.util.List<String> items = new java.util.ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            items.add(values[i] + (i < values.length - 1 ? "," : ""));
        }
        return PlainText.wrapWhole(items, 2);
    }

    /**
     * A metric's value in the table: a share in %, a time in us, a count; from 1000 up grouped as
     * every text table writes a number ({@link PlainText#num}, {@link PlainText#count}): a p99 of
     * {@code 40,000} us, not {@code 40000.0}. summary.csv keeps the figures as they are.
     */
    private static String cell(double v, SweepMetric.Unit unit) {
        return switch (unit) {
            case SHARE -> String.format(Locale.ROOT, "%.2f%%", v * 100);
            case MICROS -> PlainText.num(v);
            case COUNT -> v == Math.rint(v) && Math.abs(v) < 1e15 ? PlainText.count((long) v) : PlainText.num(v);
        };
    }
}
