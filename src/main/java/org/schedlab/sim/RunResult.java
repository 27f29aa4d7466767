package org.schedlab.sim;

import java.util.Optional;
import org.schedlab.model.Dataset;
import org.schedlab.sim.summary.RunSummary;

/** What a run produced: its summary and, when a record window was asked for, the Dataset. */
public record RunResult(RunSummary summary, Optional<Dataset> dataset) {
}
