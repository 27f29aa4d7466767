package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Case B on arm64, reader spinning on (A) against off (B), in a 1280 x 720 window: each side's
 * header names only what tells A from B ("readerSpinning=on"), so with arm64 picked on both
 * sides nothing on the A/B tab said the runs were arm64's - the screen read as the x86
 * comparison, unlike 'schedlab compare''s "set arch=arm64". The bar above the runs says
 * "both: arch=arm64", whole, and drops it once the sides no longer share it.
 */
@ExtendWith(ApplicationExtension.class)
class AbBothChangedLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private String shownBoth() {
        return FxWait.onFx(() -> {
            Label both = lookup("#ab-both").queryAs(Label.class);
            return both.getParent().isVisible() && both.getParent().isManaged() ? ShownText.of(both) : "(not shown)";
        });
    }

    private void waitForBothRuns() throws Exception {
        FxWait.untilOnFx("both runs done", 120, () -> !window.lab.compare().side(CompareViewModel.Side.A).busyProperty().get()
                && !window.lab.compare().side(CompareViewModel.Side.B).busyProperty().get()
                && window.lab.compare().rowsPendingProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theBarSaysWhatBothSidesRanWithThatIsNotTheScenarios() throws Exception {
        Map<String, String> a = new HashMap<>(Map.of("arch", "arm64", "readerSpinning", "on"));
        Map<String, String> b = new HashMap<>(Map.of("arch", "arm64", "readerSpinning", "off"));
        org.schedlab.sim.scenario.Scenario mongo = ScenarioCatalog.builtIn("mongodb-ycsb-a");
        interact(() -> {
            window.lab.compare().open(mongo, a, b);
            window.ui.showCompare();
        });
        waitForBothRuns();
        CompareViewModel vm = window.lab.compare();
        assertEquals("readerSpinning=on", FxWait.onFx(() -> vm.describe(CompareViewModel.Side.A)),
                "the header names what differs");
        assertEquals("both: arch=arm64", shownBoth(), "read whole on the bar");
        assertTrue(FxWait.onFx(() -> lookup("#ab-both").queryAs(Label.class).localToScreen(
                lookup("#ab-both").queryAs(Label.class).getBoundsInLocal()).getMaxX()
                <= stage.get().getX() + stage.get().getWidth()), "inside the window");

        // B back on x86: arch now tells the sides apart, and the headers say it
        interact(() -> vm.panel(CompareViewModel.Side.B).param("arch").orElseThrow().set("x86"));
        FxWait.untilOnFx("B reran on x86", 120, () -> vm.side(CompareViewModel.Side.B).timelineOverridesProperty().get()
                .map(m -> !"arm64".equals(m.get("arch"))).orElse(false));
        waitForBothRuns();
        assertEquals("arch=x86 readerSpinning=off", FxWait.onFx(() -> vm.describe(CompareViewModel.Side.B)));
        assertEquals("(not shown)", shownBoth(), "nothing both sides share apart from the scenario's values");
        assertFalse(FxWait.onFx(() -> lookup("#ab-both").queryAs(Label.class).getParent().isManaged()));
    }
}
