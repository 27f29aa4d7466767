/**
 * The discrete-event engine: long-nanosecond clock, a primitive 4-ary event heap ordered by
 * (time, per-simulation sequence), and seeded per-entity random streams. Knows nothing of CPUs.
 */
package org.schedlab.sim.engine;
