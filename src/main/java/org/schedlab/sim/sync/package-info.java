/**
 * Locks: user-space and kernel locks as spin targets and sleepers over the kernel's step API -
 * PostgreSQL's {@code s_lock} exactly as {@code s_lock.c} implements it (TAS, spin delay,
 * randomized exponential sleeps, adaptive spins_per_delay), a futex-based mutex, the kernel's
 * rwsem with and without reader optimistic spinning ({@link org.schedlab.sim.sync.Rwsem}) - and
 * {@link org.schedlab.sim.sync.LockStats}, which every lock uses for its statistics,
 * holder-preemption accounting and timeline lanes. Spinning is simulated as intervals, never
 * one event per spin iteration.
 */
package org.schedlab.sim.sync;
