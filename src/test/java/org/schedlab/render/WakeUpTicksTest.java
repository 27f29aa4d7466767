package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;

/**
 * A recording of wake-ups alone (perf script with sched_wakeup, no sched_switch) imports them as
 * marks on their target CPUs, but the timeline drew wake-ups only as runnable spans on task lanes,
 * which such a recording has none of: the view was empty. Each wake-up is now a tick on its CPU lane.
 */
class WakeUpTicksTest {
    private static String line(String comm, int tid, int cpu, String time, String event) {
        return String.format(Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
    }

    static final String WAKE_UPS = String.join("\n",
            line("bash", 4241, 0, "100.000000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.000010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            line("swapper", 0, 1, "100.001000", "sched:sched_wakeup: comm=kworker/1:1 pid=77 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.002000", "sched:sched_wakeup_new: comm=bash pid=4250 prio=120 target_cpu=000"),
            line("bash", 4241, 0, "100.005000", "sched:sched_waking: comm=worker pid=500 prio=120 target_cpu=001"),
            line("bash", 4241, 0, "100.005010", "sched:sched_wakeup: comm=worker pid=500 prio=120 target_cpu=001"),
            "");

    @Test
    void wakeUpsWithoutSlicesAreTicksOnTheirCpuLanesAndInTheKey() throws Exception {
        Dataset d = Fixtures.importText("wakeups.txt", WAKE_UPS).dataset();
        assertEquals(0, d.sliceCount());
        assertEquals(4, d.marks().count(MarkKind.WAKEUP));
        double plot = TimelineLayout.LABEL_WIDTH_PX;
        // 10 us a pixel over the 5.01 ms recording
        Viewport vp = new Viewport(d.startNs(), d.startNs() + 6_000_000, plot + 600, 300);
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.of(d), vp, TrackSpec.DEFAULT, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);
        TimelineLayout layout = TimelineRenderer.layout(d, vp);

        List<Double> cpu1 = ticks(s, layout.cpuLane(1), plot);
        assertEquals(List.of(0.0, 100.0, 500.0), cpu1, "the worker's two wake-ups and the kworker's, where they were");
        List<Double> cpu0 = ticks(s, layout.cpuLane(0), plot);
        assertEquals(List.of(200.0), cpu0, "bash's child, woken onto CPU 0");
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).collect(Collectors.toList());
        assertTrue(texts.contains("wake-up"), "the key names the ticks: " + texts);
    }

    private static List<Double> ticks(RecordingSurface s, TrackRow row, double plot) {
        return s.rectsIn(row.topPx(), row.bottomPx()).stream()
                .filter(r -> r.xPx() >= plot && Argb.rgbOf(r.argb()) == Argb.rgbOf(StateColors.WAKEUP_MARK))
                .map(r -> r.xPx() - plot)
                .sorted()
                .collect(Collectors.toList());
    }
}
