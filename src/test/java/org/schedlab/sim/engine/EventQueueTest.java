package org.schedlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The calendar queue pops exactly what a (time, sequence) priority queue would. */
class EventQueueTest {
    private record Ref(long time, long seq) implements Comparable<Ref> {
        @Override
        public int compareTo(Ref o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private static final EventHandler NOP = (n, k, t, d) -> { };

    @Test
    void matchesAReferenceQueueUnderMixedLoads() {
        for (int seed = 0; seed < 6; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            EventQueue q = new EventQueue();
            PriorityQueue<Ref> ref = new PriorityQueue<>();
            long now = 0;
            long seq = 0;
            int ops = 200_000;
            for (int i = 0; i < ops; i++) {
                int phase = (i / 20_000) % 4; // grow, steady, bursts of equal times, drain
                boolean add = ref.isEmpty() || (phase == 0 ? r.nextInt(10) < 7 : phase == 3 ? r.nextInt(10) < 3
                        : r.nextBoolean());
                if (add) {
                    long d;
                    switch (r.nextInt(6)) {
                        case 0:
                            d = 0;
                            break;
                        case 1:
                            d = r.nextLong(1_000_000_000L); // far timers
                            break;
                        case 2:
                            d = (r.nextLong(5) + 1) * 4_000_000L - (now % 4_000_000L); // tick-aligned ties
                            break;
                        default:
                            d = r.nextLong(phase == 2 ? 3 : 50_000);
                    }
                    long t = now + d;
                    q.add(t, NOP, 0, (int) seq, seq);
                    ref.add(new Ref(t, seq));
                    seq++;
                } else {
                    Ref want = ref.poll();
                    assertEquals(want.time(), q.peekTimeNs(), "seed " + seed + " op " + i);
                    q.poll();
                    assertEquals(want.time(), q.polledTimeNs(), "seed " + seed + " op " + i);
                    assertEquals(want.seq(), q.polledData(), "tie order, seed " + seed + " op " + i);
                    now = want.time();
                }
                assertEquals(ref.size(), q.size());
            }
            while (!ref.isEmpty()) {
                q.poll();
                assertEquals(ref.poll().seq(), q.polledData());
            }
        }
    }

    @Test
    void sparseQueuesJumpOverEmptyYears() {
        EventQueue q = new EventQueue();
        q.add(5, NOP, 0, 0, 1);
        q.add(3_000_000_000_000L, NOP, 0, 0, 2);
        q.add(7_000_000_000L, NOP, 0, 0, 3);
        q.poll();
        assertEquals(1, q.polledData());
        q.poll();
        assertEquals(3, q.polledData());
        q.poll();
        assertEquals(2, q.polledData());
    }

    @Test
    void addingBeforeTheLastTakenEventThrows() {
        EventQueue q = new EventQueue();
        q.add(100, NOP, 0, 0, 0);
        q.poll();
        assertThrows(IllegalStateException.class, () -> q.add(99, NOP, 0, 0, 0));
    }

    /** A peek may jump the scan to a far event; an earlier event added before any poll still comes first. */
    @Test
    void anEventAddedAfterAPeekAtAFarOneComesFirst() {
        EventQueue q = new EventQueue();
        q.add(10_000_000, NOP, 0, 0, 1);
        assertEquals(10_000_000, q.peekTimeNs());
        q.add(500, NOP, 0, 0, 2);
        q.add(70_000, NOP, 0, 0, 3);
        assertEquals(500, q.peekTimeNs());
        q.poll();
        assertEquals(2, q.polledData());
        q.poll();
        assertEquals(3, q.polledData());
        q.poll();
        assertEquals(1, q.polledData());
    }
}
