package org.schedlab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** Used heap after the garbage collector has nothing left to free: the memory tools' one reading. */
final class SettledHeap {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private SettledHeap() {
    }

    /** Bytes of used heap after full GCs repeated until the figure stops falling (at most eight). */
    static long usedBytes() {
        long used = Long.MAX_VALUE;
        // several full GCs until the number stops falling: finalizers and soft refs settle
        for (int i = 0; i < 8; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = MEMORY.getHeapMemoryUsage().getUsed();
            if (now >= used && i >= 2) {
                return Math.min(used, now);
            }
            used = Math.min(used, now);
        }
        return used;
    }
}
