package org.schedlab.sim.net;

import java.util.LinkedHashMap;
import java.util.Map;
import org.schedlab.sim.record.Recorder;

/**
 * The run's {@link TcpCounter} totals: monotonic from the start, reported from the end of
 * warm-up ({@link #startMeasuring} takes a baseline) and drawn as counter tracks (events per
 * second) in the recorded window.
 */
public final class TcpCounters {
    private static final TcpCounter[] ALL = TcpCounter.values();

    private final long[] total = new long[ALL.length];
    private final long[] baseline = new long[ALL.length];
    private final int[] track = new int[ALL.length];
    private final Recorder rec;

    public TcpCounters(Recorder rec) {
        this.rec = rec;
        for (TcpCounter c : ALL) {
            track[c.ordinal()] = c.isTrack() ? rec.eventTrack(c.trackName(), "1/s") : -1;
        }
    }

    public void inc(TcpCounter c, long nowNs) {
        add(c, nowNs, 1);
    }

    public void add(TcpCounter c, long nowNs, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("counters only grow: " + c + " += " + n);
        }
        total[c.ordinal()] += n;
        int t = track[c.ordinal()];
        if (t >= 0) {
            rec.countEvent(t, nowNs, n);
        }
    }

    /** Since the start of the run (warm-up included). */
    public long total(TcpCounter c) {
        return total[c.ordinal()];
    }

    /** Since the end of warm-up. */
    public long measured(TcpCounter c) {
        return total[c.ordinal()] - baseline[c.ordinal()];
    }

    public void startMeasuring() {
        System.arraycopy(total, 0, baseline, 0, total.length);
    }

    /** The summary's {@code tcp} object: every counter by key, measured after warm-up. */
    public Map<String, Long> summary() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (TcpCounter c : ALL) {
            out.put(c.key(), measured(c));
        }
        return out;
    }
}
