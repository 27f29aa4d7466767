package org.schedlab.ui.lab;

import org.schedlab.ui.BackgroundTaskExecutor;

/**
 * Runs the lab's simulations on daemon threads, one per task: A, B, the live run and a sweep's
 * coordinator may all be in flight, and a cancelled run unwinds (within the engine's 50 ms
 * check) while its replacement already starts. The sweep's own runs use its thread pool. A pool
 * of its own, apart from the loads', so a load stuck on a dead mount never delays a run.
 */
public final class LabTaskExecutor extends BackgroundTaskExecutor {
    public LabTaskExecutor() {
        super("schedlab-lab-");
    }
}
