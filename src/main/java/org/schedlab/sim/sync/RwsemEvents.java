package org.schedlab.sim.sync;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An rwsem's lock event counts, as CONFIG_LOCK_EVENT_COUNTS counts them
 * (/sys/kernel/debug/lock_event_counts/, kernel/locking/lock_events_list.h), under the names of
 * the kernel the run models: v5.10 as released ({@code readerSpinning=on}) or v5.10 with the 2023
 * backport series ({@code off}), which renamed {@code rwsem_opt_wlock} to {@code rwsem_opt_lock},
 * dropped the reader spinning counters and added {@code rwsem_rlock_steal}. The failed-lock
 * counters ({@code rwsem_rlock_fail}, {@code rwsem_wlock_fail}) count signals, which the model
 * has none of, and are left out.
 *
 * <p>Also the lock's <em>read phases</em>: stretches in which readers own it, from the first
 * reader in to the last one out. Readers per phase is the reader parallelism that "reader
 * fragmentation" (617f3ef95177's rationale) reduces. And where the spinners' CPU went
 * ({@link SpinWhile}). Counting restarts at the end of warm-up with the lock's other statistics.
 */
public final class RwsemEvents {
    /** The counted events, in lock_events_list.h order. */
    public enum Event {
        SLEEP_READER("rwsem_sleep_reader", "rwsem_sleep_reader"),
        SLEEP_WRITER("rwsem_sleep_writer", "rwsem_sleep_writer"),
        WAKE_READER("rwsem_wake_reader", "rwsem_wake_reader"),
        WAKE_WRITER("rwsem_wake_writer", "rwsem_wake_writer"),
        OPT_RLOCK("rwsem_opt_rlock", null),
        OPT_WLOCK("rwsem_opt_wlock", "rwsem_opt_lock"),
        OPT_FAIL("rwsem_opt_fail", "rwsem_opt_fail"),
        OPT_NOSPIN("rwsem_opt_nospin", "rwsem_opt_nospin"),
        OPT_NORSPIN("rwsem_opt_norspin", null),
        OPT_RLOCK2("rwsem_opt_rlock2", null),
        RLOCK("rwsem_rlock", "rwsem_rlock"),
        RLOCK_STEAL(null, "rwsem_rlock_steal"),
        RLOCK_FAST("rwsem_rlock_fast", "rwsem_rlock_fast"),
        RLOCK_HANDOFF("rwsem_rlock_handoff", "rwsem_rlock_handoff"),
        WLOCK("rwsem_wlock", "rwsem_wlock"),
        WLOCK_HANDOFF("rwsem_wlock_handoff", "rwsem_wlock_handoff");

        private final String v510;
        private final String series;

        Event(String v510, String series) {
            this.v510 = v510;
            this.series = series;
        }

        /** The counter's name in the modelled kernel, or null when that kernel has no such counter. */
        public String name(boolean readerSpinning) {
            return readerSpinning ? v510 : series;
        }
    }

    /**
     * What the lock was doing while its optimistic spinners burned their CPUs: a writer owned it,
     * readers did (running or still waiting for a CPU after a grant), or nobody did, either with
     * HANDOFF set (the first waiter was woken to take it and has not run yet; v5.10's readers
     * keep spinning on such a lock until NEED_RESCHED) or without (a waker's grant or a
     * spinner's take is on its way).
     */
    public enum SpinWhile {
        WRITER, READERS, HANDOFF, FREE;

        /** The summary's key: the name in lower case. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final Event[] EVENTS = Event.values();
    private static final SpinWhile[] SPIN_WHILE = SpinWhile.values();

    private final boolean readerSpinning;
    private final long[] counts = new long[EVENTS.length];
    private final long[] spinNs = new long[SPIN_WHILE.length];
    /** Brings {@link #spinNs} up to now (the rwsem's accrual). */
    private final Runnable accrue;
    private long readPhases;
    private long readAcquisitions;

    RwsemEvents(boolean readerSpinning, Runnable accrue) {
        this.readerSpinning = readerSpinning;
        this.accrue = accrue;
    }

    void addSpinNs(SpinWhile w, long ns) {
        spinNs[w.ordinal()] += ns;
    }

    /** Spinning CPU time (ns, summed over CPUs) since the last reset, by what the lock was doing. */
    public Map<SpinWhile, Long> spinNs() {
        accrue.run();
        Map<SpinWhile, Long> m = new java.util.EnumMap<>(SpinWhile.class);
        for (SpinWhile w : SPIN_WHILE) {
            m.put(w, spinNs[w.ordinal()]);
        }
        return m;
    }

    void inc(Event e) {
        counts[e.ordinal()]++;
    }

    void add(Event e, long n) {
        counts[e.ordinal()] += n;
    }

    /** A reader got the lock; {@code first}: no reader held it before (a read phase starts). */
    void readerIn(boolean first) {
        readAcquisitions++;
        if (first) {
            readPhases++;
        }
    }

    public long count(Event e) {
        return counts[e.ordinal()];
    }

    /** The counts under the modelled kernel's names, in lock_events_list.h order. */
    public Map<String, Long> byName() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Event e : EVENTS) {
            String name = e.name(readerSpinning);
            if (name != null) {
                m.put(name, counts[e.ordinal()]);
            }
        }
        return m;
    }

    /** Read phases begun since the last reset. */
    public long readPhases() {
        return readPhases;
    }

    /** Read locks taken since the last reset (a downgrade counts as one). */
    public long readAcquisitions() {
        return readAcquisitions;
    }

    void reset() {
        accrue.run(); // what was spun before the reset is not counted
        java.util.Arrays.fill(counts, 0);
        java.util.Arrays.fill(spinNs, 0);
        readPhases = 0;
        readAcquisitions = 0;
    }
}
