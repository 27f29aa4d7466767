package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/** The binary-search helpers agree with a linear scan, for exclusive and overlapping lanes. */
class IntervalsSearchTest {

    record Piece(long gapNs, long durNs) {
    }

    @Provide
    Arbitrary<List<Piece>> pieces() {
        return net.jqwik.api.Combinators.combine(Arbitraries.longs().between(-50, 200), Arbitraries.longs().between(0, 300))
                .as(Piece::new).list().ofMaxSize(40);
    }

    /** A CPU lane: each slice starts at or after the previous end (negative gaps become 0). */
    static Intervals exclusive(List<Piece> pieces) throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("p", "p"));
        int t = b.addTask(1, 1, "a");
        long at = -1_000;
        for (Piece p : pieces) {
            at += Math.max(0, p.gapNs());
            b.slice(0, at, at + p.durNs(), t, SliceState.USER);
            at += p.durNs();
        }
        return b.cpuCount(1).build().cpus().get(0).slices();
    }

    /** A shared lock's holds: starts move forward by the gap from the previous start, so holds overlap. */
    static Intervals overlapping(List<Piece> pieces) throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("p", "p"));
        int t = b.addTask(1, 1, "a");
        DatasetBuilder.LockBuilder l = b.lock("rw", "rwsem", true);
        long at = -1_000;
        for (Piece p : pieces) {
            at += Math.max(0, p.gapNs());
            l.hold(at, at + p.durNs(), t);
        }
        return b.build().locks().get(0).holds();
    }

    static int linearFirstStartingAtOrAfter(Intervals iv, long t) {
        int i = 0;
        while (i < iv.size() && iv.startNs(i) < t) {
            i++;
        }
        return i;
    }

    static int linearFirstVisibleAt(Intervals iv, long t) {
        for (int i = 0; i < iv.size(); i++) {
            if (iv.endNs(i) > t) {
                return i;
            }
        }
        return iv.size();
    }

    private static void check(Intervals iv, long t) {
        assertEquals(linearFirstStartingAtOrAfter(iv, t), iv.firstStartingAtOrAfter(t), "firstStartingAtOrAfter " + t);
        assertEquals(linearFirstVisibleAt(iv, t), iv.firstVisibleAt(t), "firstVisibleAt " + t);
    }

    @Property
    void helpersMatchLinearScanOnCpuLanes(@ForAll("pieces") List<Piece> pieces,
                                          @ForAll @LongRange(min = -1_500, max = 12_000) long t) throws Exception {
        check(exclusive(pieces), t);
    }

    @Property
    void helpersMatchLinearScanOnOverlappingLanes(@ForAll("pieces") List<Piece> pieces,
                                                  @ForAll @LongRange(min = -1_500, max = 12_000) long t) throws Exception {
        check(overlapping(pieces), t);
    }

    @Property
    void extremeTimesNeitherOverflowNorMiss(@ForAll("pieces") List<Piece> pieces) throws Exception {
        for (Intervals iv : List.of(exclusive(pieces), overlapping(pieces))) {
            check(iv, Long.MIN_VALUE);
            check(iv, Long.MAX_VALUE);
        }
    }

    @Example
    void visibleWindowStartsInsideALongSliceThatBeganEarlier() throws Exception {
        // slice 0 spans [0, 1000); a window from 500 must still see it.
        Intervals iv = exclusive(List.of(new Piece(1_000, 1_000), new Piece(0, 10), new Piece(5, 10)));
        assertEquals(0, iv.firstVisibleAt(500));
        assertEquals(1, iv.firstStartingAtOrAfter(500));
        assertEquals(1, iv.firstVisibleAt(1_000), "an interval ending exactly at t is not visible");
        assertEquals(3, iv.firstVisibleAt(2_000));
    }

    @Property
    void counterIndexAtIsTheLastSampleAtOrBefore(@ForAll("pieces") List<Piece> pieces,
                                                 @ForAll @LongRange(min = -1_500, max = 12_000) long t) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("p", "p"));
        DatasetBuilder.CounterBuilder c = b.counter("c", "");
        long at = -1_000;
        for (Piece p : pieces) {
            at += Math.max(0, p.gapNs());
            c.add(at, p.durNs());
        }
        CounterSeries s = b.build().counters().get(0);
        int expected = -1;
        for (int i = 0; i < s.size(); i++) {
            if (s.tNs(i) <= t) {
                expected = i;
            }
        }
        assertEquals(expected, s.indexAt(t));
    }
}
