package org.schedlab.sim.kernel;

import java.util.List;
import java.util.function.Consumer;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;
import org.schedlab.sim.engine.Engine;
import org.schedlab.sim.engine.RandomStreams;
import org.schedlab.sim.record.CheckingRecorder;

/** A kernel with a checking recorder over the whole run, for rule tests. */
final class Harness {
    final Engine engine = new Engine();
    final Kernel kernel;
    final CheckingRecorder rec;
    private boolean started;

    Harness(MachineConfig cfg, long recordNs) {
        rec = new CheckingRecorder(Metadata.of("test", "simulation"), cfg.cpus(), 0, recordNs, 256);
        kernel = new Kernel(engine, cfg, new RandomStreams(7), rec);
    }

    Task spawn(TaskSpec spec, Program p) {
        return kernel.createTask(spec, p);
    }

    void runUntil(long ns) {
        if (!started) {
            kernel.start(0);
            started = true;
        }
        engine.runUntil(ns, () -> false);
    }

    Dataset finish() {
        kernel.finish();
        return rec.dataset().orElseThrow();
    }

    static final long US = 1_000;
    static final long MS = 1_000_000;

    /** A program that cycles through its steps forever. */
    @SafeVarargs
    static Program loop(Consumer<TaskContext>... steps) {
        List<Consumer<TaskContext>> list = List.of(steps);
        return new Program() {
            private int i;

            @Override
            public void step(TaskContext ctx) {
                list.get(i).accept(ctx);
                i = (i + 1) % list.size();
            }
        };
    }
}
