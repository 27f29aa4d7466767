/**
 * Locks: user-space and kernel locks as spin targets and sleepers over the kernel's step API,
 * and {@link org.schedlab.sim.sync.LockStats}, which every lock uses for its statistics,
 * holder-preemption accounting and timeline lanes.
 */
package org.schedlab.sim.sync;
