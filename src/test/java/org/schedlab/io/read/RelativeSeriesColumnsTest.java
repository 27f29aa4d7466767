package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * Counters of files without a clock of their own (pgbench's progress, perf stat -I, mpstat ...)
 * are kept in blocks while the file is read and made into the dataset's columns at the end: every
 * sample arrives, in order, across the blocks' edges, and the tracks keep the order in which the
 * file first gave them.
 */
class RelativeSeriesColumnsTest {
    @Test
    void aLongProgressLogKeepsEverySampleAcrossBlockEdges() throws Exception {
        int seconds = 70_000; // two blocks of 32 K samples and a part of a third
        StringBuilder log = new StringBuilder();
        for (int s = 1; s <= seconds; s++) {
            log.append("progress: ").append(s).append(".0 s, ").append(s).append(".0 tps, lat ")
                    .append(s % 1000).append(".000 ms stddev 1.000, 0 failed\n");
        }
        Dataset d = Fixtures.importText("progress.txt", log.toString()).dataset();
        List<String> names = d.counters().stream().map(CounterSeries::name).toList();
        CounterSeries tps = d.counters().get(names.indexOf(names.stream().filter(n -> n.contains("tps")).findFirst()
                .orElseThrow()));
        int base = tps.size() - seconds; // a closing sample or none
        for (int k : new int[] {0, 32_767, 32_768, 65_535, 65_536, seconds - 1}) {
            assertEquals(k + 1.0, tps.value(k), "sample " + k + " of " + tps.size() + " (base " + base + ")");
            assertEquals(k * 1_000_000_000L, tps.tNs(k) - tps.tNs(0), "sample " + k);
        }
        // the tracks in the order the file first gave them: tps before latency
        assertEquals(true, names.indexOf(tps.name()) < names.indexOf(names.stream()
                .filter(n -> n.contains("latency")).findFirst().orElseThrow()), names.toString());
    }
}
