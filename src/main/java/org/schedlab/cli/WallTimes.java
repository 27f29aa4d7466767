package org.schedlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;

/** Wall times of repeated runs of one piece of work, for {@code bench}: min and median. */
record WallTimes(long[] sortedNs) {
    /** One of bench's workloads; may throw what the command would report. */
    @FunctionalInterface
    interface Work {
        void run() throws Exception;
    }

    /** Runs {@code work} once to warm the JIT up, then {@code runs} times on the clock. */
    static WallTimes measure(int runs, Work work) throws Exception {
        work.run();
        long[] ns = new long[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            work.run();
            ns[i] = System.nanoTime() - t0;
        }
        Arrays.sort(ns);
        return new WallTimes(ns);
    }

    double minMs() {
        return sortedNs[0] / 1e6;
    }

    double medianMs() {
        return sortedNs[sortedNs.length / 2] / 1e6;
    }

    /** {"min": .., "median": ..} in ms, to 0.1 ms. */
    void put(ObjectNode o) {
        o.put("min", round(minMs())).put("median", round(medianMs()));
    }

    static double round(double ms) {
        return Math.round(ms * 10) / 10.0;
    }
}
