/**
 * Locks: PostgreSQL's {@code s_lock} spinlock exactly as {@code s_lock.c} implements it
 * (TAS, spin delay, randomized exponential sleeps, adaptive spins_per_delay), a futex-based
 * mutex, and per-lock statistics (hold and wait distributions, holder preemptions).
 * Spinning is simulated as intervals, never one event per spin iteration.
 */
package org.schedlab.sim.sync;
