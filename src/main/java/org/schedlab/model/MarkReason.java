package org.schedlab.model;

/**
 * Why a mark happened, as the simulator decided it: what asked for the reschedule
 * ({@link ReschedCause}), where it was acted on ({@link PreemptPoint}), and how the request
 * travelled: as NEED_RESCHED_LAZY ({@code lazy}), upgraded to NEED_RESCHED at a tick
 * ({@code upgradedAtTick}), or sent to another CPU with a reschedule IPI ({@code ipi}).
 * Stored in {@link Marks} as one int ({@link #code()}): 0 means nothing was recorded.
 */
public record MarkReason(ReschedCause cause, PreemptPoint point, boolean lazy, boolean upgradedAtTick,
                         boolean ipi) {
    /** No reason recorded (imported recordings, older files). */
    public static final MarkReason UNKNOWN = new MarkReason(ReschedCause.UNKNOWN, PreemptPoint.UNKNOWN,
            false, false, false);

    private static final int LAZY = 1 << 16;
    private static final int UPGRADED = 1 << 17;
    private static final int IPI = 1 << 18;

    public MarkReason {
        java.util.Objects.requireNonNull(cause, "cause");
        java.util.Objects.requireNonNull(point, "point");
    }

    /** The packed form: point in bits 0-7, cause in 8-15, flags from bit 16. */
    public int code() {
        return code(cause, point, lazy, upgradedAtTick, ipi);
    }

    /** Packs without making an object (the simulator records one per switch). */
    public static int code(ReschedCause cause, PreemptPoint point, boolean lazy, boolean upgradedAtTick,
                           boolean ipi) {
        return point.code() | cause.code() << 8 | (lazy ? LAZY : 0) | (upgradedAtTick ? UPGRADED : 0)
                | (ipi ? IPI : 0);
    }

    public static MarkReason ofCode(int code) {
        if (code == 0) {
            return UNKNOWN;
        }
        return new MarkReason(ReschedCause.ofCode((code >>> 8) & 0xff), PreemptPoint.ofCode(code & 0xff),
                (code & LAZY) != 0, (code & UPGRADED) != 0, (code & IPI) != 0);
    }

    public boolean known() {
        return cause != ReschedCause.UNKNOWN || point != PreemptPoint.UNKNOWN;
    }
}
