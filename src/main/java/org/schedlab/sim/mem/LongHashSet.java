package org.schedlab.sim.mem;

/**
 * Open-addressing set of longs (linear probing, power-of-two table): page-table state for
 * millions of (process, page) pairs without an object per entry. The table grows past two
 * thirds full: a probe sequence then still averages a few slots of one cache line, and a run
 * that ends with about a million entries needs a 16 MB table, not 32 MB (every probe is a
 * cache miss either way; a smaller table misses the TLB less, and growing is a random rehash
 * of every entry).
 */
final class LongHashSet {
    private static final long EMPTY = 0L;
    private long[] table;
    private int size;
    private boolean containsZero;

    LongHashSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 3 / 2)) << 1;
        table = new long[cap];
    }

    int size() {
        return size + (containsZero ? 1 : 0);
    }

    boolean contains(long key) {
        if (key == EMPTY) {
            return containsZero;
        }
        int mask = table.length - 1;
        int i = mix(key) & mask;
        while (true) {
            long k = table[i];
            if (k == key) {
                return true;
            }
            if (k == EMPTY) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /** Adds the key; true if it was not there before. */
    boolean add(long key) {
        if (key == EMPTY) {
            boolean added = !containsZero;
            containsZero = true;
            return added;
        }
        int mask = table.length - 1;
        int i = mix(key) & mask;
        while (true) {
            long k = table[i];
            if (k == key) {
                return false;
            }
            if (k == EMPTY) {
                table[i] = key;
                if (++size * 3L > table.length * 2L) {
                    grow();
                }
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        int mask = table.length - 1;
        for (long k : old) {
            if (k != EMPTY) {
                int i = mix(k) & mask;
                while (table[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                table[i] = k;
            }
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
