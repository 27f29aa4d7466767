/**
 * Metrics computed from any Dataset (or, where a tool's exact figures are wanted, from the
 * scheduler events of a recording) and from run summaries, independent of where they came
 * from: perf sched latency tables, run-queue latency per comm group, lock statistics, A/B
 * comparison rows, and the plain-text tables for mails (one formatter, {@link
 * org.schedlab.analysis.PlainText}: 72 columns, ratios as x1.94 / 0.51x). Nothing here uses JavaFX.
 */
package org.schedlab.analysis;
