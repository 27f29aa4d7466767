package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class DebouncerTest {
    private final ManualScheduler clock = new ManualScheduler();
    private final Debouncer debouncer = new Debouncer(clock, 100);
    private final List<String> ran = new ArrayList<>();

    @Test
    void aBurstOfTriggersRunsOnlyTheLastActionOnceTheDelayPassedSinceTheLastOne() {
        debouncer.trigger(() -> ran.add("first"));
        clock.advance(60);
        debouncer.trigger(() -> ran.add("second"));
        clock.advance(60);
        debouncer.trigger(() -> ran.add("third"));
        clock.advance(99);
        assertTrue(ran.isEmpty(), "nothing runs while changes keep coming");
        assertTrue(debouncer.isPending());
        clock.advance(1);
        assertEquals(List.of("third"), ran);
        assertFalse(debouncer.isPending());
        clock.advance(1000);
        assertEquals(List.of("third"), ran, "a debounced action runs once");
    }

    @Test
    void cancelCallsOffThePendingAction() {
        debouncer.trigger(() -> ran.add("x"));
        debouncer.cancel();
        clock.advance(500);
        assertTrue(ran.isEmpty());
        assertEquals(0, clock.pending());
    }

    @Test
    void flushRunsThePendingActionAtOnceAndOnlyOnce() {
        debouncer.trigger(() -> ran.add("first"));
        clock.advance(30);
        debouncer.trigger(() -> ran.add("last"));
        clock.advance(10);
        debouncer.flush();
        assertEquals(List.of("last"), ran, "the burst is over: the last action runs now, not 100 ms after it");
        assertFalse(debouncer.isPending());
        clock.advance(500);
        assertEquals(List.of("last"), ran, "the delay that was running does not run it a second time");
    }

    @Test
    void flushWithNothingPendingDoesNothing() {
        debouncer.trigger(() -> ran.add("x"));
        clock.advance(100);
        debouncer.flush();
        assertEquals(List.of("x"), ran);
        debouncer.cancel();
        debouncer.flush();
        assertEquals(List.of("x"), ran);
    }
}
