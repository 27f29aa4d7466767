package org.schedlab.sim.net;

import java.util.Arrays;

/**
 * A FIFO of packet ids with an optional capacity: a tap device's ptr_ring (bounded: a full ring
 * drops), a virtio ring's filled entries, a guest's transmit backlog (unbounded: the guest
 * stops its queue and holds packets rather than dropping them).
 */
public final class PacketFifo {
    /** No capacity limit. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    private final int capacity;
    private int[] ring = new int[16];
    private int head;
    private int size;

    public PacketFifo(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean isFull() {
        return size >= capacity;
    }

    public int capacity() {
        return capacity;
    }

    /** Appends {@code id}; false (nothing added) when the FIFO is full. */
    public boolean offer(int id) {
        if (size >= capacity) {
            return false;
        }
        if (size == ring.length) {
            int[] n = new int[ring.length * 2];
            for (int i = 0; i < size; i++) {
                n[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = n;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = id;
        size++;
        return true;
    }

    /** The oldest id; the FIFO must not be empty. */
    public int peek() {
        if (size == 0) {
            throw new IllegalStateException("empty FIFO");
        }
        return ring[head];
    }

    public int poll() {
        int v = peek();
        head = (head + 1) & (ring.length - 1);
        size--;
        return v;
    }

    /** Removes and returns the newest id; the FIFO must not be empty. */
    public int pollLast() {
        if (size == 0) {
            throw new IllegalStateException("empty FIFO");
        }
        size--;
        return ring[(head + size) & (ring.length - 1)];
    }

    @Override
    public String toString() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = ring[(head + i) & (ring.length - 1)];
        }
        return Arrays.toString(out);
    }
}
