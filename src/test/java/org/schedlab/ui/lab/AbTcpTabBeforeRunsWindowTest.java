package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Before either side's first run is in, nobody knows whether a side counts TCP (s390-uperf's do):
 * the greyed TCP tab does not yet say "(no TCP counters)", and its tooltip says it waits for the runs.
 */
@ExtendWith(ApplicationExtension.class)
class AbTcpTabBeforeRunsWindowTest extends FxRobot {
    /** Holds every run back until the test ends. */
    private final CountDownLatch release = new CountDownLatch(1);

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture().runner((scenario, overrides, options, monitor) -> {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return SimRunner.simulator().run(scenario, overrides, options, monitor);
    });

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @AfterEach
    void letTheRunsGo() {
        release.countDown();
    }

    @Test
    void beforeAnyRunTheGreyedTcpTabDoesNotSayThereAreNoCounters() throws Exception {
        org.schedlab.sim.scenario.Scenario s390 = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("s390-uperf");
        interact(() -> {
            window.lab.compare().open(s390, java.util.Map.of("durationMs", "40"), java.util.Map.of("durationMs", "40"));
            window.ui.showCompare();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Tab tcp = FxWait.onFx(() -> lookup("#ab-tables").queryAs(TabPane.class).getTabs().get(1));
        assertTrue(FxWait.onFx(() -> window.lab.compare().side(CompareViewModel.Side.A).outcome().isEmpty()),
                "A's run held back");
        assertTrue(FxWait.onFx(tcp::isDisable));
        assertEquals(ComparePane.TCP_TAB, FxWait.onFx(tcp::getText));
        assertEquals(ComparePane.TCP_TAB_WAIT_TIP, FxWait.onFx(() -> tcp.getTooltip().getText()));
    }
}
