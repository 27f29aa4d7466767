package org.schedlab.ui.lab;

import org.schedlab.model.Dataset;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;

/**
 * A run's monitor that forwards everything to the lab's own and runs {@code after} right after the
 * recorded window is handed over: where a test acts as a user would once the timeline is shown
 * (or holds the run there, so the summary and its table stay pending).
 */
final class RecordedHook implements Simulation.Monitor {
    private final Simulation.Monitor to;
    private final Runnable before;
    private final Runnable after;

    RecordedHook(Simulation.Monitor to, Runnable before, Runnable after) {
        this.to = to;
        this.before = before;
        this.after = after;
    }

    @Override
    public boolean isCancelled() {
        return to.isCancelled();
    }

    @Override
    public void simulated(long nowNs, long endNs) {
        to.simulated(nowNs, endNs);
    }

    @Override
    public void recorded(Dataset dataset, RunResult.Timings timings) {
        before.run();
        to.recorded(dataset, timings);
        after.run();
    }
}
