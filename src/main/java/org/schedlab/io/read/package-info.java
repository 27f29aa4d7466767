/**
 * Readers of real recordings: content detection ({@link org.schedlab.io.read.ContentSniffer},
 * plain or gzip), the {@link org.schedlab.io.read.RecordingReader} contract, the streaming
 * line-reader base that accounts for every line it does not understand, and one reader per
 * tool's output (perf, ftrace, trace-cmd, timehist, runqlat, pgbench, YCSB, nstat, perf lock,
 * Wireshark, Chrome trace). {@link org.schedlab.io.read.Importer} puts several files into one
 * Dataset. Nothing here uses JavaFX.
 */
package org.schedlab.io.read;
