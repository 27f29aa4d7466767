package org.schedlab.sim;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.summary.RunSummary;

class SmokeTest {
    @Test
    void prints() throws Exception {
        for (String m : new String[] {"none", "voluntary", "full", "lazy"}) {
            for (String b : new String[] {"fair", "fifo"}) {
                RunSummary s = Simulation.run(TestScenarios.kernelSection(), Map.of("preemption", m, "bClass", b,
                        "durationMs", "2000"), Simulation.Options.summaryOnly(), () -> false).summary();
                System.out.println(m + " " + b + " B=" + s.runqlatUs().get("B") + " events=" + s.events()
                        + " cpu=" + s.cpu() + " tp=" + s.throughput());
            }
        }
        RunSummary s = Simulation.run(TestScenarios.fairShare(), Map.of(), Simulation.Options.summaryOnly(),
                () -> false).summary();
        System.out.println(s.comms() + " " + s.preemptions());
    }
}
