package org.schedlab.cli;

/**
 * Bad input a user can fix (a malformed file, an unknown parameter, an out-of-range value).
 * The CLI prints {@code schedlab: <message>} on one line and exits 2; no stack trace. Messages
 * name the file and line where there is one: {@code trace.txt:1042: expected "prev_comm="}.
 */
public class UserInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public UserInputException(String message) {
        super(message);
    }

    public UserInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
