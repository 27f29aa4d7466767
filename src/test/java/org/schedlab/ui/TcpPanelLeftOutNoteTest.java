package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/** The TCP tab's note names a Wireshark capture's totals it left out of a range, as it names a snapshot's. */
class TcpPanelLeftOutNoteTest {
    @Test
    void theNoteNamesTheCapturesTotals() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("run.txt + expert.csv", "perf+wireshark",
                Map.of("tcp.dsack", "309", "tcp.dupAcks", "4"), OptionalLong.empty(), "t"));
        b.slice(0, 0, 2_000_000_000L, b.addTask(10, 10, "postgres"), SliceState.USER);
        Dataset d = b.build();
        assertEquals("", TcpPanel.leftOutNote(d, d.startNs(), d.endNs()));
        String note = TcpPanel.leftOutNote(d, 0, 1_000_000_000L);
        assertTrue(note.startsWith("Left out: the 2 totals of the Wireshark capture opened with this recording."
                + " They count the whole run"), note);
        Dataset window = d.crop(d.startNs(), d.endNs());
        assertTrue(TcpPanel.leftOutNote(window, window.startNs(), window.endNs())
                .startsWith("Left out: the 2 totals of the Wireshark capture opened with the recording this window"), note);
    }
}
