package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.SliceState;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The key row of a narrow timeline (a laptop's Live run tab: about 350 px of plot) folds what it
 * has no room for into "+N more". It kept the first entries as listed and the scheduler tick's
 * last, so on teach-kernel-section under lazy, where the carets are the lesson, it read "kernel
 * strip, preemption, running, +3 more"; and teach-fair-share keyed a "kernel strip" no column of
 * its lane drew (a few microseconds of kernel at each switch). The marks the window draws get
 * their room first, and a strip is keyed where a lane in view draws it.
 */
class TickKeyFoldTest {
    private static final double PLOT = TimelineLayout.LABEL_WIDTH_PX;
    /** A laptop's Live run timeline: the plot's width there (1280 x 720 window). */
    private static final int LAPTOP_PLOT_PX = 360;

    private static Dataset run(String scenario) throws Exception {
        return Simulation.run(ScenarioCatalog.builtIn(scenario), Map.of("preemption", "lazy"),
                Simulation.Options.recording(100), () -> false).dataset().orElseThrow();
    }

    private static FrameSummary paint(Dataset d, int plotPx, RecordingSurface s) {
        Viewport vp = new Viewport(d.startNs(), d.startNs() + 100_000_000, PLOT + plotPx, 400);
        // a lane for each task, as the Live run opens with
        TrackSpec lanes = new TrackSpec(java.util.stream.IntStream.range(0, d.tasks().size()).boxed().toList(),
                java.util.Set.of());
        return new TimelineRenderer().render(TimelineData.prepare(d, () -> false), vp, lanes, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);
    }

    /** Whether {@code r} is above the legend strip (a key's swatch has the strip's colour too). */
    private static boolean overLanes(RecordingSurface.Rect r) {
        return r.yPx() < 400 - TimelineLayout.LEGEND_HEIGHT_PX;
    }

    private static List<String> labels(List<LegendEntry> entries) {
        return entries.stream().map(LegendEntry::label).toList();
    }

    @Test
    void aLaptopsKeyKeepsTheMarksItDrawsAndFoldsTheRest() throws Exception {
        Dataset d = run("teach-kernel-section");
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, LAPTOP_PLOT_PX, s);
        assertEquals(List.of("kernel strip", "preemption", "running", "runnable", "sleeping", "scheduler tick (HZ=250)"),
                labels(f.keys()), "every key, as listed");
        assertEquals(List.of("preemption", "scheduler tick (HZ=250)"), labels(f.keysDrawn()),
                "the marks first, in their listed order");
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(texts.contains("scheduler tick (HZ=250)") && texts.contains("+4 more"), texts.toString());
        assertFalse(texts.contains("kernel strip"), texts.toString());
    }

    @Test
    void aWideKeyKeepsItsOrderAndDrawsEveryEntry() throws Exception {
        Dataset d = run("teach-kernel-section");
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, 1400, s);
        assertEquals(f.keys(), f.keysDrawn(), "room for all: none folded, none moved");
        assertFalse(s.texts().stream().anyMatch(t -> t.text().endsWith(" more")));
    }

    @Test
    void aStripNoColumnDrawsIsNotKeyed() throws Exception {
        Dataset d = run("teach-fair-share");
        RecordingSurface s = new RecordingSurface();
        FrameSummary f = paint(d, LAPTOP_PLOT_PX, s);
        int kernel = StateColors.slice(SliceState.KERNEL);
        assertTrue(s.rects().stream().noneMatch(r -> r.argb() == kernel && overLanes(r)), "no kernel strip on the lane");
        assertFalse(labels(f.keys()).contains("kernel strip"), f.keys().toString());
        assertTrue(labels(f.keysDrawn()).contains("scheduler tick (HZ=250)"), f.keysDrawn().toString());
        // the kernel section's strip is drawn and keyed
        RecordingSurface k = new RecordingSurface();
        FrameSummary ks = paint(run("teach-kernel-section"), LAPTOP_PLOT_PX, k);
        assertTrue(k.rects().stream().anyMatch(r -> r.argb() == kernel && overLanes(r)));
        assertTrue(labels(ks.keys()).contains("kernel strip"), ks.keys().toString());
    }
}
