/**
 * Parameter sweeps: a plan (one or more parameters, each over a list of values, several seeds
 * per point) and a runner that spreads the independent runs over a thread pool and hands each
 * finished run to a listener as it completes, so results can stream into a table or a plot.
 */
package org.schedlab.sim.sweep;
