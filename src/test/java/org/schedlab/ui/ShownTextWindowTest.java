package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the window tests read as drawn is what the screen shows for the text a control has now: a
 * run's progress sets a label's text between pulses, and CI read "simulating 5 %" drawn as
 * "simulating 2 %" (the text drawn at the pulse before), a cut that was not there.
 */
@ExtendWith(ApplicationExtension.class)
class ShownTextWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    // made in start(): a control made before the FX toolkit starts (this class first in its fork)
    // fails its class's initialisation, and every window test after it in that JVM
    private Label status;
    private Label other;

    @Start
    void start(Stage primary) {
        status = new Label("simulating 2 %");
        other = new Label("timeline ready");
        stage.open(s -> {
            s.setScene(new Scene(new StackPane(new HBox(8, status, other)), 400, 100));
            s.show();
        }, 400, 100);
    }

    @Test
    void aTextSetSinceTheLastPulseIsReadAsItWillBeDrawn() {
        FxWait.pulse(FxWait.onFx(status::getScene));
        String[] given = new String[2];
        String[] drawn = new String[2];
        interact(() -> {
            // as a run's progress does, between two pulses
            status.setText("simulating 5 %");
            other.setText("summary 41 %");
            drawn[0] = ShownText.of(status);
            given[0] = status.getText();
            drawn[1] = ShownText.node(other).getText();
            given[1] = other.getText();
        });
        assertEquals(given[0], drawn[0]);
        assertEquals(given[1], drawn[1]);
    }
}
