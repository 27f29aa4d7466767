package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.OperationSamples;

/**
 * A per-transaction log of any shape: the dataset's transactions are its lines that have a
 * latency, and the throughput counter's value times each interval's length is the number of
 * them that ended in that interval, counted here directly.
 */
class PgbenchLogPropertyTest {
    private static final long EPOCH_S = 1_700_000_000L;

    /** One line: client, end (us after EPOCH_S), latency in us or -1 skipped / -2 failed. */
    record Tx(int client, long endUs, long latencyUs) {
    }

    @Provide
    Arbitrary<List<Tx>> logs() {
        Arbitrary<Long> latency = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.longs().between(1, 3_000_000)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(-1L)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(-2L)));
        Arbitrary<Tx> tx = Combinators.combine(Arbitraries.integers().between(0, 5),
                Arbitraries.longs().between(3_000_000, 12_000_000), latency).as(Tx::new);
        return tx.list().ofMinSize(1).ofMaxSize(300);
    }

    @Property(tries = 200)
    void countsAndThroughputPerIntervalEqualADirectCount(@ForAll("logs") List<Tx> txs) throws Exception {
        StringBuilder sb = new StringBuilder();
        int[] numbers = new int[6];
        long zero = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        int done = 0;
        for (Tx t : txs) {
            long end = t.endUs();
            String time = t.latencyUs() == -1 ? "skipped" : t.latencyUs() == -2 ? "failed" : Long.toString(t.latencyUs());
            sb.append(t.client()).append(' ').append(++numbers[t.client()]).append(' ').append(time).append(" 0 ")
                    .append(EPOCH_S + end / 1_000_000).append(' ').append(end % 1_000_000).append('\n');
            zero = Math.min(zero, t.latencyUs() >= 0 ? end - t.latencyUs() : end);
            lastEnd = Math.max(lastEnd, end);
            done += t.latencyUs() >= 0 ? 1 : 0;
        }
        // intervals (k s, k+1 s] from the first start
        int buckets = (int) Math.max(1, (lastEnd - zero + 999_999) / 1_000_000);
        long[] expected = new long[buckets];
        boolean[] anyEnd = new boolean[buckets];
        for (Tx t : txs) {
            anyEnd[(int) Math.max(0, (t.endUs() - zero + 999_999) / 1_000_000 - 1)] = true;
            if (t.latencyUs() >= 0) {
                expected[(int) Math.max(0, (t.endUs() - zero + 999_999) / 1_000_000 - 1)]++;
            }
        }
        Dataset d = Importer.standard().importFile(RecordingSource.ofBytes("pgbench_log.1",
                sb.toString().getBytes(StandardCharsets.UTF_8))).dataset();

        OperationSamples ops = d.operations().get(0);
        assertEquals(done, ops.size());
        long[] ends = new long[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            ends[i] = ops.endNs(i);
        }
        long first = zero;
        long[] want = txs.stream().filter(t -> t.latencyUs() >= 0).mapToLong(t -> (t.endUs() - first) * 1000L).sorted().toArray();
        assertEquals(Arrays.toString(want), Arrays.toString(ends));

        CounterSeries tps = d.counter("pgbench log tps").orElseThrow();
        // a step series: each second's rate is the value of the last sample at or before its start
        // (a run of empty seconds is one 0 sample where it begins, not one per second)
        long lastLenUs = Math.max(1, lastEnd - zero - (buckets - 1) * 1_000_000L);
        int nonEmpty = 0;
        for (int b = 0; b < buckets; b++) {
            nonEmpty += anyEnd[b] ? 1 : 0;
            int at = -1;
            for (int i = 0; i < tps.size() && tps.tNs(i) <= b * 1_000_000_000L; i++) {
                at = i;
            }
            assertTrue(at >= 0 && tps.hasValue(at), "a rate for interval " + b);
            double seconds = b == buckets - 1 ? lastLenUs / 1e6 : 1.0;
            assertEquals(expected[b], tps.value(at) * seconds, 1e-6, "interval " + b);
        }
        assertTrue(tps.size() <= 2 * nonEmpty + 2, "samples " + tps.size() + " for " + nonEmpty + " seconds with ends");
        int last = tps.size() - 1;
        if (lastEnd > zero) {
            assertEquals((lastEnd - zero) * 1000L, tps.tNs(last), "closing sample at the last transaction's end");
            assertEquals(false, tps.hasValue(last), "a gap from the run's end on");
        }
    }
}
