package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The binary searches agree with a linear scan, with repeated values and a size under the array's length. */
class SortedLongsTest {
    @Test
    void searchesAgreeWithALinearScan() {
        Random r = new Random(7);
        for (int round = 0; round < 500; round++) {
            long[] a = new long[r.nextInt(12)];
            for (int i = 0; i < a.length; i++) {
                a[i] = (i == 0 ? 0 : a[i - 1]) + r.nextInt(3); // steps of 0 repeat a value
            }
            int size = a.length == 0 ? 0 : r.nextInt(a.length + 1);
            for (long t = -1; t <= (a.length == 0 ? 1 : a[a.length - 1] + 1); t++) {
                int atOrAfter = 0;
                while (atOrAfter < size && a[atOrAfter] < t) {
                    atOrAfter++;
                }
                int after = 0;
                while (after < size && a[after] <= t) {
                    after++;
                }
                assertEquals(atOrAfter, SortedLongs.firstAtOrAfter(a, size, t), "first >= " + t);
                assertEquals(after, SortedLongs.firstAfter(a, size, t), "first > " + t);
            }
        }
    }
}
