/**
 * Metrics computed from datasets and run summaries, independent of where they came from:
 * A/B comparison rows and their plain-text table.
 */
package org.schedlab.analysis;
