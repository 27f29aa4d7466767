/**
 * Recording a simulated run into the columnar Dataset, and a checking recorder that asserts
 * the model's invariants while it records (used by tests).
 */
package org.schedlab.sim.record;
