package org.schedlab.sim.engine;

/**
 * Receives the events it scheduled. Events carry two ints and a long instead of an object, so
 * the hot path allocates nothing; the handler decides what {@code kind}, {@code target} and
 * {@code data} mean (typically an event type, a CPU or task id, and a generation number that
 * lets the handler drop events made stale by later decisions).
 */
@FunctionalInterface
public interface EventHandler {
    void onEvent(long nowNs, int kind, int target, long data);
}
