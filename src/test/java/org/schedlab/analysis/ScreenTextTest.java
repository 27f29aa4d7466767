package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one form per kind of figure the workbench's tables write on screen. */
class ScreenTextTest {
    @Test
    void countsAreGroupedWithoutDecimals() {
        assertEquals("6,896", ScreenText.count(6896));
        assertEquals("0", ScreenText.count(0));
        assertEquals("15,714,506,880", ScreenText.count(15_714_506_880.0));
    }

    @Test
    void aShareHasOneDecimalAndASpaceBeforeItsSign() {
        assertEquals("35.9 %", ScreenText.share(0.359));
        assertEquals("37.6 %", ScreenText.share(0.3756));
        assertEquals("100.0 %", ScreenText.share(1));
        assertEquals("0.0 %", ScreenText.share(0), "exactly none");
        assertEquals("0.0033 %", ScreenText.share(0.000033), "too small for the decimal: not read as none");
        assertEquals("0.049 %", ScreenText.share(0.00049));
        assertEquals("0.1 %", ScreenText.share(0.0005));
    }

    @Test
    void aMeasurementFromAThousandUpHasNoTenth() {
        assertEquals("176,542", ScreenText.measure(176_542.3, 1));
        assertEquals("184,962", ScreenText.measure(184_962, 1));
        assertEquals("1,000", ScreenText.measure(999.96, 1), "the form follows the rounded figure");
        assertEquals("99.5", ScreenText.measure(99.5, 1));
        assertEquals("31.970", ScreenText.measure(31.97, 3));
    }

    @Test
    void aNumberAFileGaveIsWrittenByTheSameRules() {
        assertEquals("6,896", ScreenText.printed("6896"), "a count");
        assertEquals("8,580", ScreenText.printed("8580.00"), "a measurement from 1000 up");
        assertEquals("41.43", ScreenText.printed("41.43"), "its own decimals below");
        assertEquals("0.06", ScreenText.printed("0.06"));
        assertEquals("spinlock", ScreenText.printed("spinlock"), "a word as it is");
        assertEquals("", ScreenText.printed(""));
        assertEquals("12345678901234567890", ScreenText.printed("12345678901234567890"), "beyond a long: as it is");
    }
}
