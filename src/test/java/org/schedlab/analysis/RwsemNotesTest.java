package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The notes under an A/B table with an rwsem, where one side is a simulated run (its spin split
 * and lock event counts) and the other a saved run put on B (neither): B's rows read n/a, and the
 * notes say why rather than leave "n/a where that kernel has no such counter" as the reason.
 */
class RwsemNotesTest {
    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text.replace('\'', '"'));
    }

    private static final String SIMULATED = "{'events': 21937, 'locks': [{'name': 'mmap_lock', 'kind': 'rwsem',"
            + " 'readPhases': {'count': 580}, 'spinWhile': {'writer': 0.0001, 'readers': 0.003, 'handoff': 0.00004,"
            + " 'free': 0.0}, 'events': {'rwsem_opt_rlock': 505}}]}";
    private static final String SAVED = "{'locks': [{'name': 'mmap_lock', 'kind': 'rwsem', 'readPhases': {'count': 575}}]}";

    @Test
    void aSavedRunBesideASimulatedOneSaysItsFileHasNoSpinSplit() throws Exception {
        String notes = SummaryReport.rwsemNotes(json(SIMULATED), json(SAVED)).orElseThrow().replaceAll("\\s+", " ");
        assertTrue(notes.startsWith("spinWhile: the rwsem's spinners' CPU"), notes);
        assertTrue(notes.contains("rwsem_*: the rwsem's lock event counts"), notes);
        assertTrue(notes.contains("mmap_lock: no spin split (spinWhile) or lock event counts: they are the kernel's"
                + " own state (HANDOFF, the OSQ), which a saved run or recording does not hold"), notes);
    }

    @Test
    void twoSimulatedRunsHaveTheTwoNotesOnly() throws Exception {
        String notes = SummaryReport.rwsemNotes(json(SIMULATED), json(SIMULATED)).orElseThrow();
        assertEquals(2, notes.lines().filter(l -> !l.startsWith(" ")).count(), notes);
        assertTrue(!notes.contains("no spin split"), notes);
    }

    @Test
    void twoSavedRunsNameTheLockOnce() throws Exception {
        String notes = SummaryReport.rwsemNotes(json(SAVED), json(SAVED)).orElseThrow();
        assertTrue(notes.startsWith("mmap_lock: no spin split"), notes);
        assertEquals(1, notes.split("mmap_lock: ", -1).length - 1, notes);
        assertTrue(!notes.contains("spinWhile: the rwsem's"), notes);
    }
}
