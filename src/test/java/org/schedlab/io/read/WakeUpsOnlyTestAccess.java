package org.schedlab.io.read;

/** The wake-ups-only recording of {@link WakeUpsOnlyTest}, for the CLI's tests in another package. */
public final class WakeUpsOnlyTestAccess {
    public static final String WAKE_UPS = WakeUpsOnlyTest.WAKE_UPS;

    private WakeUpsOnlyTestAccess() {
    }
}
