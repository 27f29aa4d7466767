package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.MarkReason;
import org.schedlab.model.PreemptPoint;
import org.schedlab.model.ReschedCause;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** Mark reasons survive the dataset JSON; files without them read as "unknown". */
class MarkReasonJsonTest {
    private static String json(Dataset d) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Dataset read(String json) throws Exception {
        return DatasetJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "mem.json");
    }

    @Test
    void aSimulatedRunsReasonsSurviveWriteAndRead() throws Exception {
        Dataset d = Simulation.run(ScenarioCatalog.builtIn("teach-kernel-section"), Map.of("preemption", "lazy"),
                Simulation.Options.recording(50), () -> false).dataset().orElseThrow();
        assertTrue(d.marks().hasReasons());
        Dataset back = read(json(d));
        assertEquals(d.marks(), back.marks());
        boolean lazyUpgrade = false;
        for (int i = 0; i < back.marks().size(); i++) {
            MarkReason r = back.marks().reason(i);
            lazyUpgrade |= r.lazy() && r.upgradedAtTick() && r.point() == PreemptPoint.IRQ_EXIT_KERNEL;
        }
        assertTrue(lazyUpgrade, "the lazy upgrade at a tick is read back");
    }

    @Test
    void aFileWithoutReasonsReadsAsUnknownAndIsWrittenWithoutTheColumn() throws Exception {
        Dataset d = Dataset.builder(org.schedlab.model.Metadata.of("old", "test"))
                .slice(0, 0, 100, -1, org.schedlab.model.SliceState.IDLE)
                .mark(MarkKind.PREEMPTION, 10, 0, -1, "R+")
                .build();
        String text = json(d);
        assertFalse(text.contains("\"reason\""), "no column when nothing was recorded");
        Dataset back = read(text);
        assertEquals(MarkReason.UNKNOWN, back.marks().reason(0));
        assertFalse(back.marks().reason(0).known());
    }

    @Test
    void packedCodesRoundTrip() {
        MarkReason r = new MarkReason(ReschedCause.WAKEUP_FIFO, PreemptPoint.COND_RESCHED, false, true, true);
        assertEquals(r, MarkReason.ofCode(r.code()));
        assertEquals(MarkReason.UNKNOWN, MarkReason.ofCode(0));
        assertEquals(ReschedCause.UNKNOWN, MarkReason.ofCode(0xff00 | 1).cause(), "a newer code reads as unknown");
    }
}
