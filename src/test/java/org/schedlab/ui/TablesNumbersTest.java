package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How the side panel's tables write their figures: as every table on screen (ScreenText). */
class TablesNumbersTest {
    @Test
    void microsecondsFromAThousandUpAreGroupedAsTheCountsBesideThem() {
        // the Locks tab's "wait max (us)" read 6896 under a "holds" of 12,345
        assertEquals("6,896", Tables.micros(6896));
        assertEquals("12,345", Tables.count(12_345));
        assertEquals("456", Tables.micros(456.4));
        assertEquals("54.3", Tables.micros(54.3));
        assertEquals("100", Tables.micros(99.96), "the form follows the rounded figure, not 100.0");
    }

    @Test
    void aShareIsWrittenAsEveryOtherTableWritesIt() {
        assertEquals("35.9 %", Tables.percent(0.359));
        assertEquals("0.0033 %", Tables.percent(0.000033));
        assertEquals("-", Tables.percent(Double.NaN));
    }

    @Test
    void aShareColumnWritesATinyShareShort() {
        // the CPU tab's profile: "0.00046 %" took its share column 94 px from the comms
        assertEquals("<0.01 %", Tables.shortPercent(0.0000046));
        assertEquals("<0.01 %", Tables.shortPercent(0.00000001));
        assertEquals("0.010 %", Tables.shortPercent(0.0001), "0.01 % is not below itself");
        assertEquals("0.033 %", Tables.shortPercent(0.00033));
        assertEquals("35.9 %", Tables.shortPercent(0.359));
        assertEquals("0.0 %", Tables.shortPercent(0), "none stays none");
        assertEquals("-", Tables.shortPercent(Double.NaN));
    }
}
