package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackHits;
import org.schedlab.render.TrackRow;
import org.schedlab.render.Viewport;

/**
 * A recording of wake-ups without switches draws each wake-up as a tick on its target CPU's lane,
 * and every other mark has a readout under the pointer; the ticks said nothing. Pointing at one
 * says who was woken, onto which CPU and when, and counts the others the same tick stands for.
 */
class WakeUpTickHoverTextTest {
    private static String line(String comm, int tid, int cpu, String time, String event) {
        return String.format(java.util.Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    /** worker woken twice onto CPU 1 (5 ms apart), kworker/1:1 1 ms after the first, bash's child onto CPU 0. */
    static final String WAKE_UPS = String.join("\n",
            line("bash", 4241, 0, "100.000000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.000010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            line("swapper", 0, 1, "100.001000", "sched:sched_wakeup: comm=kworker/1:1 pid=77 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.002000", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120 target_cpu=000"),
            line("bash", 4241, 0, "100.005000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.005010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            "");

    private record View(Dataset d, TimelineData data, TimelineLayout layout) {
        /** {@code nsPerPx} a pixel from the recording's start. */
        static View of(Dataset d, long nsPerPx) {
            Viewport vp = new Viewport(d.startNs(), d.startNs() + 600 * nsPerPx, TimelineLayout.LABEL_WIDTH_PX + 600, 300);
            return new View(d, TimelineData.of(d), TimelineRenderer.layout(d, vp));
        }

        /** What the pointer finds on CPU {@code cpu}'s lane, a third from its foot, {@code dxPx} right of {@code t}'s pixel. */
        Optional<TrackHit> at(int cpu, long t, double dxPx) {
            TrackRow row = layout.cpuLane(cpu);
            return TrackHits.at(data, layout, Math.floor(layout.xOf(t)) + dxPx, row.topPx() + row.heightPx() * 2 / 3);
        }

        String text(int cpu, long t, double dxPx) {
            return at(cpu, t, dxPx).map(h -> HoverText.of(d, h)).orElse("");
        }
    }

    @Test
    void aTickUnderThePointerSaysWhoWasWokenByWhomOntoWhichCpuAndWhen() throws Exception {
        Dataset d = Fixtures.importText("wakeups.txt", WAKE_UPS).dataset();
        View v = View.of(d, 10_000); // 10 us a pixel: each wake-up a tick of its own
        long o = d.startNs();
        for (double dx : new double[] {-1, 0, 1, 2}) { // the tick's two pixels and one either side
            assertEquals("wake-up of worker[500] by bash[4241]\nonto CPU 1 at +5.000 ms", v.text(1, o + 5_000_000, dx),
                    dx + " px from the tick");
        }
        // swapper (tid 0) woke it: an interrupt on the idle CPU 1, the idle task named as perf names it
        assertEquals("wake-up of kworker/1:1[77] by <idle> (an interrupt on an idle CPU)\nonto CPU 1 at +1.000 ms",
                v.text(1, o + 1_000_000, 0));
        assertEquals("wake-up of bash[4250] by bash[4241]\nonto CPU 0 at +2.000 ms", v.text(0, o + 2_000_000, 1));
        assertEquals("", v.text(1, o + 3_000_000, 0), "no tick between the wake-ups");
        assertEquals("", v.text(0, o + 5_000_000, 0), "CPU 0's lane has no tick where CPU 1's has");
        Optional<TrackHit> hit = v.at(1, o + 5_000_000, 0);
        assertTrue(hit.isPresent() && hit.get() instanceof TrackHit.WakeUpHit, "the tick is what is under it: " + hit);
    }

    @Test
    void aTickStandingForSeveralWakeUpsCountsTheOthers() throws Exception {
        Dataset d = Fixtures.importText("wakeups.txt", WAKE_UPS).dataset();
        View v = View.of(d, 2_000_000); // 2 ms a pixel: CPU 1's first two wake-ups share a tick
        assertEquals("wake-up of worker[500] by bash[4241]\nonto CPU 1 at +0 ns\nand 1 more wake-up in this tick (zoom in to tell them apart)",
                v.text(1, d.startNs(), 0));
    }
}
