package org.schedlab.render;

import java.util.List;

import org.schedlab.model.TaskState;

/**
 * What is under a point of the timeline: a slice, a task state, a lock hold or waiters, a counter
 * value, an operation, a header, or a row's name in the label column.
 */
public sealed interface TrackHit permits SliceHit, TrackHit.TaskStateHit, TrackHit.LockHoldHit,
        TrackHit.LockFreeHit, TrackHit.LockWaitersHit, TrackHit.CounterHit, TrackHit.OperationHit, TrackHit.HeaderHit, TrackHit.LabelHit,
        TrackHit.SchedulerTickHit, TrackHit.WakeUpHit {

    /** One interval of a task's own state lane. */
    record TaskStateHit(int task, int index, TaskState state, long startNs, long endNs) implements TrackHit {
    }

    /**
     * One hold of a lock, with how much of it the holder spent off its CPU and how many held the
     * lock at the pointed instant (more than one: readers of a shared lock; this hold is the
     * longest-standing of theirs, the one its lane shows).
     */
    record LockHoldHit(int lock, int index, int task, long startNs, long endNs, long offCpuNs, int holders)
            implements TrackHit {
        /** One holder: an exclusive lock's. */
        public LockHoldHit(int lock, int index, int task, long startNs, long endNs, long offCpuNs) {
            this(lock, index, task, startNs, endNs, offCpuNs, 1);
        }
    }

    /**
     * A moment nobody held a lock whose holds are recorded (its lane empty there): {@code before},
     * the hold (an index into its holds) that was the last to end before it, and {@code after} the
     * next to begin, each {@link #NONE} where the recording has none.
     */
    record LockFreeHit(int lock, long tNs, int before, int after) implements TrackHit {
        public static final int NONE = -1;
    }

    /** How many tasks waited for a lock at one moment. */
    record LockWaitersHit(int lock, long tNs, int spinning, int sleeping) implements TrackHit {
    }

    /**
     * A counter's value at one moment (the last sample at or before it; NaN in a gap: no value
     * there). Before the series' first sample there is none: {@code sampleNs} is
     * {@link #BEFORE_FIRST_SAMPLE} and the value NaN.
     */
    record CounterHit(int counter, long tNs, long sampleNs, double value) implements TrackHit {
        public static final long BEFORE_FIRST_SAMPLE = Long.MIN_VALUE;
    }

    /**
     * One operation of kind {@code operation} (an index into the dataset's operations): the
     * {@code index}th to end, from {@code startNs} (its end less its latency) to {@code endNs}.
     */
    record OperationHit(int operation, int index, long startNs, long endNs, long latencyNs) implements TrackHit {
    }

    /**
     * A simulated run's scheduler tick, its caret on the time axis ({@link SchedulerTicks}): at
     * {@code tNs}, {@code hz} ticks a second, every CPU at once. {@code preemptions} are the
     * preemption marks (indices into the dataset's marks) at its very instant: those drawn right
     * under the caret, which the tick found. Pointing at it selects nothing.
     */
    record SchedulerTickHit(long tNs, int hz, List<Integer> preemptions) implements TrackHit {
        public SchedulerTickHit {
            preemptions = List.copyOf(preemptions);
        }
    }

    /**
     * A wake-up's tick on a CPU lane of a recording of wake-ups without switches (drawn only there):
     * {@code marks} are the wake-up marks (indices into the dataset's marks) the tick under the
     * pointer stands for, nearest first - several fall in one pixel when zoomed out. Pointing at
     * it selects nothing.
     */
    record WakeUpHit(int cpu, List<Integer> marks) implements TrackHit {
        public WakeUpHit {
            marks = List.copyOf(marks);
            if (marks.isEmpty()) {
                throw new IllegalArgumentException("a wake-up hit stands for at least one wake-up");
            }
        }
    }

    /** A group header: clicking it collapses or expands the group. */
    record HeaderHit(TrackGroup group) implements TrackHit {
    }

    /**
     * A row's name in the label column, whole ({@code text}: a counter's with its range), for the
     * names the column cuts or wraps. Pointing at it selects nothing.
     */
    record LabelHit(TrackKind kind, int ref, String text) implements TrackHit {
    }
}
