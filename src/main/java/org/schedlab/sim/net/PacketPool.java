package org.schedlab.sim.net;

import java.util.Arrays;

/**
 * Every packet in flight, as parallel arrays indexed by a packet id (no object per packet):
 * a TCP data segment (a GSO frame of several MSS, the unit the rings, the switch and Wireshark
 * see) or an ACK with its window edge, up to {@value #MAX_BLOCKS} SACK blocks and an optional
 * D-SACK block (RFC 2883: the first block, reporting a duplicate). Sequence numbers count
 * segments, not bytes (every data segment of a connection has the same size). Ids are
 * recycled: {@link #free} a packet when it is consumed or dropped.
 */
public final class PacketPool {
    public static final byte DATA = 0;
    public static final byte ACK = 1;

    /** The segment is a retransmission (the sender knows; Wireshark infers it). */
    public static final byte F_RETRANS = 1;
    /** An ACK sent to open the window after the application read (tcp_cleanup_rbuf). */
    public static final byte F_WINDOW_UPDATE = 2;

    /** SACK blocks per ACK including a D-SACK block (TCP option space with timestamps). */
    public static final int MAX_BLOCKS = 3;

    private int[] flow = new int[256];
    private byte[] kind = new byte[256];
    private byte[] flags = new byte[256];
    private int[] seq = new int[256];
    private int[] ack = new int[256];
    private int[] edge = new int[256];
    private int[] dsackLo = new int[256];
    private int[] dsackHi = new int[256];
    private byte[] blocks = new byte[256];
    private int[] sack = new int[256 * 2 * MAX_BLOCKS];
    private int[] freeIds = new int[256];
    private int freeCount;
    private int used;
    private int live;

    /** A new data segment of connection {@code f}. */
    public int data(int f, int segment, boolean retransmission) {
        int id = alloc(f, DATA);
        seq[id] = segment;
        flags[id] = retransmission ? F_RETRANS : 0;
        return id;
    }

    /** A new ACK of connection {@code f}: cumulative ack and window right edge, no blocks yet. */
    public int ack(int f, int ackSeg, int edgeSeg, boolean windowUpdate) {
        int id = alloc(f, ACK);
        ack[id] = ackSeg;
        edge[id] = edgeSeg;
        flags[id] = windowUpdate ? F_WINDOW_UPDATE : 0;
        return id;
    }

    private int alloc(int f, byte k) {
        int id;
        if (freeCount > 0) {
            id = freeIds[--freeCount];
        } else {
            if (used == flow.length) {
                grow();
            }
            id = used++;
        }
        flow[id] = f;
        kind[id] = k;
        blocks[id] = 0;
        dsackLo[id] = -1;
        dsackHi[id] = -1;
        live++;
        return id;
    }

    private void grow() {
        int n = flow.length * 2;
        flow = Arrays.copyOf(flow, n);
        kind = Arrays.copyOf(kind, n);
        flags = Arrays.copyOf(flags, n);
        seq = Arrays.copyOf(seq, n);
        ack = Arrays.copyOf(ack, n);
        edge = Arrays.copyOf(edge, n);
        dsackLo = Arrays.copyOf(dsackLo, n);
        dsackHi = Arrays.copyOf(dsackHi, n);
        blocks = Arrays.copyOf(blocks, n);
        sack = Arrays.copyOf(sack, n * 2 * MAX_BLOCKS);
        freeIds = Arrays.copyOf(freeIds, n);
    }

    public void free(int id) {
        freeIds[freeCount++] = id;
        live--;
    }

    /** Packets allocated and not freed (a leak check for tests). */
    public int live() {
        return live;
    }

    public int flow(int id) {
        return flow[id];
    }

    public boolean isData(int id) {
        return kind[id] == DATA;
    }

    public boolean isRetransmission(int id) {
        return (flags[id] & F_RETRANS) != 0;
    }

    public boolean isWindowUpdate(int id) {
        return (flags[id] & F_WINDOW_UPDATE) != 0;
    }

    public int seq(int id) {
        return seq[id];
    }

    public int ackSeg(int id) {
        return ack[id];
    }

    public int edge(int id) {
        return edge[id];
    }

    /** Sets the D-SACK block [lo, hi) (segments); it takes the first of the blocks. */
    public void dsack(int id, int lo, int hi) {
        dsackLo[id] = lo;
        dsackHi[id] = hi;
    }

    public boolean hasDsack(int id) {
        return dsackLo[id] >= 0;
    }

    public int dsackLo(int id) {
        return dsackLo[id];
    }

    public int dsackHi(int id) {
        return dsackHi[id];
    }

    /** SACK blocks that still fit (the D-SACK block counts against {@value #MAX_BLOCKS}). */
    public int blockRoom(int id) {
        return MAX_BLOCKS - blocks[id] - (hasDsack(id) ? 1 : 0);
    }

    public void addSack(int id, int lo, int hi) {
        if (blockRoom(id) <= 0) {
            throw new IllegalStateException("no room for another SACK block");
        }
        int b = blocks[id]++;
        sack[id * 2 * MAX_BLOCKS + 2 * b] = lo;
        sack[id * 2 * MAX_BLOCKS + 2 * b + 1] = hi;
    }

    public int sackBlocks(int id) {
        return blocks[id];
    }

    public int sackLo(int id, int b) {
        return sack[id * 2 * MAX_BLOCKS + 2 * b];
    }

    public int sackHi(int id, int b) {
        return sack[id * 2 * MAX_BLOCKS + 2 * b + 1];
    }
}
