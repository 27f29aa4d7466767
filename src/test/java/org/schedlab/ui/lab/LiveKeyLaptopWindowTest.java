package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import javafx.scene.control.Label;
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

    /**
     * teach-kernel-section under lazy, where the scheduler tick is the lesson: the Key row had room
     * for "kernel strip, preemption, running" and folded the tick's entry into "+3 more", and a
     * caret under the pointer said nothing. The key keeps the marks the window draws, the tick's
     * among them, and a caret's hover names its tick and the preemption it found.
     */
    @Test
    void theTickIsKeyedAndItsCaretsSayWhichTickTheyAre() throws Exception {
        org.schedlab.sim.scenario.Scenario section = ScenarioCatalog.builtIn("teach-kernel-section");
        interact(() -> {
            window.lab.openLive(section, Map.of("preemption", "lazy"));
            window.ui.showLive();
        });
        TimelineView view = FxWait.onFx(() -> lookup("#live-timeline").queryAs(TimelineView.class));
        String tick = "scheduler tick (HZ=250)";
        FxWait.untilOnFx("the lazy run's ticks painted", 60, () -> view.lastFrame().map(f -> f.keys().stream()
                .anyMatch(k -> k.label().equals(tick)) && f.keys().size() > f.keysDrawn().size()).orElse(false)
                && !view.lastFrameStale());
        List<String> drawn = FxWait.onFx(() -> view.lastFrame().get().keysDrawn().stream().map(LegendEntry::label)
                .toList());
        assertEquals(true, drawn.contains(tick) && drawn.contains("preemption"), "the key row drew " + drawn);

        // a tick in view at which the run marked a preemption, and the pointer on its caret
        org.schedlab.model.Dataset d = FxWait.onFx(() -> window.lab.live().timeline().dataset());
        org.schedlab.render.TimelineLayout layout = FxWait.onFx(view::currentLayout);
        long period = org.schedlab.model.SchedulerTick.periodNs(250);
        org.schedlab.model.Marks m = d.marks();
        long at = -1;
        for (int i = m.firstAtOrAfter(layout.viewport().startNs() + 1); i < m.size() && at < 0
                && m.tNs(i) < layout.viewport().endNs(); i++) {
            if (m.kind(i) == org.schedlab.model.MarkKind.PREEMPTION && m.tNs(i) % period == 0) {
                at = m.tNs(i);
            }
        }
        long t = at;
        org.junit.jupiter.api.Assertions.assertTrue(t > 0, "a preemption at a tick in view");
        javafx.geometry.Point2D p = FxWait.onFx(() -> view.localToScreen(Math.floor(layout.xOf(t)) + 1,
                layout.lanesTopPx() - 4));
        moveTo(p);
        String expected = "scheduler tick at +" + org.schedlab.render.TimeFormat.offset(t - d.startNs())
                + " (HZ=250, every CPU)\npreemption of A[2001] on CPU 0 found at this tick";
        FxWait.untilOnFx("the caret's readout", 60,
                () -> window.lab.live().timeline().hoverTextProperty().get().equals(expected));
        Label hover = FxWait.onFx(() -> (Label) view.lookup("#timeline-hover"));
        assertEquals(true, FxWait.onFx(hover::isVisible), "the readout is shown");
    }
}
