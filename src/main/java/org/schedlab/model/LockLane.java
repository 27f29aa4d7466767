package org.schedlab.model;

/**
 * One lock's ownership: who held it ({@code holds}, task per segment; code = how the hold was
 * taken, {@link #HOLD_READ} or {@link #HOLD_WRITE} where the source says, else
 * {@link #HOLD_NOT_RECORDED}) and who waited for it ({@code waits}, task per segment, code =
 * {@link WaitMode}). A {@code shared} lock (an rwsem taken for read) may have overlapping holds;
 * an exclusive one may not.
 */
public record LockLane(String name, String kind, boolean shared, Intervals holds, Intervals waits) {
    /** A hold whose source did not say whether it was taken for read or for write. */
    public static final byte HOLD_NOT_RECORDED = 0;
    /** A shared hold of an rwsem: a reader's. */
    public static final byte HOLD_READ = 1;
    /** An exclusive hold of an rwsem: a writer's. */
    public static final byte HOLD_WRITE = 2;

    /** How hold {@code i} was taken: {@link #HOLD_READ}, {@link #HOLD_WRITE} or {@link #HOLD_NOT_RECORDED}. */
    public byte holdMode(int i) {
        return holds.code(i);
    }

    public WaitMode waitMode(int i) {
        return WaitMode.ofCode(waits.code(i));
    }
}
