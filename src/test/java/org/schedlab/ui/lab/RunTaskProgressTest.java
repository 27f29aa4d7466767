package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A run's progress reaches the screen about ten times a second, not at the engine's rate: each
 * report repaints the header, and on a two-core machine those repaints took the watched run's CPU.
 */
class RunTaskProgressTest {
    private static final long MS = 1_000_000L;

    @Test
    void theFirstReportGoesAtOnceThenAtMostOneInEachTenthOfASecond() {
        assertTrue(RunTask.reportNow(-1, 3, 0, 5 * MS), "the first");
        assertFalse(RunTask.reportNow(3, 9, 5 * MS, 15 * MS), "10 ms later");
        assertFalse(RunTask.reportNow(3, 90, 5 * MS, 104 * MS), "99 ms later");
        assertTrue(RunTask.reportNow(3, 91, 5 * MS, 105 * MS), "100 ms later");
    }

    @Test
    void theEndGoesAtOnceAndAnUnchangedValueNever() {
        assertTrue(RunTask.reportNow(990, 1000, 5 * MS, 6 * MS), "done: the bar fills at once");
        assertFalse(RunTask.reportNow(400, 400, 0, 10_000 * MS), "nothing new to show");
    }

    @Test
    void theEngineAskingThousandsOfTimesASecondGivesAboutTenReports() {
        long last = -1;
        long lastAt = 0;
        int reports = 0;
        for (long t = 0; t < 1_000 * MS; t += MS / 4) { // every 250 us for one second
            long permille = t * 999 / (1_000 * MS);
            if (RunTask.reportNow(last, permille, lastAt, t)) {
                last = permille;
                lastAt = t;
                reports++;
            }
        }
        assertTrue(reports >= 9 && reports <= 11, "reports " + reports);
    }
}
