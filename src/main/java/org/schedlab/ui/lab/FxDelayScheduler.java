package org.schedlab.ui.lab;

import javafx.animation.PauseTransition;
import javafx.util.Duration;

/** {@link DelayScheduler} on the FX animation clock: the action runs on the FX thread. */
public final class FxDelayScheduler implements DelayScheduler {
    @Override
    public Pending schedule(long delayMs, Runnable action) {
        PauseTransition pause = new PauseTransition(Duration.millis(delayMs));
        pause.setOnFinished(e -> action.run());
        pause.play();
        return pause::stop;
    }
}
