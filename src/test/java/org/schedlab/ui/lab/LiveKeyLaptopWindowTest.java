package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.LegendEntry;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A teacher's Live run tab in a 1280 x 720 window: teach-fair-share's two task lanes are green and
 * amber, and the Key row, about 350 px there, keyed all four task states: "kernel strip,
 * preemption, running, +3 more", the amber of a task waiting for the CPU (the point of the
 * scenario) unexplained, sleeping and blocked keyed though no lane showed them. The key names the
 * task states the lanes in view show.
 */
@ExtendWith(ApplicationExtension.class)
class LiveKeyLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void theKeyNamesTheTaskStatesTheLanesShow() throws Exception {
        org.schedlab.sim.scenario.Scenario fairShare = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> {
            window.lab.openLive(fairShare, Map.of());
            window.ui.showLive();
        });
        TimelineView view = FxWait.onFx(() -> lookup("#live-timeline").queryAs(TimelineView.class));
        FxWait.untilOnFx("the run's task lanes painted", 60, () -> view.lastFrame().map(f -> f.keys().stream()
                .anyMatch(k -> k.label().equals("running"))).orElse(false) && !view.lastFrameStale());
        List<String> states = FxWait.onFx(() -> view.lastFrame().get().keys().stream().map(LegendEntry::label)
                .filter(l -> List.of("running", "runnable", "sleeping", "blocked").contains(l)).toList());
        assertEquals(List.of("running", "runnable"), states, "the task states keyed");
    }
}
