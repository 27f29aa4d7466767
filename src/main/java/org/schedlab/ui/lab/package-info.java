/**
 * The simulator lab of the workbench: the parameter panel generated from a scenario's parameter
 * metadata, the live run (debounced, cancellable reruns that swap in keeping the time window),
 * A/B comparison of two parameter sets or two datasets with synchronized timelines and the
 * delta table of CLI {@code compare}, and parameter sweeps streaming into a plot. View models
 * here own the state and talk to the simulator through a {@link org.schedlab.ui.TaskExecutor}
 * and a {@link org.schedlab.ui.lab.DelayScheduler}, so tests run them on one thread with a
 * fake clock.
 */
package org.schedlab.ui.lab;
