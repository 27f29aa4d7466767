package org.schedlab.io.read;

import java.util.Arrays;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.model.StableOrder;

/**
 * The complete and begin/end spans of one Chrome thread, columnar, with the args SchedLab's
 * own export puts on them (task tid/pid/comm, state; "" where an event has none). Events come
 * in any order, so the spans are sorted by start before they become lanes.
 */
final class ChromeSpans {
    long[] start = new long[8];
    long[] end = new long[8];
    int[] argTid = new int[8];
    int[] argPid = new int[8];
    /** The {@code thread} arg of SchedLab's export (a task of a reused tid), else -1. */
    int[] argThread = new int[8];
    String[] comm = new String[8];
    String[] label = new String[8];
    String[] state = new String[8];
    int n;
    /** Open "B" events' start times, innermost last. */
    long[] open = new long[8];
    int depth;

    void add(long s, long e, ChromeEvent ev) {
        if (n == start.length) {
            int cap = n * 2;
            start = Arrays.copyOf(start, cap);
            end = Arrays.copyOf(end, cap);
            argTid = Arrays.copyOf(argTid, cap);
            argPid = Arrays.copyOf(argPid, cap);
            argThread = Arrays.copyOf(argThread, cap);
            comm = Arrays.copyOf(comm, cap);
            label = Arrays.copyOf(label, cap);
            state = Arrays.copyOf(state, cap);
        }
        start[n] = s;
        end[n] = e;
        argTid[n] = Math.max(-1, ev.intArg("tid", -1));
        argPid[n] = ev.intArg("pid", RecordingSink.UNKNOWN_PID);
        argThread[n] = ev.intArg(ChromeTraceWriter.THREAD_ARG, -1);
        comm[n] = ev.str("comm").orElse("");
        label[n] = ev.name;
        state[n] = ev.str("state").orElse("");
        n++;
    }

    void begin(long t) {
        if (depth == open.length) {
            open = Arrays.copyOf(open, depth * 2);
        }
        open[depth++] = t;
    }

    void sortByStart() {
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) {
            sorted = start[i - 1] <= start[i];
        }
        if (sorted) {
            return;
        }
        int[] order = StableOrder.byKey(start, n); // stable: equal starts keep the file's order
        long[] st = new long[n];
        long[] en = new long[n];
        int[] at = new int[n];
        int[] ap = new int[n];
        int[] ath = new int[n];
        String[] co = new String[n];
        String[] la = new String[n];
        String[] ss = new String[n];
        for (int i = 0; i < n; i++) {
            int o = order[i];
            st[i] = start[o];
            en[i] = end[o];
            at[i] = argTid[o];
            ap[i] = argPid[o];
            ath[i] = argThread[o];
            co[i] = comm[o];
            la[i] = label[o];
            ss[i] = state[o];
        }
        start = st;
        end = en;
        argTid = at;
        argPid = ap;
        argThread = ath;
        comm = co;
        label = la;
        state = ss;
    }
}
