package org.schedlab.sim.workload.pgbench;

/**
 * Relation and shared-memory sizes of a pgbench database, derived from the scale factor and
 * {@code shared_buffers} the way PostgreSQL lays them out.
 *
 * <ul>
 *   <li>pgbench_accounts: 100,000 rows per scale unit. A row is 121 bytes (24-byte header,
 *       three int4, char(84) with a 1-byte varlena header), 128 after MAXALIGN, plus a
 *       4-byte line pointer: 132 bytes. With {@code fillfactor=90} a page takes
 *       floor(8168 * 0.9 / 132) = 55 rows (61 at fillfactor 100, which matches the 1640
 *       pages per scale unit pgbench is known to create).</li>
 *   <li>pgbench_accounts_pkey: a 16-byte index tuple plus a 4-byte line pointer, leaves
 *       built 90% full: floor(8152 * 0.9 / 20) = 366 keys per leaf.</li>
 *   <li>pgbench_history: 24-byte header + tid, bid, aid, delta, mtime, char(22) = 71 bytes,
 *       72 aligned, 76 with the line pointer: 107 rows per 8 kB page.</li>
 *   <li>Buffer pool: {@code NBuffers = shared_buffers / 8 kB}; a descriptor is 64 bytes
 *       (BufferDescPadded); the buffer-mapping hash has a power-of-two bucket array of
 *       8-byte pointers and one 40-byte element (16-byte HASHELEMENT + BufferLookupEnt)
 *       per buffer.</li>
 * </ul>
 */
public record PgbenchSizing(long heapPages, long leafPages, long nBuffers, int historyRowsPerPage) {
    public static final int BLCKSZ = 8192;
    public static final int DESCRIPTOR_BYTES = 64;
    public static final int HASH_ELEMENT_BYTES = 40;
    public static final int HASH_BUCKET_BYTES = 8;
    static final int ACCOUNT_ROWS_PER_SCALE = 100_000;
    static final int PAGE_HEADER = 24;
    static final int BTREE_SPECIAL = 16;

    public static PgbenchSizing of(int scale, int fillfactorPct, double sharedBuffersGb) {
        if (scale < 1) {
            throw new IllegalArgumentException("scale must be >= 1, was " + scale);
        }
        if (fillfactorPct < 10 || fillfactorPct > 100) {
            throw new IllegalArgumentException("fillfactor must be in 10..100, was " + fillfactorPct);
        }
        long rows = (long) scale * ACCOUNT_ROWS_PER_SCALE;
        int rowsPerPage = (int) ((BLCKSZ - PAGE_HEADER) * (fillfactorPct / 100.0) / 132);
        int keysPerLeaf = (int) ((BLCKSZ - PAGE_HEADER - BTREE_SPECIAL) * 0.9 / 20);
        long nBuffers = (long) (sharedBuffersGb * 1024 * 1024 * 1024 / BLCKSZ);
        if (nBuffers < 16) {
            throw new IllegalArgumentException("shared_buffers must hold at least 16 buffers");
        }
        int historyRowsPerPage = (BLCKSZ - PAGE_HEADER) / 76;
        return new PgbenchSizing(ceilDiv(rows, rowsPerPage), ceilDiv(rows, keysPerLeaf), nBuffers, historyRowsPerPage);
    }

    public long descriptorBytes() {
        return nBuffers * DESCRIPTOR_BYTES;
    }

    public long blockBytes() {
        return nBuffers * BLCKSZ;
    }

    public long hashElements() {
        return nBuffers + 128; // NBuffers + NUM_BUFFER_PARTITIONS
    }

    public long hashBuckets() {
        return Long.highestOneBit(hashElements() - 1) << 1;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
