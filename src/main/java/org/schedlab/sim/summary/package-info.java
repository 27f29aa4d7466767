/**
 * The run summary of SIMULATOR.md (JSON field names are a contract), how it is built from the
 * kernel's statistics, and its plain-text rendering.
 */
package org.schedlab.sim.summary;
