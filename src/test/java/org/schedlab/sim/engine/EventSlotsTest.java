package org.schedlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventSlotsTest {
    private static final int QUEUE = 7;

    @Test
    void slotAndQueueEventsRunInTimeOrderAndTiesInSchedulingOrder() {
        Engine e = new Engine();
        List<String> seen = new ArrayList<>();
        EventHandler h = (now, kind, target, data) -> seen.add(now + ":" + kind + "/" + target);
        EventSlots s = e.slots(3, h, 1);
        e.at(10, h, QUEUE, 0, 0);
        s.set(2, 10, 0);
        s.set(0, 5, 0);
        e.at(10, h, QUEUE, 1, 0);
        s.set(1, 10, 0);
        e.runUntil(100, () -> false);
        assertEquals(List.of("5:1/0", "10:7/0", "10:1/2", "10:7/1", "10:1/1"), seen);
        assertEquals(5, e.eventCount());
    }

    @Test
    void settingAgainReplacesAndCancelRemoves() {
        Engine e = new Engine();
        List<String> seen = new ArrayList<>();
        EventSlots s = e.slots(4, (now, kind, target, data) -> seen.add(now + ":" + target + ":" + data), 0);
        s.set(1, 50, 1);
        s.set(1, 20, 2);
        s.set(3, 30, 3);
        s.set(2, 40, 4);
        s.cancel(3);
        assertFalse(s.isSet(3));
        assertEquals(2, s.pending());
        e.runUntil(100, () -> false);
        assertEquals(List.of("20:1:2", "40:2:4"), seen);
        assertEquals(0, e.pendingCount());
    }

    @Test
    void settingInThePastThrows() {
        Engine e = new Engine();
        EventSlots s = e.slots(2, (now, kind, target, data) -> { }, 0);
        s.set(0, 10, 0);
        e.runUntil(10, () -> false);
        assertThrows(IllegalStateException.class, () -> s.set(1, 9, 0));
    }

    /**
     * Random re-arming, cancelling and queue events from inside handlers, checked step by step
     * against a naive model: a list of pending events with one live event per key, where the
     * next event is the one with the smallest (time, scheduling order).
     */
    @Test
    void matchesANaiveModelUnderRandomReArming() {
        for (int keys : new int[] {1, 2, 5, 96, 130}) {
            Engine e = new Engine();
            SplittableRandom r = new SplittableRandom(keys);
            List<long[]> model = new ArrayList<>(); // {time, order, key or -1 for a queue event}
            long[] order = {0};
            EventSlots[] slots = new EventSlots[1];
            EventHandler[] handlers = new EventHandler[1];
            handlers[0] = (now, kind, target, data) -> {
                long[] next = model.get(0);
                for (long[] x : model) {
                    if (x[0] < next[0] || (x[0] == next[0] && x[1] < next[1])) {
                        next = x;
                    }
                }
                assertEquals(next[0], now, "time, keys " + keys);
                assertEquals(next[1], data, "which event, keys " + keys);
                assertEquals(next[2] < 0 ? QUEUE : 0, kind);
                model.remove(next);
                churn(e, slots[0], handlers[0], model, order, r, keys);
            };
            slots[0] = e.slots(keys, handlers[0], 0);
            churn(e, slots[0], handlers[0], model, order, r, keys);
            e.runUntil(Long.MAX_VALUE / 2, () -> false);
            assertEquals(0, model.size());
            assertEquals(0, e.pendingCount());
            assertTrue(order[0] > 20_000);
        }
    }

    private static void churn(Engine e, EventSlots slots, EventHandler h, List<long[]> model, long[] order,
                              SplittableRandom r, int keys) {
        if (order[0] > 20_000) {
            return;
        }
        for (int n = r.nextInt(3); n >= 0 || model.isEmpty(); n--) {
            long t = e.nowNs() + r.nextInt(50);
            if (r.nextInt(4) == 0 || (n < 0 && model.isEmpty())) {
                long id = order[0]++;
                e.at(t, h, QUEUE, 0, id);
                model.add(new long[] {t, id, -1});
                continue;
            }
            int key = r.nextInt(keys);
            model.removeIf(x -> x[2] == key);
            if (r.nextInt(8) == 0) {
                slots.cancel(key);
            } else {
                long id = order[0]++;
                slots.set(key, t, id);
                model.add(new long[] {t, id, key});
            }
        }
    }
}
