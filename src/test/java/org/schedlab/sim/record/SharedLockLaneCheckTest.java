package org.schedlab.sim.record;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Metadata;

/**
 * On a shared lock lane (an rwsem) the checking recorder lets reader holds overlap but no
 * exclusive hold overlap any other hold. Holds arrive as the kernel emits them: at release.
 */
class SharedLockLaneCheckTest {
    private static CheckingRecorder recorder() {
        CheckingRecorder r = new CheckingRecorder(Metadata.of("test", "simulation"), 1, 0, 1_000_000, 8);
        r.taskCreated(0, 1, 1, "a");
        r.taskCreated(1, 2, 1, "b");
        r.taskCreated(2, 3, 1, "c");
        return r;
    }

    @Test
    void overlappingReadersAndBackToBackWritersPass() {
        CheckingRecorder r = recorder();
        int lane = r.lockLane("sem", "rwsem", true);
        assertDoesNotThrow(() -> {
            r.lockHold(lane, 0, 100, 0, false);
            r.lockHold(lane, 50, 150, 1, false);
            r.lockHold(lane, 150, 200, 2, true);
            r.lockHold(lane, 200, 300, 0, false);
            r.lockHold(lane, 300, 400, 1, true);
        });
    }

    @Test
    void aWriterOverlappingAnEarlierReaderIsCaught() {
        CheckingRecorder r = recorder();
        int lane = r.lockLane("sem", "rwsem", true);
        r.lockHold(lane, 0, 100, 0, false);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.lockHold(lane, 90, 200, 1, true));
        assertTrue(e.getMessage().contains("exclusive"), e.getMessage());
    }

    @Test
    void aReaderStillHoldingWhenAWriterReleasedIsCaught() {
        CheckingRecorder r = recorder();
        int lane = r.lockLane("sem", "rwsem", true);
        r.lockHold(lane, 100, 200, 1, true);
        assertThrows(IllegalStateException.class, () -> r.lockHold(lane, 50, 250, 0, false));
    }

    @Test
    void twoOverlappingWritersAreCaught() {
        CheckingRecorder r = recorder();
        int lane = r.lockLane("sem", "rwsem", true);
        r.lockHold(lane, 0, 100, 0, true);
        assertThrows(IllegalStateException.class, () -> r.lockHold(lane, 99, 150, 1, true));
    }
}
