package org.schedlab.sim.scenario;

/**
 * A scenario or parameter the user got wrong: a malformed file (message starts with
 * {@code file:line:column:}), an unknown key (names the valid ones), a value out of range
 * (names the range). Always a one-line message a user can act on.
 */
public class ScenarioException extends Exception {
    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
