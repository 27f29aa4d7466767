package org.schedlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class EngineTest {
    @Test
    void eventsRunInTimeOrderAndTiesInSchedulingOrder() {
        Engine e = new Engine();
        List<String> seen = new ArrayList<>();
        EventHandler h = (now, kind, target, data) -> seen.add(now + ":" + kind);
        e.at(30, h, 1, 0, 0);
        e.at(10, h, 2, 0, 0);
        e.at(30, h, 3, 0, 0);
        e.at(10, h, 4, 0, 0);
        e.at(20, h, 5, 0, 0);
        e.runUntil(100, () -> false);
        assertEquals(List.of("10:2", "10:4", "20:5", "30:1", "30:3"), seen);
        assertEquals(100, e.nowNs());
        assertEquals(5, e.eventCount());
    }

    @Test
    void heapOrdersManyRandomEvents() {
        Engine e = new Engine();
        Random r = new Random(3);
        long[] last = {-1};
        long[] lastSeqAtTime = {-1};
        EventHandler h = (now, kind, target, data) -> {
            assertTrue(now >= last[0]);
            if (now == last[0]) {
                assertTrue(data > lastSeqAtTime[0], "ties in insertion order");
            }
            last[0] = now;
            lastSeqAtTime[0] = data;
        };
        for (int i = 0; i < 100_000; i++) {
            e.at(r.nextInt(5000), h, 0, 0, i);
        }
        e.runUntil(10_000, () -> false);
        assertEquals(100_000, e.eventCount());
    }

    @Test
    void schedulingInThePastThrows() {
        Engine e = new Engine();
        e.at(50, (now, k, t, d) -> { }, 0, 0, 0);
        e.runUntil(60, () -> false);
        assertThrows(IllegalStateException.class, () -> e.at(59, (now, k, t, d) -> { }, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> e.after(-1, (now, k, t, d) -> { }, 0, 0, 0));
    }

    @Test
    void sequenceBelongsToTheInstance() {
        // two engines interleaved: each keeps its own tie order
        Engine a = new Engine();
        Engine b = new Engine();
        List<Integer> seen = new ArrayList<>();
        a.at(5, (n, k, t, d) -> seen.add(k), 1, 0, 0);
        b.at(5, (n, k, t, d) -> seen.add(k), 9, 0, 0);
        a.at(5, (n, k, t, d) -> seen.add(k), 2, 0, 0);
        a.runUntil(5, () -> false);
        assertEquals(List.of(1, 2), seen);
    }

    @Test
    void cancelFlagStopsARunningLoop() {
        Engine e = new Engine();
        AtomicBoolean cancel = new AtomicBoolean();
        EventHandler self = new EventHandler() {
            @Override
            public void onEvent(long now, int kind, int target, long data) {
                if (now == 1000) {
                    cancel.set(true);
                }
                e.after(1, this, 0, 0, 0);
            }
        };
        e.at(0, self, 0, 0, 0);
        assertThrows(CancellationException.class, () -> e.runUntil(Long.MAX_VALUE / 2, cancel::get));
        assertTrue(e.eventCount() < 1000 + 2 * Engine.CANCEL_CHECK_EVERY);
    }

    @Test
    @org.junit.jupiter.api.Timeout(30) // without the guard this test would hang, not fail
    void aModelThatKeepsReArmingForNowStopsWithAnErrorInsteadOfHanging() {
        Engine e = new Engine();
        EventHandler again = new EventHandler() {
            @Override
            public void onEvent(long nowNs, int kind, int target, long data) {
                e.after(0, this, 7, target, data); // a bug: never lets time move
            }
        };
        e.at(5, again, 7, 0, 0);
        IllegalStateException stuck = assertThrows(IllegalStateException.class, () -> e.runUntil(1_000, () -> false));
        assertTrue(stuck.getMessage().contains("stuck") && stuck.getMessage().contains("at 5 ns"), stuck.getMessage());
    }

    @Test
    void manyEventsAtOneInstantAreFineWhenTimeThenMoves() {
        Engine e = new Engine();
        long[] handled = new long[1];
        EventHandler count = (nowNs, kind, target, data) -> handled[0]++;
        for (int i = 0; i < 100_000; i++) {
            e.at(10, count, 1, i, 0);
        }
        e.at(11, count, 1, 0, 0);
        e.runUntil(100, () -> false);
        assertEquals(100_001, handled[0]);
    }
}
