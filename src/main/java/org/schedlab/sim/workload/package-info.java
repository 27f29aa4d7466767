/**
 * Workloads: the programs a scenario runs, plugged in by name through ServiceLoader. The
 * textbook ones live in {@code teach}; PostgreSQL's in {@code pgbench}.
 */
package org.schedlab.sim.workload;
