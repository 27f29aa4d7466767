/**
 * Case A of the seeds: PostgreSQL 17 pgbench simple-update with backends and pgbench threads
 * on one machine - buffer pool (freelist order, residency while filling), the shared-memory
 * regions each access touches, buffer_strategy_lock around the freelist pop, WAL group commit,
 * and the client round trips that drive wake-ups.
 */
package org.schedlab.sim.workload.pgbench;
