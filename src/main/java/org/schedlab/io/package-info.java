/**
 * Reading and writing datasets: SchedLab's own dataset JSON ({@link org.schedlab.io.DatasetJson},
 * streamed so millions of slices never become a tree), CSV export through Tablesaw, and Chrome
 * Trace Event JSON for Perfetto ({@link org.schedlab.io.ChromeTraceWriter}). Readers of other
 * tools' recordings live in {@code org.schedlab.io.read}. Bad input surfaces as a checked
 * {@link org.schedlab.io.DatasetFormatException} that names file, line and column. Nothing here
 * uses JavaFX.
 */
package org.schedlab.io;
