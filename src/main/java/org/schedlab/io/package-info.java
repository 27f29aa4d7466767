/**
 * Reading and writing datasets: SchedLab's own dataset JSON ({@link org.schedlab.io.DatasetJson},
 * streamed so millions of slices never become a tree), CSV export through Tablesaw, and (later)
 * readers for recordings. Bad input surfaces as a checked {@link org.schedlab.io.DatasetFormatException}
 * that names file, line and column. Nothing here uses JavaFX.
 */
package org.schedlab.io;
