package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The Sweep plot under View > Dark theme: a dark background, and every series' markers at least
 * 3:1 against the plot's panels. The light theme's red and brown were under that on a dark panel;
 * the light plot keeps its colors.
 */
class DarkSweepPlotTest {
    private static SweepPlotData eightSeries() {
        List<SweepPlotData.Series> series = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            series.add(new SweepPlotData.Series("s" + i,
                    List.of(new SweepPlotData.Point(0, i, 1, 10 + i, 10 + i, 10 + i, 0.1, 0.1, 0.1))));
        }
        return new SweepPlotData("sweep", "preemption", List.of("none", "lazy"), "pageSize", series, "tps", "s_lock");
    }

    @Test
    void everySeriesStandsOutOfTheDarkPanels() {
        RecordingSurface s = new RecordingSurface();
        new SweepPlotRenderer(TimelineStyle.DARK).render(eightSeries(), 900, 500, s);
        assertEquals(TimelineStyle.DARK.backgroundArgb(), s.rects().get(0).argb(), "the plot's background is dark");
        SweepPlotRenderer dark = new SweepPlotRenderer(TimelineStyle.DARK);
        for (int i = 0; i < 8; i++) {
            int c = dark.color(i);
            int series = i;
            assertTrue(s.rects().stream().anyMatch(r -> r.argb() == c && r.widthPx() == SweepPlotRenderer.MARKER_PX),
                    "series " + i + "'s markers drawn in its dark color");
            double ratio = DarkStyleContrastTest.contrast(c, TimelineStyle.DARK.laneArgb());
            assertTrue(ratio >= 3, "series " + series + ": " + ratio + ":1 on a dark panel");
        }
    }

    @Test
    void theLightPlotKeepsItsColors() {
        SweepPlotRenderer light = new SweepPlotRenderer();
        for (int i = 0; i < 8; i++) {
            assertEquals(SweepPlotRenderer.seriesColor(i), light.color(i));
        }
    }
}
