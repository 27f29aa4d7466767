package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The runqlat tab's line on where its figures come from. Only a recording is compared with perf
 * sched latency's rule: a simulated run has no sched_waking or sched_wakeup for perf to have read,
 * and the sentence named events its reader never saw.
 */
class RunqlatSourceLineTest {
    @Test
    void perfSchedLatencysRuleIsNamedOverARecordingOnly() {
        assertEquals(RunqlatPanel.FROM_LANES + RunqlatPanel.PERF_RULE, RunqlatPanel.sourceLine(false, false, false));
        assertEquals(RunqlatPanel.FROM_LANES, RunqlatPanel.sourceLine(false, false, true));
        assertEquals("From the recording's runqlat histograms (whole recording).",
                RunqlatPanel.sourceLine(false, true, false));
        assertEquals(RunqlatPanel.NONE, RunqlatPanel.sourceLine(true, false, true));
    }
}
