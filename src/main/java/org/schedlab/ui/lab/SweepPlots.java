package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.analysis.SweepMetric;
import org.schedlab.analysis.SweepStats;
import org.schedlab.render.SweepPlotData;
import org.schedlab.sim.sweep.SweepAxis;
import org.schedlab.sim.sweep.SweepPlan;

/**
 * Turns a sweep's per-point statistics into what the plot draws: the first varied parameter on
 * x, one series per value of the second (if any), points placed by their values; the title
 * names the scenario as the tab does ({@link SweepViewModel#sweptScenarioName}).
 */
final class SweepPlots {
    private SweepPlots() {
    }

    static SweepPlotData of(String scenarioName, SweepPlan plan, int seeds, SweepStats.Result stats) {
        if (plan == null) {
            return new SweepPlotData(scenarioName, "", List.of(), "", List.of(), "", "");
        }
        SweepAxis x = plan.axes().get(0);
        SweepAxis s = plan.axes().size() > 1 ? plan.axes().get(1) : null;
        List<String> seriesLabels = s == null ? List.of("") : s.values();
        List<List<SweepPlotData.Point>> perSeries = new ArrayList<>();
        for (int i = 0; i < seriesLabels.size(); i++) {
            perSeries.add(new ArrayList<>());
        }
        for (SweepStats.PointStats p : stats.points()) {
            int xi = x.values().indexOf(p.point().get(x.key()));
            int si = s == null ? 0 : s.values().indexOf(p.point().get(s.key()));
            if (xi < 0 || si < 0) {
                continue;
            }
            SweepStats.Stat m = p.metric().orElse(NO_VALUE);
            perSeries.get(si).add(new SweepPlotData.Point(xi, p.pointIndex(), p.runs(), p.throughput().mean(),
                    p.throughput().min(), p.throughput().max(), m.mean(), m.min(), m.max(), m.n()));
        }
        List<SweepPlotData.Series> series = new ArrayList<>();
        for (int i = 0; i < seriesLabels.size(); i++) {
            series.add(new SweepPlotData.Series(seriesLabels.get(i), perSeries.get(i)));
        }
        SweepMetric metric = stats.metric();
        boolean share = metric.kind() == SweepMetric.Kind.SHARE;
        String shown = share ? (metric.name().isEmpty() ? "top site" : metric.name()) + " share" : metric.label();
        String title = scenarioName + ": throughput and " + shown + " against " + x.key()
                + (seeds > 1 ? " (" + stats.seedsShort(seeds).orElse(Integer.toString(seeds)) + " seeds per point: mean, min..max)" : "");
        return new SweepPlotData(title, x.key(), x.values(), s == null ? "" : s.key(), series,
                stats.throughputUnit(), share ? metric.name() : metric.label(), unit(metric.unit()));
    }

    private static final SweepStats.Stat NO_VALUE = new SweepStats.Stat(Double.NaN, Double.NaN, Double.NaN, 0);

    static SweepPlotData.MetricUnit unit(SweepMetric.Unit u) {
        return switch (u) {
            case SHARE -> SweepPlotData.MetricUnit.SHARE;
            case MICROS -> SweepPlotData.MetricUnit.MICROS;
            case COUNT -> SweepPlotData.MetricUnit.COUNT;
        };
    }
}
