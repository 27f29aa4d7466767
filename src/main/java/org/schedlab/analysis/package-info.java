/**
 * Metrics computed from any Dataset (or, where a tool's exact figures are wanted, from the
 * scheduler events of a recording): perf sched latency tables, run-queue latency per comm
 * group, lock statistics. Nothing here uses JavaFX.
 */
package org.schedlab.analysis;
