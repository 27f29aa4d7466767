/**
 * The embedded preemption-model simulator: {@link org.schedlab.sim.Simulation} runs a scenario
 * with overrides and a seed and returns a summary and, optionally, a recorded Dataset.
 */
package org.schedlab.sim;
