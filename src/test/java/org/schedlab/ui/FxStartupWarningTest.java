package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

/**
 * Every start of the jar printed JavaFX's "Unsupported JavaFX configuration: classes were loaded
 * from 'unnamed module'" - about our one-file packaging, nothing a user can act on. The window's
 * launch drops that one message from JavaFX's logger and lets the others through.
 */
class FxStartupWarningTest {
    @Test
    void theClassPathWarningIsDroppedAndOtherJavaFxMessagesPass() {
        WorkbenchApp.quietClassPathWarning();
        Logger fx = Logger.getLogger("javafx");
        assertTrue(fx.getFilter() != null, "a filter on JavaFX's logger");
        assertFalse(fx.getFilter().isLoggable(new LogRecord(Level.WARNING,
                "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @69eee410'")));
        assertTrue(fx.getFilter().isLoggable(new LogRecord(Level.WARNING, "Loading FXML document with JavaFX API of"
                + " version 21 by JavaFX runtime of version 17")));
    }
}
