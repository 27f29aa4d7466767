package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * The counter tracks' order: the work done first, by the rule a recording's throughput goes by,
 * then the other counters, then the network counters - a simulated run's TCP event rates are
 * per second too, but are not drawn above the run's throughput and spinning CPUs.
 */
class CounterOrderTest {
    private static final long MS = 1_000_000;

    @Test
    void workFirstThenOtherCountersThenNetworkRatesWhateverTheirUnit() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("order.json", "schedlab"));
        b.counter("TcpRetransSegs", "1/s").add(0, 3).add(10 * MS, 0);
        b.counter("tcp.analysis.duplicate_ack", "1/s").add(0, 30).add(10 * MS, 0);
        b.counter("spinning CPUs", "cpus").add(0, 2).add(10 * MS, 0);
        b.counter("disk writes", "MB/s").add(0, 80).add(10 * MS, 0);
        b.counter("throughput", "Gb/s").add(0, 9.5).add(10 * MS, 9.5);
        b.counter("pgbench tps", "tps").add(0, 2000).add(10 * MS, 2000);
        List<CounterSeries> counters = b.build().counters();

        List<String> order = CounterOrder.of(counters).stream().map(i -> counters.get(i).name()).toList();

        assertEquals(List.of("throughput", "pgbench tps", "spinning CPUs", "disk writes", "TcpRetransSegs",
                "tcp.analysis.duplicate_ack"), order);
    }
}
