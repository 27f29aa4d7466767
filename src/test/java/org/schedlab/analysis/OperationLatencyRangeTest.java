package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * A range's operation latency counts what the same range cut from the dataset counts: the
 * operations that ended inside it, with the data's last instant when the range reaches it - so
 * the Selection tab and Copy summary of selection agree on a range up to the end.
 */
class OperationLatencyRangeTest {
    @Test
    void aRangeUpToTheEndCountsTheOperationEndingAtTheLastInstantAsTheCropDoes() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("t", Metadata.SIMULATION)).slice(0, 0, 100, -1, SliceState.IDLE);
        b.operation("transaction").add(50, 20).add(100, 30); // end, latency
        Dataset d = b.build();
        assertEquals(100, d.endNs());

        assertEquals(2, OperationLatency.of(d).get("transaction").count(), "the whole run");
        assertEquals(2, OperationLatency.of(d, 0, 100).get("transaction").count(), "a range up to the end");
        assertEquals(2, OperationLatency.of(d.crop(0, 100)).get("transaction").count(), "the same range cut");
        assertEquals(1, OperationLatency.of(d, 0, 99).get("transaction").count(), "a range short of it: [0, 99)");
        assertEquals(1, OperationLatency.of(d.crop(0, 99)).get("transaction").count());
        assertEquals(1, OperationLatency.of(d, 60, 100).get("transaction").count());
    }
}
