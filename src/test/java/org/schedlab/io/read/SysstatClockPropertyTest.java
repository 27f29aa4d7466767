package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * Whatever time of day an mpstat run starts and however long its intervals (under twelve hours,
 * the longest step a time of day cannot tell from a step back), across any number of midnights,
 * in 24-hour or 12-hour times: each figure lands at the time since the start that the tool
 * measured, and time never goes back.
 */
class SysstatClockPropertyTest {
    private static final String HEADER = "  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";

    private static String clock(long s, boolean amPm) {
        long d = s % 86_400;
        long h = d / 3600;
        if (!amPm) {
            return String.format(Locale.ROOT, "%02d:%02d:%02d   ", h, d / 60 % 60, d % 60);
        }
        return String.format(Locale.ROOT, "%02d:%02d:%02d %s", h % 12 == 0 ? 12 : h % 12, d / 60 % 60, d % 60,
                h < 12 ? "AM" : "PM");
    }

    @Property(tries = 300)
    void figuresLandAtTheirTimeAcrossMidnights(@ForAll @IntRange(min = 0, max = 86_399) int startS,
                                               @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 1, max = 43_199) Integer> steps,
                                               @ForAll boolean amPm) throws Exception {
        StringBuilder b = new StringBuilder("Linux 6.1.0 (db1) \t12/03/2026 \t_x86_64_\t(2 CPU)\n\n");
        b.append(clock(startS, amPm)).append(HEADER).append('\n');
        long t = startS;
        for (int i = 0; i < steps.size(); i++) {
            t += steps.get(i);
            b.append(clock(t, amPm)).append(String.format(Locale.ROOT,
                    "  all   %d.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00%n", i));
        }
        Dataset d = Fixtures.importText("mpstat.txt", b.toString()).dataset();
        CounterSeries usr = d.counter("mpstat CPU all %usr").orElseThrow();
        long sinceStart = 0;
        for (int i = 0; i < steps.size(); i++) {
            assertEquals(sinceStart * 1_000_000_000L, usr.tNs(i) - d.startNs(), "figure " + i);
            assertEquals(i, usr.value(i));
            sinceStart += steps.get(i);
        }
        assertEquals(sinceStart * 1_000_000_000L, d.spanNs());
    }
}
