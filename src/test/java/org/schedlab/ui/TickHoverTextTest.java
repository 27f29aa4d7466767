package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.SchedulerTick;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackHits;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.Viewport;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/**
 * The scheduler tick's carets on the time axis said nothing under the pointer, where every slice,
 * state and counter has its readout: a teacher showing "the lazy request waited for the tick"
 * had to say which tick it was. Pointing at a caret reads the tick's time and HZ, and the
 * preemption drawn right under it, which the tick found.
 */
class TickHoverTextTest {
    private static final long PERIOD = SchedulerTick.periodNs(250);

    private record Run(Dataset d, TimelineData data, TimelineLayout layout) {
        static Run of() throws Exception {
            Dataset d = Simulation.run(ScenarioCatalog.builtIn("teach-kernel-section"), Map.of("preemption", "lazy"),
                    Simulation.Options.recording(100), () -> false).dataset().orElseThrow();
            Viewport vp = new Viewport(d.startNs(), d.startNs() + 100_000_000, TimelineLayout.LABEL_WIDTH_PX + 800, 400);
            return new Run(d, TimelineData.of(d), TimelineLayout.of(vp, d, TrackSpec.DEFAULT));
        }

        /** What the pointer finds on the axis, over the caret's middle row, {@code dxPx} right of tick {@code t}'s tip. */
        Optional<TrackHit> at(long t, double dxPx) {
            return TrackHits.at(data, layout, Math.floor(layout.xOf(t)) + dxPx, layout.lanesTopPx() - 4);
        }

        /** The first tick in view with a preemption mark at its instant ({@code with}), or without one. */
        long tick(boolean with) {
            Marks m = d.marks();
            for (long t = (d.startNs() / PERIOD + 1) * PERIOD; t < layout.viewport().endNs(); t += PERIOD) {
                boolean preempted = false;
                for (int i = m.firstAtOrAfter(t); i < m.size() && m.tNs(i) == t; i++) {
                    preempted |= m.kind(i) == MarkKind.PREEMPTION;
                }
                if (preempted == with) {
                    return t;
                }
            }
            throw new AssertionError("no tick " + (with ? "with" : "without") + " a preemption in view");
        }
    }

    @Test
    void aCaretUnderThePointerNamesItsTickAndThePreemptionItFound() throws Exception {
        Run r = Run.of();
        long t = r.tick(true);
        String at = "scheduler tick at +" + TimeFormat.offset(t - r.d().startNs()) + " (HZ=250, every CPU)";
        for (double dx : new double[] {-2, 0, 1, 3}) { // the caret's shoulders and its tip
            TrackHit hit = r.at(t, dx).orElseThrow(() -> new AssertionError("no hit " + dx + " px from the tip"));
            assertEquals(at + "\npreemption of A[2001] on CPU 0 found at this tick", HoverText.of(r.d(), hit));
        }
        long quiet = r.tick(false);
        assertEquals("scheduler tick at +" + TimeFormat.offset(quiet - r.d().startNs()) + " (HZ=250, every CPU)",
                HoverText.of(r.d(), r.at(quiet, 1).orElseThrow()), "a tick that found no preemption");
    }

    /**
     * Past the preemptions named one by one the rest are counted: one left over is "1 more
     * preemption", not "1 more preemptions" (four CPUs preempted at one tick name three).
     */
    @Test
    void preemptionsPastTheNamedOnesAreCountedInTheirNumber() throws Exception {
        Run r = Run.of();
        long t = r.tick(true);
        TrackHit.SchedulerTickHit one = (TrackHit.SchedulerTickHit) r.at(t, 1).orElseThrow();
        int mark = one.preemptions().get(0);
        int named = HoverText.TICK_PREEMPTIONS_NAMED;
        String first = HoverText.of(r.d(), one).split("\n")[1];
        String[] lines = HoverText.of(r.d(), new TrackHit.SchedulerTickHit(t, 250,
                java.util.Collections.nCopies(named + 1, mark))).split("\n");
        assertEquals(named + 2, lines.length, String.join("\n", lines));
        assertEquals(first, lines[named]);
        assertEquals("and 1 more preemption found at this tick", lines[named + 1]);
        String[] more = HoverText.of(r.d(), new TrackHit.SchedulerTickHit(t, 250,
                java.util.Collections.nCopies(named + 2, mark))).split("\n");
        assertEquals("and 2 more preemptions found at this tick", more[named + 1]);
    }

    @Test
    void betweenTheCaretsAndOverTheLanesThereIsNoTick() throws Exception {
        Run r = Run.of();
        long t = r.tick(true);
        assertEquals(Optional.empty(), r.at(t, 7), "half way to the next caret (14 px on)");
        assertEquals(Optional.empty(), TrackHits.at(r.data(), r.layout(), Math.floor(r.layout().xOf(t)) + 1,
                r.layout().lanesTopPx() - 20), "over the axis' labels");
        Optional<TrackHit> lane = TrackHits.at(r.data(), r.layout(), Math.floor(r.layout().xOf(t)) + 1,
                r.layout().cpuLane(0).topPx() + 5);
        assertTrue(lane.isPresent() && !(lane.get() instanceof TrackHit.SchedulerTickHit), "the lane under it: " + lane);
    }
}
