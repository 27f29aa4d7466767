package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The order lanes and marks are permuted by is exactly a stable sort by key, whether the column
 * is in order, nearly in order (a few rows appended late: the fast path) or shuffled.
 */
class StableOrderTest {

    private static int[] reference(long[] keys) {
        Integer[] order = new Integer[keys.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> keys[i])); // TimSort: stable
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    @Property
    void equalsAStableSortByKey(@ForAll("columns") long[] keys) {
        assertArrayEquals(reference(keys), StableOrder.byKey(keys, keys.length));
    }

    @Property
    void looksOnlyAtTheFirstSizeKeys(@ForAll("columns") long[] keys) {
        long[] padded = Arrays.copyOf(keys, keys.length + 7);
        Arrays.fill(padded, keys.length, padded.length, Long.MIN_VALUE);
        assertArrayEquals(reference(keys), StableOrder.byKey(padded, keys.length));
    }

    @Property
    void byTwoKeysEqualsAStableSortByTheFirstThenTheSecond(@ForAll("columns") long[] first, @ForAll long seed) {
        long[] second = new java.util.Random(seed).longs(first.length, 0, 3).toArray(); // many ties in both
        Integer[] expected = new Integer[first.length];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = i;
        }
        Arrays.sort(expected, Comparator.<Integer>comparingLong(i -> first[i]).thenComparingLong(i -> second[i]));
        assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(),
                StableOrder.byKeys(first, second, first.length));
    }

    @Property
    void permuteInPlacePutsEachColumnsRowsInTheOrder(@ForAll("columns") long[] keys) {
        int[] order = StableOrder.byKey(keys, keys.length);
        long[] l = keys.clone();
        int[] n = new int[keys.length];
        byte[] b = new byte[keys.length];
        double[] d = new double[keys.length];
        for (int i = 0; i < keys.length; i++) {
            n[i] = i;
            b[i] = (byte) i;
            d[i] = i + 0.5;
        }
        StableOrder.permute(order, l, n, b, d);
        for (int k = 0; k < keys.length; k++) {
            assertArrayEquals(new long[] {keys[order[k]], order[k], (byte) order[k]}, new long[] {l[k], n[k], b[k]});
            org.junit.jupiter.api.Assertions.assertEquals(order[k] + 0.5, d[k]);
        }
    }

    /** Ascending times with ties, some rows moved later (as lock waits and marks arrive), or shuffled. */
    @Provide
    Arbitrary<long[]> columns() {
        Arbitrary<long[]> nearlySorted = Arbitraries.integers().between(0, 400).flatMap(n ->
                Arbitraries.integers().between(0, Math.max(0, n / 4)).flatMap(late ->
                        Arbitraries.longs().between(0, 50).array(long[].class).ofSize(n).map(steps -> {
                            long[] keys = new long[n];
                            long t = 0;
                            for (int i = 0; i < n; i++) {
                                t += steps[i] / 10; // many equal keys
                                keys[i] = t;
                            }
                            // move `late` rows, each some way behind its neighbours
                            for (int j = 0; j < late && n > 1; j++) {
                                int i = (int) ((j * 7919L) % n);
                                keys[i] = Math.max(0, keys[i] - 1 - (steps[i] % 25));
                            }
                            return keys;
                        })));
        Arbitrary<long[]> shuffled = Arbitraries.longs().between(-5, 5).array(long[].class).ofMaxSize(300);
        return Arbitraries.oneOf(List.of(nearlySorted, shuffled));
    }
}
