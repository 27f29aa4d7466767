package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab's summary placeholder says what will happen: "The summary appears when the first
 * run is in" stayed after that run was cancelled (case A's first run, cancelled while its summary
 * simulated), though no run was coming.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryPlaceholderWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String placeholder() {
        return FxWait.onFx(() -> ((Label) lookup("#live-summary").queryAs(TableView.class).getPlaceholder()).getText());
    }

    @Test
    void aRunCancelledBeforeItsSummaryDoesNotPromiseOne() throws Exception {
        // the timeline comes at the end of the recorded window, the summary at the end of the run:
        // cancelled in between, the run on screen has no summary, and none is coming
        Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.openLive(s390, Map.of("durationMs", "3000", "warmupMs", "20"));
            window.ui.showLive();
        });
        FxWait.untilOnFx("the timeline, the summary still simulating", 60,
                () -> window.lab.live().phaseProperty().get() == RunViewModel.Phase.TIMELINE_READY);
        interact(() -> window.lab.live().cancel());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lookup("#live-summary").queryAs(TableView.class).getItems().isEmpty(), "the placeholder in sight");
        String text = placeholder();
        assertTrue(!text.contains("appears when"), text);
        assertTrue(text.contains("cancelled"), text);

        // a value changed: its run brings the summary
        interact(() -> window.lab.livePanelProperty().get().param("durationMs").orElseThrow().set("200"));
        FxWait.untilOnFx("the run with its summary", 60, () -> !window.lab.live().busyProperty().get()
                && window.lab.live().outcome().map(o -> !o.summaryTrees().isEmpty()).orElse(false));
        FxWait.untilOnFx("its rows", 60, () -> !lookup("#live-summary").queryAs(TableView.class).getItems().isEmpty());
    }
}
