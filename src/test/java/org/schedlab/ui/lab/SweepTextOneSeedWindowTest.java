package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The sweep table copied for a mail heads a sweep of one seed per point "x 1 seed", not "x 1 seeds". */
@ExtendWith(ApplicationExtension.class)
class SweepTextOneSeedWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void oneSeedPerPointIsSaidInTheSingular() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 2);
        interact(() -> {
            vm.seedsProperty().set(1);
            assertTrue(vm.start(), vm.problemProperty().get());
        });
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get() && vm.result().isPresent());
        String text = FxWait.onFx(() -> LabViewSources.sweepText(vm.result().orElseThrow()));
        assertTrue(text.startsWith("sweep teach-kernel-section: 2 points x 1 seed ("), text);
    }
}
