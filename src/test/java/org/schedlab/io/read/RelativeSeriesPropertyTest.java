package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;

/**
 * The counters of files without a clock, kept in blocks of 32 K samples while read, against a
 * plain list of what was given: any number of samples (none past a block's edge, exactly a block,
 * one past it, several blocks), several counters given in turns, gaps (NaN) and a second file
 * placed beside a recording's clock - each counter is the samples given, in order, at the file's
 * base, and the counters come in the order their first sample came.
 */
class RelativeSeriesPropertyTest {
    private static final int BLOCK = 1 << 15;

    @Provide
    Arbitrary<Integer> sizes() {
        return Arbitraries.oneOf(Arbitraries.of(1, 2, 63, 64, 65, 256, 257, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK,
                2 * BLOCK + 1, 4 * BLOCK, 4 * BLOCK + 1, 5 * BLOCK + 7), Arbitraries.integers().between(1, 3 * BLOCK));
    }

    @Property(tries = 40)
    void everySampleArrivesInOrderAtItsFilesBase(@ForAll @Size(min = 1, max = 3) List<@From("sizes") Integer> counts,
                                                 @ForAll @IntRange(min = 0, max = 1) int secondFileCounters,
                                                 @ForAll boolean clock) throws Exception {
        RecordingSink sink = new RecordingSink();
        long base = 0;
        if (clock) {
            sink.currentFile("trace");
            base = 5_000_000_000L;
            sink.sawAbsoluteTime(base);
        }
        Map<String, List<double[]>> model = new LinkedHashMap<>();
        sink.currentFile("a");
        give(sink, model, "a", counts, 0);
        List<Integer> second = counts.subList(0, secondFileCounters);
        sink.currentFile("b");
        give(sink, model, "b", second, 3);
        List<FileReport> reports = new ArrayList<>();
        for (String f : clock ? List.of("trace", "a", "b") : List.of("a", "b")) {
            reports.add(new FileReport.Builder(f, "test").build());
        }
        Dataset d = sink.finish(reports).dataset();
        assertEquals(List.copyOf(model.keySet()), d.counters().stream().map(CounterSeries::name).toList());
        for (CounterSeries c : d.counters()) {
            List<double[]> want = model.get(c.name());
            assertEquals(want.size(), c.size(), c.name());
            for (int i = 0; i < want.size(); i++) {
                if (c.tNs(i) != base + (long) want.get(i)[0] || Double.compare(c.value(i), want.get(i)[1]) != 0) {
                    assertEquals(want.get(i)[0] + " s " + want.get(i)[1], (c.tNs(i) - base) + " s " + c.value(i),
                            c.name() + " sample " + i + " of " + want.size());
                }
            }
        }
    }

    /** Counters {@code first..} of {@code file}, {@code counts.get(k)} samples each, given in turns. */
    private static void give(RecordingSink sink, Map<String, List<double[]>> model, String file, List<Integer> counts,
                             int first) {
        int most = counts.stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int i = 0; i < most; i++) {
            for (int k = 0; k < counts.size(); k++) {
                if (i < counts.get(k)) {
                    String name = file + " counter " + (first + k);
                    double v = i % 97 == 5 ? Double.NaN : i * 0.5 + k;
                    sink.relativeSample(name, "/s", i * 1000L, v);
                    model.computeIfAbsent(name, n -> new ArrayList<>()).add(new double[] {i * 1000L, v});
                }
            }
        }
    }
}
