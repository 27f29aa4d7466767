package org.schedlab.sim.mem;

import java.util.Locale;
import java.util.Optional;

/**
 * Page size of a shared-memory mapping (PostgreSQL {@code huge_pages=off} gives 4k,
 * {@code huge_pages=on} gives hugetlb 2 MB pages).
 */
public enum PageSize {
    K4("4k", 4096L),
    M2("2m", 2L * 1024 * 1024);

    private final String key;
    private final long bytes;

    PageSize(String key, long bytes) {
        this.key = key;
        this.bytes = bytes;
    }

    /** The value as written in parameters: {@code 4k} or {@code 2m}. */
    public String key() {
        return key;
    }

    public long bytes() {
        return bytes;
    }

    /**
     * Whether processes mapping the same shared memory share page tables. hugetlb mappings of
     * at least 1 GB share PMD tables between processes (ARCH_WANT_HUGE_PMD_SHARE, selected on
     * x86 and on arm64 with 4k base pages), so a 2 MB page faulted in by one backend is mapped
     * for all; 4k shmem pages get one PTE per process, so every backend faults each page in.
     */
    public boolean sharedPageTables() {
        return this == M2;
    }

    public static Optional<PageSize> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (PageSize p : values()) {
            if (p.key.equals(t)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
