/**
 * Scenarios and parameters: the scenario file format (every value with unit, range and
 * source), loading with file:line:column errors, validation of overrides, built-ins on the
 * classpath, and the core machine parameters.
 */
package org.schedlab.sim.scenario;
