package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.io.ImportWarningsJsonTest;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;

/**
 * Copy A/B table (and the A/B bar's Copy table) ends naming the import warnings of a recording
 * put on a side, as the A/B picture's caption does; a simulated side has none to name.
 */
class CompareImportWarningsTextTest {
    private static RunOutcome opened(Dataset d) {
        return new RunOutcome("sched.txt", "sched.txt", Map.of(), List.of(), List.of(), Optional.of(d), List.of(),
                RunOutcome.Phases.NONE, Optional.empty());
    }

    @Test
    void aRecordingOnASideIsNamedUnderTheTable() throws Exception {
        Dataset warned = Importer.standard().importFile(RecordingSource.ofBytes("sched.txt",
                ImportWarningsJsonTest.WARNED.getBytes(StandardCharsets.UTF_8))).dataset();
        String first = warned.metadata().importWarnings().get(0);
        String under = CompareViewModel.importWarnings(Optional.empty(), Optional.of(opened(warned)));
        assertEquals("\nB: 1 import warning: " + first.substring(0, 40),
                under.substring(0, ("\nB: 1 import warning: ").length() + 40));
        assertEquals("", CompareViewModel.importWarnings(Optional.empty(), Optional.empty()));
    }
}
