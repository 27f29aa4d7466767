package org.schedlab.sim.net;

import java.util.Arrays;

/** A growable list of ints (packet ids), reused across calls so the hot path allocates nothing. */
public final class IntList {
    private int[] items = new int[16];
    private int size;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return items[i];
    }

    public void add(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    public void clear() {
        size = 0;
    }
}
