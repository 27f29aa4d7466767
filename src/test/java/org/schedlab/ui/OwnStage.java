package org.schedlab.ui;

import java.util.function.Consumer;

import javafx.stage.Stage;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A window test's own stage, not TestFX's shared primary one: a test that resizes its window (a
 * laptop's 1280 x 720) would leave later test classes a window of that size. Registered as an
 * extension, it closes the stage after each test:
 * <pre>
 * &#64;RegisterExtension
 * final OwnStage stage = new OwnStage();
 *
 * &#64;Start
 * void start(Stage primary) {
 *     stage.laptop(window::show);
 * }
 * </pre>
 */
public final class OwnStage implements AfterEachCallback {
    /** A laptop screen's window. */
    public static final double LAPTOP_WIDTH = 1280;
    public static final double LAPTOP_HEIGHT = 720;

    private Stage stage;

    /** A new stage shown by {@code show}, then sized {@code widthPx} x {@code heightPx}; on the FX thread. */
    public Stage open(Consumer<Stage> show, double widthPx, double heightPx) {
        stage = new Stage();
        show.accept(stage);
        stage.setWidth(widthPx);
        stage.setHeight(heightPx);
        return stage;
    }

    /** The same on a laptop's screen. */
    public Stage laptop(Consumer<Stage> show) {
        return open(show, LAPTOP_WIDTH, LAPTOP_HEIGHT);
    }

    /** The stage opened last. */
    public Stage get() {
        return stage;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (stage != null) {
            WaitForAsyncUtils.asyncFx(stage::close).get();
        }
    }
}
