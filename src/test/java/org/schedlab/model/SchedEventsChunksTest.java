package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * The scheduler event log is kept in chunks, never joined into one array per column: a 1 GB
 * recording's log (7.4 M events, 59 MB per long column) then needs no big free block of heap,
 * where joining it ran a 1 GB heap out of memory with 45 % of it free (docs/BENCHMARKS.md).
 */
class SchedEventsChunksTest {
    /** Half of G1's smallest region: an array this large or larger is humongous and never moved. */
    private static final long HUMONGOUS_BYTES = 512 * 1024;
    /** Events per chunk as the log keeps them (the tests go across its boundaries). */
    private static final int CHUNK = 1 << 14;

    private static SchedEvents.Builder filled(int n) {
        SchedEvents.Builder b = SchedEvents.builder();
        SchedEventKind[] kinds = SchedEventKind.values();
        for (int i = 0; i < n; i++) {
            b.add(kinds[i % kinds.length], 1_000L * i, i % 7, 100 + i, -i, (char) ('A' + i % 26), 3L * i);
        }
        return b;
    }

    private static void assertEvent(SchedEvents e, int i) {
        SchedEventKind[] kinds = SchedEventKind.values();
        assertEquals(1_000L * i, e.tNs(i), "t of " + i);
        assertEquals(kinds[i % kinds.length], e.kind(i), "kind of " + i);
        assertEquals(i % 7, e.cpu(i), "cpu of " + i);
        assertEquals(100 + i, e.tid(i), "tid of " + i);
        assertEquals(-i, e.arg(i), "arg of " + i);
        assertEquals((char) ('A' + i % 26), e.prevState(i), "state of " + i);
        assertEquals(3L * i, e.value(i), "value of " + i);
    }

    @Test
    void aLogOfMillionsOfEventsHoldsNoArrayG1CannotMove() throws Exception {
        int n = 1_000_000; // 8 MB per long column
        SchedEvents e = filled(n).build();
        assertEquals(n, e.size());
        long biggest = 0;
        for (Field f : SchedEvents.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || !f.getType().isArray()) {
                continue;
            }
            f.setAccessible(true);
            biggest = Math.max(biggest, largestArrayBytes(f.get(e)));
        }
        assertTrue(biggest > 0 && biggest < HUMONGOUS_BYTES, "largest array " + biggest + " bytes");
        for (int i : new int[] {0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 5, n - 1}) {
            assertEvent(e, i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> e.tNs(n));
    }

    private static long largestArrayBytes(Object a) {
        Class<?> c = a.getClass().getComponentType();
        if (!c.isPrimitive()) {
            long max = 0;
            for (int i = 0; i < Array.getLength(a); i++) {
                max = Math.max(max, largestArrayBytes(Array.get(a, i)));
            }
            return max;
        }
        int width = c == long.class || c == double.class ? 8 : c == int.class || c == float.class ? 4
                : c == byte.class || c == boolean.class ? 1 : 2;
        return (long) Array.getLength(a) * width;
    }

    @Test
    void everyEventReadsBackAcrossChunksAndCountsByKind() {
        int n = 3 * CHUNK + 17;
        SchedEvents e = filled(n).build();
        int[] counts = new int[SchedEventKind.values().length];
        for (int i = 0; i < n; i++) {
            assertEvent(e, i);
            counts[e.kind(i).code()]++;
        }
        for (SchedEventKind k : SchedEventKind.values()) {
            assertEquals(counts[k.code()], e.count(k), k.name());
        }
    }

    @Test
    void aPrevStateLearnedLaterLandsOnItsEventInAnyChunk() {
        int n = 2 * CHUNK + 3;
        SchedEvents.Builder b = filled(n);
        b.setPrevState(5, 'P');
        b.setPrevState(CHUNK + 1, 'X');
        b.setPrevState(n - 1, 'P');
        SchedEvents e = b.build();
        assertEquals('P', e.prevState(5));
        assertEquals('X', e.prevState(CHUNK + 1));
        assertEquals('P', e.prevState(n - 1));
        assertEvent(e, 6);
        assertEvent(e, CHUNK);
        assertThrows(IndexOutOfBoundsException.class, () -> b.setPrevState(n, 'P'));
    }

    @Test
    void eventsAddedAfterABuildGoOnWithoutChangingTheBuiltLog() {
        for (int first : new int[] {10, 1024, CHUNK, CHUNK + 10}) {
            SchedEvents.Builder b = filled(first);
            SchedEvents before = b.build();
            SchedEventKind[] kinds = SchedEventKind.values();
            for (int i = first; i < first + 2_000; i++) {
                b.add(kinds[i % kinds.length], 1_000L * i, i % 7, 100 + i, -i, (char) ('A' + i % 26), 3L * i);
            }
            SchedEvents after = b.build();
            assertEquals(first, before.size());
            assertEquals(filled(first).build(), before, "the first build as it was, after " + first);
            assertEquals(filled(first + 2_000).build(), after, "after " + first);
            assertNotEquals(before, after);
            for (int i = 0; i < first + 2_000; i += 97) {
                assertEvent(after, i);
            }
        }
    }

    @Test
    void logsOfTheSameEventsAreEqualAndOneChangedEventIsNot() {
        int n = CHUNK + 100;
        SchedEvents a = filled(n).build();
        SchedEvents b = filled(n).build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        SchedEvents.Builder c = filled(n);
        c.setPrevState(CHUNK + 50, 'Z');
        assertNotEquals(a, c.build());
        assertEquals(0, SchedEvents.EMPTY.size());
        assertEquals(SchedEvents.EMPTY, SchedEvents.builder().build());
    }
}
