package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B table's placeholder while both sides' summaries are still to come, on a laptop (1280 x
 * 720): it says what the table waits for in a few lines, and the table's short strip under the two
 * timelines (each keeping a few CPU lanes) cut it to "..." with the sides' statuses lost. It is read whole (scrolling if the strip is
 * shorter than its lines).
 */
@ExtendWith(ApplicationExtension.class)
class PendingTablePlaceholderWindowTest extends FxRobot {
    /** Holds every run until the test ends, so the table stays pending. */
    private final CountDownLatch release = new CountDownLatch(1);

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) ->
            SimRunner.simulator().run(scenario, overrides, options, new RecordedHook(monitor, () -> { }, () -> {
                // the timeline is shown; the summary, and so the table, waits
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            })));
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @AfterEach
    void letTheRunsGo() {
        release.countDown();
    }

    @Test
    void thePendingTablesPlaceholderIsReadWholeOnALaptop() throws Exception {
        interact(() -> {
            try {
                // 16 CPUs: the timeline cards keep their CPU lanes and the table gets what is left
                window.lab.openCompare(org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf"));
            } catch (org.schedlab.sim.scenario.ScenarioException e) {
                throw new IllegalStateException(e);
            }
            window.ui.showCompare();
        });
        TableView<?> table = FxWait.onFx(() -> lookup("#ab-table").queryAs(TableView.class));
        Label placeholder = (Label) table.getPlaceholder().lookup(".label");
        FxWait.untilOnFx("the pending table's placeholder", 60, () -> placeholder.getText().contains("A: ")
                && placeholder.getText().contains("B: ") && placeholder.getScene() != null);
        FxWait.untilOnFx("both timelines", 60, () -> placeholder.getText().contains("A: timeline ready")
                && placeholder.getText().contains("B: timeline ready"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1280, stage.get().getWidth(), 1);
        String[] givenShown = FxWait.onFx(() -> new String[] {placeholder.getText(), ShownText.of(placeholder)});
        assertEquals(givenShown[0], givenShown[1], "the placeholder as drawn");
        // its last line is in view, or the strip scrolls to it
        javafx.scene.control.ScrollPane scroll = null;
        for (javafx.scene.Node n = placeholder; n != null && n != table; n = n.getParent()) {
            if (n instanceof javafx.scene.control.ScrollPane sp) {
                scroll = sp;
            }
        }
        javafx.geometry.Bounds area = table.localToScene(table.getLayoutBounds());
        javafx.geometry.Bounds label = placeholder.localToScene(placeholder.getLayoutBounds());
        assertTrue(label.getMaxY() <= area.getMaxY() + 0.5 || scroll != null,
                "the placeholder ends at y " + label.getMaxY() + ", the table at " + area.getMaxY() + ": " + ShownText.of(placeholder));
    }
}
