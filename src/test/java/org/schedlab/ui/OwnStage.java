package org.schedlab.ui;

import java.util.function.Consumer;

import javafx.stage.Stage;

/**
 * A window test's own stage, not TestFX's shared primary one: a test that resizes its window (a
 * laptop's 1280 x 720) would leave later test classes a window of that size. Close it after each test.
 */
public final class OwnStage {
    /** A laptop screen's window. */
    public static final double LAPTOP_WIDTH = 1280;
    public static final double LAPTOP_HEIGHT = 720;

    private OwnStage() {
    }

    /** A new stage shown by {@code show}, then sized {@code widthPx} x {@code heightPx}; on the FX thread. */
    public static Stage open(Consumer<Stage> show, double widthPx, double heightPx) {
        Stage stage = new Stage();
        show.accept(stage);
        stage.setWidth(widthPx);
        stage.setHeight(heightPx);
        return stage;
    }

    /** The same on a laptop's screen. */
    public static Stage laptop(Consumer<Stage> show) {
        return open(show, LAPTOP_WIDTH, LAPTOP_HEIGHT);
    }
}
