/**
 * Sharing from the workbench: export the view on screen (the Dataset tab's timeline, A over B
 * with the delta table, the live run) as PNG or SVG through {@code render}'s figures, export the
 * dataset as Chrome trace JSON or CSV, and copy the summary, the A/B table or the TCP counters as
 * plain text for a mail. Work runs in the background; each tab says what it shows through a
 * {@link org.schedlab.ui.export.ViewSource}.
 */
package org.schedlab.ui.export;
