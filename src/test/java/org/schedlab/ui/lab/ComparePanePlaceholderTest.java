package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The empty A/B table says what it waits for, one whole line per side. */
class ComparePanePlaceholderTest {
    @Test
    void aSidesOwnSemicolonDoesNotCutItsStatusInTwo() {
        String pending = "table pending - A: simulating: 288 of 1200 ms (warm-up included; timeline at 300);"
                + " B: simulating: 300 of 1200 ms (warm-up included; timeline at 300)";
        assertEquals("the table appears when both sides' summaries are in\n\n"
                + "A: simulating: 288 of 1200 ms (warm-up included; timeline at 300)\n"
                + "B: simulating: 300 of 1200 ms (warm-up included; timeline at 300)",
                ComparePane.placeholderText(pending));
    }

    @Test
    void oneSidePendingIsOneLineAndNothingPendingSaysWhatComes() {
        assertEquals("the table appears when both sides' summaries are in\n\nB: summary: simulating 640 of 1200 ms",
                ComparePane.placeholderText("table pending - B: summary: simulating 640 of 1200 ms"));
        assertEquals("the table appears when both sides have a result", ComparePane.placeholderText(""));
    }
}
