package org.schedlab.io.read;

import java.util.Arrays;

/** Open-addressing int -> int map for tid lookups on the hot path: no boxing, any int key. */
final class IntIntMap {
    private static final int FREE = Integer.MIN_VALUE;

    private int[] keys;
    private int[] values;
    private int size;
    private final int missing;

    IntIntMap(int missing) {
        this.missing = missing;
        keys = new int[64];
        values = new int[64];
        Arrays.fill(keys, FREE);
    }

    int get(int key) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (true) {
            int k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == FREE) {
                return missing;
            }
            i = (i + 1) & mask;
        }
    }

    void put(int key, int value) {
        if (key == FREE) {
            throw new IllegalArgumentException("key " + key + " is reserved");
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (keys[i] != FREE && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == FREE) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    int size() {
        return size;
    }

    private void grow() {
        int[] oldK = keys;
        int[] oldV = values;
        keys = new int[oldK.length * 2];
        values = new int[oldK.length * 2];
        Arrays.fill(keys, FREE);
        size = 0;
        for (int i = 0; i < oldK.length; i++) {
            if (oldK[i] != FREE) {
                put(oldK[i], oldV[i]);
            }
        }
    }

    private static int mix(int k) {
        int h = k * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
