package org.schedlab.model;

/**
 * One lock's ownership: who held it ({@code holds}, task per segment; code unused = 0) and who
 * waited for it ({@code waits}, task per segment, code = {@link WaitMode}). A {@code shared}
 * lock (an rwsem taken for read) may have overlapping holds; an exclusive one may not.
 */
public record LockLane(String name, String kind, boolean shared, Intervals holds, Intervals waits) {
    public WaitMode waitMode(int i) {
        return WaitMode.ofCode(waits.code(i));
    }
}
